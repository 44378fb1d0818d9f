// The Access page's reads and writes (admin): the configured guilds' roles from Discord and the levels an admin
// gives each, audited. Kept apart from access.ts, which every request runs.
import { eq } from "drizzle-orm";
import { FULL_ACCESS, roleAccess, SECTIONS, type Access, type RoleLevel } from "#contract/access";
import * as schema from "#drizzle/schema";
import { commit, database, type Actor, type Deps } from "#worker/domain/context";
import { discordClient } from "#worker/domain/discord";
import { forgetRoleMapping, roleMapping } from "./access";
import { getConfig, type Config } from "./config";

export type RoleRow = { id: string; name: string; guildId: string; everyone: boolean; owner: boolean; access: Access };

/**
 * Every role of the configured guilds (from Discord, through the bot) with its levels, highest first, @everyone last;
 * roles that have levels but that Discord no longer lists are shown too ("Unknown role"), so they can be cleared.
 * `error` says why Discord's list is missing, if it is.
 */
export async function rolesWithLevels(db: D1Database, config: Config, origin: string) {
  const mapping = await readMapping(db);
  const discord = discordClient(config, origin);
  let error: string | null = null;
  const listed = (
    await Promise.all(
      config.DISCORD_GUILD_IDS.map((g) =>
        discord.guildRoles(g).then(
          (roles) => roles.map((r) => ({ id: r.id, name: r.name, guildId: g })),
          (e: unknown) => {
            error = e instanceof Error ? e.message : String(e);
            return [{ id: g, name: "@everyone", guildId: g }];
          },
        ),
      ),
    )
  ).flat();
  const known = new Set(listed.map((r) => r.id));
  const unknown = [...new Set(mapping.map((m) => m.roleId))]
    .filter((id) => !known.has(id))
    .map((id) => ({ id, name: "Unknown role", guildId: "" }));
  const rows: RoleRow[] = [...listed, ...unknown].map((r) => ({
    ...r,
    everyone: config.DISCORD_GUILD_IDS.includes(r.id),
    owner: config.OWNER_IDS.includes(r.id),
    access: config.OWNER_IDS.includes(r.id) ? FULL_ACCESS : roleAccess(r.id, mapping, config.DISCORD_GUILD_IDS),
  }));
  rows.sort((a, b) => Number(a.everyone) - Number(b.everyone));
  return { roles: rows, error };
}

/** The mapping as stored now (the Access page and its saves never read the kept copy). */
async function readMapping(db: D1Database): Promise<RoleLevel[]> {
  forgetRoleMapping();
  return roleMapping(db);
}

/**
 * Sets a role's levels (every section given; a section at the role's default is stored too, so what an admin saw is
 * what holds), audited with the levels before and after. This isolate's kept mapping is dropped at once; other isolates
 * read it again within SESSION_CACHE_TTL_MS (ADR 041).
 */
export async function setRoleLevels(env: Env, actor: Actor, roleId: string, levels: Access) {
  const before = roleAccess(roleId, await readMapping(env.DB), getConfig(env).DISCORD_GUILD_IDS);
  // No live event: a member's pages show their new levels on their next load.
  const deps: Deps = { db: database(env), env, actor, announce: async () => {} };
  const now = new Date();
  await commit(
    deps,
    [
      deps.db.delete(schema.roleAccess).where(eq(schema.roleAccess.roleId, roleId)),
      deps.db
        .insert(schema.roleAccess)
        .values(
          SECTIONS.map((section) => ({ roleId, section, level: levels[section], updatedBy: actor.id, updatedAt: now })),
        ),
    ],
    [{ entity: "role_access", entityId: roleId, action: "update", before, after: levels }],
  );
  forgetRoleMapping();
}
