// Discord's REST API with the bot token (user profiles for avatars, kicking members), and the avatar records cached in
// D1. The API's base URL comes from configuration: Discord itself, DISCORD_API_URL, or the local stand-in.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { botToken, discordUrls, type Config } from "#worker/platform/config";
import { avatars, joinLog, removedMembers, users, vouches } from "#drizzle/schema";
import type { Db, Deps } from "./context";
import { commit } from "./context";
import { markRemovePending } from "./vouches";
import { inChunks } from "./d1-chunks";
import { isDiscordId } from "#contract/ids";
import { DAY_MS } from "#contract/time";

export const CDN = "https://cdn.discordapp.com";
/** A cached avatar is fetched again after a day. */
export const AVATAR_TTL_MS = DAY_MS;
/** How long one call to Discord may take before it counts as a failure. */
const TIMEOUT_MS = 5000;
/** A 429 that asks to wait at most this long is retried once; a longer one is a failure. */
const MAX_RETRY_AFTER_S = 2;
/** Discord calls made by one batch avatar request (the Worker's subrequest budget); the rest wait for the next call. */
export const MAX_AVATAR_FETCHES = 40;
const FETCH_CONCURRENCY = 8;
/** Discord's JSON error code for a user id that does not exist. */
const UNKNOWN_USER = 10013;

// ---------------------------------------------------------------------------------------------------------------
// Avatar URLs (pure)

/** Discord's default avatar for a user: embed/avatars/{id mod 5}.png ("id modulo 5"). */
export function defaultAvatarUrl(userId: string) {
  const index = isDiscordId(userId) ? Number(BigInt(userId) % 5n) : 0;
  return `${CDN}/embed/avatars/${index}.png`;
}

/** The CDN URL of a user's avatar; animated hashes ("a_...") are GIFs. No hash: the default avatar. */
export function userAvatarUrl(userId: string, hash: string | null | undefined) {
  if (!hash) return defaultAvatarUrl(userId);
  return `${CDN}/avatars/${userId}/${hash}.${hash.startsWith("a_") ? "gif" : "png"}`;
}

/** When Discord created the account, read from the snowflake (ms since Discord's epoch in the top 42 bits). */
export function snowflakeTime(id: string) {
  return Number((BigInt(id) >> 22n) + 1420070400000n);
}

// ---------------------------------------------------------------------------------------------------------------
// The REST client

export class DiscordError extends Error {
  constructor(
    /** The HTTP status, or 0 when Discord could not be reached. */
    readonly status: number,
    message: string,
    /** Discord's JSON error code (10007 Unknown Member, 10013 Unknown User, ...). */
    readonly code?: number,
  ) {
    super(message);
  }
}

const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  global_name: z.string().nullable().optional(),
});
export type DiscordUser = z.infer<typeof userSchema>;

const roleSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), color: z.number().optional() });
export type GuildRole = z.infer<typeof roleSchema>;

/** A GuildMemberResponse's role ids (GET /guilds/{guild}/members/{user} and /users/@me/guilds/{guild}/member). */
export function memberRolesOf(body: unknown): string[] {
  const parsed = z.object({ roles: z.array(z.string()) }).safeParse(body);
  if (!parsed.success) throw new DiscordError(502, "Discord answered an unexpected member shape");
  return parsed.data.roles;
}

const errorBody = z.object({ message: z.string(), code: z.number().optional(), retry_after: z.number().optional() });

async function readError(res: Response) {
  const text = await res.text().catch(() => "");
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: fall through
  }
  return {
    message: `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`,
    code: undefined,
    retry_after: undefined,
  };
}

/**
 * Where Discord's REST API is for this request: DISCORD_API_URL, else Discord, else (stand-in on) this origin's
 * /__discord. In-process calls from the BFF carry the browser's origin, so the stand-in is reached the same way.
 */
export const discordApiBase = (config: Config, origin: string) => discordUrls(config, origin).api;

