// A member's access levels (contract/access.ts, ADR 041): their Discord roles, kept on their user row, through the
// role mapping an admin keeps in role_access. Resolved once per request with the session; the mapping is kept in the
// isolate for as long as a session row is (SESSION_CACHE_TTL_MS), so a warm request reads nothing from D1 for it.
import { eq } from "drizzle-orm";
import { accessOf, isLevel, isSection, type Access, type RoleLevel } from "#contract/access";
import * as schema from "#drizzle/schema";
import { databaseOf } from "#worker/domain/context";
import { discordClient } from "#worker/domain/discord";
import type { Config } from "./config";
import { forgetUserSessions, SESSION_CACHE_TTL_MS } from "./session";

/** How often a signed-in member's roles are read again from Discord while their session lives. */
export const ROLE_REFRESH_MS = 15 * 60 * 1000;

type Kept = { rows: RoleLevel[]; readAt: number };
/** The mapping as last read, one per isolate. */
let mapping: Kept | undefined;

/** The role mapping, from memory when read in the last SESSION_CACHE_TTL_MS. */
export async function roleMapping(db: D1Database): Promise<RoleLevel[]> {
  const kept = mapping;
  const now = Date.now();
  if (kept && now - kept.readAt < SESSION_CACHE_TTL_MS) return kept.rows;
  const rows = await databaseOf(db).select().from(schema.roleAccess);
  const levels = rows.flatMap((r) =>
    isSection(r.section) && isLevel(r.level) ? [{ roleId: r.roleId, section: r.section, level: r.level }] : [],
  );
  mapping = { rows: levels, readAt: now };
  return levels;
}

/** Drops the kept mapping (after an admin changed it): this isolate's next request reads it again. */
export function forgetRoleMapping() {
  mapping = undefined;
}

/** A member's access from their roles (null: never read, which gives nothing until they are). */
export async function accessFor(
  db: D1Database,
  config: Config,
  userId: string,
  roles: readonly string[] | null,
): Promise<Access> {
  return accessOf({ userId, roles: roles ?? [] }, await roleMapping(db), config.DISCORD_GUILD_IDS, config.OWNER_IDS);
}

/**
 * A member's roles in the configured guilds, each guild's id (its @everyone role) first; empty when they are in none.
 * `read` answers a guild's member roles, or null when they are not in it.
 */
export async function rolesIn(guildIds: readonly string[], read: (guildId: string) => Promise<string[] | null>) {
  const perGuild = await Promise.all(
    guildIds.map(async (g) => {
      const roles = await read(g);
      return roles === null ? [] : [g, ...roles];
    }),
  );
  return [...new Set(perGuild.flat())];
}

/** Stores a member's roles, and makes this isolate read their sessions again so their next request sees them. */
export async function storeRoles(db: D1Database, userId: string, roles: string[], at = new Date()) {
  await databaseOf(db).update(schema.users).set({ roles, rolesCheckedAt: at }).where(eq(schema.users.id, userId));
  forgetUserSessions(userId);
}

const refreshing = new Map<string, Promise<string[] | null>>();
/** When a member's roles last failed to be read, per isolate: Discord is not asked again for them before a minute. */
const failedAt = new Map<string, number>();
const RETRY_AFTER_MS = 60_000;

/**
 * Reads a member's roles again through the bot and stores them. One read per member at a time in an isolate, and none
 * within a minute of a failed one (a Discord outage is not asked on every request). Answers the roles, or null when
 * Discord could not be asked (the stored roles stay).
 */
export function refreshRoles(
  db: D1Database,
  config: Config,
  origin: string,
  userId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<string[] | null> {
  const running = refreshing.get(userId);
  // A change the bot reports needs a read that starts after it: one already running may have read the roles before.
  if (fresh) return (running ?? Promise.resolve(null)).then(() => read(db, config, origin, userId));
  if (running) return running;
  if (Date.now() - (failedAt.get(userId) ?? -Infinity) < RETRY_AFTER_MS) return Promise.resolve(null);
  return read(db, config, origin, userId);
}

/** One read of a member's roles through the bot, stored; null when Discord could not be asked. */
function read(db: D1Database, config: Config, origin: string, userId: string): Promise<string[] | null> {
  const discord = discordClient(config, origin);
  const task = (async () => {
    try {
      const roles = await rolesIn(config.DISCORD_GUILD_IDS, (g) => discord.memberRoles(g, userId));
      await storeRoles(db, userId, roles);
      failedAt.delete(userId);
      return roles;
    } catch (error) {
      console.warn(`Reading the Discord roles of ${userId} failed:`, error instanceof Error ? error.message : error);
      failedAt.set(userId, Date.now());
      if (failedAt.size > 10_000) failedAt.delete(failedAt.keys().next().value!);
      return null;
    } finally {
      refreshing.delete(userId);
    }
  })();
  refreshing.set(userId, task);
  return task;
}
