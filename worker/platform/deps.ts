// The domain's dependencies, built in one place for the API handlers, ingestion and the cron: the database, the env,
// who is acting, and the announce hook (the live room, then the edge cache of an external host).
import { publish } from "../../party/live";
import type { LiveEvent } from "../../contract/events";
import { database, type Actor, type Announce, type Deps } from "../domain/context";
import { externalHost, getConfig } from "./config";
import { dropCachedForEvent } from "./host-cache";

/** Tells every signed-in browser, and drops the edge-cached answers the event makes stale. A failed publish never
 * undoes a committed write; it is logged. */
export const announcer =
  (env: Env): Announce =>
  async (event: LiveEvent) => {
    try {
      await publish(env, event);
    } catch (error) {
      console.error("publish failed", event.type, error);
    }
    await dropCachedForEvent(externalHost(getConfig(env)), event);
  };

export const domainDeps = (env: Env, actor: Actor): Deps => ({ db: database(env), env, actor, announce: announcer(env) });