export function discordClient(config: Config, origin: string) {
  const base = discordApiBase(config, origin);
  const headers = {
    Authorization: `Bot ${botToken(config)}`,
    "User-Agent": `DiscordBot (${origin}, 1.1.0)`,
  };

  async function call(method: "GET" | "DELETE", path: string, extra: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${base}${path}`, {
          method,
          headers: { ...headers, ...extra },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        // A read whose connection broke (not one that ran out of time) is tried once more at once: a dropped keep-alive
        // connection is the usual cause, and the next call opens a new one.
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        if (method === "GET" && attempt === 0 && !timedOut) continue;
        throw new DiscordError(
          0,
          `Discord could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (res.ok) return res;
      const body = await readError(res);
      const wait = body.retry_after ?? Number(res.headers.get("Retry-After") ?? NaN);
      if (res.status === 429 && attempt === 0 && wait >= 0 && wait <= MAX_RETRY_AFTER_S) {
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      throw new DiscordError(res.status, body.message, body.code);
    }
  }

  return {
    base,
    /** GET /users/{id} (UserResponse). */
    async getUser(id: string): Promise<DiscordUser> {
      const res = await call("GET", `/users/${encodeURIComponent(id)}`);
      const parsed = userSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new DiscordError(502, "Discord answered an unexpected user shape");
      return parsed.data;
    },
    /** GET /guilds/{guild}/members/{user}: the member's role ids, or null when they are not in the guild. */
    async memberRoles(guildId: string, userId: string): Promise<string[] | null> {
      try {
        const res = await call("GET", `/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`);
        return memberRolesOf(await res.json().catch(() => null));
      } catch (error) {
        if (error instanceof DiscordError && error.status === 404) return null; // Unknown Member (10007)
        throw error;
      }
    },
    /** GET /guilds/{guild}/roles: the guild's roles, highest first. */
    async guildRoles(guildId: string): Promise<GuildRole[]> {
      const res = await call("GET", `/guilds/${encodeURIComponent(guildId)}/roles`);
      const parsed = z.array(roleSchema).safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new DiscordError(502, "Discord answered an unexpected role list");
      return parsed.data.sort((a, b) => b.position - a.position);
    },
    /** DELETE /guilds/{guild}/members/{user}: 204 when the member was removed. */
    async kickMember(guildId: string, userId: string, reason: string) {
      const res = await call("DELETE", `/guilds/${encodeURIComponent(guildId)}/members/${encodeURIComponent(userId)}`, {
        "X-Audit-Log-Reason": encodeURIComponent(reason.slice(0, 512)),
      });
      await res.body?.cancel();
    },
  };
}

export type DiscordClient = ReturnType<typeof discordClient>;

// ---------------------------------------------------------------------------------------------------------------
// Kick

export type KickResult = { guildId: string; status: "kicked" | "failed"; error?: string };

/**
 * Kicks the user from every configured guild, audits the attempt, and when at least one kick succeeded marks every
 * vouch of the user Remove Pending (which publishes vouches_update).
 */
