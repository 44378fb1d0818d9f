// The heatmap and a tribe's quiet windows against hand-made weeks: the viewer's zone, midnight, a clock change.
import { describe, expect, it } from "vitest";
import { heatmap, playedSpan, playedWithin, quietWindows, windowText, type Heatmap } from "./players";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const span = (from: string, hours: number) => ({ from: at(from), to: at(from) + hours * HOUR });

describe("heatmap", () => {
  // Four whole weeks from Monday 2026-11-02 00:00 UTC.
  const from = at("2026-11-02T00:00:00Z");
  const to = from + 28 * DAY;

  it("counts each weekday's days a player was on in each hour, of that weekday's days in the window", () => {
    // Mondays 20:00-22:00 UTC, three of the four weeks; one Tuesday 23:30-00:30 across midnight.
    const spans = [
      span("2026-11-02T20:00:00Z", 2),
      span("2026-11-09T20:00:00Z", 2),
      span("2026-11-23T20:00:00Z", 2),
      span("2026-11-10T23:30:00Z", 1),
    ];
    const map = heatmap(spans, from, to, "UTC");
    expect(map.days).toEqual([4, 4, 4, 4, 4, 4, 4]);
    expect(map.online[0][20]).toBe(3);
    expect(map.online[0][21]).toBe(3);
    expect(map.online[0][22]).toBe(0);
    // Across midnight: Tuesday's last hour and Wednesday's first, once each.
    expect(map.online[1][23]).toBe(1);
    expect(map.online[2][0]).toBe(1);
    const total = map.online.flat().reduce((a, b) => a + b, 0);
    expect(total).toBe(8);
  });

  it("counts a day once however many sessions or players share the hour", () => {
    const map = heatmap([span("2026-11-03T10:00:00Z", 1), span("2026-11-03T10:15:00Z", 0.25)], from, to, "UTC");
    expect(map.online[1][10]).toBe(1);
  });

  it("places hours in the viewer's zone, by the offset of each moment across a clock change", () => {
    // Berlin leaves summer time on 2026-10-25 at 03:00 local (01:00 UTC). A window over that Sunday.
    const start = at("2026-10-19T00:00:00Z");
    const end = start + 14 * DAY;
    // 18:00 UTC on the Saturday before (20:00 summer time) and on the Saturday after (19:00 winter time).
    const map = heatmap(
      [span("2026-10-24T18:00:00Z", 1), span("2026-10-31T18:00:00Z", 1)],
      start,
      end,
      "Europe/Berlin",
    );
    expect(map.online[5][20]).toBe(1);
    expect(map.online[5][19]).toBe(1);
    // The Sunday of the change has 25 hours: 00:00-02:00 UTC is 02:00 local twice (summer, then winter time), which
    // counts that day once; the next UTC hour is 03:00 local.
    const sunday = heatmap([span("2026-10-25T00:00:00Z", 3)], start, end, "Europe/Berlin");
    expect(sunday.online[6][2]).toBe(1);
    expect(sunday.online[6][3]).toBe(1);
    expect(sunday.online[6].reduce((a, b) => a + b, 0)).toBe(2);
  });

  it("is exact to the quarter hour in a zone half an hour off UTC", () => {
    // India is UTC+5:30: 14:30-15:30 UTC is 20:00-21:00 local.
    const map = heatmap([span("2026-11-04T14:30:00Z", 1)], from, to, "Asia/Kolkata");
    expect(map.online[2][20]).toBe(1);
    expect(map.online[2].reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe("time played", () => {
  it("counts a closed session to its end, an open one to what is known, and a missed leave not at all", () => {
    const known = 10 * HOUR;
    const spans = [
      playedSpan({ start: 0, end: 2 * HOUR, endKind: "left" }, known),
      playedSpan({ start: 3 * HOUR, end: 3 * HOUR, endKind: "missed" }, known),
      playedSpan({ start: 4 * HOUR, end: 5 * HOUR, endKind: "silent" }, known),
      playedSpan({ start: 9 * HOUR, end: null, endKind: null }, known),
    ];
    expect(playedWithin(spans, 0, 24 * HOUR)).toBe(4 * HOUR);
    expect(playedWithin(spans, HOUR, 24 * HOUR)).toBe(3 * HOUR);
  });
});

describe("quiet windows", () => {
  const week = (busy: (weekday: number, hour: number) => boolean): Heatmap => ({
    zone: "UTC",
    from: 0,
    to: 28 * DAY,
    days: [4, 4, 4, 4, 4, 4, 4],
    online: Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => (busy(d, h) ? 3 : 0))),
  });

  it("finds the longest runs of quiet hours, across midnight and across Sunday into Monday", () => {
    // Busy 10:00-23:00 every day except a quiet Sunday: the longest run starts Saturday 23:00 and ends Monday 10:00.
    const windows = quietWindows(week((d, h) => d !== 6 && h >= 10 && h < 23));
    expect(windows[0]).toEqual({ weekday: 5, hour: 23, hours: 35 });
    expect(windowText(windows[0])).toBe("Sat 23:00 – Mon 10:00 (35 h)");
    expect(windows[1]).toEqual({ weekday: 0, hour: 23, hours: 11 });
    expect(windowText(windows[1])).toBe("Mon 23:00 – Tue 10:00 (11 h)");
    expect(windows).toHaveLength(5);
  });

  it("calls an hour busy from a quarter of its days on", () => {
    const map = week(() => false);
    map.online[2][4] = 1; // one of four Wednesdays at 04:00: busy
    expect(quietWindows(map)[0]).toEqual({ weekday: 2, hour: 5, hours: 167 });
    expect(quietWindows(week(() => false))).toEqual([{ weekday: 0, hour: 0, hours: 168 }]);
  });
});
