// Player profiles: what the host answers about one player, a tribe and a server's past roster, and the pure rules both
// sides apply (the weekly heatmap in the viewer's zone, a tribe's quiet windows). docs/product/players.md.
// The browser bundle includes this file, so no database or Worker types here.
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./time";
import { offsetSpans } from "./zones";
import type { ServerId, StatusClass } from "./servers";

/** The heatmap covers the last four weeks: each weekday counts four days. */
export const HEATMAP_DAYS = 28;
/** Sessions on a profile page, newest first. */
export const SESSIONS_PAGE_SIZE = 25;
/** The CSV export holds at most this many sessions (90 days of a busy player is far fewer). */
export const SESSIONS_EXPORT_MAX = 5000;
/** A tribe's hour is quiet when some member was online on fewer than this share of its days. */
export const QUIET_SHARE = 0.25;
/** Longest quiet windows a tribe page lists. */
export const QUIET_WINDOWS = 5;
/** A note on a player, and their tags. */
export const MAX_NOTE = 2000;
export const MAX_TAGS = 10;
export const MAX_TAG = 30;
/** Who was on at T looks back this far at most. */
export const ROSTER_AT_DAYS = 90;
/** Player search by name, EOS id or Discord id: at most this many hits. */
export const PLAYER_SEARCH_LIMIT = 20;

export const EOS_ID = /^[0-9a-f]{32}$/;
export const isEosId = (v: unknown): v is string => typeof v === "string" && EOS_ID.test(v);

/**
 * How a session ended: the leave was recorded ("left"); the player joined again with no leave between ("missed": when
 * they left is unknown, before `endBy`); the collector went silent while they were on ("silent": they left between
 * `end`, the last roster that had them, and `endBy`, the first one back). An open session has none.
 */
export type SessionEnd = "left" | "missed" | "silent";

export type PlayerSession = {
  id: number;
  serverId: ServerId;
  start: number;
  /** When they left, or the latest time they were known to be on; null while the session is open. */
  end: number | null;
  /** The latest time they can have left, when `end` is only a lower bound. */
  endBy: number | null;
  endKind: SessionEnd | null;
  displayName: string | null;
  memberName: string | null;
  tribe: string | null;
  status: string | null;
  platform: string | null;
};

/** The part of a session that counts as time played: a missed leave counts nothing, an open one until `known`. */
export function playedSpan(s: Pick<PlayerSession, "start" | "end" | "endKind">, known: number) {
  if (s.endKind === "missed") return null;
  const end = s.end ?? known;
  return end > s.start ? { from: s.start, to: end } : null;
}

/** Milliseconds of `spans` inside [from, to). */
export function playedWithin(spans: ({ from: number; to: number } | null)[], from: number, to: number) {
  let ms = 0;
  for (const s of spans) if (s) ms += Math.max(0, Math.min(s.to, to) - Math.max(s.from, from));
  return ms;
}

// ---- The heatmap ---------------------------------------------------------------------------------------------------

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/**
 * A week of hours: `online[d][h]` is on how many of the window's days of weekday d (Monday first) someone was online
 * in hour h, of `days[d]` such days. Hours are the viewer's (`zone`).
 */
export type Heatmap = { zone: string; from: number; to: number; days: number[]; online: number[][] };

const QUARTER = 15 * MINUTE_MS;

/** The viewer's calendar day number, weekday (Monday 0) and hour at `at`, given the zone's offset then (minutes). */
export function localSlot(at: number, offset: number) {
  const local = at + offset * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  // 1970-01-01 was a Thursday (3 from Monday).
  return { day, weekday: (day + 3) % 7, hour: Math.floor((local - day * DAY_MS) / HOUR_MS) };
}

/**
 * The heatmap of `spans` (times played) over [from, to): each quarter hour of the window is placed in the viewer's day
 * and hour by the zone's offset at that moment (so a clock change moves hours to where they belong, and half-hour
 * zones are exact to the quarter); a local hour counts a day once whatever its overlap. `days` counts each weekday's
 * calendar days the window touches.
 */