export async function kickEverywhere(deps: Deps, client: DiscordClient, guildIds: string[], userId: string) {
  const reason = `Kicked from the tribe dashboard by ${deps.actor.name}`;
  const results: KickResult[] = await Promise.all(
    guildIds.map(async (guildId): Promise<KickResult> => {
      try {
        await client.kickMember(guildId, userId, reason);
        return { guildId, status: "kicked" };
      } catch (error) {
        return { guildId, status: "failed", error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  await commit(deps, [], [{ entity: "discord_member", entityId: userId, action: "kick", after: { results } }]);
  const removePending = results.some((r) => r.status === "kicked") ? await markRemovePending(deps, userId) : 0;
  return { results, removePending };
}

// ---------------------------------------------------------------------------------------------------------------
// Avatars

export type AvatarRecord = { url: string; hash: string | null; timestamp: number };
/** Where an answer came from: fresh from Discord, the cache, a stale cache entry or the default (Discord failed). */
export type AvatarSource = "discord" | "cache" | "stale" | "default";
export type ResolvedAvatar = AvatarRecord & { source: AvatarSource };

export const isFresh = (record: { timestamp: number }, now: number) => now - record.timestamp < AVATAR_TTL_MS;

async function cachedAvatars(db: Db, ids: string[]) {
  const found = new Map<string, AvatarRecord>();
  const rows = await inChunks(ids, (part) => db.select().from(avatars).where(inArray(avatars.discordId, part)));
  for (const row of rows) found.set(row.discordId, { url: row.url, hash: row.hash, timestamp: row.timestamp });
  return found;
}

async function storeAvatars(db: Db, rows: (AvatarRecord & { discordId: string })[]) {
  // The avatar table is a cache of Discord's data, not the tribe's: it is not audited and raises no event.
  const statements = [];
  for (let i = 0; i < rows.length; i += 20) {
    statements.push(
      db
        .insert(avatars)
        .values(rows.slice(i, i + 20))
        .onConflictDoUpdate({
          target: avatars.discordId,
          set: { url: sql`excluded.url`, hash: sql`excluded.hash`, timestamp: sql`excluded.timestamp` },
        }),
    );
  }
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** Runs `work` over the items, at most `limit` at a time. */
async function pooled<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

/**
 * The avatar records of these users: from the cache while fresh (under 24 h), else from Discord (then cached). When
 * Discord fails, a stale cache entry or the default avatar is answered and nothing is cached, so the next call tries
 * again; Unknown User (code 10013) is a real answer and caches the default avatar. `force` skips the fresh cache.
 */
export async function resolveAvatars(
  db: Db,
  client: DiscordClient,
  ids: string[],
  { now = Date.now(), force = false, maxFetches = MAX_AVATAR_FETCHES } = {},
) {
  const unique = [...new Set(ids)];
  const cached = await cachedAvatars(db, unique);
  const answers = new Map<string, ResolvedAvatar>();
  const toFetch: string[] = [];
  for (const id of unique) {
    const hit = cached.get(id);
    if (hit && !force && isFresh(hit, now)) answers.set(id, { ...hit, source: "cache" });
    else toFetch.push(id);
  }
  const fallback = (id: string): ResolvedAvatar => {
    const stale = cached.get(id);
    return stale
      ? { ...stale, source: "stale" }
      : { url: defaultAvatarUrl(id), hash: null, timestamp: now, source: "default" };
  };
  const store: (AvatarRecord & { discordId: string })[] = [];
  await pooled(toFetch.slice(0, maxFetches), FETCH_CONCURRENCY, async (id) => {
    try {
      const user = await client.getUser(id);
      const record = { url: userAvatarUrl(id, user.avatar), hash: user.avatar, timestamp: now };
      store.push({ discordId: id, ...record });
      answers.set(id, { ...record, source: "discord" });
    } catch (error) {
      if (error instanceof DiscordError && error.code === UNKNOWN_USER) {
        const record = { url: defaultAvatarUrl(id), hash: null, timestamp: now };
        store.push({ discordId: id, ...record });
        answers.set(id, { ...record, source: "discord" });
      } else {
        console.warn("avatar fetch failed", id, error instanceof Error ? error.message : error);
        answers.set(id, fallback(id));
      }
    }
  });
  for (const id of toFetch.slice(maxFetches)) answers.set(id, fallback(id));
  await storeAvatars(db, store);
  return answers;
}

export async function resolveAvatar(
  db: Db,
  client: DiscordClient,
  id: string,
  options: { now?: number; force?: boolean } = {},
) {
  return (await resolveAvatars(db, client, [id], options)).get(id)!;
}

/**
 * A user's stored avatar as the avatar-cache map below has it, as SQL to read beside a page's rows in the same query:
 * the avatar record, else the avatar stored on the user's latest vouch (null when neither).
 */
export const storedAvatarOf = (user: SQL | SQLiteColumn) =>
  sql<string | null>`coalesce((select ${avatars.url} from ${avatars} where ${avatars.discordId} = ${user}),
    (select ${vouches.vouchedAvatar} from ${vouches} where ${vouches.vouched} = ${user} and ${vouches.vouchedAvatar} is not null
      and ${vouches.vouchedAvatar} != '' order by ${vouches.id} desc limit 1))`;

/**
 * A member's name as the product knows it (names, not ids), newest knowledge first: their own sign-in (Discord
 * global name, else username), then the Discord join log and the removed members (server nickname, else username), then
 * a vouch for them. Each read is one row by an index (users' key, join_log_natural, removed_members_natural, the vouches'
 * vouched index); null for an id the product has never seen named.
 */
export const storedNameOf = (user: SQL | SQLiteColumn) =>
  sql<string | null>`coalesce(
    (select coalesce(${users.globalName}, ${users.username}) from ${users} where ${users.id} = ${user}),
    (select coalesce(${joinLog.displayName}, ${joinLog.username}) from ${joinLog} where ${joinLog.id} = ${user}
      and coalesce(${joinLog.displayName}, ${joinLog.username}) is not null order by ${joinLog.joinedAt} desc limit 1),
    (select coalesce(${removedMembers.displayName}, ${removedMembers.username}) from ${removedMembers} where ${removedMembers.id} = ${user}
      and coalesce(${removedMembers.displayName}, ${removedMembers.username}) is not null order by ${removedMembers.leftAt} desc limit 1),
    (select ${vouches.vouchedUsername} from ${vouches} where ${vouches.vouched} = ${user} and ${vouches.vouchedUsername} is not null
      and ${vouches.vouchedUsername} != '' order by ${vouches.id} desc limit 1))`;

/** The avatar-cache map (user id -> avatar URL): the vouches' stored avatars, overlaid by the avatar records. */
export async function avatarCacheMap(db: Db, ids?: string[]) {
  const map: Record<string, string> = {};
  if (ids && ids.length === 0) return map;
  // With ids, only those users (the vouches_vouched_idx and the avatars' key find them without a scan).
  const some = (column: typeof vouches.vouched | typeof avatars.discordId) => (ids ? inArray(column, ids) : undefined);
  // Both reads in one round trip: the records overlay the vouches' avatars.
  const [fromVouches, records] = await db.batch([
    db
      .select({ vouched: vouches.vouched, url: vouches.vouchedAvatar })
      .from(vouches)
      .where(and(sql`${vouches.vouchedAvatar} is not null and ${vouches.vouchedAvatar} != ''`, some(vouches.vouched)))
      .orderBy(vouches.id),
    db.select({ id: avatars.discordId, url: avatars.url }).from(avatars).where(some(avatars.discordId)),
  ]);
  for (const row of fromVouches) map[row.vouched] = row.url!;
  for (const row of records) map[row.id] = row.url;
  return map;
}

/**
 * Fetches the vouched user's avatar from Discord (cache skipped: a person asked) and stores it on every vouch of that
 * user. Null when there is no such vouch; throws DiscordError when Discord failed and nothing is known about the user.
 */
export async function fetchVouchAvatar(deps: Deps, client: DiscordClient, _id: string) {
  const vouch = await deps.db.query.vouches.findFirst({ where: eq(vouches._id, _id) });
  if (!vouch) return null;
  const avatar = await resolveAvatar(deps.db, client, vouch.vouched, { force: true });
  if (avatar.source === "default")
    throw new DiscordError(502, "Discord could not be reached for this user's avatar. Try again later.");
  const all = await deps.db.select().from(vouches).where(eq(vouches.vouched, vouch.vouched));
  const changed = all.filter((v) => v.vouchedAvatar !== avatar.url || v.vouchedAvatarHash !== avatar.hash);
  if (changed.length > 0) {
    await commit(
      deps,
      [
        deps.db
          .update(vouches)
          .set({ vouchedAvatar: avatar.url, vouchedAvatarHash: avatar.hash, updatedAt: new Date() })
          .where(eq(vouches.vouched, vouch.vouched)),
      ],
      changed.map((v) => ({
        entity: "vouch",
        entityId: v._id,
        action: "fetch-avatar",
        before: { vouchedAvatar: v.vouchedAvatar, vouchedAvatarHash: v.vouchedAvatarHash },
        after: { vouchedAvatar: avatar.url, vouchedAvatarHash: avatar.hash },
      })),
      [{ type: "vouches_update" }],
    );
  }
  return { vouchedAvatar: avatar.url, vouchedAvatarHash: avatar.hash, updated: changed.length };
}
