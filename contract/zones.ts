// A time zone's offsets from UTC, for what the host works out in SQL in the viewer's zone: where the viewer's day
// starts (the claim sessions' "today") and an instant's local time (their dates as the page shows them). Pure, from
// the runtime's Intl data; nothing here knows a zone's rules but Intl.
import { DAY_MS, MINUTE_MS } from "./time";

/** Every field of an instant, as numbers: "5/1/2026, 6:00:00 PM" in en-US. */
export const NUMERIC_DATE_TIME = {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
} as const satisfies Intl.DateTimeFormatOptions;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Whether the runtime knows `zone` (an IANA name such as "Europe/Berlin"). */
export function isTimeZone(zone: string) {
  try {
    partsOf(zone);
    return true;
  } catch {
    return false;
  }
}

function partsOf(zone: string) {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...NUMERIC_DATE_TIME, timeZone: zone, hourCycle: "h23" });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `at`, in minutes (Berlin in summer: 120). */
export function offsetMinutes(at: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const p of partsOf(zone).formatToParts(at)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return Math.round((local - Math.floor(at / 1000) * 1000) / MINUTE_MS);
}

/** The instant the zone's calendar day holding `at` starts, and the next day's start. */
export function dayBounds(at: number, zone: string) {
  const startOf = (instant: number) => {
    const midnight = Math.floor((instant + offsetMinutes(instant, zone) * MINUTE_MS) / DAY_MS) * DAY_MS;
    // The offset at midnight itself, which differs from the one at `instant` on a day the clocks change.
    const guess = midnight - offsetMinutes(instant, zone) * MINUTE_MS;
    return midnight - offsetMinutes(guess, zone) * MINUTE_MS;
  };
  const start = startOf(at);
  // The next day starts 24 hours on, give or take a clock change: its start is worked out from its own noon.
  return { start, end: startOf(start + DAY_MS + 12 * 60 * MINUTE_MS) };
}

/**
 * The zone's offsets over [from, to]: `offsets[i]` (minutes) holds before `changes[i]` and after `changes[i - 1]`; the
 * last offset from the last change on. Found by week-long steps and halving to the minute (zones change at most a few
 * times a year), and kept per zone and span.
 */
export function offsetSpans(since: number, to: number, zone: string): { offsets: number[]; changes: number[] } {
  // From a whole minute, so every probe is one and a change (always on a minute) is found exactly.
  const from = Math.floor(since / MINUTE_MS) * MINUTE_MS;
  const key = `${zone} ${Math.floor(from / DAY_MS)} ${Math.floor(to / DAY_MS)}`;
  const known = spans.get(key);
  if (known) return known;
  const offsets = [offsetMinutes(from, zone)];
  const changes: number[] = [];
  const WEEK = 7 * DAY_MS;
  for (let at = from; at < to; at += WEEK) {
    const next = Math.min(at + WEEK, to);
    if (offsetMinutes(next, zone) === offsets[offsets.length - 1]) continue;
    // The change is in (at, next]: halve to the minute.
    let low = at;
    let high = next;
    while (high - low > MINUTE_MS) {
      const mid = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (offsetMinutes(mid, zone) === offsets[offsets.length - 1]) low = mid;
      else high = mid;
    }
    changes.push(high);
    offsets.push(offsetMinutes(high, zone));
  }
  const found = { offsets, changes };
  if (spans.size >= 200) spans.clear();
  spans.set(key, found);
  return found;
}
const spans = new Map<string, { offsets: number[]; changes: number[] }>();
