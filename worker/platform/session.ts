// Server-side sessions on D1. The cookie holds only a signed session id; the row holds who it is and until when.
// The Worker resolves the session once per request (worker/index.ts); sign-in and Settings call the rest.
// These tables belong to the platform (who is signed in here), not to the host API's data.
import { createCookie } from "@remix-run/cloudflare";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { readCookie } from "#contract/cookies";
import type { Access } from "#contract/access";
import type { SessionUser } from "#contract/user";
import * as schema from "#drizzle/schema";
import { databaseOf } from "#worker/domain/context";
import type { Caller } from "#worker/types";
import { accessFor, refreshRoles, ROLE_REFRESH_MS } from "./access";
import type { Config } from "./config";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session's expiry slides forward at most this often, so that reads do not all become writes. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
export const SESSION_COOKIE = "__session";

export type { SessionUser };

export type SessionState =
  | { status: "none" }
  | { status: "invalid" }
  | { status: "ok"; sessionId: string; user: SessionUser; access: Access; setCookie?: string };

/** A session row with its member's Discord roles (users.roles), read together. */
type WarmRow = schema.SessionRow & { roles: string[] | null; rolesCheckedAt: Date | null };

/** Cookies are Secure except on this machine (http://localhost during development and the tests). */
export function secureCookieFor(requestUrl: string) {
  const { hostname } = new URL(requestUrl);
  return !(hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]");
}

export function sessionCookie(config: Pick<Config, "SESSION_SECRETS">, requestUrl: string) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookieFor(requestUrl),
    path: "/",
    maxAge: SESSION_TTL_MS / 1000,
    secrets: config.SESSION_SECRETS,
  });
}

function randomId() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const toUser = (row: WarmRow): SessionUser => ({
  id: row.userId,
  username: row.username,
  displayName: row.globalName,
  avatar: row.avatar,
});

// ---- The warm path: sessions kept in the isolate's memory (ADR 034) -------------------------------------------------

/**
 * How long a session row read from D1 is trusted without reading it again: the longest a session ended elsewhere (in
 * another isolate or data centre: Settings' "sign out everywhere else", a sign-out on another device) can still be
 * used here. A sign-out or revocation handled by this isolate drops its rows at once.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** At most this many sessions are kept per isolate; the least recently used go first. */
const SESSION_CACHE_SIZE = 10_000;

/**
 * Session rows by id (random, so one map serves every database), with when they were read, in insertion order: the
 * least recently used first. One per isolate.
 */
const warm = new Map<string, { row: WarmRow; readAt: number }>();

/**
 * Signed cookie values this isolate has verified, to the session id each carries: a signature is checked once (two
 * WebCrypto calls), not on every request. What a value says never changes, so nothing here expires; whether the
 * session it names is still valid is the warm map's question. Bounded like it.
 */
const verified = new Map<string, string>();

/** The session id a request's cookie header carries, its signature checked (once per value); null if none or forged. */
async function sessionIdOf(header: string, cookie: ReturnType<typeof sessionCookie>): Promise<string | null> {
  const value = readCookie(header, cookie.name);
  if (!value) return null;
  const known = verified.get(value);
  if (known) return known;
  const id = await cookie.parse(header).catch(() => null); // a mangled cookie is as good as none
  if (typeof id !== "string" || !id) return null;
  verified.set(value, id);
  if (verified.size > SESSION_CACHE_SIZE) verified.delete(verified.keys().next().value!);
  return id;
}

function kept(id: string, now: number) {
  const hit = warm.get(id);
  if (!hit) return null;
  warm.delete(id);
  if (now - hit.readAt >= SESSION_CACHE_TTL_MS) return null;
  warm.set(id, hit); // most recently used last
  return hit.row;
}

function keep(row: WarmRow, readAt: number) {
  warm.delete(row.id);
  warm.set(row.id, { row, readAt });
  if (warm.size > SESSION_CACHE_SIZE) warm.delete(warm.keys().next().value!);
}

/** Drops sessions from this isolate's memory: they are read from D1 (and found gone) on their next request. */
export function forgetSessions(ids: readonly string[]) {
  for (const id of ids) warm.delete(id);
}

/** Drops a member's sessions from this isolate's memory (their roles changed): read again on their next request. */
export function forgetUserSessions(userId: string) {
  for (const [id, { row }] of warm) if (row.userId === userId) warm.delete(id);
}

/** A session row and its member's roles, in one query. */
async function readRow(db: D1Database, id: string): Promise<WarmRow | null> {
  const d = databaseOf(db);
  const found = await d
    .select({ session: schema.sessions, roles: schema.users.roles, rolesCheckedAt: schema.users.rolesCheckedAt })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(eq(schema.sessions.id, id))
    .get();
  return found ? { ...found.session, roles: found.roles, rolesCheckedAt: found.rolesCheckedAt } : null;
}

/**
 * The member's access from the roles read with their session. Roles never read are read from Discord now; roles older
 * than ROLE_REFRESH_MS are read again after the answer (`waitUntil`), and serve until then.
 */
async function accessOfRow(
  request: Request,
  db: D1Database,
  config: Config,
  row: WarmRow,
  waitUntil?: (p: Promise<unknown>) => void,
) {
  let roles = row.roles;
  const origin = new URL(request.url).origin;
  if (!roles || !row.rolesCheckedAt) roles = await refreshRoles(db, config, origin, row.userId);
  else if (Date.now() - row.rolesCheckedAt.getTime() >= ROLE_REFRESH_MS && waitUntil)
    waitUntil(refreshRoles(db, config, origin, row.userId));
  return accessFor(db, config, row.userId, roles);
}

