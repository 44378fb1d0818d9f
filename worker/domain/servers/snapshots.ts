// Snapshots: recording one observation of a server (its status, roster, the joins and
// leaves the roster's change implies, and the snapshot row behind the population history).
// Collectors' roster ingestion and the snapshot job (worker/jobs/snapshot.ts) call recordSnapshot.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { LiveEvent } from "#contract/events";
import { rosters, serverSnapshots, serverStatus } from "#drizzle/schema";
import type { Db, Deps } from "#worker/domain/context";
import { abortUnless, commit } from "#worker/domain/context";
import {
  SESSION_SILENT_MS,
  diffRosters,
  enemyOnlineMessage,
  eventsFor,
  isEnemy,
  sameRoster,
} from "#worker/domain/servers-rules";
import { MAP_NAMES, MAX_PLAYERS, SERVER_NAMES, type RosterPlayer, type ServerId } from "#contract/servers";
import { queueAlerts, type Alert } from "#worker/domain/alerts";
import { insertEvents, latestDetails, rosterEvent, serverEvent, type NewServerEvent } from "./events";
import { chunk } from "../d1-chunks";
import { closeSessions, openSessions, seePlayers } from "../players/sessions";
import { tellWatchers } from "../players/watches";
import { OFFLINE_DETAILS, rosterOf } from "./status";

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

