// The server stats screens' constants and rules ("Server stats screens"),
// shared by the loader, the page and the browser. Pure: no I/O, so every rule here is unit-tested. The servers, status
// classes (and their badge words), platform names and chart ranges the host API applies too live in contract/servers.ts.
import {
  isServerId,
  MAP_NAMES,
  platformOf,
  POPULATION_RANGES,
  SERVER_NAMES,
  STATUS_LABELS,
  statusClass,
  trimText,
  type PlatformKind,
  type PopulationPoint,
  type PopulationRange,
  type ServerId,
  type StatusClass,
} from "#contract/servers";
import { formatDateTime } from "#app/utils/dates";
import type { TabMemory } from "#app/utils/remembered-tab";

export type ServerInfo = {
  id: ServerId;
  /** The page title: "2411 Server Stats". */
  title: string;
  /** The short name shown on cards: "TheCenter". */
  shortName: string;
  /** The official name: "NA-PVP-TheCenter2411". */
  fullName: string;
  mapName: string;
};

export const SERVERS: Record<ServerId, ServerInfo> = {
  "2411": {
    id: "2411",
    title: "2411 Server Stats",
    shortName: "TheCenter",
    fullName: SERVER_NAMES["2411"],
    mapName: MAP_NAMES["2411"],
  },
  "2573": {
    id: "2573",
    title: "2573 Server Stats",
    shortName: "Astraeos",
    fullName: SERVER_NAMES["2573"],
    mapName: MAP_NAMES["2573"],
  },
  "2446": {
    id: "2446",
    title: "2446 Server Stats",
    shortName: "Aberration",
    fullName: SERVER_NAMES["2446"],
    mapName: MAP_NAMES["2446"],
  },
};

export const pagePath = (id: ServerId) => `/dashboard/server-stats-${id}`;
export const GENERIC_PATH = "/dashboard/server-stats";
/** The server of a stats page's path (/dashboard/server-stats-2573: 2573); null for any other path. */
export function serverOfPath(pathname: string): ServerId | null {
  const id = /^\/dashboard\/server-stats-(\d+)\/?$/.exec(pathname)?.[1];
  return isServerId(id) ? id : null;
}

// ---- Tabs ----------------------------------------------------------------------------------------------------------

export const TABS = ["playerlist", "joinlog", "leavelog", "tribemembers", "unknowns", "enemys", "friendlys"] as const;
export type Tab = (typeof TABS)[number];
export const DEFAULT_TAB: Tab = "playerlist";
export const TAB_LABELS: Record<Tab, string> = {
  playerlist: "Playerlist",
  joinlog: "Joinlog",
  leavelog: "Leavelog",
  tribemembers: "Tribemembers",
  unknowns: "Unknowns",
  enemys: "Enemies",
  friendlys: "Friendlys",
};
export const isTab = (v: unknown): v is Tab => typeof v === "string" && (TABS as readonly string[]).includes(v);
/** A stored tab is used only when it is one of the seven keys, else playerlist. */
export const tabFrom = (v: unknown): Tab => (isTab(v) ? v : DEFAULT_TAB);
/** The local storage key of the active tab (2446: server_stats_2446_active_tab). */
export const tabStorageKey = (id: ServerId) => `server_stats_${id}_active_tab`;
/** Where a server's page remembers its tab: local storage and a cookie of the same name, so the server renders it. */
export const tabMemory = (id: ServerId): TabMemory<Tab> => ({
  storageKey: tabStorageKey(id),
  cookie: tabStorageKey(id),
  path: pagePath(id),
  isTab,
  fallback: DEFAULT_TAB,
  // A filter or page of another tab does not carry over.
  reset: ["filter", "page"],
});
/** The last-updated time is kept locally per server too. */
export const lastUpdatedStorageKey = (id: ServerId) => `server_stats_${id}_last_updated`;

export type ActivityTab = "tribemembers" | "unknowns" | "enemys" | "friendlys";
export const ACTIVITY_TABS: readonly ActivityTab[] = ["tribemembers", "unknowns", "enemys", "friendlys"];
export const isActivityTab = (t: Tab): t is ActivityTab => (ACTIVITY_TABS as readonly string[]).includes(t);

