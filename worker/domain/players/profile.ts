// Reading players: one player's profile, the player search, a tribe's heatmap and quiet windows, and who was on a
// server at a past minute: each one D1 statement (ADR 080) of a player's, a tribe's or a window's rows through an
// index, so it stays flat as the history grows (ADR 079).
import { sql, type SQL } from "drizzle-orm";
import {
  PLAYER_SEARCH_LIMIT,
  SESSIONS_EXPORT_MAX,
  SESSIONS_PAGE_SIZE,
  heatmap,
  heatmapWindow,
  isEosId,
  playedSpan,
  playedWithin,
  quietWindows,
  type LinkedMember,
  type PlayerNote,
  type PlayerHit,
  type PlayerProfile,
  type PlayerSession,
  type RosterAt,
  type TribeProfile,
} from "#contract/players";
import { SERVER_IDS, isServerId, type ServerId } from "#contract/servers";
import { DAY_MS, HOUR_MS } from "#contract/time";
import { playerSessions } from "#drizzle/schema";
import type { Db } from "#worker/domain/context";

/**
 * The rows of a query (`from`: a table and its condition, or a parenthesised select) as one JSON array (`row`: a
 * json_array or json_object of its columns). A profile's or a tribe's reads ride in one statement as such values:
 * D1 charges every statement of a batch about as much as a round trip of its own (ADR 080).
 */
const rowsOf = (row: SQL, from: SQL) => sql`(select json_group_array(${row}) from ${from})`;
const parsed = <T>(text: string | null): T => JSON.parse(text ?? "null") as T;

/** A session as rowsOf gives it: a JSON object with the wire's names (contract/players.ts PlayerSession). */
const SESSION = sql.raw(
  `json_object(${Object.entries({
    id: "id",
    serverId: "server_id",
    start: "start_at",
    end: "end_at",
    endBy: "end_by",
    endKind: "end_kind",
    displayName: "display_name",
    memberName: "member_name",
    tribe: "tribe",
    status: "status",
    platform: "platform",
  } satisfies Record<keyof PlayerSession, string>)
    .map(([key, column]) => `'${key}', ${column}`)
    .join(", ")})`,
);

/** Sessions longer than this are found through the long-session index (drizzle/players.ts player_sessions_long). */
const LONG_SESSION_MS = 6 * HOUR_MS;

/** Each server's latest roster time, as [server, roster time, last update]: how far its open sessions are known to
 * last (a silent source's end there). */
const ROSTER_TIMES = rowsOf(sql`json_array(server_id, roster_observed_at, last_updated)`, sql`server_status`);
function knownUntil(rows: [string, number | null, number][], now: number) {
  const known = new Map(rows.map(([serverId, at, updated]) => [serverId, Math.min(now, at ?? updated)]));
  return (serverId: string) => known.get(serverId) ?? now;
}

/** A player's sessions, newest first: `limit` of them from `offset`. */
const sessionsOf = (eosId: string, limit: number, offset = 0) =>
  rowsOf(
    SESSION,
    sql`(select * from player_sessions where eos_id = ${eosId} order by start_at desc, id desc limit ${limit}
      offset ${offset})`,
  );
/** sessionsOf's value as sessions, newest first (a JSON array keeps no order of its own to rely on). */
const newestFirst = (text: string) => parsed<PlayerSession[]>(text).sort((a, b) => b.start - a.start || b.id - a.id);
async function readSessions(db: Db, eosId: string, limit: number, offset = 0) {
  const row = await db.get<{ rows: string }>(sql`select ${sessionsOf(eosId, limit, offset)} as rows`);
  return newestFirst(row!.rows);
}

/** GET /api/players/{eosId}/sessions: every session, newest first, for the CSV export (at most SESSIONS_EXPORT_MAX). */
export const allSessions = (db: Db, eosId: string) => readSessions(db, eosId, SESSIONS_EXPORT_MAX);

/** A session's name: the member name the roster gave, else the display name. */
const nameOf = sql<string>`coalesce(nullif(trim(${playerSessions.memberName}), ''), nullif(trim(${playerSessions.displayName}), ''))`;

type ProfileRow = {
  player: string | null;
  total: number;
  watchers: number;
  watching: number;
  online: string;
  note: string | null;
  recent: string;
  names: string;
  times: string;
  page: string;
  vouched: string;
  listed: string;
  coded: string;
};

