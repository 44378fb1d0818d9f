// Server stats (spec part 2): each game server's status and roster, its join and leave events, the snapshots behind
// the history, and weekly member activity. The API handlers, collectors' ingestion and the cron all call these.
//
// Bulk rows travel to D1 as ONE JSON parameter read back with json_each(): D1 allows 100 bound parameters per
// statement and a limited number of statements per invocation, and a collector's batch can hold thousands of rows.
import { and, asc, desc, eq, getTableColumns, gte, inArray, max, sql, type SQL, type Table } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { LiveEvent } from "../../contract/events";
import { rosters, serverEvents, serverSnapshots, serverStatus, tribelistEntries, weeklyMembers } from "../../drizzle/schema";
import type { Db, Deps } from "./context";
import { abortUnless, commit } from "./context";
import {
  LOG_LIMIT,
  LOG_WINDOW_DAYS,
  NO_DATA,
  diffRosters,
  enemyOnlineMessage,
  eventsFor,
  isEnemy,
  populationSeries,
  sameRoster,
  weeklyActivity,
  type ActivityClass,
  type RosterPlayer,
} from "./servers-rules";
import {
  ENEMY_CODES,
  MAP_NAMES,
  MAX_PLAYERS,
  SERVER_IDS,
  TRIBE_TAG,
  UNKNOWN_CODES,
  POPULATION_RANGES,
  isTribeMember,
  type PopulationRange,
  type ServerId,
} from "../../contract/servers";
import { DAY_MS } from "../../contract/time";

/** What an offline observation says when its source gave no reason. */
export const OFFLINE_DETAILS = "Server is offline or unreachable";

type EventRow = typeof serverEvents.$inferSelect;

/** A player as collectors send them: the roster's fields plus what the join log shows. */
export type IngestPlayer = RosterPlayer & { lastArkLaunch?: string | null; steamProfileLink?: string | null };

/** One observation of a server, from a collector, the official server list, or a manual refresh. */
export type Observation = {
  online: boolean;
  playerCount?: number | null;
  maxPlayers?: number | null;
  errorDetails?: string | null;
  /** Where it came from: "ingest", "manual-refresh", "official-list", ... */
  source: string;
  /** The players online now, in the source's order; omitted when the source knows only counts. */
  roster?: IngestPlayer[] | null;
  /** Epoch ms; now when omitted. */
  observedAt?: number;
  /** The map the source reports (the official list's MapName); the server's known map when omitted. */
  mapName?: string | null;
};

/** What recordSnapshot did. `skipped` (exclusive mode only): another writer recorded the server first; nothing written. */
export type SnapshotResult = {
  serverId: ServerId;
  status: "online" | "offline" | null;
  playerCount: number | null;
  joins: number;
  leaves: number;
  stale: boolean;
  skipped?: true;
  observedAt: number;
};

/** How recordSnapshot treats a concurrent writer. */
export type SnapshotOptions = {
  /**
   * The snapshot job's mode: skip when a snapshot of this server at this time exists, and give up (skipped) when
   * another writer changed the server between our read and our write, so overlapping runs never double-count.
   */
  exclusive?: boolean;
};

/** A join or leave as stored (without its row id). */
export type NewServerEvent = {
  eventType: "join" | "leave";
  eosId: string;
  displayName: string | null;
  memberName: string | null;
  status: string | null;
  tribe: string | null;
  platform: string | null;
  eventTime: number;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
};

const serverEvent = (serverId: string, type: LiveEvent["type"]) => ({ type, serverId }) as LiveEvent;

// ---------------------------------------------------------------------------------------------------------------
// Reads

const playerFields = {
  eosId: rosters.eosId,
  displayName: rosters.displayName,
  name: rosters.name,
  status: rosters.status,
  tribe: rosters.tribe,
  platform: rosters.platform,
};

const rosterOf = (db: Db, serverId: string) =>
  db.select(playerFields).from(rosters).where(eq(rosters.serverId, serverId)).orderBy(asc(rosters.position));

export type TribelistMatch = { server: string; name: string; rank: string | null };

const nameKey = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();

