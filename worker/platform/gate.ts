// The request gate in front of Remix, the host API and the live room: changes and sockets from this origin only (an
// API token is exempt), JSON bodies for the API and form bodies for pages (415), body size caps (413), and sockets
// only on the live room's path (405) (ADR 028).
import { SAFE_METHODS } from "#contract/access";
import type { Context, MiddlewareHandler } from "hono";
import type { WorkerEnv } from "#worker/types";

/** The largest body any request may carry: the largest real one (a bot's 250 claim sessions) is about 100 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** A sheet of 20,000 rows of thirty columns, pasted or read from a file. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const bodyLimit = (path: string) =>
  /^\/dashboard\/(stock-2411|breeder-stats)\/import\/?$/.test(path) ? MAX_IMPORT_BYTES : MAX_BODY_BYTES;

export { SAFE_METHODS };
/** The JSON API's paths (the host API: /api, /kick, /avatar), which answer JSON, refusals and errors included. */
export const isApiPath = (path: string) => /^\/(api|kick|avatar)(\/|$)/.test(path);
const LIVE_ROOM = /^\/parties(\/|$)/;

/** A refusal of the gate or of a rate limit (worker/platform/limits.ts): JSON on the API and the live room, text elsewhere. */
export type Refusal = {
  status: 403 | 405 | 413 | 415 | 429;
  error: string;
  message: string;
  headers?: Record<string, string>;
};

const refusals = {
  origin: {
    status: 403,
    error: "forbidden_origin",
    message:
      "This request did not come from this dashboard's own pages, so it was refused. Reload the page and try again.",
  },
  contentType: {
    status: 415,
    error: "unsupported_media_type",
    message: "The API takes JSON bodies only: send the body with Content-Type: application/json.",
  },
  tooLarge: {
    status: 413,
    error: "payload_too_large",
    message: `The body is larger than the ${MAX_BODY_BYTES / 1024 / 1024} MB this dashboard accepts.`,
  },
  importTooLarge: {
    status: 413,
    error: "payload_too_large",
    message: `The sheet is larger than the ${MAX_IMPORT_BYTES / 1024 / 1024} MB an import accepts: import it in parts.`,
  },
  formOnly: {
    status: 415,
    error: "unsupported_media_type",
    message:
      "This page takes form submissions only: send the form as application/x-www-form-urlencoded or multipart/form-data.",
  },
  socketOnly: {
    status: 405,
    error: "method_not_allowed",
    message: "The live room only accepts websocket connections.",
    headers: { Allow: "GET" },
  },
} satisfies Record<string, Refusal>;

const isUpgrade = (request: Request) => request.headers.get("Upgrade")?.toLowerCase() === "websocket";

/** Whether the request names this origin as where it came from (the browser's Origin, else its Sec-Fetch-Site). */
export function fromOwnOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") === "same-origin";
}

export const carriesToken = (request: Request) => /^Bearer\s+\S/i.test(request.headers.get("Authorization") ?? "");

/** Whether the request has a body at all: a length above zero, or one sent in chunks. */
function hasBody(request: Request) {
  const length = request.headers.get("Content-Length");
  if (length !== null) return Number(length) > 0;
  return request.body !== null && request.headers.has("Transfer-Encoding");
}

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? "");
/** A body an HTML form sends and Remix's actions read: urlencoded, or multipart that names its boundary. */
const isForm = (contentType: string | null) =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? "") ||
  /^multipart\/form-data\s*;.*\bboundary=\S/i.test(contentType ?? "");

/**
 * The body, read up to the limit, for a request that does not say its length: null when it is larger. (A request that
 * says its length is refused on the header alone; the runtime does not let a body run past its stated length.)
 */
async function boundedBody(request: Request, limit: number): Promise<ArrayBuffer | null> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let size = 0; ;) {
    const { done, value } = await reader.read();
    if (done) return new Blob(chunks).arrayBuffer();
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
}

export function refuse(c: Context<WorkerEnv>, refusal: Refusal) {
  const { status, error, message, headers = {} } = refusal;
  const path = c.req.path;
  if (isApiPath(path) || LIVE_ROOM.test(path)) return c.json({ error, message }, status, headers);
  return c.text(message, status, headers);
}

/** The gate, as Hono middleware: a refusal answers before any session is read or any handler runs. */
export const requestGate = (): MiddlewareHandler<WorkerEnv> => async (c, next) => {
  const request = c.req.raw;
  const path = c.req.path;
  const upgrade = isUpgrade(request);
  if (LIVE_ROOM.test(path) && !(upgrade && request.method === "GET")) return refuse(c, refusals.socketOnly);
  if ((upgrade || !SAFE_METHODS.has(request.method)) && !carriesToken(request) && !fromOwnOrigin(request)) {
    return refuse(c, refusals.origin);
  }
  if (!hasBody(request)) return next();
  const length = request.headers.get("Content-Length");
  const limit = bodyLimit(path);
  if (length !== null && Number(length) > limit)
    return refuse(c, limit === MAX_BODY_BYTES ? refusals.tooLarge : refusals.importTooLarge);
  const api = isApiPath(path);
  const contentType = request.headers.get("Content-Type");
  if (api && !isJson(contentType)) return refuse(c, refusals.contentType);
  if (!api && !isForm(contentType)) return refuse(c, refusals.formOnly);
  if (length === null) {
    const body = await boundedBody(request, limit);
    if (body === null) return refuse(c, limit === MAX_BODY_BYTES ? refusals.tooLarge : refusals.importTooLarge);
    c.req.raw = new Request(request, { body });
  }
  return next();
};