export function heatmap(spans: ({ from: number; to: number } | null)[], from: number, to: number, zone: string) {
  const start = Math.floor(from / QUARTER) * QUARTER;
  const { offsets, changes } = offsetSpans(start, to, zone);
  const count = Math.max(0, Math.ceil((to - start) / QUARTER));
  // Each quarter's local hour of the window (day x 24 + hour, from the window's first local day) and weekday: typed
  // arrays, as a profile's page places 2,700 quarters on every view.
  const firstDay = localSlot(start, offsets[0]).day;
  const hourOf = new Int32Array(count);
  const weekdayOf = new Uint8Array(count);
  const daysOf = Array.from({ length: 7 }, () => new Set<number>());
  let k = 0;
  let last = 0;
  for (let i = 0; i < count; i++) {
    const at = start + i * QUARTER;
    while (k < changes.length && at >= changes[k]) k++;
    const slot = localSlot(at, offsets[k]);
    hourOf[i] = (slot.day - firstDay) * 24 + slot.hour;
    last = Math.max(last, hourOf[i]);
    weekdayOf[i] = slot.weekday;
    daysOf[slot.weekday].add(slot.day);
  }
  const seen = new Uint8Array(last + 1);
  const online = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const span of spans) {
    if (!span) continue;
    const a = Math.max(span.from, start);
    const b = Math.min(span.to, to);
    if (b <= a) continue;
    for (let i = Math.floor((a - start) / QUARTER); i < count && start + i * QUARTER < b; i++) {
      const cell = hourOf[i];
      if (seen[cell]) continue;
      seen[cell] = 1;
      online[weekdayOf[i]][cell % 24]++;
    }
  }
  return { zone, from, to, days: daysOf.map((d) => d.size), online } satisfies Heatmap;
}

/** A cell's share of its days, 0 to 1 (0 when the window has none of that weekday). */
export const share = (map: Heatmap, weekday: number, hour: number) =>
  map.days[weekday] ? map.online[weekday][hour] / map.days[weekday] : 0;

/** A quiet window: from weekday `weekday` at `hour` for `hours` hours (it may run past midnight into the next day). */
export type QuietWindow = { weekday: number; hour: number; hours: number };

/**
 * The longest runs of quiet hours (online on fewer than QUIET_SHARE of their days) around the week, longest first and
 * then earliest in the week; a week without any busy hour is one window of 168 hours.
 */