/**
 * Links roster players to our tribelists: an entry whose name equals the player's name or display name (trimmed,
 * case-insensitive). An entry on the player's own server wins, then the list's order. The lists are small (hundreds
 * of rows), so this is one read of the few entries whose names occur in the roster.
 */
export async function tribelistMatches(db: Db, serverId: string, players: Pick<RosterPlayer, "name" | "displayName">[]) {
  const keys = [...new Set(players.flatMap((p) => [nameKey(p.name), nameKey(p.displayName)]).filter(Boolean))];
  const byKey = new Map<string, TribelistMatch>();
  if (keys.length === 0) return byKey;
  const key = sql<string>`lower(trim(${tribelistEntries.name}))`;
  const rows = await db
    .select({ key, server: tribelistEntries.server, name: tribelistEntries.name, rank: tribelistEntries.rank })
    .from(tribelistEntries)
    .where(sql`${key} in (select value from json_each(${JSON.stringify(keys)}))`)
    .orderBy(
      sql`${tribelistEntries.server} <> ${serverId}`,
      sql`${tribelistEntries.order} is null`,
      asc(tribelistEntries.order),
      asc(tribelistEntries.name),
    );
  for (const r of rows) if (!byKey.has(r.key)) byKey.set(r.key, { server: r.server, name: r.name, rank: r.rank });
  return byKey;
}

/**
 * GET /api/eoserver-status/{serverId}. An offline server lists nobody (its last roster is kept for the next diff);
 * a server never heard from is offline with "No data received yet".
 */
export async function serverStatusJson(db: Db, serverId: ServerId) {
  const row = await db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) });
  if (!row) {
    return {
      serverId,
      status: "offline" as const,
      errorDetails: NO_DATA,
      lastUpdated: null,
      mapName: MAP_NAMES[serverId],
      playerCount: 0,
      maxPlayers: MAX_PLAYERS,
      currentPlayers: [] as (RosterPlayer & { tribelistMatch: TribelistMatch | null })[],
    };
  }
  const players = row.status === "online" ? await rosterOf(db, serverId) : [];
  const matches = await tribelistMatches(db, serverId, players);
  const currentPlayers = players.map((p) => ({
    ...p,
    tribelistMatch: matches.get(nameKey(p.name)) ?? matches.get(nameKey(p.displayName)) ?? null,
  }));
  return {
    serverId,
    status: row.status,
    errorDetails: row.errorDetails,
    lastUpdated: row.lastUpdated,
    mapName: row.mapName ?? MAP_NAMES[serverId],
    playerCount: row.playerCount ?? currentPlayers.length,
    maxPlayers: row.maxPlayers ?? MAX_PLAYERS,
    currentPlayers,
  };
}

const entryBase = (r: EventRow) => ({
  id: r.id,
  eosId: r.eosId,
  displayName: r.displayName,
  memberName: r.memberName,
  status: r.status,
  tribe: r.tribe,
  platform: r.platform,
  lastArkLaunch: r.lastArkLaunch,
  isTribeMember: isTribeMember(r.status, r.tribe),
  steamProfileLink: r.steamProfileLink,
});

export const joinJson = (r: EventRow) => ({ ...entryBase(r), joinTime: r.eventTime });
export const leaveJson = (r: EventRow) => ({ ...entryBase(r), leaveTime: r.eventTime });
export const activityJson = (r: EventRow) => ({ ...entryBase(r), eventType: r.eventType, eventTime: r.eventTime });

// The status classes in SQL, mirroring statusClass() (contract/servers.ts); a test checks both agree on every code.
const statusText = sql`trim(coalesce(${serverEvents.status}, ''))`;
const tribeText = sql`trim(coalesce(${serverEvents.tribe}, ''))`;
const tribemember = sql`(${statusText} = '2' or ${tribeText} = ${TRIBE_TAG})`;

export function classFilter(cls: ActivityClass): SQL {
  if (cls === "tribemembers") return tribemember;
  const codes = cls === "friendlys" ? ["1"] : cls === "enemies" ? [...ENEMY_CODES] : ["", ...UNKNOWN_CODES];
  return sql`(not ${tribemember} and ${inArray(statusText, codes)})`;
}

