// Every request reads D1 through one Sessions API session, so replicas near the member may serve it; the bookmark
// (cookie `d1-bookmark` or header `X-D1-Bookmark`) carries read-your-own-writes across requests. The live room and
// the cron write through the primary binding (ADR 036).
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "#worker/types";
import { readCookie } from "#contract/cookies";
import { isApiPath, SAFE_METHODS } from "./gate";
import { secureCookieFor } from "./session";

export const BOOKMARK_COOKIE = "d1-bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/** D1 bookmarks are hex groups joined by "-"; anything else is ignored (a fresh session instead), never sent to D1. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/i;
export const isBookmark = (value: string | null | undefined): value is string =>
  !!value && value.length <= 256 && BOOKMARK.test(value);

/** The bookmark a request brings: its header first (API clients), then its cookie (browsers). */
export function bookmarkOf(request: Request): string | null {
  const header = request.headers.get(BOOKMARK_HEADER);
  if (isBookmark(header)) return header;
  const cookie = readCookie(request.headers.get("Cookie"), BOOKMARK_COOKIE);
  return isBookmark(cookie) ? cookie : null;
}

/**
 * A D1 session as the binding the rest of the Worker takes: statements and batches go through the session; what a
 * session cannot do (exec, dump) is refused, and nothing in a request needs it.
 */
export function sessionDatabase(session: D1DatabaseSession): D1Database {
  const refuse = (what: string) => () =>
    Promise.reject(new Error(`D1 ${what} is not available inside a request's session`));
  const db = {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: refuse("exec"),
    dump: refuse("dump"),
    withSession: () => session,
  };
  return db as unknown as D1Database;
}

/** The middleware: the request's env.DB becomes its session; the answer carries the bookmark when it moved on. */
export const d1Sessions = (): MiddlewareHandler<WorkerEnv> => async (c, next) => {
  const brought = bookmarkOf(c.req.raw);
  const session = c.env.DB.withSession(
    brought ?? (SAFE_METHODS.has(c.req.method) ? "first-unconstrained" : "first-primary"),
  );
  c.env = { ...c.env, DB: sessionDatabase(session) };
  await next();
  if (c.res.status === 101) return;
  const bookmark = session.getBookmark();
  if (!isBookmark(bookmark) || bookmark === brought) return;
  const res = new Response(c.res.body, c.res);
  if (isApiPath(c.req.path)) res.headers.set(BOOKMARK_HEADER, bookmark);
  const secure = secureCookieFor(c.req.url) ? "; Secure" : "";
  res.headers.append("Set-Cookie", `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  c.res = res;
};