/** The data behind a tab: its API path, the {x} of its texts, and the live event that reloads it. */
export const TAB_SOURCES: Record<Tab, { path: (id: ServerId) => string; noun: string; event: string }> = {
  playerlist: { path: (id) => `/api/eoserver-status/${id}`, noun: "player", event: "eoserver_status_update" },
  joinlog: { path: (id) => `/api/joinlog/${id}`, noun: "joinlog", event: "joinlog_update" },
  leavelog: { path: (id) => `/api/leavelog/${id}`, noun: "leavelog", event: "leavelog_update" },
  tribemembers: { path: (id) => `/api/tribemembers/${id}`, noun: "tribemembers", event: "tribemembers_update" },
  unknowns: { path: (id) => `/api/unknowns/${id}`, noun: "unknowns", event: "unknowns_update" },
  enemys: { path: (id) => `/api/enemies/${id}`, noun: "enemies", event: "enemies_update" },
  friendlys: { path: (id) => `/api/friendlys/${id}`, noun: "friendlys", event: "friendlys_update" },
};

// ---- Status classes ------------------------------------------------------------------------------------------------

/** The five summary classes (statusClass() in contract/servers.ts); "other" is a raw code that belongs to none. */
export type StatusFilter = Exclude<StatusClass, "other">;
export const STATUS_FILTERS: readonly StatusFilter[] = ["tribemembers", "friendlys", "neutral", "enemies", "unknowns"];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  tribemembers: "Tribemembers",
  friendlys: "Friendlys",
  neutral: "Neutral",
  enemies: "Enemies",
  unknowns: "Unknown",
};

export type Tone = "green" | "blue" | "grey" | "red" | "yellow";

const STATUS_TONES: Record<keyof typeof STATUS_LABELS, Tone> = {
  tribemembers: "green",
  friendlys: "blue",
  neutral: "grey",
  enemies: "red",
  unknowns: "yellow",
};

/** The status column's badge: its words (contract/servers.ts STATUS_LABELS) and colour. A raw code is shown as it came. */
export function statusBadge(status: string | null | undefined, tribe?: string | null): { label: string; tone: Tone } {
  const c = statusClass(status, tribe);
  return c === "other" ? { label: trimText(status), tone: "grey" } : { label: STATUS_LABELS[c], tone: STATUS_TONES[c] };
}

/** The summary counts of a list: one per class (raw codes count in none). */
export function countByStatus<T extends { status?: string | null; tribe?: string | null }>(rows: T[]) {
  const counts: Record<StatusFilter, number> = { tribemembers: 0, friendlys: 0, neutral: 0, enemies: 0, unknowns: 0 };
  for (const r of rows) {
    const c = statusClass(r.status, r.tribe);
    if (c !== "other") counts[c]++;
  }
  return counts;
}

// ---- Filters -------------------------------------------------------------------------------------------------------

/** The player, join and leave tabs filter by status class; the activity tabs by joins or leaves. */
export const EVENT_FILTERS = ["joins", "leaves"] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export type Filter = StatusFilter | EventFilter;
export const EVENT_FILTER_LABELS: Record<EventFilter, string> = { joins: "Joins", leaves: "Leaves" };

/** The filter of the URL when it is one this tab offers, else none. */
export function filterFor(tab: Tab, value: unknown): Filter | null {
  if (typeof value !== "string") return null;
  const allowed: readonly string[] = isActivityTab(tab) ? EVENT_FILTERS : STATUS_FILTERS;
  return allowed.includes(value) ? (value as Filter) : null;
}

export function inFilter(
  row: { status?: string | null; tribe?: string | null; eventType?: string | null },
  filter: Filter | null,
) {
  if (!filter) return true;
  if (filter === "joins") return row.eventType === "join";
  if (filter === "leaves") return row.eventType === "leave";
  return statusClass(row.status, row.tribe) === filter;
}

/**
 * The Event Type badge of the activity tabs. Enemies: join red, leave green; unknowns join yellow;
 * friendlys join blue; tribemembers join green; every other leave is grey.
 */
export function eventTone(tab: ActivityTab, eventType: "join" | "leave"): Tone {
  if (tab === "enemys") return eventType === "join" ? "red" : "green";
  if (eventType === "leave") return "grey";
  return tab === "unknowns" ? "yellow" : tab === "friendlys" ? "blue" : "green";
}

// ---- Platforms -----------------------------------------------------------------------------------------------------

// The platforms' shown names live in contract/servers.ts: the host's weekly members search matches them too.
export { platformOf, type PlatformKind };

