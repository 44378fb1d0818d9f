// A game server's status and roster: GET /api/eoserver-status/{serverId}, the roster's links to our
// tribelists, and what was last stored (which the snapshot job and recordSnapshot read).
import { asc, eq, inArray, sql } from "drizzle-orm";
import { rosters, serverStatus, sources, tribelistEntries } from "#drizzle/schema";
import { collectorOf, freshness, intervalWords, kindOf, SOURCE_KINDS, type SourceId } from "#contract/sources";
import type { Db } from "#worker/domain/context";
import { NO_DATA } from "#worker/domain/servers-rules";
import { MAP_NAMES, MAX_PLAYERS, type ServerId, type ServerStatus, type TribelistMatch } from "#contract/servers";
import { MINUTE_MS } from "#contract/time";

/** What an offline observation says when its source gave no reason. */
export const OFFLINE_DETAILS = "Server is offline or unreachable";

/** Why a roster is unknown: its source (the collector, or the roster host) has been silent past its interval. */
export function silentReason(
  observedAt: number | null,
  intervalMs: number,
  now: number,
  source: SourceId | null = null,
) {
  if (observedAt == null) return NO_DATA;
  const minutes = Math.max(1, Math.floor((now - observedAt) / MINUTE_MS));
  const who = source === "roster-host" ? "the roster host" : "the roster collector";
  return `No report from ${who} for ${minutes} ${minutes === 1 ? "minute" : "minutes"} (expected every ${intervalWords(intervalMs)})`;
}

/** Where a status row's roster came from: the roster host's read, else the server's collector. */
export const rosterSourceOf = (serverId: ServerId, source: string | null | undefined): SourceId =>
  source?.includes("host") ? "roster-host" : collectorOf(serverId);

const playerFields = {
  eosId: rosters.eosId,
  displayName: rosters.displayName,
  name: rosters.name,
  status: rosters.status,
  tribe: rosters.tribe,
  platform: rosters.platform,
};

/** A server's stored roster, in the source's order. */
export const rosterOf = (db: Db, serverId: string) =>
  db.select(playerFields).from(rosters).where(eq(rosters.serverId, serverId)).orderBy(asc(rosters.position));

const nameKey = (v: string | null | undefined) => (v ?? "").trim().toLowerCase();

/**
 * Links a server's stored roster to our tribelists: an entry whose name equals a player's name or display name
 * (trimmed, case-insensitive). An entry on the player's own server wins, then the list's order. The lists are small
 * (hundreds of rows), so this reads the few entries whose names occur in the roster, found in SQL from the roster
 * itself, so it rides in the same batch as the roster.
 */
function tribelistMatchesOfRoster(db: Db, serverId: string) {
  const key = sql<string>`lower(trim(${tribelistEntries.name}))`;
  return db
    .select({ key, server: tribelistEntries.server, name: tribelistEntries.name, rank: tribelistEntries.rank })
    .from(tribelistEntries)
    .where(
      sql`${key} in (select lower(trim(${rosters.name})) from ${rosters} where ${rosters.serverId} = ${serverId}
        union select lower(trim(${rosters.displayName})) from ${rosters} where ${rosters.serverId} = ${serverId})`,
    )
    .orderBy(
      sql`${tribelistEntries.server} <> ${serverId}`,
      sql`${tribelistEntries.order} is null`,
      asc(tribelistEntries.order),
      asc(tribelistEntries.name),
    );
}

/**
 * GET /api/eoserver-status/{serverId}, in one D1 round trip (the status row, the roster and its tribelist links, the
 * roster sources' intervals). An offline server lists nobody (its last roster is kept for the next diff); a server never
 * heard from is offline with "No data received yet".
 *
 * The answer says where its figures came from and when they were observed. A roster whose source has been
 * silent past its expected interval is unknown: nobody is listed, and when that collector alone decides the server's
 * state, the status is "unknown" (neither online nor offline) with the reason.
 */
export async function serverStatusJson(db: Db, serverId: ServerId, now = Date.now()): Promise<ServerStatus> {
  const [[row], roster, links, intervals] = await db.batch([
    db.select().from(serverStatus).where(eq(serverStatus.serverId, serverId)),
    rosterOf(db, serverId),
    tribelistMatchesOfRoster(db, serverId),
    db
      .select({ id: sources.id, intervalMs: sources.intervalMs })
      .from(sources)
      .where(inArray(sources.id, [collectorOf(serverId), "roster-host"])),
  ]);
  if (!row) {
    return {
      serverId,
      status: "offline",
      errorDetails: NO_DATA,
      lastUpdated: null,
      mapName: MAP_NAMES[serverId],
      playerCount: 0,
      maxPlayers: MAX_PLAYERS,
      currentPlayers: [],
      source: null,
      recordedAt: null,
      roster: {
        source: collectorOf(serverId),
        observedAt: null,
        intervalMs: null,
        freshness: "never",
        unknownReason: NO_DATA,
      },
    };
  }
  const rosterSource = rosterSourceOf(serverId, row.source);
  const intervalMs =
    intervals.find((i) => i.id === rosterSource)?.intervalMs ?? SOURCE_KINDS[kindOf(rosterSource)].interval;
  const rosterObservedAt = row.rosterObservedAt ?? row.lastUpdated;
  const rosterFreshness = freshness(rosterObservedAt, intervalMs, now);
  const rosterKnown = rosterFreshness === "fresh";
  // The collector alone decides the server's state: silent, the state is unknown.
  const collectorOnly = row.source === "ingest";
  const status: ServerStatus["status"] = collectorOnly && !rosterKnown ? "unknown" : row.status;
  const matches = new Map<string, TribelistMatch>();
  for (const r of links) if (!matches.has(r.key)) matches.set(r.key, { server: r.server, name: r.name, rank: r.rank });
  const players = row.status === "online" && rosterKnown ? roster : [];
  const currentPlayers = players.map((p) => ({
    ...p,
    tribelistMatch: matches.get(nameKey(p.name)) ?? matches.get(nameKey(p.displayName)) ?? null,
  }));
  const silent = rosterKnown ? null : silentReason(rosterObservedAt, intervalMs, now, rosterSource);
  return {
    serverId,
    status,
    errorDetails: status === "unknown" ? silent : row.errorDetails,
    lastUpdated: row.lastUpdated,
    mapName: row.mapName ?? MAP_NAMES[serverId],
    playerCount: status === "unknown" ? 0 : (row.playerCount ?? currentPlayers.length),
    maxPlayers: row.maxPlayers ?? MAX_PLAYERS,
    currentPlayers,
    // Where the figures came from, and when.
    source: row.source,
    recordedAt: row.recordedAt,
    roster: {
      source: rosterSource,
      observedAt: rosterObservedAt,
      intervalMs,
      freshness: rosterFreshness,
      unknownReason: silent,
    },
  };
}

/** What was last stored about a server: its status row and roster. The snapshot job reads ingested rosters here. */
export async function storedState(db: Db, serverId: ServerId) {
  const [status, roster] = await Promise.all([
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) }),
    rosterOf(db, serverId),
  ]);
  return { status: status ?? null, roster };
}
