// The one way loaders and actions reach data: the host API in-process by default, or with HOST_URL the tribe's
// backend with a service token, its shared GET answers edge-cached and served stale (marked, with their time) when
// the host is down or slow, behind a circuit breaker (ADR 015).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { LiveEvent } from "#contract/events";
import { CACHEABLE, eventFor, readsAffectedBy } from "#contract/resources";
import type { ExternalHost } from "#worker/platform/config";
import type { Services } from "#worker/platform/services";
import { share } from "#contract/shared-json";

/**
 * A read's answer. What an external host answered through the edge cache, and a kept page of the in-process API, is one
 * value shared by every view of the isolate (ADR 060): it is deep-frozen, and a loader that needs to change it copies it.
 */
export type HostAnswer<T> = { data: T; stale: false } | { data: T; stale: true; asOf: number };

/** One problem the API found in a body, path or query (worker/api/http.ts validationError). */
export type HostIssue = { field: string; message: string };

/** The host's refusal (or absence). */
export class HostError extends Error {
  override readonly name = "HostError";
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; field?: string; issues?: HostIssue[]; current?: unknown } | null,
  ) {
    super(body?.message ?? `Host answered ${status}`);
  }
}

/**
 * The host's refusal, if that is what was thrown (else null): the one way to recognise one. It goes by the error's name,
 * not its class, so the Worker tests (which import this module beside the Remix build's copy) recognise it too.
 */
export const hostErrorOf = (error: unknown): HostError | null =>
  error instanceof Error && error.name === "HostError" && typeof (error as HostError).status === "number"
    ? (error as HostError)
    : null;

/** Standard reason phrases, for 'HTTP {status}: {statusText}' when the host gives no message. */
const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};
export const httpMessage = (status: number) => `HTTP ${status}: ${STATUS_TEXTS[status] ?? "Error"}`;

/** Why a read or write failed, in the words a person can act on: the host's message, else 'HTTP {status}: {statusText}'
 *, else the error's own message (a timeout, no network). */
export function failureReason(error: unknown) {
  const refused = hostErrorOf(error);
  if (refused) return refused.body?.message ?? refused.body?.error ?? httpMessage(refused.status);
  return error instanceof Error ? error.message : String(error);
}

export type HostDeps = {
  /** The in-process host API (worker/api), with the caller already resolved. */
  api: (request: Request) => Promise<Response>;
  /** This request's origin: in-process calls carry it, so the API sees the same origin the browser used. */
  origin: string;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  external?: ExternalHost;
  /** Lets the other signed-in browsers know about a write that went to an external host. */
  publish?: (event: LiveEvent) => Promise<unknown>;
  /** The Worker's host cache and in-process answers (worker/platform/services.ts). */
  services: Pick<Services, "hostCache" | "answerOf">;
};

const FETCHED_AT = "x-host-fetched-at";
const GENERATION = "x-host-generation";
/** How long a last good answer is kept to fall back on while the host is down. */
const KEEP_LAST_GOOD_SECONDS = 7 * 24 * 3600;

