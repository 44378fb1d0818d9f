// The server stats area's pure rules both sides apply: tracked servers, maps and capacity, status classes and badges,
// platform names, weekly activity, chart ranges (docs/product/server-stats.md). The browser bundle includes this file,
// so no database or Worker types here.
import { isOneOf } from "./one-of";
import { DAY_MS, MINUTE_MS } from "./time";
import type { Freshness, SourceId } from "./sources";

export const SERVER_IDS = ["2411", "2573", "2446"] as const;
export type ServerId = (typeof SERVER_IDS)[number];
export const isServerId = (v: unknown): v is ServerId => isOneOf(SERVER_IDS, v);

/** Each server's official name, as the game's server list shows it. */
export const SERVER_NAMES: Record<ServerId, string> = {
  "2411": "NA-PVP-TheCenter2411",
  "2573": "NA-PVP-Astraeos2573",
  "2446": "NA-PVP-Aberration2446",
};

/** The map each server runs. */
export const MAP_NAMES: Record<ServerId, string> = {
  "2411": "TheCenter_WP",
  "2573": "Astraeos_WP",
  "2446": "Aberration_WP",
};
/** Capacity is shown as 70 whatever the server reports. */
export const MAX_PLAYERS = 70;

// ---- Status classes ------------------------------------------------------------------------------------------------

/** The tribe's own tag: a player in it is a tribemember whatever their status code. */
export const TRIBE_TAG = "GC";
export const ENEMY_CODES = ["-1", "-2", "-3"] as const;
export const UNKNOWN_CODES = ["unknown", "Unknown"] as const;

/** The classes behind the summary badges and the activity tabs; "other" is a status code shown raw. */
export type StatusClass = "tribemembers" | "friendlys" | "neutral" | "enemies" | "unknowns" | "other";

/** Text as a collector sent it, without surrounding spaces; empty when missing. */
export const trimText = (v: string | null | undefined) => (v ?? "").trim();

/** A tribemember has status '2' or the tribe tag 'GC'. */
export const isTribeMember = (status: string | null | undefined, tribe: string | null | undefined) =>
  trimText(status) === "2" || trimText(tribe) === TRIBE_TAG;

/**
 * '2' (or tribe GC) tribemember, '1' friendly, '0' neutral, '-1' '-2' '-3' enemy,
 * 'unknown', 'Unknown' or empty unknown; any other value belongs to no class ("other", shown raw). The tribemember flag
 * wins over the code (badge priority: tribemember, friendly, neutral, enemy, unknown). Surrounding spaces are ignored.
 */
export function statusClass(status: string | null | undefined, tribe?: string | null): StatusClass {
  if (isTribeMember(status, tribe)) return "tribemembers";
  const s = trimText(status);
  if (s === "1") return "friendlys";
  if (s === "0") return "neutral";
  if ((ENEMY_CODES as readonly string[]).includes(s)) return "enemies";
  if (s === "" || (UNKNOWN_CODES as readonly string[]).includes(s)) return "unknowns";
  return "other";
}

/** Each class's words on the Status badge (a raw code is shown as it came). The host's paged weekly members search
 * matches these words too, so they are written once, here. */
export const STATUS_LABELS: Record<Exclude<StatusClass, "other">, string> = {
  tribemembers: "Tribemember",
  friendlys: "Friendly",
  neutral: "Neutral",
  enemies: "Enemy",
  unknowns: "Unknown",
};

// ---- Platforms -----------------------------------------------------------------------------------------------------

export type PlatformKind = "steam" | "xbl" | "psn" | "epic" | "nintendo" | "other" | "none";
/**
 * The platforms with a colour of their own, by the names collectors send (the API's codes and the shown names), lower
 * case. The screens show the label; the host's weekly members search finds a member by it (and by the stored value).
 */
export const PLATFORMS: Readonly<Record<string, { kind: PlatformKind; label: string }>> = {
  steam: { kind: "steam", label: "Steam" },
  xbl: { kind: "xbl", label: "Xbox" },
  xbox: { kind: "xbl", label: "Xbox" },
  psn: { kind: "psn", label: "PlayStation" },
  playstation: { kind: "psn", label: "PlayStation" },
  epic: { kind: "epic", label: "Epic" },
  nintendo: { kind: "nintendo", label: "Nintendo" },
};

/**
 * Steam, xbl (Xbox) and psn (PlayStation) with icons; others capitalised; empty shows '-'. The weekly
 * members' platforms (Steam, Epic, Xbox, PlayStation, Nintendo) each get a kind, so each gets its colour.
 */
