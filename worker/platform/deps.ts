// The domain's dependencies, built in one place for the API handlers, ingestion and the cron: the database, the env,
// who is acting, and the announce hook (the live room, then the edge cache of an external host).
import { publish } from "../../party/live";
import type { LiveEvent } from "../../contract/events";
import { database, type Actor, type Announce, type Deps } from "../domain/context";
import { externalHost, getConfig } from "./config";
import { dropCachedForEvent } from "./host-cache";

/** Tells every signed-in browser, and drops the edge-cached answers the event makes stale. Never throws: a failure
 * never undoes a committed write; it is logged. */
const announcer =
  (env: Env): Announce =>
  async (event: LiveEvent) => {
    try {
      await publish(env, event);
    } catch (error) {
      console.error("publish failed", event.type, error);
    }
    try {
      await dropCachedForEvent(externalHost(getConfig(env)), event);
    } catch (error) {
      console.error("dropping cached answers failed", event.type, error);
    }
  };

export const domainDeps = (env: Env, actor: Actor): Deps => ({ db: database(env), env, actor, announce: announcer(env) });
