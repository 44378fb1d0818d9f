// The player pages' words and small rules: how a session's end reads, hours played, a heatmap cell's text, and the
// "Who was on at" field's local time. Pure: the loaders, the pages and the CSV downloads share them.
import { WEEKDAYS, type Heatmap, type PlayerSession } from "#contract/players";
import { HOUR_MS, MINUTE_MS } from "#contract/time";
import { offsetMinutes } from "#contract/zones";
import { formatDateTime } from "./dates";

/** "45 min", "3 h", "12.5 h": time played, to a tenth of an hour from one hour on. */
export function playedText(ms: number) {
  if (ms <= 0) return "0 h";
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / MINUTE_MS))} min`;
  return `${Number((ms / HOUR_MS).toFixed(1))} h`;
}

/**
 * How a session ended, as the sessions table and the CSV say it: its leave's time; "online now" or "open" while it
 * lasts (online now when the server's current roster lists them); a missed leave only bounded by the next join; a
 * collector's silence between the last roster that had them and the first one back.
 */
export function sessionEndText(s: PlayerSession, timeZone: string, onlineNow: boolean) {
  const at = (ms: number | null) => formatDateTime(ms, timeZone) ?? "unknown";
  switch (s.endKind) {
    case null:
      return onlineNow ? "online now" : "open";
    case "left":
      return at(s.end);
    case "missed":
      return s.endBy === null ? "leave missed" : `leave missed (before ${at(s.endBy)})`;
    case "silent":
      return `left between ${at(s.end)} and ${at(s.endBy)}`;
  }
}

/** A session's length: exact once they left, at least this much after a silence, unknown after a missed leave. */
export function sessionLength(s: PlayerSession, now: number) {
  if (s.endKind === "missed") return "unknown";
  const end = s.end ?? now;
  const text = playedText(Math.max(0, end - s.start));
  return s.endKind === "silent" ? `at least ${text}` : s.endKind === null ? `${text} so far` : text;
}

const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** "Tue 21:00 – 22:00": an hour of the week. */
export const hourText = (weekday: number, hour: number) => `${WEEKDAYS[weekday]} ${clock(hour)} – ${clock(hour + 1)}`;

/** "Tue 21:00 – 22:00: online on 3 of 4 days": a heatmap cell's words (its tooltip, and the table's). */
export const cellText = (map: Heatmap, weekday: number, hour: number) =>
  `${hourText(weekday, hour)}: online on ${map.online[weekday][hour]} of ${map.days[weekday]} ${map.days[weekday] === 1 ? "day" : "days"}`;

/** The heatmap as CSV rows: weekday x hour, with the days someone was online and the days counted. */
export const heatmapRows = (map: Heatmap) =>
  WEEKDAYS.flatMap((day, d) =>
    Array.from({ length: 24 }, (_, h) => ({
      weekday: day,
      hour: clock(h),
      online: map.online[d][h],
      days: map.days[d],
      zone: map.zone,
    })),
  );

/** A datetime-local value ("2026-12-04T21:30"). */
export const LOCAL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a datetime-local value names in `zone`, or null when it is no such value. The zone's offset is taken at
 * the instant itself (found in two steps), so a time on the day the clocks change is placed by that day's offset.
 */
export function instantOf(value: string, zone: string): number | null {
  const m = LOCAL_MINUTE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (!Number.isFinite(wall)) return null;
  const guess = wall - offsetMinutes(wall, zone) * MINUTE_MS;
  return wall - offsetMinutes(guess, zone) * MINUTE_MS;
}

/** The datetime-local value of an instant in `zone` (to the minute). */
export const localValueOf = (at: number, zone: string) =>
  new Date(at + offsetMinutes(at, zone) * MINUTE_MS).toISOString().slice(0, 16);
