// The edge cache of an external host's answers (HOST_URL): the Workers Cache API, keyed by the host's own URL. The BFF's
// host client reads and fills it (app/host/client.server.ts); the Worker drops what a live event makes stale.
import type { LiveEvent } from "../../contract/events";
import { readsAffectedByEvent } from "../../contract/resources";
import type { ExternalHost } from "./config";

/** The Workers Cache API's default cache (typed apart from the DOM's CacheStorage). */
export const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The cache key of one of the host's GET paths. */
export const hostCacheKey = (external: ExternalHost, path: string) => new Request(`${external.url}${path}`);

/** Drops the cached answers of these paths. */
export async function dropCached(external: ExternalHost | undefined, paths: string[]) {
  if (!external) return;
  await Promise.all(paths.map((p) => edgeCache().delete(hostCacheKey(external, p))));
}

/** Drops the cached answers a live event makes stale. */
export const dropCachedForEvent = (external: ExternalHost | undefined, event: LiveEvent) =>
  dropCached(external, readsAffectedByEvent(event));