/**
 * Records one observation of a server, atomically: upserts server_status, replaces the roster when one is given (and
 * differs from the stored one), derives join and leave events from the difference with the previous roster
 * (idempotent on the natural key), inserts a server_snapshots row, writes one audit row, then publishes
 * eoserver_status_update, joinlog_update / leavelog_update, the activity events of the classes that changed, and one
 * enemy_online per enemy who joined, each with the serverId.
 *
 * An observation older than the stored one of its kind only adds its snapshot: it must not roll the roster back or
 * invent joins and leaves. A roster is compared with the stored roster's own observation time, so a
 * collector's push observed just before the cron's minute still counts; the status it carries then yields to the newer
 * one already stored.
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
  const skipped: SnapshotResult = {
    serverId,
    status: null,
    playerCount: null,
    joins: 0,
    leaves: 0,
    stale: false,
    skipped: true,
    observedAt: at,
  };
  if (options.exclusive && (await snapshotExists(db, serverId, at))) return skipped;
  const [previous, previousRoster] = await Promise.all([
    db.query.serverStatus.findFirst({ where: eq(serverStatus.serverId, serverId) }),
    rosterOf(db, serverId),
  ]);
  const hasRoster = observation.roster != null;
  const stale =
    previous != null && at < (hasRoster ? (previous.rosterObservedAt ?? previous.lastUpdated) : previous.lastUpdated);
  // A roster newer than the stored one, observed before the stored status (the cron's look at the official list).
  const behind = !stale && previous != null && at < previous.lastUpdated;
  const online = behind ? previous.status === "online" : observation.online;
  const roster = stale ? null : (observation.roster ?? null);
  const playerCount = behind
    ? (previous.playerCount ?? 0)
    : online
      ? (observation.playerCount ?? roster?.length ?? previous?.playerCount ?? 0)
      : 0;
  const maxPlayers = (behind ? previous.maxPlayers : observation.maxPlayers) ?? previous?.maxPlayers ?? MAX_PLAYERS;
  const errorDetails = behind
    ? previous.errorDetails
    : online
      ? (observation.errorDetails ?? null)
      : (observation.errorDetails ?? OFFLINE_DETAILS);

  const snapshot = db
    .insert(serverSnapshots)
    .values({ serverId, takenAt: at, online, playerCount, maxPlayers, errorDetails, source: observation.source })
    .onConflictDoNothing();

  const before = previous
    ? {
        status: previous.status,
        playerCount: previous.playerCount,
        rosterSize: previousRoster.length,
        lastUpdated: previous.lastUpdated,
      }
    : null;

  if (stale) {
    await commit(
      deps,
      [snapshot],
      [
        {
          entity: "server_snapshot",
          entityId: serverId,
          action: `${action}-late`,
          before,
          after: { online, playerCount, observedAt: at, source: observation.source },
        },
      ],
    );
    return {
      serverId,
      status: previous.status,
      playerCount: previous.playerCount ?? 0,
      joins: 0,
      leaves: 0,
      stale: true,
      observedAt: at,
    };
  }

  const status = online ? ("online" as const) : ("offline" as const);
  const mapName = observation.mapName || previous?.mapName || MAP_NAMES[serverId];
  const statusRow = {
    status,
    errorDetails,
    lastUpdated: behind ? previous.lastUpdated : at,
    mapName,
    playerCount,
    maxPlayers,
    source: behind ? previous.source : observation.source,
    rosterObservedAt: roster ? at : (previous?.rosterObservedAt ?? null),
    recordedAt: Date.now(),
  };
  const writes: BatchItem<"sqlite">[] = [];
  if (options.exclusive) writes.push(unchangedSince(db, serverId, previous?.lastUpdated ?? null, at));
  writes.push(
    db
      .insert(serverStatus)
      .values({ serverId, ...statusRow })
      .onConflictDoUpdate({ target: serverStatus.serverId, set: statusRow }),
  );

  let newEvents: NewServerEvent[] = [];
  let joined: NewServerEvent[] = [];
  if (roster) {
    const diff = diffRosters(previousRoster, roster);
    const left = diff.left;
    const details = await latestDetails(
      db,
      serverId,
      left.map((p) => p.eosId),
    );
    joined = diff.joined.map((p) => rosterEvent("join", p, at, p));
    newEvents = [...joined, ...left.map((p) => rosterEvent("leave", p, at, details.get(p.eosId)))];
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
    if (newEvents.length) {
      // A roster back after its source was silent: those gone left somewhere in the silence.
      const last = previous?.rosterObservedAt ?? null;
      const silentSince = last !== null && at - last > SESSION_SILENT_MS ? last : null;
      writes.push(
        insertEvents(db, serverId, newEvents),
        ...closeSessions(db, serverId, left, at, silentSince),
        ...openSessions(db, serverId, joined, at),
        ...seePlayers(db, newEvents),
      );
    }
  }
  writes.push(snapshot);

  const joins = newEvents.filter((e) => e.eventType === "join").length;
  const leaves = newEvents.length - joins;
  const enemyAlerts: LiveEvent[] = newEvents
    .filter((e) => e.eventType === "join" && isEnemy(e.status, e.tribe))
    .map((e) => ({
      type: "enemy_online",
      serverId,
      message: enemyOnlineMessage(
        { eosId: e.eosId, displayName: e.displayName, name: e.memberName, tribe: e.tribe },
        serverId,
      ),
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
      [
        serverEvent(serverId, "eoserver_status_update"),
        ...eventsFor(newEvents).map((t) => serverEvent(serverId, t)),
        ...enemyAlerts,
      ],
    );
  } catch (error) {
    // The guard aborted the batch: someone else recorded this server since we read it. Nothing was written.
    if (options.exclusive && (await changedSince(db, serverId, previous?.lastUpdated ?? null, at))) return skipped;
    throw error;
  }
  // Discord alerts: one message for the enemies this look found arriving, and one when the server went down.
  const enemies = newEvents.filter((e) => e.eventType === "join" && isEnemy(e.status, e.tribe));
  const alerts: Alert[] = [];
  if (enemies.length) {
    const names = enemies.map((e) => `${e.memberName || e.displayName || e.eosId}${e.tribe ? ` [${e.tribe}]` : ""}`);
    alerts.push({
      kind: "enemy-online",
      key: `enemy:${serverId}:${at}`,
      content: `🚨 Enemy online on ${serverId} (${SERVER_NAMES[serverId]}): ${names.join(", ")}`,
    });
  }
  if (previous?.status === "online" && status === "offline") {
    alerts.push({
      kind: "server-offline",
      key: `offline:${serverId}:${at}`,
      content: `🔴 ${serverId} (${SERVER_NAMES[serverId]}) went offline: ${errorDetails ?? OFFLINE_DETAILS}`,
    });
  }
  await queueAlerts(deps, alerts, at);
  await tellWatchers(deps, serverId, joined, at);
  return { serverId, status, playerCount, joins, leaves, stale: false, observedAt: at };
}

const snapshotExists = async (db: Db, serverId: string, takenAt: number) =>
  (
    await db
      .select({ id: serverSnapshots.id })
      .from(serverSnapshots)
      .where(and(eq(serverSnapshots.serverId, serverId), eq(serverSnapshots.takenAt, takenAt)))
      .limit(1)
  ).length > 0;

async function changedSince(db: Db, serverId: string, lastUpdated: number | null, takenAt: number) {
  const row = await db.query.serverStatus.findFirst({
    where: eq(serverStatus.serverId, serverId),
    columns: { lastUpdated: true },
  });
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
