import { describe, expect, it } from "vitest";
import { capitalize, formatPercent, lastMonths, monthChangePercent, relativeShort, shortMonthLabel } from "./stats";

describe("month change percent", () => {
  it.each([
    [10, 5, 100],
    [5, 10, -50],
    [7, 7, 0],
    [1, 3, -67],
    [2, 3, -33],
    [5, 0, 100],
    [0, 0, 0],
    [0, 4, -100],
  ])("this %i, last %i gives %i%%", (now, last, expected) => {
    expect(monthChangePercent(now, last)).toBe(expected);
  });

  it("is shown with its sign", () => {
    expect([formatPercent(100), formatPercent(-50), formatPercent(0)]).toEqual(["+100%", "-50%", "0%"]);
  });
});

describe("chart months", () => {
  it("lists the last 9 calendar months, oldest first, across a year boundary", () => {
    const months = lastMonths(new Date("2026-03-15T12:00:00Z"));
    expect(months).toEqual([
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
    ]);
    expect(months.map(shortMonthLabel)[0]).toBe("Jul 25");
  });
});

describe("small words", () => {
  it("capitalises the top voucher's name", () => expect(capitalize("rexrider")).toBe("Rexrider"));
  it("says how long ago", () => {
    const now = 1_000_000_000;
    expect(relativeShort(now - 30_000, now)).toBe("Just now");
    expect(relativeShort(now - 5 * 60_000, now)).toBe("5m ago");
    expect(relativeShort(now - 3 * 3600_000, now)).toBe("3h ago");
    expect(relativeShort(now - 2 * 86400_000, now)).toBe("2d ago");
  });
});