/** GET /api/players/{eosId}: null when the player was never seen. One statement. */
export async function playerProfile(
  db: Db,
  eosId: string,
  viewer: { id: string; zone: string },
  page: number,
  now = Date.now(),
): Promise<PlayerProfile | null> {
  const since = now - 30 * DAY_MS;
  const asked = Math.max(1, page);
  // Their 20 latest names, worked out once: listed on the page, and looked up in vouches and tribelists.
  const row = await db.get<ProfileRow>(sql`with player_names as materialized (select ${nameOf} as name,
      min(start_at) as first_seen, max(coalesce(end_at, start_at)) as last_seen from player_sessions
      where eos_id = ${eosId} and ${nameOf} is not null group by 1 order by 3 desc limit 20)
    select
    (select json_object('displayName', display_name, 'memberName', member_name, 'platform', platform, 'tribe', tribe,
      'status', status, 'firstSeen', first_seen, 'lastSeen', last_seen) from players where eos_id = ${eosId}) as player,
    (select count(*) from player_sessions where eos_id = ${eosId}) as total,
    (select count(*) from player_watches where eos_id = ${eosId}) as watchers,
    (select count(*) from player_watches where eos_id = ${eosId} and user_id = ${viewer.id}) as watching,
    (select json_group_array(server_id) from rosters where server_id in ${[...SERVER_IDS]} and eos_id = ${eosId})
      as online,
    (select json_object('text', text, 'tags', json(tags), 'updatedAt', updated_at, 'updatedBy', updated_by,
      'version', version) from player_notes where eos_id = ${eosId}) as note,
    ${rowsOf(
      SESSION,
      // The last 30 days (and the few longer sessions reaching into them): hours played and the heatmap.
      sql`player_sessions where eos_id = ${eosId} and (start_at >= ${since - LONG_SESSION_MS} or end_kind is null
        or coalesce(end_by, end_at) >= ${since})`,
    )} as recent,
    ${rowsOf(sql`json_array(name, first_seen, last_seen)`, sql`(select * from player_names order by last_seen desc)`)}
      as names,
    ${ROSTER_TIMES} as times,
    ${sessionsOf(eosId, SESSIONS_PAGE_SIZE, (asked - 1) * SESSIONS_PAGE_SIZE)} as page,
    ${LINKED}`);
  const player = parsed<Omit<PlayerProfile, "eosId"> | null>(row?.player ?? null);
  if (!row || !player) return null;
  const { total } = row;
  const recent = parsed<PlayerSession[]>(row.recent);
  const onServers = parsed<string[]>(row.online);
  const online = SERVER_IDS.filter((id) => onServers.includes(id));
  const known = knownUntil(parsed(row.times), now);
  const pageCount = Math.max(1, Math.ceil(total / SESSIONS_PAGE_SIZE));
  const at = Math.min(asked, pageCount);
  // A page past the last one shows the last.
  const rows =
    at === asked
      ? newestFirst(row.page)
      : await readSessions(db, eosId, SESSIONS_PAGE_SIZE, (at - 1) * SESSIONS_PAGE_SIZE);
  const spans = recent.map((s) => ({ serverId: s.serverId, span: playedSpan(s, known(s.serverId)) }));
  const onlineNow = online.map((serverId) => ({
    serverId,
    since: recent.find((s) => s.serverId === serverId && s.endKind === null)?.start ?? null,
  }));
  const window = heatmapWindow(now);
  return {
    eosId,
    displayName: player.displayName,
    memberName: player.memberName,
    platform: player.platform,
    tribe: player.tribe,
    status: player.status,
    firstSeen: player.firstSeen,
    lastSeen: onlineNow.length ? now : player.lastSeen,
    online: onlineNow,
    hours: SERVER_IDS.map((serverId) => {
      const mineThere = spans.filter((s) => s.serverId === serverId).map((s) => s.span);
      return { serverId, d7: playedWithin(mineThere, now - 7 * DAY_MS, now), d30: playedWithin(mineThere, since, now) };
    }),
    names: parsed<[string, number, number][]>(row.names).map(([name, firstSeen, lastSeen]) => ({
      name,
      firstSeen,
      lastSeen,
    })),
    linked: linkedMembers(parsed(row.vouched), parsed(row.listed), parsed(row.coded)),
    note: parsed<PlayerNote | null>(row.note),
    watching: row.watching > 0,
    watchers: row.watchers,
    sessions: { rows, page: at, pageCount, total, size: SESSIONS_PAGE_SIZE },
    heatmap: heatmap(
      spans.map((s) => s.span),
      window.from,
      window.to,
      viewer.zone,
    ),
    now,
  };
}