/**
 * Resolves the session a request carries: none (no cookie), invalid (tampered, unknown, expired or revoked) or ok.
 * A session read in the last SESSION_CACHE_TTL_MS comes from memory, with no D1 query. An ok session slides its expiry
 * forward (a write, at most every TOUCH_EVERY_MS) and, when it did, hands back a refreshed cookie to send.
 */
export async function readSession(
  request: Request,
  env: { DB: D1Database },
  config: Config,
  waitUntil?: (p: Promise<unknown>) => void,
): Promise<SessionState> {
  const header = request.headers.get("Cookie");
  if (!header || !header.split(/;\s*/).some((c) => c.startsWith(`${SESSION_COOKIE}=`))) return { status: "none" };
  const cookie = sessionCookie(config, request.url);
  const id = await sessionIdOf(header, cookie);
  if (!id) return { status: "invalid" };
  const d = databaseOf(env.DB);
  const now = Date.now();
  let row = kept(id, now);
  if (!row) {
    row = await readRow(env.DB, id);
    if (row) keep(row, now);
  }
  if (!row) return { status: "invalid" };
  if (row.expiresAt.getTime() <= now) {
    forgetSessions([id]);
    await d.delete(schema.sessions).where(eq(schema.sessions.id, id));
    return { status: "invalid" };
  }
  const access = await accessOfRow(request, env.DB, config, row, waitUntil);
  if (now - row.lastSeenAt.getTime() < TOUCH_EVERY_MS)
    return { status: "ok", sessionId: id, user: toUser(row), access };
  const touched = { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) };
  const [still] = await d
    .update(schema.sessions)
    .set(touched)
    .where(eq(schema.sessions.id, id))
    .returning({ id: schema.sessions.id });
  // Ended elsewhere while it was kept here: the touch is the moment this isolate learns it.
  if (!still) {
    forgetSessions([id]);
    return { status: "invalid" };
  }
  keep({ ...row, ...touched }, now); // the update found the row: as good as a fresh read
  return { status: "ok", sessionId: id, user: toUser(row), access, setCookie: await cookie.serialize(id) };
}

export type DiscordIdentity = {
  id: string;
  username: string;
  globalName: string | null;
  avatar: string | null;
  /** Their roles in the configured guilds, each guild's id included (worker/platform/access.ts rolesIn). */
  roles: string[];
};

/** Records the sign-in and opens a session; answers the Set-Cookie header that carries it. */
export async function createSession(
  request: Request,
  env: { DB: D1Database },
  config: Config,
  who: DiscordIdentity,
): Promise<string> {
  const d = databaseOf(env.DB);
  const now = new Date();
  const id = randomId();
  // The member as Discord now describes them: a new row, or the stored one brought up to date.
  const signedIn = {
    username: who.username,
    globalName: who.globalName,
    avatar: who.avatar,
    lastSignInAt: now,
    roles: who.roles,
    rolesCheckedAt: now,
  };
  await d.batch([
    d
      .insert(schema.users)
      .values({ id: who.id, ...signedIn })
      .onConflictDoUpdate({ target: schema.users.id, set: signedIn }),
    d.insert(schema.sessions).values({
      id,
      userId: who.id,
      username: who.username,
      globalName: who.globalName,
      avatar: who.avatar,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    }),
    // Housekeeping: expired sessions of anyone are dropped on each sign-in.
    d.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now)),
  ]);
  return sessionCookie(config, request.url).serialize(id);
}

/** Ends one session; answers the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request, env: { DB: D1Database }, config: Config, sessionId?: string) {
  if (sessionId) {
    await databaseOf(env.DB).delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
    forgetSessions([sessionId]);
  }
  return clearSessionCookie(request, config);
}

export function clearSessionCookie(request: Request, config: Config): Promise<string> {
  return sessionCookie(config, request.url).serialize("", { maxAge: 0, expires: new Date(0) });
}

/** A session's public handle: the browser never sees another session's id, which is what its cookie carries. */
async function handleOf(sessionId: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionId));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function listSessions(env: { DB: D1Database }, userId: string) {
  const rows = await databaseOf(env.DB)
    .select()
    .from(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), gt(schema.sessions.expiresAt, new Date())));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      handle: await handleOf(r.id),
      userAgent: r.userAgent,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      expiresAt: r.expiresAt,
    })),
  );
}

/** Signs out one of the user's own sessions (by handle), or every one but the current. Answers how many ended. */
export async function revokeSessions(
  env: { DB: D1Database },
  userId: string,
  which: { handle: string } | { allBut: string },
) {
  let condition;
  if ("handle" in which) {
    const target = (await listSessions(env, userId)).find((s) => s.handle === which.handle);
    if (!target) return 0;
    condition = eq(schema.sessions.id, target.id);
  } else {
    condition = ne(schema.sessions.id, which.allBut);
  }
  const rows = await databaseOf(env.DB)
    .delete(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), condition))
    .returning({ id: schema.sessions.id });
  forgetSessions(rows.map((r) => r.id));
  return rows.length;
}

/** The host API's caller for a signed-in session. */
export const sessionCaller = (auth: SessionState): Caller | undefined =>
  auth.status === "ok"
    ? {
        kind: "user",
        id: `user:${auth.user.id}`,
        name: auth.user.displayName || auth.user.username,
        userId: auth.user.id,
        access: auth.access,
      }
    : undefined;
