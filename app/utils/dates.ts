// Dates and times as the pages show them. Every format the screens use is named here, in en-US, so a time reads the
// same on the server and in the browser; the viewer's zone comes from the `tz` cookie and is checked by timeZoneOr().
// Pure (no I/O): server, browser and tests share it.

import { NUMERIC_DATE_TIME, isTimeZone } from "#contract/zones";
import { kept } from "./kept";

export const FALLBACK_TIME_ZONE = "UTC";

/**
 * The time-zone guard: `zone` when the runtime knows it (an IANA name such as "Europe/Berlin"), else the fallback.
 * The `tz` cookie comes from the browser, so it may hold anything. The check is the host's (contract/zones.ts), which
 * keeps a formatter per known zone.
 */
export function timeZoneOr(zone: string | null | undefined, fallback = FALLBACK_TIME_ZONE): string {
  return zone && isTimeZone(zone) ? zone : fallback;
}

/** The browser's own zone (or the server's, where that is asked). */
export const runtimeTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The formats the pages show, by name, with an example of each (May 1, 2026, 18:00 UTC). */
export const DATE_FORMATS = {
  /** "May 1, 2026, 6:00 PM": tables, notices, history and version labels. */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** "5/1/2026, 6:00:00 PM": the "not answering" notices (what Date#toLocaleString gives). */
  numericDateTime: NUMERIC_DATE_TIME,
  /** "Friday, May 1, 2026": the greeting's date. */
  longDate: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  /** "May 1, 2026": the changelog's date. */
  date: { year: "numeric", month: "long", day: "numeric" },
  /** "May": chart month labels. */
  shortMonth: { month: "short" },
  /** "18" ("03" before ten): the hour of the day, 0 to 23; read it with hourIn() (the greeting, chart ticks). */
  hour: { hour: "numeric", hourCycle: "h23" },
  /** "18:00": the 24-hour chart's ticks. */
  clock: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  /** "Fri 1" (see weekdayDay()): the 7-day chart's ticks. */
  weekdayDay: { weekday: "short", day: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof DATE_FORMATS;
/** An instant: epoch ms, a Date, or a string Date understands (ISO 8601). */
export type Instant = number | string | Date;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a format in a zone (built once: building one costs more than formatting). */
export function dateFormatter(format: DateFormat, timeZone: string = FALLBACK_TIME_ZONE): Intl.DateTimeFormat {
  const key = `${format}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...DATE_FORMATS[format], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

const toMs = (at: Instant | null | undefined) => {
  if (at === null || at === undefined || at === "") return NaN;
  return typeof at === "number" ? at : new Date(at).getTime();
};

/**
 * Texts already written, for the last 10,000 instants, formats and zones (utils/kept.ts). Formatting costs some 5 µs in
 * the Workers runtime, a lookup a tenth of that, and a page shows the same times view after view (a sheet's hundred
 * past versions, a log's rows).
 */
type Written = { ms: number; format: DateFormat; timeZone?: string };
const written = kept(
  ({ ms, format, timeZone }: Written) => dateFormatter(format, timeZone).format(ms),
  ({ ms, format, timeZone }) => `${ms}|${format}|${timeZone ?? ""}`,
  10_000,
);

/** `at` in a named format and zone (UTC unless given); null when `at` is no time. */
export function formatDate(at: Instant, format: DateFormat, timeZone?: string): string;
export function formatDate(at: Instant | null | undefined, format: DateFormat, timeZone?: string): string | null;
export function formatDate(at: Instant | null | undefined, format: DateFormat, timeZone?: string): string | null {
  const ms = toMs(at);
  return Number.isFinite(ms) ? written({ ms, format, timeZone }) : null;
}

/** "May 1, 2026, 6:00 PM" in a zone: the pages' usual date and time. */
export function formatDateTime(at: Instant, timeZone?: string): string;
export function formatDateTime(at: Instant | null | undefined, timeZone?: string): string | null;
export function formatDateTime(at: Instant | null | undefined, timeZone?: string): string | null {
  return formatDate(at, "dateTime", timeZone);
}

/** "May 1, 2026, 6:00 PM UTC": a time the server renders for everyone. */
export const formatUtcDateTime = (at: Instant) => `${formatDate(at, "dateTime", "UTC")} UTC`;

/** "2026-05-01 18:00": the codes page's compact UTC stamp. */
export const formatUtcMinute = (at: Instant) => new Date(toMs(at)).toISOString().slice(0, 16).replace("T", " ");

/** A format in the browser's own language and zone (only after hydration: the server cannot know them). */
export const formatInBrowser = (at: Instant, format: DateFormat) =>
  new Intl.DateTimeFormat(undefined, DATE_FORMATS[format]).format(toMs(at));

/** "Mon 16": the weekday and the day of the month (en-US alone would say "16 Mon"). */
export function weekdayDay(at: Instant, timeZone?: string) {
  const parts = Object.fromEntries(
    dateFormatter("weekdayDay", timeZone)
      .formatToParts(toMs(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day}`;
}

/** The hour of the day (0 to 23) at `at` in a zone. */
export const hourIn = (at: Instant, timeZone?: string) => Number(formatDate(at, "hour", timeZone));

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/**
 * 'Just now' at 0 seconds; then seconds, minutes, hours, days (under 7), weeks (under 4), months
 * (30-day, under 12), years (365-day); 'Unknown' when there is no time. A time in the future reads 'Just now'.
 */
export function relativeTime(at: number | string | null | undefined, now: number): string {
  if (at === null || at === undefined || at === "") return "Unknown";
  const ms = typeof at === "number" ? at : Date.parse(at);
  if (!Number.isFinite(ms)) return "Unknown";
  const seconds = Math.floor((now - ms) / 1000);
  if (seconds <= 0) return "Just now";
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, "day");
  const weeks = Math.floor(days / 7);
  if (weeks < 4) return plural(weeks, "week");
  // Days 28 and 29 are 4 weeks but not yet a 30-day month: they read "1 month ago" rather than "0 months ago".
  const months = Math.max(1, Math.floor(days / 30));
  if (months < 12) return plural(months, "month");
  return plural(Math.max(1, Math.floor(days / 365)), "year");
}