// ---- Texts ----------------------------------------------------------------------------------------

export const TEXTS = {
  refresh: "Manual Refresh",
  refreshing: "Refreshing...",
  refreshed: "Manual refresh triggered! Server data will be updated shortly.",
  refreshFailed: (message: string) => `Failed to trigger manual refresh: ${message}`,
  loadError: (noun: string) => `Error loading ${noun} data`,
  fetchFailed: (noun: string) => `Failed to fetch ${noun} data`,
  offlineTitle: "Server Offline",
  offlineText: "Server is currently offline or unreachable",
  noPlayers: "No players found",
  noPlayersText: (id: ServerId) => `No active players on server ${id}`,
  noFilteredPlayers: (filter: string) => `No ${filter} players found`,
  noData: (noun: string) => `No ${noun} data found`,
  noMatch: "No entries match the current filter",
  noMatchText: "Try adjusting your filter criteria",
  // 2573's own wording of the log tabs' empty states.
  noEntries2573: (noun: string) => `No ${noun} entries found`,
  noFilteredEntries2573: (filter: string) => `No ${filter} entries found`,
  noRecentLeaves2573: "No recent leave activity on server 2573",
  noPopulation: "No population data yet.",
} as const;

// ---- Population chart ----------------------------------------------------------------------------------------------

export type Range = PopulationRange;
export const RANGES: readonly Range[] = ["24h", "7d"];
export const rangeFrom = (v: unknown): Range => (v === "7d" ? "7d" : "24h");
export const RANGE_LABELS: Record<Range, string> = { "24h": "Last 24 hours", "7d": "Last 7 days" };
/** The span each range shows, as the host API cuts it. */
export const RANGE_MS: Record<Range, number> = {
  "24h": POPULATION_RANGES["24h"].spanMs,
  "7d": POPULATION_RANGES["7d"].spanMs,
};
export type Population = {
  range: Range;
  points: PopulationPoint[];
  peak: { t: number; players: number } | null;
  maxPlayers: number;
};

/** The peak of a series (the latest when tied), for when the host's answer lacks one. */
export function peakOf(points: PopulationPoint[]): { t: number; players: number } | null {
  let best: { t: number; players: number } | null = null;
  for (const p of points) {
    if (p.players === null || !Number.isFinite(p.players)) continue;
    if (!best || p.players >= best.players) best = { t: p.t, players: p.players };
  }
  return best;
}

// ---- Time formatting (the formats themselves are app/utils/dates.ts) ----------------------------------------------

/** Last Ark Launch is free text (ISO 8601 by convention): a date-time is formatted, anything else shown as given. */
export function formatLaunch(value: string | null | undefined, timeZone: string) {
  const v = trimText(value);
  if (!v) return null;
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return v;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? formatDateTime(ms, timeZone) : v;
}

// ---- What the loader gives the page --------------------------------------------------------------------------------

/** One row of any of the seven tables, ready for the HTML table and the canvas grid. */
export type StatsRow = {
  key: string;
  id: number | string;
  eosId: string;
  displayName: string | null;
  name: string | null;
  status: string;
  statusLabel: string;
  statusTone: Tone;
  tribe: string | null;
  platform: PlatformKind;
  platformLabel: string;
  /** Join Time, Leave Time or Event Time, formatted in the viewer's time zone. */
  time: string | null;
  eventType: "join" | "leave" | null;
  eventTone: Tone | null;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
  /** The tribelist entry this roster row matches, when the host links one. */
  tribelist: string | null;
  /** The player's profile and the tribe's page, worked out with the row (host-rows.server.ts). */
  profileHref: string | null;
  tribeHref: string | null;
};

export type ServerState = {
  online: boolean;
  /** Neither online nor offline: the collector that alone decides it has been silent past its interval. */
  unknown: boolean;
  errorDetails: string | null;
  lastUpdated: number | null;
  mapName: string;
  playerCount: number;
  maxPlayers: number;
  /** Where the roster came from, when its source observed it, and how often it is expected (our host says). */
  roster: { label: string; observedAt: number | null; intervalMs: number; unknownReason: string | null } | null;
};

export type EmptyState = { title: string; text?: string; detail?: string | null };
export type LoadError = { title: string; message: string; detail: string | null };
export type Card = { title: string; label: string; recent: number | null; total: number; lastUpdated: number | null };