export function quietWindows(map: Heatmap, limit = QUIET_WINDOWS): QuietWindow[] {
  const quiet = (i: number) => share(map, Math.floor(i / 24) % 7, i % 24) < QUIET_SHARE;
  const all = Array.from({ length: 168 }, (_, i) => i);
  if (all.every(quiet)) return [{ weekday: 0, hour: 0, hours: 168 }];
  // Start right after a busy hour, so a run across Sunday night into Monday is one window.
  const first = (all.findIndex((i) => !quiet(i)) + 1) % 168;
  const runs: QuietWindow[] = [];
  let run: QuietWindow | null = null;
  for (let k = 0; k < 168; k++) {
    const i = (first + k) % 168;
    if (quiet(i)) {
      if (run) run.hours++;
      else run = { weekday: Math.floor(i / 24), hour: i % 24, hours: 1 };
    } else if (run) {
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs.sort((a, b) => b.hours - a.hours || a.weekday * 24 + a.hour - (b.weekday * 24 + b.hour)).slice(0, limit);
}

/** "Tue 03:00 – 09:00 (6 h)": a window as the page and the CSV say it. */
export function windowText(w: QuietWindow) {
  const endIndex = (w.weekday * 24 + w.hour + w.hours) % 168;
  const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
  const endDay = Math.floor(endIndex / 24);
  const end =
    endDay === w.weekday && w.hours < 24 ? clock(endIndex % 24) : `${WEEKDAYS[endDay]} ${clock(endIndex % 24)}`;
  return `${WEEKDAYS[w.weekday]} ${clock(w.hour)} – ${end} (${w.hours} h)`;
}

export const heatmapWindow = (now: number) => ({ from: now - HEATMAP_DAYS * DAY_MS, to: now });

// ---- What the host answers -----------------------------------------------------------------------------------------

/** Which of the tribe's lists a player is on, by their latest status and tribe. */
export type PlayerList = Extract<
  StatusClass,
  "tribemembers" | "friendlys" | "enemies" | "unknowns" | "neutral" | "other"
>;

export type PlayerName = { name: string; firstSeen: number; lastSeen: number };

/** A Discord member whose vouch, code or tribelist entry names this player. */
export type LinkedMember = {
  discordId: string | null;
  name: string;
  via: ("vouch" | "code" | "tribelist")[];
  tribelists: { server: ServerId; name: string; rank: string | null }[];
};

export type PlayerNote = { text: string; tags: string[]; updatedAt: number; updatedBy: string | null; version: number };

/** GET /api/players/{eosId}?tz=&page=: one player's profile. */
export type PlayerProfile = {
  eosId: string;
  displayName: string | null;
  memberName: string | null;
  platform: string | null;
  tribe: string | null;
  status: string | null;
  firstSeen: number | null;
  lastSeen: number | null;
  /** The servers whose current roster lists them, and since when. */
  online: { serverId: ServerId; since: number | null }[];
  /** Milliseconds played per server over the last 7 and 30 days. */
  hours: { serverId: ServerId; d7: number; d30: number }[];
  names: PlayerName[];
  linked: LinkedMember[];
  note: PlayerNote | null;
  watching: boolean;
  watchers: number;
  sessions: { rows: PlayerSession[]; page: number; pageCount: number; total: number; size: number };
  heatmap: Heatmap;
  now: number;
};

/** A hit of GET /api/players/search?q=. */
export type PlayerHit = {
  eosId: string;
  displayName: string | null;
  memberName: string | null;
  tribe: string | null;
  status: string | null;
  lastSeen: number | null;
  /** What the query matched: a name, the EOS id, or a Discord id through a linked vouch or tribelist entry. */
  matched: "name" | "eos id" | "Discord id";
};

/** GET /api/tribes/{name}?tz=: a tribe's players (by the tribe name rosters give), heatmap and quiet windows. */
export type TribeProfile = {
  tribe: string;
  members: {
    eosId: string;
    displayName: string | null;
    memberName: string | null;
    status: string | null;
    lastSeen: number;
    online: ServerId[];
  }[];
  heatmap: Heatmap;
  windows: QuietWindow[];
  now: number;
};

/** GET /api/roster-at/{serverId}?at=: who was on a server at a past minute. */
export type RosterAt = {
  serverId: ServerId;
  at: number;
  players: {
    eosId: string;
    displayName: string | null;
    memberName: string | null;
    tribe: string | null;
    status: string | null;
    since: number;
    /** When the session ended (null: still on); `certain` is false when the leave is only known within a range. */
    until: number | null;
    certain: boolean;
  }[];
};

/** The player's name as lists show it: their in-game name, else the display name, else the EOS id. */
export const playerName = (p: { memberName?: string | null; displayName?: string | null; eosId: string }) =>
  p.memberName?.trim() || p.displayName?.trim() || p.eosId;

/** A profile's address; a tribe's. */
export const playerPath = (eosId: string) => `/dashboard/players/${eosId}`;
export const tribePath = (tribe: string) => `/dashboard/players/tribe/${encodeURIComponent(tribe)}`;

/** A tag: trimmed, at most MAX_TAG characters, letters, digits, spaces, dashes and underscores. */
export const TAG = /^[\p{L}\p{N} _-]{1,30}$/u;

/** Tags as typed: trimmed, inner spaces single, the empty ones dropped, each kept once (the first spelling wins). */
export function normalTags(list: readonly string[]) {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The first tag that is not one (TAG), if any. */
export const badTag = (tags: readonly string[]) => tags.find((t) => !TAG.test(t));