async function parseAnswer(res: Response, answerOf: Services["answerOf"]) {
  // The in-process API's answer, as the value its handler made (ADR 048).
  const kept = answerOf(res);
  if (kept) return kept.value;
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

/** A cached answer: its data, when it was fetched, and under which generation. */
type Entry = { data: unknown; fetchedAt: number; generation: number };

const UNREACHABLE = { error: "unreachable", message: "The host is unreachable." };
/** Paths (by host URL) whose background revalidation is running in this isolate. */
const revalidating = new Set<string>();

/** A 5xx, a timeout or a network failure: the host is failing (a 4xx is its real answer). */
const isFailure = (error: unknown) => (hostErrorOf(error)?.status ?? 500) >= 500;

export function hostClient(deps: HostDeps) {
  const ext = deps.external;
  const {
    closeBreaker,
    edgeCache,
    freshInIsolate,
    generationsOf,
    hostCacheKey,
    hostFailing,
    invalidate,
    keepInIsolate,
    mayCallHost,
    readPathOf,
    tripBreaker,
  } = deps.services.hostCache;
  const parse = (res: Response) => parseAnswer(res, deps.services.answerOf);
  /** This request's reads, and how many of them called the host (the rest came from the edge cache). */
  const counts = { reads: 0, fetched: 0 };

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    if (!ext) return deps.api(new Request(`${deps.origin}${path}`, init));
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${ext.token}`);
    try {
      return await fetch(`${ext.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(ext.timeoutMs) });
    } catch (error) {
      // No answer at all: said in a person's words, as a 5xx (a failure, not the host's refusal).
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new HostError(
        timedOut ? 504 : 503,
        timedOut ? { error: "timeout", message: `The host did not answer within ${ext.timeoutMs} ms.` } : UNREACHABLE,
      );
    }
  }

  async function read(path: string) {
    counts.fetched++;
    const res = await call("GET", path);
    const data = await parse(res);
    if (!res.ok) throw new HostError(res.status, data);
    return data;
  }

  // With an external host: every GET goes through the circuit breaker; shared ones through the edge cache too.
  async function readExternal(external: ExternalHost, path: string) {
    const breaker = await mayCallHost(external);
    // The circuit is open: the host is not called, and the last failure's words are given.
    if (!breaker.call) throw new HostError(503, { error: "circuit_open", message: breaker.reason });
    // A closed breaker stays as it is on an answer: only a probe's answer (or any failure) writes it.
    try {
      const data = await read(path);
      if (breaker.probe) await closeBreaker(external);
      return data;
    } catch (error) {
      if (isFailure(error)) await tripBreaker(external, failureReason(error));
      else if (breaker.probe) await closeBreaker(external);
      throw error;
    }
  }

  function store(external: ExternalHost, path: string, { data, fetchedAt, generation }: Entry) {
    const text = JSON.stringify(data);
    keepInIsolate(`${external.url}${path}`, { data, length: text.length, fetchedAt, generation });
    return edgeCache().put(
      hostCacheKey(external, path),
      new Response(text, {
        headers: {
          "Content-Type": "application/json",
          "Cache-Control": `max-age=${KEEP_LAST_GOOD_SECONDS}`,
          [FETCHED_AT]: String(fetchedAt),
          [GENERATION]: String(generation),
        },
      }),
    );
  }

  async function lookup(external: ExternalHost, path: string): Promise<Entry | null> {
    const cached = await edgeCache().match(hostCacheKey(external, path));
    if (!cached) return null;
    const number = (name: string) => Number(cached.headers.get(name) ?? 0);
    const text = await cached.text();
    const copy = {
      data: share(JSON.parse(text)),
      length: text.length,
      fetchedAt: number(FETCHED_AT),
      generation: number(GENERATION),
    };
    keepInIsolate(`${external.url}${path}`, copy);
    return copy;
  }

  /** Fetches a path and caches the answer. A failure opens the circuit (readExternal): the host is left alone for a window. */
  async function fetchAndCache(external: ExternalHost, path: string, generation: number) {
    const data = share(await readExternal(external, path));
    await store(external, path, { data, fetchedAt: Date.now(), generation });
    return data;
  }

  /** A background revalidation, unless one of this path is already running in this isolate (no pile-up on a slow host). */
  function revalidate(external: ExternalHost, path: string, generation: number) {
    const key = `${external.url}${path}`;
    if (revalidating.has(key)) return;
    revalidating.add(key);
    deps.ctx.waitUntil(
      fetchAndCache(external, path, generation)
        .catch((e) => console.warn("background revalidation failed", path, e))
        .finally(() => revalidating.delete(key)),
    );
  }

  async function get<T>(path: string): Promise<HostAnswer<T>> {
    counts.reads++;
    if (!ext) return { data: (await read(path)) as T, stale: false };
    if (!CACHEABLE.has(readPathOf(path))) return { data: (await readExternal(ext, path)) as T, stale: false };

    // This isolate's fresh copy needs only the generation; without one, the Cache API is asked at the same time.
    const near = freshInIsolate(`${ext.url}${path}`, ext.ttlSeconds);
    const [[generation], found] = await Promise.all([
      generationsOf(deps.env, [readPathOf(path)]),
      near ? null : lookup(ext, path),
    ]);
    if (near && near.generation >= generation) return { data: near.data as T, stale: false };
    const entry = near ? await lookup(ext, path) : found;
    const current = entry !== null && entry.generation >= generation;
    const age = entry ? (Date.now() - entry.fetchedAt) / 1000 : Infinity;
    if (current && age < ext.ttlSeconds) return { data: entry.data as T, stale: false };
    if (current && age < ext.ttlSeconds + ext.swrSeconds) {
      revalidate(ext, path, generation);
      // Served while it revalidates; marked stale when the host is known to be failing (the circuit is not closed).
      return (await hostFailing(ext))
        ? { data: entry.data as T, stale: true, asOf: entry.fetchedAt }
        : { data: entry.data as T, stale: false };
    }
    try {
      return { data: (await fetchAndCache(ext, path, generation)) as T, stale: false };
    } catch (error) {
      if (!isFailure(error)) throw error;
      if (!entry) throw hostErrorOf(error) ?? new HostError(503, UNREACHABLE);
      return { data: entry.data as T, stale: true, asOf: entry.fetchedAt };
    }
  }

  async function send<T = unknown>(
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<T> {
    const res = await call(method, path, body);
    const data = await parse(res);
    if (!res.ok) throw new HostError(res.status, data);
    if (ext) {
      await invalidate(deps.env, ext, readsAffectedBy(path));
      // The in-process API publishes its own events; an external host's writes are announced here.
      const event = eventFor(path);
      if (event && deps.publish) deps.ctx.waitUntil(deps.publish(event).catch(() => undefined));
    }
    return data as T;
  }

  return { get, send, counts: () => ({ ...counts }) };
}

export type Host = ReturnType<typeof hostClient>;

/** The host client for a loader or action. */
export const host = (context: AppLoadContext): Host => context.host;
