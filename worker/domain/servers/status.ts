// A game server's status and roster (spec part 2): GET /api/eoserver-status/{serverId}, the roster's links to our
// tribelists, and what was last stored (which the snapshot job and recordSnapshot read).
import { asc, eq, sql } from "drizzle-orm";
import { rosters, serverStatus, tribelistEntries } from "../../../drizzle/schema";
import type { Db } from "../context";
import { NO_DATA, type RosterPlayer } from "../servers-rules";
import { MAP_NAMES, MAX_PLAYERS, type ServerId } from "../../../contract/servers";

/** What an offline observation says when its source gave no reason. */
export const OFFLINE_DETAILS = "Server is offline or unreachable";

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

export type TribelistMatch = { server: string; name: string; rank: string | null };

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
 * GET /api/eoserver-status/{serverId}, in one D1 round trip (the status row, the roster and its tribelist links). An
 * offline server lists nobody (its last roster is kept for the next diff); a server never heard from is offline with
 * "No data received yet".
 */
export async function serverStatusJson(db: Db, serverId: ServerId) {
  const [[row], roster, links] = await db.batch([
    db.select().from(serverStatus).where(eq(serverStatus.serverId, serverId)),
    rosterOf(db, serverId),
    tribelistMatchesOfRoster(db, serverId),
  ]);
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
  const matches = new Map<string, TribelistMatch>();
  for (const r of links) if (!matches.has(r.key)) matches.set(r.key, { server: r.server, name: r.name, rank: r.rank });
  const players = row.status === "online" ? roster : [];
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

/** What was last stored about a server: its status row and roster. The snapshot job reads ingested rosters here. */
export async function storedState(db: Db, serverId: ServerId) {
  const [status, roster] = await Promise.all([
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) }),
    rosterOf(db, serverId),
  ]);
  return { status: status ?? null, roster };
}
