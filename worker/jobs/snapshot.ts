// The snapshot job, run by the one-minute cron for every tracked server and by Manual Refresh for one: reads the
// official list once and each roster, records one observation per server (a failing source marks it offline), and
// with collectors as the only source writes only the population point; then prunes old snapshots (ADR 008, ADR 043).
import { externalHost, getConfig, type Config } from "#worker/platform/config";
import { SYSTEM, type Actor, type Deps } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { recordSnapshot, type Observation, type SnapshotResult } from "#worker/domain/servers/snapshots";
import { pruneSnapshots, recordPopulation } from "#worker/domain/servers/population";
import { sourceStates, touchSource } from "#worker/domain/sources";
import { collectorOf } from "#contract/sources";
import { OFFLINE_DETAILS, storedState } from "#worker/domain/servers/status";
import { NO_DATA, retentionCutoff } from "#worker/domain/servers-rules";
import { MAP_NAMES, type ServerId } from "#contract/servers";
import type { Fetcher } from "#worker/sources/fetch-json";
import {
  findOfficialServer,
  officialListSource,
  readOfficialList,
  type OfficialListRead,
} from "#worker/sources/official-list";
import { officialStandin } from "#worker/sources/official-standin";
import { readHostRoster, type HostRosterRead } from "#worker/sources/roster-host";

type StoredState = Awaited<ReturnType<typeof storedState>>;

/** The roster side of one server: from the upstream host, or what ingestion stored. */
export type RosterRead = ({ kind: "host" } & HostRosterRead) | { kind: "ingest"; stored: StoredState };

/**
 * One server's observation from what the sources said. Pure.
 *
 * - The official list, when configured, decides online state, player count, capacity and map. Failing, or without
 *   the server, the server is offline with the reason, and its roster is kept for the next diff.
 * - The roster comes from the host (a failing host also marks the server offline with its reason, since who is
 *   online is then unknown) or from ingestion (the stored roster is the collector's: the observation carries none, so
 *   the roster keeps its own observation time and its joins and leaves are the push's).
 * - Without an official list the roster source decides everything; with ingestion that is the stored status as the
 *   collector left it ("No data received yet" for a server never heard from). The run itself does not observe that
 *   case: it only records the population point (recordPopulation), leaving the status to the collector.
 */
export function observe(serverId: ServerId, official: OfficialListRead | null, roster: RosterRead): Observation {
  const source = [official ? "official-list" : null, roster.kind === "host" ? "host" : "ingest"]
    .filter(Boolean)
    .join("+");
  const offline = (errorDetails: string): Observation => ({ online: false, errorDetails, source });
  if (roster.kind === "host" && !roster.ok) return offline(roster.error);

  if (official) {
    if (!official.ok) return offline(official.error);
    const entry = findOfficialServer(official.servers, serverId, MAP_NAMES[serverId]);
    if (!entry) return offline(`Server ${serverId} is not in the official server list`);
    const players = roster.kind === "host" ? (roster.online && roster.players ? roster.players : undefined) : undefined;
    const known = roster.kind === "host" ? players : roster.stored.roster;
    return {
      online: true,
      playerCount: entry.numPlayers ?? known?.length ?? null,
      maxPlayers: entry.maxPlayers,
      mapName: entry.mapName,
      errorDetails: null,
      source,
      roster: players,
    };
  }

  if (roster.kind === "host") {
    if (!roster.online) {
      return offline(
        roster.errorDetails ?? (roster.players === null ? "The roster host sent no status" : OFFLINE_DETAILS),
      );
    }
    return {
      online: true,
      playerCount: roster.playerCount ?? roster.players?.length ?? 0,
      maxPlayers: roster.maxPlayers,
      errorDetails: roster.errorDetails,
      source,
      roster: roster.players ?? undefined,
    };
  }

  const { status, roster: stored } = roster.stored;
  if (!status) return offline(NO_DATA);
  if (status.status !== "online") return offline(status.errorDetails ?? OFFLINE_DETAILS);
  return {
    online: true,
    // A collector that sent only a count keeps its count.
    playerCount: stored.length || status.playerCount || 0,
    maxPlayers: status.maxPlayers,
    mapName: status.mapName,
    errorDetails: status.errorDetails,
    source,
    roster: stored,
  };
}

export type ServerRunResult = SnapshotResult | { serverId: ServerId; error: string };

