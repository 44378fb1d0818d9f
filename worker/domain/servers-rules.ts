// The host API's own pure rules of the server stats area: roster diffs, live events, weekly activity, snapshots,
// enemy alerts and population series (shared ones are in contract/servers.ts). No database, so all are unit-tested.
import { statusClass, trimText, type PopulationPoint, type RosterPlayer } from "#contract/servers";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#contract/time";
import { SILENT_AFTER_INTERVALS, SOURCE_KINDS } from "#contract/sources";

/** The lists (join, leave and activity) show at most this many rows of at most this many days, newest first. */
export const LOG_WINDOW_DAYS = 30;
export const LOG_LIMIT = 2000;
/** Weekly members: a join or leave within this many days makes a member active. */
export const WEEK_MS = 7 * DAY_MS;

export const NO_DATA = "No data received yet";

/**
 * A roster this long after the one before it follows a silence (a collector's silent point, contract/sources.ts): the
 * players it no longer lists left at some time in between, not at its own time.
 */
export const SESSION_SILENT_MS = SILENT_AFTER_INTERVALS * SOURCE_KINDS.collector.interval;

/** The classes with an activity endpoint and a live event of their own. */
export const ACTIVITY_CLASSES = ["tribemembers", "unknowns", "enemies", "friendlys"] as const;
export type ActivityClass = (typeof ACTIVITY_CLASSES)[number];

/**
 * Who joined and who left between two rosters, matched on EOS id. Joins keep the new roster's order, leaves the old
 * one's. A player who stays is neither, even if their name or status changed.
 */
export function diffRosters<P extends { eosId: string }, Q extends { eosId: string }>(previous: P[], next: Q[]) {
  const before = new Set(previous.map((p) => p.eosId));
  const after = new Set(next.map((p) => p.eosId));
  return {
    joined: next.filter((p) => !before.has(p.eosId)),
    left: previous.filter((p) => !after.has(p.eosId)),
  };
}

type EventLike = { eventType: "join" | "leave"; status: string | null; tribe: string | null };
export type ServerEventType =
  | "joinlog_update"
  | "leavelog_update"
  | "tribemembers_update"
  | "unknowns_update"
  | "enemies_update"
  | "friendlys_update";

/** The live events new join and leave rows call for: the logs they land in, and the activity tabs of their classes. */
export function eventsFor(rows: EventLike[]): ServerEventType[] {
  const out = new Set<ServerEventType>();
  if (rows.some((r) => r.eventType === "join")) out.add("joinlog_update");
  if (rows.some((r) => r.eventType === "leave")) out.add("leavelog_update");
  for (const cls of ACTIVITY_CLASSES) {
    if (rows.some((r) => statusClass(r.status, r.tribe) === cls)) out.add(`${cls}_update`);
  }
  return [...out];
}

/** Weekly activity of one member from the time of their latest join or leave (undefined when they have none). */
export function weeklyActivity(latestEvent: number | null | undefined, now: number) {
  const active = latestEvent != null && latestEvent >= now - WEEK_MS;
  return { isActiveThisWeek: active, eventType: active ? ("active" as const) : ("inactive" as const) };
}

/** Epoch ms from what collectors send: epoch ms, or an ISO 8601 date-time. Null when it is neither. */
export function parseTime(v: number | string): number | null {
  if (typeof v === "number") return Number.isInteger(v) && v >= 0 ? v : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

// ---------------------------------------------------------------------------------------------------------------
// Snapshots (the one-minute cron), enemy alerts, population history

/** The start of the minute: the cron's snapshots are keyed (serverId, minute), so overlapping runs write one. */
export const floorToMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/**
 * Snapshots taken before this are pruned. The cutoff moves by whole hours, so a run prunes (and audits) once an hour
 * rather than a few rows every minute.
 */
export const retentionCutoff = (now: number, days: number) => Math.floor((now - days * DAY_MS) / HOUR_MS) * HOUR_MS;

/** Same players, in the same order, with the same fields: storing it again would change nothing. */
export function sameRoster(a: RosterPlayer[], b: RosterPlayer[]) {
  const keys = ["eosId", "displayName", "name", "status", "tribe", "platform"] as const;
  return a.length === b.length && a.every((p, i) => keys.every((k) => (p[k] ?? null) === (b[i][k] ?? null)));
}

/** An enemy by status code ('-1', '-2', '-3') who is not in the tribe (the tribe tag wins over the code). */
export const isEnemy = (status: string | null | undefined, tribe: string | null | undefined) =>
  statusClass(status, tribe) === "enemies";

/** "Enemy Spino (RAID) came online on 2411": the warning every signed-in browser shows. */
export function enemyOnlineMessage(
  player: { eosId: string; displayName: string | null; name: string | null; tribe: string | null },
  serverId: string,
) {
  const who = trimText(player.displayName) || trimText(player.name) || player.eosId;
  const tribe = trimText(player.tribe);
  return `Enemy ${who}${tribe ? ` (${tribe})` : ""} came online on ${serverId}`;
}

/**
 * The population chart's points from snapshots in time order: one per bucket (buckets aligned to the epoch, so the
 * points do not shift between requests) holding the bucket's highest count at the time it was seen; null when the
 * server was offline for the whole bucket. A bucket without snapshots has no point. The peak is the highest point,
 * the latest one on a tie; null when the server was never online.
 */
export function populationSeries(
  rows: { takenAt: number; online: boolean; playerCount: number | null }[],
  bucketMs: number,
) {
  const buckets = new Map<number, PopulationPoint>();
  for (const r of rows) {
    const key = Math.floor(r.takenAt / bucketMs);
    const players = r.online ? (r.playerCount ?? 0) : null;
    const seen = buckets.get(key);
    if (!seen || (players !== null && (seen.players === null || players >= seen.players)))
      buckets.set(key, { t: r.takenAt, players });
  }
  const points = [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  let peak: PopulationPoint | null = null;
  for (const p of points) if (p.players !== null && (peak === null || p.players >= (peak.players ?? 0))) peak = p;
  return { points, peak };
}
