// Population history: the player count over a range, from the snapshots.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { serverSnapshots, serverStatus } from "#drizzle/schema";
import type { Db } from "#worker/domain/context";
import { populationSeries } from "#worker/domain/servers-rules";
import {
  MAX_PLAYERS,
  POPULATION_RANGES,
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