/**
 * The Discord members whose vouch (an in-game name) or tribelist entry (its name) is one of the player's names
 * (player_names): columns `vouched` [Discord id, name], `listed` [Discord id, name, username, server, rank] and `coded`
 * [user].
 */
const NAMES = sql.raw("(select name from player_names)");
const VOUCHED_BY = sql`ig_name collate nocase in ${NAMES} or ig_name_server2 collate nocase in ${NAMES}
  or ig_name_server3 collate nocase in ${NAMES}`;
const LISTED_BY = sql`name collate nocase in ${NAMES}`;
const LINKED = sql`${rowsOf(
  sql`json_array(vouched, name)`,
  sql`(select distinct vouched, coalesce(display_name, vouched_username, username) as name from vouches
    where ${VOUCHED_BY} limit 10)`,
)} as vouched,
  ${rowsOf(
    sql`json_array(discord_id, name, username, server, rank)`,
    sql`(select discord_id, name, username, server, rank from tribelist_entries where ${LISTED_BY} limit 20)`,
  )} as listed,
  ${rowsOf(
    sql`json_array(user)`,
    sql`(select distinct user from codes where user in (select vouched from vouches where ${VOUCHED_BY})
      or user in (select discord_id from tribelist_entries where ${LISTED_BY}))`,
  )} as coded`;

/** The linked members out of LINKED's rows: one per Discord id (or name), with how each is linked. */
function linkedMembers(
  vouched: [string, string | null][],
  listed: [string | null, string, string | null, string, string | null][],
  coded: [string | null][],
) {
  const members = new Map<string, LinkedMember>();
  const member = (discordId: string | null, name: string) => {
    const key = discordId ?? `name:${name.toLowerCase()}`;
    let m = members.get(key);
    if (!m) members.set(key, (m = { discordId, name, via: [], tribelists: [] }));
    return m;
  };
  for (const [discordId, name] of vouched) {
    const m = member(discordId, name ?? discordId);
    if (!m.via.includes("vouch")) m.via.push("vouch");
  }
  for (const [discordId, name, username, server, rank] of listed) {
    const m = member(discordId, username ?? name);
    if (!m.via.includes("tribelist")) m.via.push("tribelist");
    if (isServerId(server)) m.tribelists.push({ server, name, rank });
  }
  for (const [user] of coded) {
    const m = user ? members.get(user) : undefined;
    if (m && !m.via.includes("code")) m.via.push("code");
  }
  return [...members.values()];
}

/** GET /api/players/search?q=: by EOS id, by a Discord id (through vouches and tribelists), else by name. */
export async function searchPlayers(db: Db, query: string): Promise<PlayerHit[]> {
  const q = query.trim();
  if (!q) return [];
  const columns = sql`eos_id as eosId, display_name as displayName, member_name as memberName, tribe, status,
    last_seen as lastSeen`;
  if (isEosId(q.toLowerCase())) {
    const rows = await db.all<Omit<PlayerHit, "matched">>(
      sql`select ${columns} from players where eos_id = ${q.toLowerCase()}`,
    );
    return rows.map((r) => ({ ...r, matched: "eos id" }));
  }
  if (/^\d{17,20}$/.test(q)) {
    const rows = await db.all<Omit<PlayerHit, "matched">>(sql`
      with names(name) as (
        select ig_name from vouches where vouched = ${q} union select ig_name_server2 from vouches where vouched = ${q}
        union select ig_name_server3 from vouches where vouched = ${q}
        union select name from tribelist_entries where discord_id = ${q})
      select ${columns} from players
      where member_name collate nocase in (select name from names where name is not null)
        or display_name collate nocase in (select name from names where name is not null)
      order by last_seen desc limit ${PLAYER_SEARCH_LIMIT}`);
    return rows.map((r) => ({ ...r, matched: "Discord id" }));
  }
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.all<Omit<PlayerHit, "matched">>(sql`
    select ${columns} from players
    where member_name like ${like} escape '\\' or display_name like ${like} escape '\\'
    order by last_seen desc limit ${PLAYER_SEARCH_LIMIT}`);
  return rows.map((r) => ({ ...r, matched: "name" }));
}

