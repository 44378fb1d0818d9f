// The breeder area's pure rules for the host API and the pages: tabs, the breeder list's columns in the sheet's order
// with kinds and groups, side-table statuses, sheet dates and "days since", stat colours (docs/product/breeder.md).
// Imports nothing, so the browser bundle can include it.
import { isOneOf } from "./one-of";
import { SERVER_IDS } from "./servers";
import { DAY_MS } from "./time";

export const BREEDER_PATH = "/dashboard/breeder-stats";

/** The five tabs, in the page's order; the active one is remembered locally (default breeder-list). */
export const BREEDER_TABS = [
  "breeder-list",
  "ffa-raising",
  "codes-given-to",
  "claim-sessions",
  "breeder-statistics",
] as const;
export type BreederTab = (typeof BREEDER_TABS)[number];
export const isBreederTab = (v: unknown): v is BreederTab => isOneOf(BREEDER_TABS, v);
export const BREEDER_TAB_LABELS: Record<BreederTab, string> = {
  "breeder-list": "Breeder List",
  "ffa-raising": "FFA Raising",
  "codes-given-to": "Codes Given To",
  "claim-sessions": "Claim Sessions",
  "breeder-statistics": "Breeder Statistics",
};
export const DEFAULT_BREEDER_TAB: BreederTab = "breeder-list";

/** The side tables' statuses; the first is each table's default. Any other text is kept as typed. */
export const FFA_STATUSES = ["In Progress", "Completed", "Cancelled"] as const;
export const CODE_STATUSES = ["Active", "Used", "Expired", "Revoked"] as const;

export const BREEDER_SERVERS = SERVER_IDS;
export type BreederServer = (typeof BREEDER_SERVERS)[number];

/** GET /api/breeder-list/dinos: each dino's first row (its id) and the picture of its first row that has one. */
export type BreederDino = { Dino: string; _id: string; imageUrl: string | null };

/** The breeder list's summary card: Total Breeders, each server's total of the 0/0 count, the total and Last Updated. */
export type BreederSummary = {
  breeders: number;
  servers: Record<BreederServer, number>;
  total: number;
  lastUpdated: string | null;
};

/**
 * The claim sessions' summary cards, each a filter (?filter=): "Claims Today" keeps the sessions created today that
 * have at least one claim (the card counts the claims), "Completed Today" those created today with at least one
 * completion (the card counts the completions), "Most Participants Todays" today's session (or sessions, on a tie)
 * with the most claimers (the card shows that number). "Today" is the viewer's calendar day in their time zone.
 */
export const CLAIM_FILTERS = ["claims-today", "completed-today", "most-participants"] as const;
export type ClaimFilter = (typeof CLAIM_FILTERS)[number];
export const isClaimFilter = (v: unknown): v is ClaimFilter => isOneOf(CLAIM_FILTERS, v);
export type ClaimSummary = { claimsToday: number; completedToday: number; mostParticipants: number };

