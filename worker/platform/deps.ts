// The domain's dependencies, built in one place for the API handlers, ingestion and the cron: the database, the env,
// who is acting, and the announce hook (the live room, then the edge cache of an external host).
import { publish } from "#party/live";
import type { TargetedEvent } from "#contract/events";
import { database, type Actor, type Announce, type Deps } from "#worker/domain/context";
import { externalHost, getConfig } from "./config";
import { invalidateForEvent } from "./host-cache";

/** Tells every signed-in browser, and drops the edge-cached answers the event makes stale. Never throws: a failure
 * never undoes a committed write; it is logged. */
const announcer =
  (env: Env): Announce =>
  async (event: TargetedEvent) => {
    try {
      await publish(env, event);
    } catch (error) {
      console.error("publish failed", event.type, error);
    }
    try {
      await invalidateForEvent(env, externalHost(getConfig(env)), event);
    } catch (error) {
      console.error("dropping cached answers failed", event.type, error);
    }
  };

/** A request's context: waitUntil, and (for the host API) when its answer is made. */
export type RequestContext = Pick<ExecutionContext, "waitUntil"> & { answered?: Promise<void> };

/** One turn of the event loop: the answer just made is handed to the runtime before the fan-out starts. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The domain's deps. With the request's context, an announcement goes out after the answer (waitUntil, once the answer
 * is made and handed on): a write's answer never waits for the fan-out to every socket, not even where the room shares
 * the Worker's thread (wrangler dev). Without one (the cron, tests), it is awaited.
 */
export function domainDeps(env: Env, actor: Actor, ctx?: RequestContext): Deps {
  const announce = announcer(env);
  // Every event names who made the change, so each browser can tell its own member's changes from the others'.
  const deps = {
    db: database(env),
    env,
    actor,
    announce: (event: TargetedEvent) => announce({ by: actor.name, byId: actor.id, ...event }),
  };
  if (!ctx) return deps;
  // One chain per request keeps its events in the order they were raised.
  let announced = Promise.resolve();
  const later: Announce = async (event) => {
    announced = announced.then(async () => {
      if (ctx.answered) await ctx.answered.then(nextTurn);
      await deps.announce(event);
    });
    ctx.waitUntil(announced);
  };
  const afterAnswer = (task: () => Promise<unknown>) =>
    ctx.waitUntil(
      (ctx.answered ? ctx.answered.then(nextTurn) : Promise.resolve())
        .then(task)
        .catch((error) => console.error("after the answer:", error)),
    );
  return { ...deps, announce: later, afterAnswer };
}