/** The newest events of one server matching a filter: the last LOG_WINDOW_DAYS days, at most LOG_LIMIT rows. */
function recentEvents(db: Db, serverId: string, filter: SQL, now: number) {
  return db
    .select()
    .from(serverEvents)
    .where(and(eq(serverEvents.serverId, serverId), gte(serverEvents.eventTime, now - LOG_WINDOW_DAYS * DAY_MS), filter))
    .orderBy(desc(serverEvents.eventTime), desc(serverEvents.id))
    .limit(LOG_LIMIT);
}

/** GET /api/joinlog/{serverId} and /api/leavelog/{serverId}, newest first. */
export async function listLog(db: Db, serverId: ServerId, type: "join" | "leave", now = Date.now()) {
  const rows = await recentEvents(db, serverId, eq(serverEvents.eventType, type), now);
  return type === "join" ? rows.map(joinJson) : rows.map(leaveJson);
}

/** GET /api/{tribemembers|unknowns|enemies|friendlys}/{serverId}: joins and leaves of one status class, newest first. */
export async function listActivity(db: Db, serverId: ServerId, cls: ActivityClass, now = Date.now()) {
  const rows = await recentEvents(db, serverId, classFilter(cls), now);
  return rows.map(activityJson);
}

// ---------------------------------------------------------------------------------------------------------------
// Writes: bulk statements

const EVENT_FIELDS = [
  "eventType",
  "eosId",
  "displayName",
  "memberName",
  "status",
  "tribe",
  "platform",
  "eventTime",
  "lastArkLaunch",
  "steamProfileLink",
] as const;
/**
 * INSERT ... SELECT from one JSON parameter (an array of arrays, in `fields` order). drizzle's insert-select writes
 * every column in the table's order, so the select is built from that order: `fixed` supplies the columns that are
 * not in the rows (the server id; null lets SQLite number the id).
 */
function jsonSelect<T extends Table>(table: T, fields: readonly string[], data: unknown[][], fixed: Record<string, unknown>) {
  const columns = Object.keys(getTableColumns(table)).map((key) => {
    const i = fields.indexOf(key);
    if (i >= 0) return sql.raw(`json_extract(j.value, '$[${i}]')`);
    if (key in fixed) return sql`${fixed[key]}`;
    throw new Error(`jsonSelect: no value for ${key}`);
  });
  // "where true" keeps SQLite from reading the ON CONFLICT that follows as part of the join.
  return sql`select ${sql.join(columns, sql`, `)} from json_each(${JSON.stringify(data)}) as j where true`;
}

/** Inserts join and leave rows; a row already stored (same server, EOS id, type and time) is left alone. */
function insertEvents(db: Db, serverId: string, rows: NewServerEvent[]) {
  const data = rows.map((r) => EVENT_FIELDS.map((f) => r[f] ?? null));
  return db
    .insert(serverEvents)
    .select(jsonSelect(serverEvents, EVENT_FIELDS, data, { id: null, serverId }))
    .onConflictDoNothing();
}

export const eventKey = (e: { eosId: string; eventType: string; eventTime: number }) =>
  `${e.eosId}|${e.eventType}|${e.eventTime}`;

/** Which of these events are stored already (by the natural key, through its unique index). */
async function storedKeys(db: Db, serverId: string, rows: NewServerEvent[]) {
  if (rows.length === 0) return new Set<string>();
  const data = JSON.stringify(rows.map((r) => [r.eosId, r.eventType, r.eventTime]));
  const found = await db.all<{ eosId: string; eventType: string; eventTime: number }>(sql`
    select e.eos_id as eosId, e.event_type as eventType, e.event_time as eventTime
    from json_each(${data}) as j cross join server_events as e
    where e.server_id = ${serverId} and e.eos_id = json_extract(j.value, '$[0]')
      and e.event_type = json_extract(j.value, '$[1]') and e.event_time = json_extract(j.value, '$[2]')`);
  return new Set(found.map(eventKey));
}

