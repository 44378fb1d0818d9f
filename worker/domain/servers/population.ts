// Population history: the player count over a range, from the snapshots; the cron's population point when collectors
// are the only source, and the pruning of old snapshots.
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { serverSnapshots, serverStatus } from "#drizzle/schema";
import { commit, type Db, type Deps } from "#worker/domain/context";
import { freshness } from "#contract/sources";
import type { SnapshotResult } from "./snapshots";
import { silentReason } from "./status";
import { populationSeries } from "#worker/domain/servers-rules";
import {
  MAX_PLAYERS,
  POPULATION_RANGES,
  SERVER_IDS,
  type PopulationRange,
  type ServerId,
  type ServerPopulation,
} from "#contract/servers";

/**
 * GET /api/eoserver-population/{serverId}?range=24h|7d: the player count over the range from the snapshots, for the
 * population chart. See populationSeries() for the points and the peak.
 */
export async function populationJson(
  db: Db,
  serverId: ServerId,
  range: PopulationRange,
  now = Date.now(),
): Promise<ServerPopulation> {
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
        and(
          eq(serverSnapshots.serverId, serverId),
          gte(serverSnapshots.takenAt, now - spanMs),
          sql`${serverSnapshots.takenAt} <= ${now}`,
        ),
      )
      .orderBy(asc(serverSnapshots.takenAt)),
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId), columns: { maxPlayers: true } }),
  ]);
  const { points, peak } = populationSeries(rows, bucketMs);
  const latestMax = [...rows].reverse().find((r) => r.maxPlayers != null)?.maxPlayers;
  return { serverId, range, points, peak, maxPlayers: latestMax ?? status?.maxPlayers ?? MAX_PLAYERS };
}

/**
 * Removes snapshots taken before `cutoff` (of every server), with one audit row, when there are any. The count reads
 * the (server_id, taken_at) index per known server, so the check costs next to nothing when there is nothing to do.
 */
export async function pruneSnapshots(deps: Deps, cutoff: number) {
  const { db } = deps;
  const old = and(inArray(serverSnapshots.serverId, [...SERVER_IDS]), sql`${serverSnapshots.takenAt} < ${cutoff}`);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)` })
    .from(serverSnapshots)
    .where(old);
  if (n === 0) return 0;
  await commit(
    deps,
    [db.delete(serverSnapshots).where(old)],
    [{ entity: "server_snapshots", entityId: null, action: "prune", after: { pruned: n, takenBefore: cutoff } }],
  );
  return n;
}

/**
 * The cron's snapshot when collectors are the only source: the population point from what the collector
 * last pushed, without touching the stored status (its Last Updated stays the collector's own time). A collector
 * silent past its interval makes the point unknown: neither online nor offline, a gap in the population chart.
 */
export async function recordPopulation(
  db: Db,
  serverId: ServerId,
  at: number,
  intervalMs: number,
): Promise<SnapshotResult> {
  const status = await db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) });
  const observed = status ? (status.rosterObservedAt ?? status.lastUpdated) : null;
  const known = status != null && observed != null && freshness(observed, intervalMs, at) === "fresh";
  const online = known && status.status === "online";
  const playerCount = known ? (online ? (status.playerCount ?? 0) : 0) : null;
  const inserted = await db
    .insert(serverSnapshots)
    .values({
      serverId,
      takenAt: at,
      online,
      playerCount,
      maxPlayers: status?.maxPlayers ?? MAX_PLAYERS,
      errorDetails: known ? status.errorDetails : silentReason(observed, intervalMs, at),
      source: "ingest",
      known,
    })
    .onConflictDoNothing()
    .returning({ id: serverSnapshots.id });
  return {
    serverId,
    status: known ? status.status : null,
    playerCount,
    joins: 0,
    leaves: 0,
    stale: false,
    observedAt: at,
    ...(inserted.length ? {} : { skipped: true as const }),
  };
}
