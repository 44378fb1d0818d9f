// The one way loaders and actions reach data. By default the host API runs in this Worker and is called in-process
// (no network hop). With HOST_URL set, it calls the tribe's existing backend with a service token and caches shared
// GET answers at the edge: fresh for HOST_CACHE_TTL seconds, then served while revalidating in the background, and
// served marked stale (with the time it was fetched) when the host is down or slower than HOST_TIMEOUT_MS.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { LiveEvent } from "../../contract/events";
import { CACHEABLE, eventFor, readsAffectedBy } from "../../contract/resources";
import type { ExternalHost } from "../../worker/platform/config";
import { dropCached, edgeCache, hostCacheKey } from "../../worker/platform/host-cache";

export type HostAnswer<T> = { data: T; stale: false } | { data: T; stale: true; asOf: number };

const HOST_ERROR = Symbol.for("ark-tribe-dashboard.HostError");

/** One problem the API found in a body, path or query (worker/api/http.ts validationError). */
export type HostIssue = { field: string; message: string };

/** The host's refusal (or absence). */
export class HostError extends Error {
  readonly [HOST_ERROR] = true;
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string; field?: string; issues?: HostIssue[] } | null,
  ) {
    super(body?.message ?? `Host answered ${status}`);
  }
}

/**
 * The host's refusal, if that is what was thrown (else null): the one way to recognise one. Code that loads its own copy
 * of this module (the Worker tests beside the Remix build) still recognises it: the answer rests on a shared symbol
 * rather than on class identity.
 */
export const hostErrorOf = (error: unknown): HostError | null =>
  typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[HOST_ERROR] === true ? (error as HostError) : null;

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
 * (spec part 2 section 8), else the error's own message (a timeout, no network). */
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
};

const FETCHED_AT = "x-host-fetched-at";
/** How long a last good answer is kept to fall back on while the host is down. */
const KEEP_LAST_GOOD_SECONDS = 7 * 24 * 3600;

async function parse(res: Response) {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
}

export function hostClient(deps: HostDeps) {
  const ext = deps.external;
  const cacheKey = (path: string) => hostCacheKey(ext!, path);

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const init: RequestInit = {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    if (!ext) return deps.api(new Request(`${deps.origin}${path}`, init));
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${ext.token}`);
    return fetch(`${ext.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(ext.timeoutMs) });
  }

  async function fetchAndCache(path: string) {
    const res = await call("GET", path);
    const data = await parse(res);
    if (!res.ok) throw new HostError(res.status, data);
    const stored = new Response(JSON.stringify(data), {
      headers: { "Content-Type": "application/json", "Cache-Control": `max-age=${KEEP_LAST_GOOD_SECONDS}`, [FETCHED_AT]: String(Date.now()) },
    });
    await edgeCache().put(cacheKey(path), stored);
    return data;
  }

  async function get<T>(path: string): Promise<HostAnswer<T>> {
    if (!ext || !CACHEABLE.has(path)) {
      const res = await call("GET", path);
      const data = await parse(res);
      if (!res.ok) throw new HostError(res.status, data);
      return { data: data as T, stale: false };
    }
    const cached = await edgeCache().match(cacheKey(path));
    const fetchedAt = Number(cached?.headers.get(FETCHED_AT) ?? 0);
    const age = (Date.now() - fetchedAt) / 1000;
    if (cached && age < ext.ttlSeconds) return { data: (await cached.json()) as T, stale: false };
    if (cached && age < ext.ttlSeconds + ext.swrSeconds) {
      deps.ctx.waitUntil(fetchAndCache(path).catch((e) => console.warn("background revalidation failed", path, e)));
      return { data: (await cached.json()) as T, stale: false };
    }
    try {
      return { data: (await fetchAndCache(path)) as T, stale: false };
    } catch (error) {
      // A 4xx is the host's real answer; a 5xx, a timeout or a network failure falls back on the last good answer.
      if ((hostErrorOf(error)?.status ?? 500) < 500) throw error;
      if (!cached) throw hostErrorOf(error) ?? new HostError(503, { message: "The host is unreachable." });
      console.warn("host unavailable, serving the last good answer", path, error);
      return { data: (await cached.json()) as T, stale: true, asOf: fetchedAt };
    }
  }

  async function send<T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T> {
    const res = await call(method, path, body);
    const data = await parse(res);
    if (!res.ok) throw new HostError(res.status, data);
    if (ext) {
      await drop(readsAffectedBy(path));
      // The in-process API publishes its own events; an external host's writes are announced here.
      const event = eventFor(path);
      if (event && deps.publish) deps.ctx.waitUntil(deps.publish(event).catch(() => undefined));
    }
    return data as T;
  }

  const drop = (paths: string[]) => dropCached(ext, paths);

  return { get, send };
}

export type Host = ReturnType<typeof hostClient>;

/** The host client for a loader or action. */
export const host = (context: AppLoadContext): Host => context.host;
