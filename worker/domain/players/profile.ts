// Reading players: one player's profile, the player search, a tribe's heatmap and quiet windows, and who was on a
// server at a past minute. Every read is a player's, a tribe's or a window's rows through an index, so it stays flat
// as the history grows (ADR 079).
import { and, desc, eq, gte, sql } from "drizzle-orm";
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
  type PlayerHit,
  type PlayerProfile,
  type PlayerSession,
  type RosterAt,
  type TribeProfile,
} from "#contract/players";
import { SERVER_IDS, isServerId, type ServerId } from "#contract/servers";
import { DAY_MS, HOUR_MS } from "#contract/time";
import {
  codes,
  playerNotes,
  playerSessions,
  playerWatches,
  players,
  rosters,
  serverStatus,
  tribeHours,
  tribelistEntries,
  vouches,
} from "#drizzle/schema";
import type { Db } from "#worker/domain/context";
import { noteJson } from "./watches";

type SessionRow = typeof playerSessions.$inferSelect;

export const sessionJson = (r: SessionRow): PlayerSession => ({
  id: r.id,
  serverId: r.serverId as ServerId,
  start: r.startAt,
  end: r.endAt,
  endBy: r.endBy,
  endKind: r.endKind,
  displayName: r.displayName,
  memberName: r.memberName,
  tribe: r.tribe,
  status: r.status,
  platform: r.platform,
});

/** Sessions longer than this are found through the long-session index (drizzle/players.ts player_sessions_long). */
const LONG_SESSION_MS = 6 * HOUR_MS;

/** Each server's latest roster time: how far its open sessions are known to last (a silent source's end there). */
const rosterTimes = (db: Db) =>
  db
    .select({ serverId: serverStatus.serverId, at: serverStatus.rosterObservedAt, updated: serverStatus.lastUpdated })
    .from(serverStatus);
function knownUntil(rows: { serverId: string; at: number | null; updated: number }[], now: number) {
  const known = new Map(rows.map((r) => [r.serverId, Math.min(now, r.at ?? r.updated)]));
  return (serverId: string) => known.get(serverId) ?? now;
}

const sessionsPage = (db: Db, eosId: string, page: number) =>
  db
    .select()
    .from(playerSessions)
    .where(eq(playerSessions.eosId, eosId))
    .orderBy(desc(playerSessions.startAt), desc(playerSessions.id))
    .limit(SESSIONS_PAGE_SIZE)
    .offset((page - 1) * SESSIONS_PAGE_SIZE);

/** GET /api/players/{eosId}/sessions: every session, newest first, for the CSV export (at most SESSIONS_EXPORT_MAX). */
export async function allSessions(db: Db, eosId: string) {
  const rows = await db
    .select()
    .from(playerSessions)
    .where(eq(playerSessions.eosId, eosId))
    .orderBy(desc(playerSessions.startAt), desc(playerSessions.id))
    .limit(SESSIONS_EXPORT_MAX);
  return rows.map(sessionJson);
}

/** GET /api/players/{eosId}: null when the player was never seen. Two round trips to D1: the player's rows, then
 * the Discord members their names link to. */