/** The side tables' fields and the longest text each keeps (the host's checks and the page's, before it sends). */
export const FFA_FIELD_LENGTHS = {
  breeder: 100,
  creature: 100,
  server: 40,
  status: 40,
  startDate: 40,
  expectedCompletion: 40,
  notes: 2000,
} as const;
export const CODE_FIELD_LENGTHS = {
  breeder: 100,
  code: 100,
  server: 40,
  dateGiven: 40,
  status: 40,
  notes: 2000,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The breeder list's columns (docs/product/breeder.md, "Breeder List")

export const ZERO_COLUMN = "Curent # of 0/0's";
/** "Base Stats Details": shown by default, after the 0/0 column. */
export const STAT_COLUMNS = ["HP", "Stam", "Oxy", "Food", "Weight", "Dmg"] as const;
/** "Mut Details": hidden by default, after the base stats. */
export const MUT_COLUMNS = ["Mut Hp", "Mut Stam", "Mut Oxy", "Mut Food", "Mut Weight", "Mut Dmg"] as const;
export const NUMERIC_COLUMNS = [ZERO_COLUMN, ...STAT_COLUMNS, ...MUT_COLUMNS, "Priority"] as const;
export const DATE_COLUMNS = ["Last Claims", "Last Mut"] as const;
export const TEXT_COLUMNS = ["Breeder", "Location", "notes"] as const;
/** The columns kept in the row's `values` JSON. */
export const VALUE_COLUMNS = [...NUMERIC_COLUMNS, ...DATE_COLUMNS, ...TEXT_COLUMNS, "Negative"] as const;
/** Computed columns and the date column each counts from. */
export const DAYS_SINCE_COLUMNS = { "Days since": "Last Claims", "Days sincetwo": "Last Mut" } as const;
/** Columns a PATCH may change. */
export const EDITABLE_COLUMNS = ["Dino", "Server", ...VALUE_COLUMNS] as const;
/** Columns a cell colour may be given to: every shown column. */
export const COLOURABLE_COLUMNS: readonly string[] = [...EDITABLE_COLUMNS, ...Object.keys(DAYS_SINCE_COLUMNS)];
export const NEGATIVE_VALUES = ["TRUE", "FALSE"] as const;

export type BreederColumnKind = "name" | "text" | "number" | "server" | "boolean" | "date" | "days";
export type BreederColumn = {
  key: string;
  title: string;
  kind: BreederColumnKind;
  width?: number;
  group?: "base" | "mut";
};

const col = (key: string, kind: BreederColumnKind, width?: number, title = key): BreederColumn => ({
  key,
  title,
  kind,
  ...(width ? { width } : {}),
});

/**
 * Every column in the sheet's order: Dino, Breeder, Location, Server, the 0/0 count, the base stats
 * (toggle "Base Stats Details"), the mutations (toggle "Mut Details"), Negative, Priority, Last Claims, Days since,
 * Last Mut, Days sincetwo and notes.
 */
export const BREEDER_COLUMNS: readonly BreederColumn[] = [
  col("Dino", "name", 200),
  col("Breeder", "text", 130),
  col("Location", "text", 180),
  col("Server", "server", 80),
  // The wire's keys stay as the old API spelt them; the titles are spelt right (ADR 068).
  col(ZERO_COLUMN, "number", 140, "Current # of 0/0's"),
  ...STAT_COLUMNS.map((k) => ({ ...col(k, "number", 70), group: "base" as const })),
  ...MUT_COLUMNS.map((k) => ({ ...col(k, "number", 88), group: "mut" as const })),
  col("Negative", "boolean", 90),
  col("Priority", "number", 80),
  col("Last Claims", "date", 110),
  col("Days since", "days", 92),
  col("Last Mut", "date", 110),
  col("Days sincetwo", "days", 112, "Days since Mut"),
  col("notes", "text", 240, "Notes"),
];

/** The stats whose cells are coloured by value. */
export const COLOURED_STATS: readonly string[] = ["HP", "Stam", "Weight", "Dmg"];
/** Colour thresholds: at or below LOW red, at MID grey, at or above HIGH green, blended between. */
export const STAT_LOW = 30;
export const STAT_MID = 40;
export const STAT_HIGH = 60;
/** Days since at or above this is shown red. */
export const DAYS_SINCE_ALERT = 10;

const RED = [224, 49, 49] as const;
const GREY = [134, 142, 150] as const;
const GREEN = [47, 158, 68] as const;
const mix = (a: readonly number[], b: readonly number[], t: number) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const hex = (rgb: number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/** A stat cell's colour: <=30 red, >=60 green, 40 grey, blended between; none for an empty cell. */
export function statColour(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  // A sheet's stats are a few hundred whole numbers, each coloured many times: a colour is worked out once.
  let colour = statColours.get(value);
  if (colour === undefined) {
    colour = blendStat(value);
    if (statColours.size >= 1000) statColours.clear();
    statColours.set(value, colour);
  }
  return colour;
}
const statColours = new Map<number, string>();

function blendStat(value: number): string {
  if (value <= STAT_LOW) return hex([...RED]);
  if (value >= STAT_HIGH) return hex([...GREEN]);
  if (value <= STAT_MID) return hex(mix(RED, GREY, (value - STAT_LOW) / (STAT_MID - STAT_LOW)));
  return hex(mix(GREY, GREEN, (value - STAT_MID) / (STAT_HIGH - STAT_MID)));
}

// ---------------------------------------------------------------------------------------------------------------
// Sheet dates

/**
 * A sheet date to epoch ms at UTC midnight: m/d/yyyy (the sheet's format), m/d/yy, or yyyy-mm-dd (optionally with a
 * time). Null when blank or not a real calendar date.
 */
export function parseSheetDate(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s);
  if (match) {
    [m, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (match[3].length === 2) y += 2000;
  } else if ((match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return null;
  }
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? ms : null;
}

/** A day as a whole number: days since 1 January 1970, UTC. */
export const dayNumber = (at: Date | number) => Math.floor(+at / DAY_MS);

/** A sheet date's day number (what the host keeps to search Days since), null when it is not a valid date. */
export function sheetDay(text: unknown): number | null {
  const at = parseSheetDate(text);
  return at === null ? null : dayNumber(at);
}

/** Whole days from a day number to today (UTC), 0 when the day is in the future, null when there is no day. */
export const daysSinceDay = (day: number | null, now: Date = new Date()): number | null =>
  day === null ? null : Math.max(0, dayNumber(now) - day);

/** Whole days from the date to today (UTC), 0 when the date is in the future, null when it is not a valid date. */
export const daysSince = (text: unknown, now: Date = new Date()): number | null => daysSinceDay(sheetDay(text), now);

/** A breeder's session statistics as the host answers them (GET /api/breeder-session-stats). */
export type SessionStats = {
  _id: string;
  breederId: string;
  totalCreatedSessions: number;
  totalSessions: number;
  totalClaims: number;
  averageSessionDuration: number;
  totalCompletions: number;
  averageCompletionRate: number;
  totalEndedSessions: number;
  totalRemovals?: number;
  totalCancellations?: number;
};

/** Removals (or, from an older bot, cancellations). */
export const removalsOf = (s: Pick<SessionStats, "totalRemovals" | "totalCancellations">) =>
  s.totalRemovals ?? s.totalCancellations ?? 0;

/**
 * The leaderboard's order: total sessions, most first; then total claims, most first; then the breeder's id
 * (the host's order, so the place of a breeder does not move between views).
 */
export const compareLeaderboard = (a: SessionStats, b: SessionStats) =>
  b.totalSessions - a.totalSessions ||
  b.totalClaims - a.totalClaims ||
  (a.breederId < b.breederId ? -1 : a.breederId > b.breederId ? 1 : 0);

/** A leaderboard row as the tab shows it, `rank` its place in the whole list; its searched texts are these fields. */
export function leaderboardRow(s: SessionStats, rank: number) {
  return {
    rank,
    _id: s._id,
    breederId: s.breederId,
    createdSessions: s.totalCreatedSessions,
    totalSessions: s.totalSessions,
    totalClaims: s.totalClaims,
    duration: hhmmss(s.averageSessionDuration),
    completions: s.totalCompletions,
    completionRate: completionRate(s.averageCompletionRate),
    endedSessions: s.totalEndedSessions,
    removals: removalsOf(s),
  };
}
export type LeaderboardRow = ReturnType<typeof leaderboardRow>;
export const LEADERBOARD_FIELDS = [
  "rank",
  "breederId",
  "createdSessions",
  "totalSessions",
  "totalClaims",
  "duration",
  "completions",
  "completionRate",
  "endedSessions",
  "removals",
] as const satisfies readonly (keyof LeaderboardRow)[];

/** Avg. Completion Rate as a percentage: the bot sends either a fraction (0.667) or a percentage (66.7). */
export function completionRate(rate: number) {
  if (!Number.isFinite(rate) || rate <= 0) return "0%";
  const pct = rate <= 1 ? rate * 100 : rate;
  return `${Number(pct.toFixed(1))}%`;
}

/** Leaderboard durations: milliseconds as hh:mm:ss (hours may pass 99). */
export function hhmmss(ms: unknown): string {
  const total = typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) : 0;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

// ---- What the host answers ---------------------------------------------------------------------------------------

/**
 * A row of the breeder list as the API answers it (GET /api/breeder-list, its search, a save): the `values` columns
 * flattened into the row (every known column present; any other stored key rides along), and the Days since counted.
 */
export type BreederListRow = {
  _id: string;
  order: number;
  Dino: string;
  imageUrl: string | null;
  Server: string;
  textColor: string | null;
  fieldColors: Record<string, string>;
  lastUpdated: string;
  roleId: string | null;
  "Days since": number | null;
  "Days sincetwo": number | null;
  version: number;
} & Record<(typeof VALUE_COLUMNS)[number], string | number | null>;
