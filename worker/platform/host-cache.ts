// The edge cache of an external host's answers (HOST_URL): Cache API entries keyed by URL with an isolate copy,
// invalidated by a per-path generation in KV, kept as the last good answer while the host is down, and a circuit
// breaker per host (ADR 015, ADR 056, ADR 060).
import type { LiveEvent } from "#contract/events";
import { readsAffectedByEvent } from "#contract/resources";
import type { ExternalHost } from "./config";

/** The Workers Cache API's default cache (typed apart from the DOM's CacheStorage). */
export const edgeCache = () => (caches as unknown as { default: Cache }).default;

/** The cache key of one of the host's GET paths, query included. */
export const hostCacheKey = (external: ExternalHost, path: string) => new Request(`${external.url}${path}`);

// The isolate's own copies -------------------------------------------------------------------------------------------

/**
 * An answer as this isolate last stored or read it in the Cache API: its value, parsed once and shared by every view
 * that the copy answers (deep-frozen: contract/shared-json.ts, ADR 060), and the length of its text, which the
 * copies are bounded by.
 */
export type IsolateCopy = { data: unknown; length: number; fetchedAt: number; generation: number };
type Kept = IsolateCopy & { keptAt: number };

/**
 * Answers this isolate keeps beside the Cache API, by host URL and path, oldest first. A fresh one (younger than the
 * TTL, under the current generation, kept in the last ISOLATE_COPY_SECONDS) is served without the Cache API's round
 * trip; anything else goes to the Cache API as before, which every isolate of the data centre shares. Bounded by their
 * text's length (the parsed value takes a few times as much).
 */
const isolateCopies = new Map<string, Kept>();
let isolateCopiesLength = 0;
const ISOLATE_COPIES_LENGTH = 4_000_000;

export function keepInIsolate(key: string, copy: IsolateCopy) {
  forget(key);
  if (copy.length > ISOLATE_COPIES_LENGTH / 4) return;
  for (const [oldest] of isolateCopies) {
    if (isolateCopiesLength + copy.length <= ISOLATE_COPIES_LENGTH) break;
    forget(oldest);
  }
  isolateCopies.set(key, { ...copy, keptAt: Date.now() });
  isolateCopiesLength += copy.length;
}

/**
 * How long a copy answers in place of the Cache API before the Cache API is asked again. Another isolate may have
 * stored a newer answer there after a write (its generation bumped in KV, which this isolate may read up to a minute
 * late); this isolate finds it within these seconds, not only once its own copy is past the TTL.
 */
const ISOLATE_COPY_SECONDS = 5;

/** This isolate's copy of an answer younger than `ttlSeconds`, kept (read from or stored in the Cache API) lately. */
export function freshInIsolate(key: string, ttlSeconds: number): IsolateCopy | undefined {
  const copy = isolateCopies.get(key);
  const now = Date.now();
  return copy && now - copy.fetchedAt < ttlSeconds * 1000 && now - copy.keptAt < ISOLATE_COPY_SECONDS * 1000
    ? copy
    : undefined;
}

function forget(key: string) {
  const copy = isolateCopies.get(key);
  if (!copy) return;
  isolateCopies.delete(key);
  isolateCopiesLength -= copy.length;
}

/** Drops every copy (tests: each starts from an empty cache). */
export function forgetIsolateCopies() {
  isolateCopies.clear();
  isolateCopiesLength = 0;
}

/** The path a generation is kept for: the read without its query. */
export const readPathOf = (path: string) => path.split("?")[0];

/** How long a data centre may keep a generation it read from KV before asking again (KV's own floor is 60 s). */
const GENERATION_CACHE_SECONDS = 60;

/**
 * Generations bumped by this isolate: its own writes must never be answered from what they made stale, even before
 * KV's copy in this data centre catches up.
 */
const bumpedHere = new Map<string, number>();