/** What the latest events of these players on this server say about them (the roster does not keep it). */
async function latestDetails(db: Db, serverId: string, eosIds: string[]) {
  const out = new Map<string, { lastArkLaunch: string | null; steamProfileLink: string | null }>();
  if (eosIds.length === 0) return out;
  // json_each first (CROSS JOIN keeps that order), so each player is one seek in the natural key's index.
  const rows = await db.all<{ eosId: string; lastArkLaunch: string | null; steamProfileLink: string | null; eventTime: number }>(sql`
    select e.eos_id as eosId, e.last_ark_launch as lastArkLaunch, e.steam_profile_link as steamProfileLink,
      e.event_time as eventTime
    from json_each(${JSON.stringify(eosIds)}) as j cross join server_events as e
    where e.server_id = ${serverId} and e.eos_id = j.value`);
  rows.sort((a, b) => b.eventTime - a.eventTime);
  for (const r of rows) {
    const seen = out.get(r.eosId) ?? { lastArkLaunch: null, steamProfileLink: null };
    out.set(r.eosId, { lastArkLaunch: seen.lastArkLaunch ?? r.lastArkLaunch, steamProfileLink: seen.steamProfileLink ?? r.steamProfileLink });
  }
  return out;
}

const chunk = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

// ---------------------------------------------------------------------------------------------------------------
// Writes: observations

/**
 * Records one observation of a server, atomically: upserts server_status, replaces the roster when one is given (and
 * differs from the stored one), derives join and leave events from the difference with the previous roster
 * (idempotent on the natural key), inserts a server_snapshots row, writes one audit row, then publishes
 * eoserver_status_update, joinlog_update / leavelog_update, the activity events of the classes that changed, and one
 * enemy_online per enemy who joined, each with the serverId.
 *
 * An observation older than the stored status (a collector's late retry) only adds its snapshot: it must not roll
 * the roster back or invent joins and leaves.
 *
 * With `exclusive` (the snapshot job), a snapshot already stored for this server and time means another run did the
 * work: nothing is written. The batch also starts with a guard that aborts it when server_status changed since it
 * was read (another run, a refresh or a collector got there first), so two writers never both diff the same previous
 * roster; the loser writes nothing and answers `skipped`.
 */