export async function playerProfile(
  db: Db,
  eosId: string,
  viewer: { id: string; zone: string },
  page: number,
  now = Date.now(),
): Promise<PlayerProfile | null> {
  const since = now - 30 * DAY_MS;
  const mine = eq(playerSessions.eosId, eosId);
  const nameOf = sql<string>`coalesce(nullif(trim(${playerSessions.memberName}), ''), nullif(trim(${playerSessions.displayName}), ''))`;
  const [[player], [{ total }], recent, online, names, note, watch, times, pageRows] = await db.batch([
    db.select().from(players).where(eq(players.eosId, eosId)),
    db
      .select({ total: sql<number>`count(*)` })
      .from(playerSessions)
      .where(mine),
    // The last 30 days (and the few longer sessions reaching into them): hours played and the heatmap.
    db
      .select()
      .from(playerSessions)
      .where(
        and(
          mine,
          sql`(${playerSessions.startAt} >= ${since - LONG_SESSION_MS} or ${playerSessions.endKind} is null or coalesce(${playerSessions.endBy}, ${playerSessions.endAt}) >= ${since})`,
        ),
      ),
    db
      .select({ serverId: rosters.serverId })
      .from(rosters)
      .where(sql`${rosters.serverId} in ${[...SERVER_IDS]} and ${rosters.eosId} = ${eosId}`),
    db
      .select({
        name: nameOf,
        firstSeen: sql<number>`min(${playerSessions.startAt})`,
        lastSeen: sql<number>`max(coalesce(${playerSessions.endAt}, ${playerSessions.startAt}))`,
      })
      .from(playerSessions)
      .where(and(mine, sql`${nameOf} is not null`))
      .groupBy(nameOf)
      .orderBy(sql`3 desc`)
      .limit(20),
    db.select().from(playerNotes).where(eq(playerNotes.eosId, eosId)),
    db
      .select({ n: sql<number>`count(*)`, mine: sql<number>`sum(${playerWatches.userId} = ${viewer.id})` })
      .from(playerWatches)
      .where(eq(playerWatches.eosId, eosId)),
    rosterTimes(db),
    sessionsPage(db, eosId, Math.max(1, page)),
  ]);
  if (!player) return null;
  const known = knownUntil(times, now);
  const pageCount = Math.max(1, Math.ceil(total / SESSIONS_PAGE_SIZE));
  const at = Math.min(Math.max(1, page), pageCount);
  // A page past the last one shows the last.
  const rows = at === Math.max(1, page) ? pageRows : await sessionsPage(db, eosId, at);
  const spans = recent.map((s) => ({ serverId: s.serverId, span: playedSpan(sessionJson(s), known(s.serverId)) }));
  const onlineNow = online.map((o) => ({
    serverId: o.serverId as ServerId,
    since: recent.find((s) => s.serverId === o.serverId && s.endKind === null)?.startAt ?? null,
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
    names,
    linked: await linkedMembers(
      db,
      names.map((n) => n.name),
    ),
    note: note[0] ? noteJson(note[0]) : null,
    watching: (watch[0]?.mine ?? 0) > 0,
    watchers: watch[0]?.n ?? 0,
    sessions: { rows: rows.map(sessionJson), page: at, pageCount, total, size: SESSIONS_PAGE_SIZE },
    heatmap: heatmap(
      spans.map((s) => s.span),
      window.from,
      window.to,
      viewer.zone,
    ),
    now,
  };
}

/** The Discord members whose vouch (an in-game name) or tribelist entry (its name) is one of the player's names. */
async function linkedMembers(db: Db, names: string[]): Promise<LinkedMember[]> {
  if (!names.length) return [];
  const list = JSON.stringify(names);
  const vouchedBy = sql`ig_name collate nocase in (select value from json_each(${list}))
    or ig_name_server2 collate nocase in (select value from json_each(${list}))
    or ig_name_server3 collate nocase in (select value from json_each(${list}))`;
  const listedBy = sql`name collate nocase in (select value from json_each(${list}))`;
  const [vouched, listed, coded] = await db.batch([
    db
      .selectDistinct({
        discordId: vouches.vouched,
        name: sql<string | null>`coalesce(${vouches.displayName}, ${vouches.vouchedUsername}, ${vouches.username})`,
      })
      .from(vouches)
      .where(vouchedBy)
      .limit(10),
    db
      .select({
        discordId: tribelistEntries.discordId,
        name: tribelistEntries.name,
        username: tribelistEntries.username,
        server: tribelistEntries.server,
        rank: tribelistEntries.rank,
      })
      .from(tribelistEntries)
      .where(listedBy)
      .limit(20),
    db
      .selectDistinct({ user: codes.user })
      .from(codes)
      .where(
        sql`${codes.user} in (select vouched from vouches where ${vouchedBy})
          or ${codes.user} in (select discord_id from tribelist_entries where ${listedBy})`,
      ),
  ]);
  const members = new Map<string, LinkedMember>();
  const member = (discordId: string | null, name: string) => {
    const key = discordId ?? `name:${name.toLowerCase()}`;
    let m = members.get(key);
    if (!m) members.set(key, (m = { discordId, name, via: [], tribelists: [] }));
    return m;
  };
  for (const v of vouched) {
    const m = member(v.discordId, v.name ?? v.discordId);
    if (!m.via.includes("vouch")) m.via.push("vouch");
  }
  for (const t of listed) {
    const m = member(t.discordId, t.username ?? t.name);
    if (!m.via.includes("tribelist")) m.via.push("tribelist");
    if (isServerId(t.server)) m.tribelists.push({ server: t.server, name: t.name, rank: t.rank });
  }
  for (const c of coded) {
    const m = c.user ? members.get(c.user) : undefined;
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
  // One round trip to D1.
  const [members, hours, open, online, times] = await db.batch([
    db.select().from(players).where(eq(players.tribe, name)).orderBy(desc(players.lastSeen)).limit(200),
    db
      .select({ hour: tribeHours.hour })
      .from(tribeHours)
      .where(and(eq(tribeHours.tribe, name), gte(tribeHours.hour, Math.floor(window.from / HOUR_MS)))),
    db
      .select()
      .from(playerSessions)
      .where(sql`${playerSessions.endKind} is null and ${playerSessions.tribe} = ${name}`),
    db
      .select({ serverId: rosters.serverId, eosId: rosters.eosId })
      .from(rosters)
      .where(sql`${rosters.serverId} in ${[...SERVER_IDS]} and trim(${rosters.tribe}) = ${name}`),
    rosterTimes(db),
  ]);
  const known = knownUntil(times, now);
  if (!members.length && !hours.length) return null;
  const spans = [
    ...hours.map((h) => ({ from: h.hour * HOUR_MS, to: (h.hour + 1) * HOUR_MS })),
    ...open.map((s) => playedSpan(sessionJson(s), known(s.serverId))),
  ];
  const map = heatmap(spans, window.from, window.to, zone);
  return {
    tribe: name,
    members: members.map((m) => ({
      eosId: m.eosId,
      displayName: m.displayName,
      memberName: m.memberName,
      status: m.status,
      lastSeen: m.lastSeen,
      online: online.filter((o) => o.eosId === m.eosId).map((o) => o.serverId as ServerId),
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
  const rows = await db.all<RawSession>(sql`
    select * from player_sessions where server_id = ${serverId} and start_at >= ${at - LONG_SESSION_MS} and ${covers}
    union
    select * from player_sessions where server_id = ${serverId}
      and (end_kind is null or coalesce(end_by, end_at) - start_at > 21600000) and ${covers}`);
  const list = rows
    .map((r) => ({
      eosId: r.eos_id,
      displayName: r.display_name,
      memberName: r.member_name,
      tribe: r.tribe,
      status: r.status,
      since: r.start_at,
      until: r.end_at,
      certain: r.end_kind === null || r.end_kind === "left" || (r.end_at ?? 0) >= at,
    }))
    .sort((a, b) => Number(b.certain) - Number(a.certain) || a.since - b.since);
  return { serverId, at, players: list };
}

type RawSession = {
  eos_id: string;
  display_name: string | null;
  member_name: string | null;
  tribe: string | null;
  status: string | null;
  start_at: number;
  end_at: number | null;
  end_kind: string | null;
};