/** The current generation of each read path (0 when it was never invalidated). */
export async function generationsOf(env: Env, readPaths: string[]): Promise<number[]> {
  return Promise.all(
    readPaths.map(async (path) => {
      let stored = 0;
      try {
        stored = env.HOST_CACHE
          ? Number(await env.HOST_CACHE.get(`gen:${path}`, { cacheTtl: GENERATION_CACHE_SECONDS })) || 0
          : 0;
      } catch (error) {
        // KV out of reach (an incident, a quota): this isolate's own bumps still count; a read never fails for it.
        console.warn("could not read a cache generation", path, error);
      }
      return Math.max(stored, bumpedHere.get(path) ?? 0);
    }),
  );
}

/**
 * Makes every cached answer of these read paths (any query) due for a fetch, in every data centre. A generation is
 * the time of the bump (or one more than the newest known), so it only ever grows.
 */
export async function invalidate(env: Env, external: ExternalHost | undefined, readPaths: string[]) {
  if (!external || readPaths.length === 0) return;
  const now = Date.now();
  const current = await generationsOf(env, readPaths);
  readPaths.forEach((path, i) => bumpedHere.set(path, Math.max(now, current[i] + 1)));
  await Promise.all(
    readPaths.map(async (path) => {
      try {
        await env.HOST_CACHE?.put(`gen:${path}`, String(bumpedHere.get(path)));
      } catch (error) {
        // KV allows about one write a second per key; a refused bump is logged (this data centre still has it).
        console.warn("could not store a cache generation", path, error);
      }
    }),
  );
}

/** Invalidates the cached answers a live event makes stale. */
export const invalidateForEvent = (env: Env, external: ExternalHost | undefined, event: LiveEvent) =>
  invalidate(env, external, readsAffectedByEvent(event));

// The circuit breaker -----------------------------------------------------------------------------------------------

/** `reason`: the last failure's words, repeated to the reads the open breaker answers. */
type BreakerState = { openUntil: number; probeUntil: number; reason: string };
const breakerKey = (external: ExternalHost) => new Request(`${external.url}/__ark-dashboard/breaker`);
/** How long a failing host is left alone: one TTL, and at least a second. */
const breakerWindowMs = (external: ExternalHost) => Math.max(external.ttlSeconds, 1) * 1000;

async function readBreaker(external: ExternalHost): Promise<BreakerState | null> {
  const stored = await edgeCache().match(breakerKey(external));
  return stored ? ((await stored.json()) as BreakerState) : null;
}

async function writeBreaker(external: ExternalHost, state: BreakerState) {
  const seconds = Math.ceil((Math.max(state.openUntil, state.probeUntil) - Date.now()) / 1000) + 3600;
  await edgeCache().put(
    breakerKey(external),
    new Response(JSON.stringify(state), {
      headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${seconds}` },
    }),
  );
}

/** Hosts whose half-open probe this isolate is running (claimed synchronously, so two reads never both probe). */
const probing = new Set<string>();

/**
 * Whether this read may call the host: `{ call: true, probe }` (`probe`: the breaker is not closed, so the answer
 * closes or opens it again), or `{ call: false, reason }` with the last failure's words. Closed: yes. Open (a failure
 * within the window): no. Half-open (the window has passed): yes for the one read that claims the probe, no for the
 * others while the probe runs.
 */
export async function mayCallHost(
  external: ExternalHost,
): Promise<{ call: true; probe: boolean } | { call: false; reason: string }> {
  const state = await readBreaker(external);
  if (!state) return { call: true, probe: false };
  const now = Date.now();
  if (now < state.openUntil || now < state.probeUntil || probing.has(external.url))
    return { call: false, reason: state.reason };
  probing.add(external.url);
  await writeBreaker(external, { ...state, probeUntil: now + external.timeoutMs + 1000 });
  return { call: true, probe: true };
}

/** Whether the host is known to be failing: its circuit is open or half-open (not closed). */
export const hostFailing = async (external: ExternalHost) => (await readBreaker(external)) !== null;

/** A call failed (5xx, timeout, no network), for `reason`: leave the host alone for one window. */
export async function tripBreaker(external: ExternalHost, reason: string) {
  probing.delete(external.url);
  await writeBreaker(external, { openUntil: Date.now() + breakerWindowMs(external), probeUntil: 0, reason });
}

/** The host answered (a success or a 4xx): close the breaker if it was not. */
export async function closeBreaker(external: ExternalHost) {
  probing.delete(external.url);
  await edgeCache().delete(breakerKey(external));
}