export async function recordSnapshot(
  deps: Deps,
  serverId: ServerId,
  observation: Observation,
  action = "snapshot",
  options: SnapshotOptions = {},
): Promise<SnapshotResult> {
  const { db } = deps;
  const at = observation.observedAt ?? Date.now();
  const skipped: SnapshotResult = { serverId, status: null, playerCount: null, joins: 0, leaves: 0, stale: false, skipped: true, observedAt: at };
  if (options.exclusive && (await snapshotExists(db, serverId, at))) return skipped;
  const [previous, previousRoster] = await Promise.all([
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) }),
    rosterOf(db, serverId),
  ]);
  const stale = previous != null && at < previous.lastUpdated;
  const online = observation.online;
  const roster = stale ? null : (observation.roster ?? null);
  const playerCount = online ? (observation.playerCount ?? roster?.length ?? previous?.playerCount ?? 0) : 0;
  const maxPlayers = observation.maxPlayers ?? previous?.maxPlayers ?? MAX_PLAYERS;
  const errorDetails = online ? (observation.errorDetails ?? null) : (observation.errorDetails ?? OFFLINE_DETAILS);

  const snapshot = db
    .insert(serverSnapshots)
    .values({ serverId, takenAt: at, online, playerCount, maxPlayers, errorDetails, source: observation.source })
    .onConflictDoNothing();

  const before = previous
    ? { status: previous.status, playerCount: previous.playerCount, rosterSize: previousRoster.length, lastUpdated: previous.lastUpdated }
    : null;

  if (stale) {
    await commit(deps, [snapshot], [
      {
        entity: "server_snapshot",
        entityId: serverId,
        action: `${action}-late`,
        before,
        after: { online, playerCount, observedAt: at, source: observation.source },
      },
    ]);
    return { serverId, status: previous.status, playerCount: previous.playerCount ?? 0, joins: 0, leaves: 0, stale: true, observedAt: at };
  }

  const status = online ? ("online" as const) : ("offline" as const);
  const mapName = observation.mapName || previous?.mapName || MAP_NAMES[serverId];
  const statusRow = { status, errorDetails, lastUpdated: at, mapName, playerCount, maxPlayers, source: observation.source };
  const writes: BatchItem<"sqlite">[] = [];
  if (options.exclusive) writes.push(unchangedSince(db, serverId, previous?.lastUpdated ?? null, at));
  writes.push(
    db.insert(serverStatus).values({ serverId, ...statusRow }).onConflictDoUpdate({ target: serverStatus.serverId, set: statusRow }),
  );

  let newEvents: NewServerEvent[] = [];
  if (roster) {
    const { joined, left } = diffRosters(previousRoster, roster);
    const details = await latestDetails(db, serverId, left.map((p) => p.eosId));
    newEvents = [
      ...joined.map((p) => ({
        eventType: "join" as const,
        eosId: p.eosId,
        displayName: p.displayName,
        memberName: p.name,
        status: p.status,
        tribe: p.tribe,
        platform: p.platform,
        eventTime: at,
        lastArkLaunch: p.lastArkLaunch ?? null,
        steamProfileLink: p.steamProfileLink ?? null,
      })),
      ...left.map((p) => ({
        eventType: "leave" as const,
        eosId: p.eosId,
        displayName: p.displayName,
        memberName: p.name,
        status: p.status,
        tribe: p.tribe,
        platform: p.platform,
        eventTime: at,
        lastArkLaunch: details.get(p.eosId)?.lastArkLaunch ?? null,
        steamProfileLink: details.get(p.eosId)?.steamProfileLink ?? null,
      })),
    ];
    // An unchanged roster (the snapshot job re-reading what a collector pushed) is not rewritten.
    if (!sameRoster(previousRoster, roster)) {
      writes.push(db.delete(rosters).where(eq(rosters.serverId, serverId)));
      const rows = roster.map((p, i) => ({
        serverId,
        eosId: p.eosId,
        displayName: p.displayName,
        name: p.name,
        status: p.status,
        tribe: p.tribe,
        platform: p.platform,
        position: i + 1,
        seenAt: at,
      }));
      // 9 columns a row: 10 rows stay under D1's 100 bound parameters.
      for (const part of chunk(rows, 10)) writes.push(db.insert(rosters).values(part));
    }
    if (newEvents.length) writes.push(insertEvents(db, serverId, newEvents));
  }
  writes.push(snapshot);

  const joins = newEvents.filter((e) => e.eventType === "join").length;
  const leaves = newEvents.length - joins;
  const enemyAlerts: LiveEvent[] = newEvents
    .filter((e) => e.eventType === "join" && isEnemy(e.status, e.tribe))
    .map((e) => ({
      type: "enemy_online",
      serverId,
      message: enemyOnlineMessage({ eosId: e.eosId, displayName: e.displayName, name: e.memberName, tribe: e.tribe }, serverId),
    }));
  // The audit trail records changes and people's refreshes; a scheduled look that saw what was already stored (every
  // minute, for every server) is only the snapshot row.
  const changed =
    !previous ||
    previous.status !== status ||
    previous.playerCount !== playerCount ||
    previous.maxPlayers !== maxPlayers ||
    previous.errorDetails !== errorDetails ||
    previous.mapName !== mapName ||
    newEvents.length > 0 ||
    (roster !== null && !sameRoster(previousRoster, roster));
  try {
    await commit(
      deps,
      writes,
      !changed && action === "snapshot"
        ? []
        : [
            {
              entity: roster ? "server_roster" : "server_status",
              entityId: serverId,
              action,
              before,
              after: {
                status,
                playerCount,
                maxPlayers,
                errorDetails,
                rosterSize: roster ? roster.length : previousRoster.length,
                joins,
                leaves,
                source: observation.source,
                observedAt: at,
              },
            },
          ],
      [serverEvent(serverId, "eoserver_status_update"), ...eventsFor(newEvents).map((t) => serverEvent(serverId, t)), ...enemyAlerts],
    );
  } catch (error) {
    // The guard aborted the batch: someone else recorded this server since we read it. Nothing was written.
    if (options.exclusive && (await changedSince(db, serverId, previous?.lastUpdated ?? null, at))) return skipped;
    throw error;
  }
  return { serverId, status, playerCount, joins, leaves, stale: false, observedAt: at };
}

