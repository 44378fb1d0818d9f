// API tokens: for the Discord bot, game-server collectors and scripts. Shown once, stored as a SHA-256 hash.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Access } from "#contract/access";
import { apiTokens, users } from "#drizzle/schema";
import type { Db, Deps } from "./context";
import { commit, newObjectId } from "./context";

const TOKEN_PREFIX = "atd_";
/** last_used_at is written at most this often per token. */
const TOUCH_EVERY_MS = 60_000;

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function randomToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return (
    TOKEN_PREFIX +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "")
  );
}

export const publicToken = (row: typeof apiTokens.$inferSelect) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  /** The sections and levels it may use (within its maker's access); null: all of its maker's. */
  scopes: row.scopes ?? null,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});

export async function createToken(deps: Deps, userId: string, name: string, scopes: Access) {
  const token = randomToken();
  const row = {
    id: newObjectId(),
    userId,
    name,
    hash: await sha256Hex(token),
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    scopes,
    createdAt: new Date(),
  };
  await commit(
    deps,
    [deps.db.insert(apiTokens).values(row)],
    [{ entity: "api_token", entityId: row.id, action: "create", after: { name, prefix: row.prefix, userId, scopes } }],
  );
  return { token, ...publicToken({ ...row, lastUsedAt: null, revokedAt: null }) };
}

export async function listTokens(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(publicToken);
}

/** Revokes one of the user's own tokens. Answers false when there is no such live token. */
export async function revokeToken(deps: Deps, userId: string, id: string) {
  const row = await deps.db.query.apiTokens.findFirst({
    where: and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)),
  });
  if (!row) return false;
  await commit(
    deps,
    [deps.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, id))],
    [{ entity: "api_token", entityId: id, action: "revoke", before: { name: row.name, prefix: row.prefix } }],
  );
  return true;
}

/** The live token a bearer string names, with its maker's Discord roles, or null. Records when it was last used. */
export async function resolveToken(db: Db, bearer: string) {
  if (!bearer.startsWith(TOKEN_PREFIX)) return null;
  const found = await db
    .select({ token: apiTokens, makerRoles: users.roles, makerRolesCheckedAt: users.rolesCheckedAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.hash, await sha256Hex(bearer)), isNull(apiTokens.revokedAt)))
    .get();
  if (!found) return null;
  const row = { ...found.token, makerRoles: found.makerRoles, makerRolesCheckedAt: found.makerRolesCheckedAt };
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, row.id));
  }
  return row;
}
