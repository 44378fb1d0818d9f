// Where the server stats, logs and weekly members come from, and when a source counts as silent. Both the
// host API (which records each source's contact and judges a silent collector's roster unknown) and the pages (which
// show each figure's age in amber or red) apply these rules. Pure: the browser bundle includes this file.
import { DAY_MS, MINUTE_MS } from "./time";
import { SERVER_IDS, type ServerId } from "./servers";

/** The kinds of source, each with its words and how often it is expected to report when nobody configured otherwise. */
export const SOURCE_KINDS = {
  "official-list": {
    label: "Official server list",
    interval: 2 * MINUTE_MS,
    what: "The game's public server list, read every minute by the cron",
  },
  "roster-host": {
    label: "Roster host",
    interval: 2 * MINUTE_MS,
    what: "The upstream host's server status, read every minute by the cron",
  },
  collector: {
    label: "Roster collector",
    interval: 2 * MINUTE_MS,
    what: "The tribe's collector, pushing who is online to /api/ingest",
  },
  "discord-bot": {
    label: "Discord bot",
    interval: DAY_MS,
    what: "The bot, pushing joins, leaves and vouches to /api/ingest",
  },
  "weekly-collector": {
    label: "Weekly members collector",
    interval: 8 * DAY_MS,
    what: "The weekly activity report pushed to /api/ingest",
  },
} as const;
export type SourceKind = keyof typeof SOURCE_KINDS;

/** A source's id: the kind, and for a per-server source the server (`collector:2411`). */
export type SourceId = "official-list" | "roster-host" | "discord-bot" | "weekly-collector" | `collector:${ServerId}`;

export const collectorOf = (serverId: ServerId): SourceId => `collector:${serverId}`;

/** Every source the dashboard knows, in the order the Sources page lists them. */
export const SOURCE_IDS: readonly SourceId[] = [
  "official-list",
  "roster-host",
  ...SERVER_IDS.map(collectorOf),
  "discord-bot",
  "weekly-collector",
];

export const isSourceId = (v: unknown): v is SourceId => (SOURCE_IDS as readonly unknown[]).includes(v);

export function kindOf(id: SourceId): SourceKind {
  return (id.startsWith("collector:") ? "collector" : id) as SourceKind;
}

export function sourceLabel(id: SourceId) {
  const kind = kindOf(id);
  return id.startsWith("collector:")
    ? `${SOURCE_KINDS[kind].label} ${id.slice("collector:".length)}`
    : SOURCE_KINDS[kind].label;
}

/** Past its interval a source is late (amber); past this many intervals, silent (red). */
export const SILENT_AFTER_INTERVALS = 3;

/** The shortest and longest expected interval an admin may set. */
export const MIN_INTERVAL_MS = MINUTE_MS;
export const MAX_INTERVAL_MS = 30 * DAY_MS;
/** The same, in the minutes the Sources page's form asks for. */
export const MAX_INTERVAL_MINUTES = MAX_INTERVAL_MS / MINUTE_MS;

export type Freshness = "fresh" | "late" | "silent" | "never";

/** How fresh a figure is that its source observed at `observedAt`: within the interval, past it, or long past it. */
export function freshness(observedAt: number | null | undefined, intervalMs: number, now: number): Freshness {
  if (observedAt == null) return "never";
  const age = now - observedAt;
  if (age <= intervalMs) return "fresh";
  return age <= intervalMs * SILENT_AFTER_INTERVALS ? "late" : "silent";
}

/** A source's state as the host API answers it (GET /api/sources) and the pages show it. */
export type SourceState = {
  id: SourceId;
  label: string;
  /** The interval an admin set, else the kind's default. */
  intervalMs: number;
  /** When we last heard from it, and the time it said its figures were observed. */
  lastContactAt: number | null;
  lastObservedAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** Whether this deployment uses it (the official list and the roster host only when configured). */
  active: boolean;
};

/** "2 min", "1 h 30 min", "8 days": an interval in words. */
export function intervalWords(ms: number) {
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const days = Math.round(minutes / (24 * 60));
  return `${days} ${days === 1 ? "day" : "days"}`;
}