const snapshotExists = async (db: Db, serverId: string, takenAt: number) =>
  (await db
    .select({ id: serverSnapshots.id })
    .from(serverSnapshots)
    .where(and(eq(serverSnapshots.serverId, serverId), eq(serverSnapshots.takenAt, takenAt)))
    .limit(1)).length > 0;

async function changedSince(db: Db, serverId: string, lastUpdated: number | null, takenAt: number) {
  const row = await db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId), columns: { lastUpdated: true } });
  return (row?.lastUpdated ?? null) !== lastUpdated || (await snapshotExists(db, serverId, takenAt));
}

/**
 * The first statement of an exclusive batch: the whole batch rolls back unless the server's status is still the one
 * we read and no snapshot of this time exists.
 */
const unchangedSince = (db: Db, serverId: string, lastUpdated: number | null, takenAt: number) =>
  abortUnless(
    db,
    sql`(select last_updated from server_status where server_id = ${serverId}) is ${lastUpdated}
      and not exists (select 1 from server_snapshots where server_id = ${serverId} and taken_at = ${takenAt})`,
    "concurrent snapshot: another writer recorded this server first",
  );

/** What was last stored about a server: its status row and roster. The snapshot job reads ingested rosters here. */
export async function storedState(db: Db, serverId: ServerId) {
  const [status, roster] = await Promise.all([
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) }),
    rosterOf(db, serverId),
  ]);
  return { status: status ?? null, roster };
}

/**
 * Removes snapshots taken before `cutoff` (of every server), with one audit row, when there are any. The count reads
 * the (server_id, taken_at) index per known server, so the check costs next to nothing when there is nothing to do.
 */
export async function pruneSnapshots(deps: Deps, cutoff: number) {
  const { db } = deps;
  const old = and(inArray(serverSnapshots.serverId, [...SERVER_IDS]), sql`${serverSnapshots.takenAt} < ${cutoff}`);
  const [{ n }] = await db.select({ n: sql<number>`count(*)` }).from(serverSnapshots).where(old);
  if (n === 0) return 0;
  await commit(deps, [db.delete(serverSnapshots).where(old)], [
    { entity: "server_snapshots", entityId: null, action: "prune", after: { pruned: n, takenBefore: cutoff } },
  ]);
  return n;
}

/**
 * GET /api/eoserver-population/{serverId}?range=24h|7d: the player count over the range from the snapshots, for the
 * population chart. See populationSeries() for the points and the peak.
 */
export async function populationJson(db: Db, serverId: ServerId, range: PopulationRange, now = Date.now()) {
  const { spanMs, bucketMs } = POPULATION_RANGES[range];
  const [rows, status] = await Promise.all([
    db
      .select({
        takenAt: serverSnapshots.takenAt,
        online: serverSnapshots.online,
        playerCount: serverSnapshots.playerCount,
        maxPlayers: serverSnapshots.maxPlayers,
      })
      .from(serverSnapshots)
      .where(
        and(eq(serverSnapshots.serverId, serverId), gte(serverSnapshots.takenAt, now - spanMs), sql`${serverSnapshots.takenAt} <= ${now}`),
      )
      .orderBy(asc(serverSnapshots.takenAt)),
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId), columns: { maxPlayers: true } }),
  ]);
  const { points, peak } = populationSeries(rows, bucketMs);
  const latestMax = [...rows].reverse().find((r) => r.maxPlayers != null)?.maxPlayers;
  return { serverId, range, points, peak, maxPlayers: latestMax ?? status?.maxPlayers ?? MAX_PLAYERS };
}

