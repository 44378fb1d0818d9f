// The pages' date formats and the one time-zone guard.
import { describe, expect, it, vi } from "vitest";
import {
  DATE_FORMATS,
  dateFormatter,
  formatDate,
  formatDateTime,
  formatUtcDateTime,
  formatUtcMinute,
  hourIn,
  relativeTime,
  timeZoneOr,
  weekdayDay,
  type DateFormat,
} from "./dates";

const AT = Date.UTC(2026, 4, 1, 18, 0, 0); // Friday, May 1, 2026, 18:00 UTC

describe("timeZoneOr", () => {
  it("keeps a zone the runtime knows", () => {
    expect(timeZoneOr("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(timeZoneOr("America/New_York")).toBe("America/New_York");
    expect(timeZoneOr("UTC")).toBe("UTC");
  });

  it("falls back to UTC, or the fallback given, for anything else", () => {
    expect(timeZoneOr("Not/AZone")).toBe("UTC");
    expect(timeZoneOr("")).toBe("UTC");
    expect(timeZoneOr(null)).toBe("UTC");
    expect(timeZoneOr(undefined)).toBe("UTC");
    expect(timeZoneOr("<script>", "Europe/Berlin")).toBe("Europe/Berlin");
  });
});

describe("formats", () => {
  it.each([
    ["dateTime", "UTC", "May 1, 2026, 6:00 PM"],
    ["dateTime", "America/New_York", "May 1, 2026, 2:00 PM"],
    ["numericDateTime", "UTC", "5/1/2026, 6:00:00 PM"],
    ["numericDateTime", "Asia/Tokyo", "5/2/2026, 3:00:00 AM"],
    ["longDate", "UTC", "Friday, May 1, 2026"],
    ["longDate", "Asia/Tokyo", "Saturday, May 2, 2026"],
    ["date", "UTC", "May 1, 2026"],
    ["shortMonth", "UTC", "May"],
    ["hour", "UTC", "18"],
    ["hour", "Asia/Tokyo", "03"],
    ["clock", "UTC", "18:00"],
    ["clock", "Asia/Kolkata", "23:30"],
  ] as [DateFormat, string, string][])("%s in %s reads %j", (format, zone, text) => {
    expect(formatDate(AT, format, zone)).toBe(text);
  });

  it("reads numericDateTime as Date#toLocaleString does (the notices used it)", () => {
    for (const zone of ["UTC", "Asia/Tokyo", "America/Los_Angeles"]) {
      expect(formatDate(AT, "numericDateTime", zone)).toBe(new Date(AT).toLocaleString("en-US", { timeZone: zone }));
    }
  });

  it("takes epoch ms, a Date or an ISO string, in UTC unless told", () => {
    expect(formatDateTime(AT)).toBe("May 1, 2026, 6:00 PM");
    expect(formatDateTime(new Date(AT))).toBe("May 1, 2026, 6:00 PM");
    expect(formatDateTime("2026-05-01T18:00:00Z")).toBe("May 1, 2026, 6:00 PM");
    expect(formatDateTime("2026-05-01T18:00:00.000Z", "America/New_York")).toBe("May 1, 2026, 2:00 PM");
  });

  it("gives null for no time", () => {
    expect(formatDateTime(null)).toBeNull();
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime("")).toBeNull();
    expect(formatDateTime(NaN)).toBeNull();
    expect(formatDate("yesterday", "date")).toBeNull();
  });

  it("writes the UTC stamps, the weekday and day, and the hour", () => {
    expect(formatUtcDateTime(AT)).toBe("May 1, 2026, 6:00 PM UTC");
    expect(formatUtcMinute(AT + 59_999)).toBe("2026-05-01 18:00");
    expect(weekdayDay(AT, "UTC")).toBe("Fri 1");
    expect(weekdayDay(AT, "Asia/Tokyo")).toBe("Sat 2");
    expect(hourIn(AT, "UTC")).toBe(18);
    expect(hourIn(AT, "Asia/Tokyo")).toBe(3);
    expect(hourIn(Date.UTC(2026, 4, 1, 0, 30), "UTC")).toBe(0);
  });

  it("writes an instant's text once per format and zone, and keeps the zones apart", () => {
    const at = Date.UTC(2026, 4, 1, 18, 0, 7);
    // Intl's format is a getter (it hands out a bound function): counting its reads counts the formatting.
    const format = vi.spyOn(dateFormatter("dateTime", "Asia/Tokyo") as unknown as { format: object }, "format", "get");
    expect(formatDate(at, "dateTime", "Asia/Tokyo")).toBe("May 2, 2026, 3:00 AM");
    expect(formatDate(new Date(at), "dateTime", "Asia/Tokyo")).toBe("May 2, 2026, 3:00 AM");
    expect(format).toHaveBeenCalledTimes(1);
    expect(formatDate(at, "dateTime", "UTC")).toBe("May 1, 2026, 6:00 PM");
    expect(formatDate(at, "date", "Asia/Tokyo")).toBe("May 2, 2026");
    format.mockRestore();
  });

  it("builds each formatter once per zone", () => {
    expect(dateFormatter("dateTime", "UTC")).toBe(dateFormatter("dateTime", "UTC"));
    expect(dateFormatter("dateTime", "UTC")).not.toBe(dateFormatter("dateTime", "Asia/Tokyo"));
    expect(Object.keys(DATE_FORMATS)).toHaveLength(8);
  });
});

const RT_NOW = AT;
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

describe("relativeTime", () => {
  const ago = (ms: number) => relativeTime(RT_NOW - ms, RT_NOW);

  it("says Just now at 0 seconds, and for a time in the future", () => {
    expect(ago(0)).toBe("Just now");
    expect(ago(999)).toBe("Just now"); // under a whole second
    expect(relativeTime(RT_NOW + 5 * MIN, RT_NOW)).toBe("Just now");
  });

  it("counts seconds, minutes and hours, singular and plural", () => {
    expect(ago(1 * S)).toBe("1 second ago");
    expect(ago(59 * S)).toBe("59 seconds ago");
    expect(ago(60 * S)).toBe("1 minute ago");
    expect(ago(59 * MIN + 59 * S)).toBe("59 minutes ago");
    expect(ago(H)).toBe("1 hour ago");
    expect(ago(23 * H + 59 * MIN)).toBe("23 hours ago");
  });

  it("counts days under 7, weeks under 4, 30-day months under 12, then 365-day years", () => {
    expect(ago(D)).toBe("1 day ago");
    expect(ago(6 * D + 23 * H)).toBe("6 days ago");
    expect(ago(7 * D)).toBe("1 week ago");
    expect(ago(27 * D)).toBe("3 weeks ago");
    // 28 and 29 days are four weeks, not yet a 30-day month: still a month, never "0 months".
    expect(ago(28 * D)).toBe("1 month ago");
    expect(ago(30 * D)).toBe("1 month ago");
    expect(ago(59 * D)).toBe("1 month ago");
    expect(ago(60 * D)).toBe("2 months ago");
    expect(ago(359 * D)).toBe("11 months ago");
    expect(ago(360 * D)).toBe("1 year ago"); // 12 months of 30 days
    expect(ago(730 * D)).toBe("2 years ago");
  });

  it("says Unknown when there is no time, and reads ISO strings", () => {
    expect(relativeTime(null, RT_NOW)).toBe("Unknown");
    expect(relativeTime(undefined, RT_NOW)).toBe("Unknown");
    expect(relativeTime("", RT_NOW)).toBe("Unknown");
    expect(relativeTime("not a date", RT_NOW)).toBe("Unknown");
    expect(relativeTime(new Date(RT_NOW - 3 * H).toISOString(), RT_NOW)).toBe("3 hours ago");
  });
});