export type SnapshotRunOptions = {
  /** When the observation is taken (epoch ms). The cron passes its scheduled minute; Manual Refresh now. */
  at: number;
  servers: readonly ServerId[];
  actor?: Actor;
  /** The audit action: "snapshot" for the cron, "refresh" for Manual Refresh. */
  action?: string;
  /** The snapshots' source label; default: the sources read ("official-list+ingest", ...). */
  source?: string;
  /** Remove snapshots past the retention (the cron does, once a run). */
  prune?: boolean;
  /** Outbound HTTP (the official list at a URL, the roster host). */
  fetcher?: Fetcher;
};

/**
 * The snapshot job: sources read once, one recordSnapshot per server (exclusive, so an overlapping run or refresh
 * that already recorded the server makes this one skip it), then the prune (by a run that recorded something). A database failure for one server does
 * not stop the others; it is reported in the results (and rethrown by the cron handler after the run).
 */
export async function runSnapshots(env: Env, options: SnapshotRunOptions) {
  const config = getConfig(env);
  const deps = domainDeps(env, options.actor ?? SYSTEM);
  const fetcher = options.fetcher ?? ((request: Request) => fetch(request));
  const { at } = options;

  const listSource = officialListSource(config);
  // The stand-in is this Worker's own route, called in-process: a cron run has no request origin to fetch it from.
  const standin: Fetcher = async (request) => officialStandin.fetch(request, env);
  const official = listSource
    ? await readOfficialList(listSource, listSource.kind === "standin" ? standin : fetcher)
    : null;
  if (official)
    await touchSource(deps.db, "official-list", {
      at: Date.now(),
      observedAt: at,
      error: official.ok ? null : official.error,
    });
  const host = externalHost(config);
  // Collectors the only source: each server's expected interval, read once for the run.
  const intervals =
    !official && !host ? new Map((await sourceStates(deps.db, config)).map((s) => [s.id, s.intervalMs])) : null;
  const hostErrors: string[] = [];

  const results: ServerRunResult[] = await Promise.all(
    options.servers.map(async (serverId) => {
      try {
        if (intervals) return await recordPopulation(deps.db, serverId, at, intervals.get(collectorOf(serverId))!);
        const roster = await readRoster(config, deps, serverId, fetcher);
        if (roster.kind === "host" && !roster.ok) hostErrors.push(`${serverId}: ${roster.error}`);
        const observation = { ...observe(serverId, official, roster), observedAt: at };
        if (options.source) observation.source = options.source;
        return await recordSnapshot(deps, serverId, observation, options.action ?? "snapshot", { exclusive: true });
      } catch (error) {
        console.error(`snapshot of ${serverId} failed`, error);
        return { serverId, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );

  // The roster host's contact, once for the run: its errors by server, if any.
  if (host)
    await touchSource(deps.db, "roster-host", {
      at: Date.now(),
      observedAt: at,
      error: hostErrors.length ? hostErrors.join("; ") : null,
    });

  // Only a run that recorded something prunes: of two overlapping runs, one does.
  const recorded = results.some((r) => !("error" in r) && !r.skipped);
  let pruned = 0;
  if (options.prune && recorded)
    pruned = await pruneSnapshots(deps, retentionCutoff(at, config.SNAPSHOT_RETENTION_DAYS));
  return { at, official: official ? (official.ok ? "ok" : official.error) : "not configured", results, pruned };
}

async function readRoster(config: Config, deps: Deps, serverId: ServerId, fetcher: Fetcher): Promise<RosterRead> {
  const host = externalHost(config);
  if (host) {
    const read = await readHostRoster(
      { url: host.url, token: host.token, timeoutMs: host.timeoutMs },
      serverId,
      fetcher,
    );
    return { kind: "host", ...read };
  }
  return { kind: "ingest", stored: await storedState(deps.db, serverId) };
}

/** Manual Refresh (POST /api/eoserver-refresh/{serverId}): the same job for one server, now, as the caller. */
export async function refreshServer(env: Env, serverId: ServerId, actor: Actor, now = Date.now()) {
  const run = await runSnapshots(env, {
    at: now,
    servers: [serverId],
    actor,
    action: "refresh",
    source: "manual-refresh",
  });
  const [result] = run.results;
  if ("error" in result) throw new Error(`Refreshing server ${serverId} failed: ${result.error}`);
  return result;
}