/** GET /api/tribes/{name}: null when no player of that tribe is known. */
export async function tribeProfile(
  db: Db,
  tribe: string,
  zone: string,
  now = Date.now(),
): Promise<TribeProfile | null> {
  const name = tribe.trim();
  const window = heatmapWindow(now);
  const row = await db.get<{ members: string; hours: string; open: string; online: string; times: string }>(sql`select
    ${rowsOf(
      sql`json_array(eos_id, display_name, member_name, status, last_seen)`,
      sql`(select * from players where tribe = ${name} order by last_seen desc limit 200)`,
    )} as members,
    ${rowsOf(sql`hour`, sql`tribe_hours where tribe = ${name} and hour >= ${Math.floor(window.from / HOUR_MS)}`)} as hours,
    ${rowsOf(SESSION, sql`player_sessions where end_kind is null and tribe = ${name}`)} as open,
    ${rowsOf(
      sql`json_array(server_id, eos_id)`,
      sql`rosters where server_id in ${[...SERVER_IDS]} and trim(tribe) = ${name}`,
    )} as online,
    ${ROSTER_TIMES} as times`);
  const members = parsed<[string, string | null, string | null, string | null, number][]>(row!.members);
  const hours = parsed<number[]>(row!.hours);
  const open = parsed<PlayerSession[]>(row!.open);
  const online = parsed<[ServerId, string][]>(row!.online);
  const known = knownUntil(parsed(row!.times), now);
  if (!members.length && !hours.length) return null;
  const spans = [
    ...hours.map((hour) => ({ from: hour * HOUR_MS, to: (hour + 1) * HOUR_MS })),
    ...open.map((s) => playedSpan(s, known(s.serverId))),
  ];
  const map = heatmap(spans, window.from, window.to, zone);
  return {
    tribe: name,
    members: members.map(([eosId, displayName, memberName, status, lastSeen]) => ({
      eosId,
      displayName,
      memberName,
      status,
      lastSeen,
      online: online.filter(([, who]) => who === eosId).map(([serverId]) => serverId),
    })),
    heatmap: map,
    windows: quietWindows(map),
    now,
  };
}

/**
 * GET /api/roster-at/{serverId}?at=: the sessions on the server at `at`. Those that started within LONG_SESSION_MS
 * before it come from the (server, start) index, longer or open ones from the long-session index. A session whose end
 * is only known as a range (a missed leave, a silent collector) that holds `at` is listed as uncertain.
 */
export async function rosterAt(db: Db, serverId: ServerId, at: number): Promise<RosterAt> {
  const covers = sql`start_at <= ${at} and coalesce(end_by, end_at, ${at}) >= ${at}`;
  const columns = sql.raw("eos_id, display_name, member_name, tribe, status, start_at, end_at, end_kind");
  const row = await db.get<{ rows: string }>(
    sql`select ${rowsOf(
      sql`json_array(${columns})`,
      sql`(select ${columns} from player_sessions where server_id = ${serverId} and start_at >= ${at - LONG_SESSION_MS}
        and ${covers}
      union
      -- The duration as a literal: the partial index's own condition (a bound value would not match it).
      select ${columns} from player_sessions where server_id = ${serverId}
        and (end_kind is null or coalesce(end_by, end_at) - start_at > ${sql.raw(String(LONG_SESSION_MS))}) and ${covers})`,
    )} as rows`,
  );
  type Present = [
    string,
    string | null,
    string | null,
    string | null,
    string | null,
    number,
    number | null,
    string | null,
  ];
  const list = parsed<Present[]>(row!.rows)
    .map(([eosId, displayName, memberName, tribe, status, since, until, endKind]) => ({
      eosId,
      displayName,
      memberName,
      tribe,
      status,
      since,
      until,
      certain: endKind === null || endKind === "left" || (until ?? 0) >= at,
    }))
    .sort((a, b) => Number(b.certain) - Number(a.certain) || a.since - b.since);
  return { serverId, at, players: list };
}