/** POST /api/ingest/servers/{serverId}/events: bulk joins and leaves, idempotent on the natural key. */
export async function ingestEvents(deps: Deps, serverId: ServerId, events: NewServerEvent[]) {
  const unique = [...new Map(events.map((e) => [eventKey(e), e])).values()];
  const stored = await storedKeys(deps.db, serverId, unique);
  const fresh = unique.filter((e) => !stored.has(eventKey(e)));
  const result = { received: events.length, inserted: fresh.length, unchanged: events.length - fresh.length };
  if (fresh.length === 0) return result;
  const joins = fresh.filter((e) => e.eventType === "join").length;
  await commit(
    deps,
    [insertEvents(deps.db, serverId, fresh)],
    [{ entity: "server_events", entityId: serverId, action: "ingest", after: { ...result, joins, leaves: fresh.length - joins } }],
    eventsFor(fresh).map((t) => serverEvent(serverId, t)),
  );
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Weekly members

type WeeklyRow = typeof weeklyMembers.$inferSelect;

export const weeklyJson = (r: WeeklyRow) => ({
  eosId: r.eosId,
  displayName: r.displayName,
  memberName: r.memberName,
  isActiveThisWeek: r.isActiveThisWeek,
  isTribeMember: r.isTribeMember,
  tribe: r.tribe,
  platform: r.platform,
  eventType: r.eventType,
  eventTime: r.eventTime,
  lastArkLaunch: r.lastArkLaunch,
  steamProfileLink: r.steamProfileLink,
});

/** GET /api/weeklymembers: active first, then by latest activity, newest first, then by name. */
export async function listWeeklyMembers(db: Db) {
  const rows = await db
    .select()
    .from(weeklyMembers)
    .orderBy(
      desc(weeklyMembers.isActiveThisWeek),
      sql`${weeklyMembers.eventTime} is null`,
      desc(weeklyMembers.eventTime),
      asc(sql`coalesce(${weeklyMembers.memberName}, ${weeklyMembers.displayName}, ${weeklyMembers.eosId}) collate nocase`),
    );
  return rows.map(weeklyJson);
}

/** A member as collectors send them: omitted fields keep their stored value (or a default for a new member). */
export type WeeklyMemberInput = {
  eosId: string;
  displayName?: string | null;
  memberName?: string | null;
  status?: string | null;
  isActiveThisWeek?: boolean;
  isTribeMember?: boolean;
  tribe?: string | null;
  platform?: string | null;
  eventType?: "active" | "inactive";
  eventTime?: number | null;
  lastArkLaunch?: string | null;
  steamProfileLink?: string | null;
};

/** Merges an ingested member with what is stored: the row to store. Pure. */
export function mergeWeeklyMember(input: WeeklyMemberInput, stored: Omit<WeeklyRow, "updatedAt"> | undefined) {
  const pick = <K extends keyof WeeklyMemberInput & keyof WeeklyRow>(k: K) =>
    (input[k] !== undefined ? input[k] : (stored?.[k] ?? null)) as WeeklyRow[K] | null;
  const active =
    input.isActiveThisWeek ?? (input.eventType ? input.eventType === "active" : (stored?.isActiveThisWeek ?? false));
  const tribe = pick("tribe");
  return {
    eosId: input.eosId,
    displayName: pick("displayName"),
    memberName: pick("memberName"),
    isActiveThisWeek: active,
    isTribeMember: input.isTribeMember ?? stored?.isTribeMember ?? isTribeMember(input.status, tribe),
    tribe,
    platform: pick("platform"),
    eventType: active ? ("active" as const) : ("inactive" as const),
    eventTime: pick("eventTime"),
    lastArkLaunch: pick("lastArkLaunch"),
    steamProfileLink: pick("steamProfileLink"),
  };
}

const WEEKLY_FIELDS = [
  "eosId",
  "displayName",
  "memberName",
  "isActiveThisWeek",
  "isTribeMember",
  "tribe",
  "platform",
  "eventType",
  "eventTime",
  "lastArkLaunch",
  "steamProfileLink",
] as const;

/** POST /api/ingest/weekly-members: bulk upsert on eosId. */
export async function ingestWeeklyMembers(deps: Deps, members: WeeklyMemberInput[], now = Date.now()) {
  const { db } = deps;
  const ids = JSON.stringify(members.map((m) => m.eosId));
  const stored = new Map(
    (await db.select().from(weeklyMembers).where(sql`${weeklyMembers.eosId} in (select value from json_each(${ids}))`)).map(
      (r) => [r.eosId, r],
    ),
  );
  const rows = members.map((m) => mergeWeeklyMember(m, stored.get(m.eosId)));
  const inserted = rows.filter((r) => !stored.has(r.eosId)).length;
  const result = { received: members.length, inserted, updated: members.length - inserted };
  const data = rows.map((r) => WEEKLY_FIELDS.map((f) => (typeof r[f] === "boolean" ? Number(r[f]) : r[f])));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const upsert = db
    .insert(weeklyMembers)
    .select(jsonSelect(weeklyMembers, WEEKLY_FIELDS, data, { updatedAt: now }))
    .onConflictDoUpdate({
      target: weeklyMembers.eosId,
      set: {
        displayName: excluded("display_name"),
        memberName: excluded("member_name"),
        isActiveThisWeek: excluded("is_active_this_week"),
        isTribeMember: excluded("is_tribe_member"),
        tribe: excluded("tribe"),
        platform: excluded("platform"),
        eventType: excluded("event_type"),
        eventTime: excluded("event_time"),
        lastArkLaunch: excluded("last_ark_launch"),
        steamProfileLink: excluded("steam_profile_link"),
        updatedAt: excluded("updated_at"),
      },
    });
  await commit(
    deps,
    [upsert],
    [{ entity: "weekly_members", entityId: null, action: "ingest", after: result }],
    [{ type: "weeklymembers_update" }],
  );
  return result;
}

/**
 * POST /api/weeklymembers-refresh: every known member with a join or leave on any server in the last 7 days is
 * active, everyone else inactive. eventTime becomes the member's latest join or leave of the last 30 days (the
 * logs' window), or stays as it was when there is none.
 */
export async function refreshWeeklyMembers(deps: Deps, now = Date.now()) {
  const { db } = deps;
  const [members, recent] = await Promise.all([
    db
      .select({ eosId: weeklyMembers.eosId, isActiveThisWeek: weeklyMembers.isActiveThisWeek, eventTime: weeklyMembers.eventTime })
      .from(weeklyMembers),
    db
      .select({ eosId: serverEvents.eosId, latest: max(serverEvents.eventTime) })
      .from(serverEvents)
      .where(and(inArray(serverEvents.serverId, [...SERVER_IDS]), gte(serverEvents.eventTime, now - LOG_WINDOW_DAYS * DAY_MS)))
      .groupBy(serverEvents.eosId),
  ]);
  const latest = new Map(recent.map((r) => [r.eosId, r.latest]));
  let active = 0;
  const changed: [string, number, string, number | null][] = [];
  for (const m of members) {
    const last = latest.get(m.eosId);
    const activity = weeklyActivity(last, now);
    const eventTime = last ?? m.eventTime;
    if (activity.isActiveThisWeek) active++;
    if (activity.isActiveThisWeek !== m.isActiveThisWeek || eventTime !== m.eventTime) {
      changed.push([m.eosId, Number(activity.isActiveThisWeek), activity.eventType, eventTime]);
    }
  }
  const inactive = members.length - active;
  const writes: BatchItem<"sqlite">[] = changed.length
    ? [
        db
          .update(weeklyMembers)
          .set({
            isActiveThisWeek: sql`json_extract(j.value, '$[1]')`,
            eventType: sql`json_extract(j.value, '$[2]')`,
            eventTime: sql`json_extract(j.value, '$[3]')`,
            updatedAt: new Date(now),
          })
          .from(sql`json_each(${JSON.stringify(changed)}) as j`)
          .where(sql`${weeklyMembers.eosId} = json_extract(j.value, '$[0]')`),
      ]
    : [];
  await commit(
    deps,
    writes,
    [{ entity: "weekly_members", entityId: null, action: "refresh", after: { members: members.length, active, inactive, changed: changed.length } }],
    [{ type: "weeklymembers_update" }],
  );
  return { message: `Weekly members refreshed: ${active} active, ${inactive} inactive.`, active, inactive };
}