export function platformOf(value: string | null | undefined): { kind: PlatformKind; label: string } {
  const v = trimText(value);
  if (!v) return { kind: "none", label: "-" };
  return PLATFORMS[v.toLowerCase()] ?? { kind: "other", label: v.charAt(0).toUpperCase() + v.slice(1) };
}

// ---- Weekly members ------------------------------------------------------------------------------------------------

/**
 * A weekly member's eventType, active this week or not. The API stores and accepts these; the
 * Weekly Members page has a tab for each.
 */
export const WEEKLY_ACTIVITY = ["active", "inactive"] as const;
export type WeeklyActivity = (typeof WEEKLY_ACTIVITY)[number];
/** The Event Type badge's words (the page's tabs), which the host's search matches too. */
export const WEEKLY_ACTIVITY_LABELS: Record<WeeklyActivity, string> = { active: "Active", inactive: "Inactive" };

// ---- Population chart ----------------------------------------------------------------------------------------------

/** The chart's ranges: the span each shows and the bucket one point stands for. */
export const POPULATION_RANGES = {
  /** Every snapshot, one point a minute at most. */
  "24h": { spanMs: DAY_MS, bucketMs: MINUTE_MS },
  /** 35-minute buckets: 288 points for the week. */
  "7d": { spanMs: 7 * DAY_MS, bucketMs: 35 * MINUTE_MS },
} as const;
export type PopulationRange = keyof typeof POPULATION_RANGES;

/** One point of the chart: a time and the players online then, null when the server was offline. */
export type PopulationPoint = { t: number; players: number | null };

// ---- What the host answers (docs/api/servers.md) ---------------------------------------------------------------------

/** A player on a server's roster, in the source's words. */
export type RosterPlayer = {
  eosId: string;
  displayName: string | null;
  name: string | null;
  status: string | null;
  tribe: string | null;
  platform: string | null;
};

/** The tribelist entry whose name is a player's name or display name. */
export type TribelistMatch = { server: string; name: string; rank: string | null };

/** A player online now (GET /api/eoserver-status/{serverId}'s currentPlayers). */
export type CurrentPlayer = RosterPlayer & { tribelistMatch: TribelistMatch | null };

/** GET /api/eoserver-status/{serverId}: a server's state and roster, and where and when they were observed. */
export type ServerStatus = {
  serverId: ServerId;
  /** "unknown" when the collector that alone decides the server's state has been silent past its interval. */
  status: "online" | "offline" | "unknown";
  errorDetails: string | null;
  lastUpdated: number | null;
  mapName: string;
  playerCount: number;
  maxPlayers: number;
  currentPlayers: CurrentPlayer[];
  source: string | null;
  recordedAt: number | null;
  roster: {
    source: SourceId;
    observedAt: number | null;
    intervalMs: number | null;
    freshness: Freshness;
    unknownReason: string | null;
  };
};

/** What the event log's lists show of a join or leave (times are epoch ms). */
export type ServerEventEntry = {
  id: number;
  eosId: string;
  displayName: string | null;
  memberName: string | null;
  status: string | null;
  tribe: string | null;
  platform: string | null;
  lastArkLaunch: string | null;
  isTribeMember: boolean;
  steamProfileLink: string | null;
};
/** GET /api/joinlog/{serverId}. */
export type ServerJoin = ServerEventEntry & { joinTime: number };
/** GET /api/leavelog/{serverId}. */
export type ServerLeave = ServerEventEntry & { leaveTime: number };
/** GET /api/{tribemembers|unknowns|enemies|friendlys}/{serverId}: the joins and leaves of one status class. */
export type ServerActivity = ServerEventEntry & { eventType: "join" | "leave"; eventTime: number };

/** GET /api/eoserver-population/{serverId}?range=: the population chart's points, peak and capacity. */
export type ServerPopulation = {
  serverId: ServerId;
  range: PopulationRange;
  points: PopulationPoint[];
  /** The highest point (the latest on a tie); null when the server was never online in the range. */
  peak: PopulationPoint | null;
  maxPlayers: number;
};

/** A member of GET /api/weeklymembers (and its paged search). */
export type WeeklyMember = {
  eosId: string;
  displayName: string | null;
  memberName: string | null;
  isActiveThisWeek: boolean;
  isTribeMember: boolean;
  tribe: string | null;
  platform: string | null;
  eventType: WeeklyActivity;
  eventTime: number | null;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
};
