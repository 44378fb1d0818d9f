// The breeder list's display rules: stat colours (<=30 red, >=60 green, 40 grey, blended between) and the
// leaderboard's hh:mm:ss durations.
import { describe, expect, it } from "vitest";
import {
  BREEDER_COLUMNS,
  COLOURABLE_COLUMNS,
  hhmmss,
  MUT_COLUMNS,
  STAT_COLUMNS,
  statColour,
  ZERO_COLUMN,
} from "./breeder";

describe("statColour", () => {
  it("is red at 30 and below, grey at 40, green at 60 and above", () => {
    expect(statColour(0)).toBe("#e03131");
    expect(statColour(30)).toBe("#e03131");
    expect(statColour(40)).toBe("#868e96");
    expect(statColour(60)).toBe("#2f9e44");
    expect(statColour(75)).toBe("#2f9e44");
  });
  it("blends between the thresholds", () => {
    expect(statColour(35)).toBe("#b36064"); // halfway red to grey
    expect(statColour(50)).toBe("#5b966d"); // halfway grey to green
  });
  it("leaves an empty or non-numeric cell uncoloured", () => {
    expect(statColour(null)).toBeNull();
    expect(statColour("45")).toBeNull();
    expect(statColour(Number.NaN)).toBeNull();
  });
});

describe("hhmmss", () => {
  it("shows milliseconds as hours, minutes and seconds", () => {
    expect(hhmmss(0)).toBe("00:00:00");
    expect(hhmmss(61_000)).toBe("00:01:01");
    expect(hhmmss(3_723_400)).toBe("01:02:03");
    expect(hhmmss(100 * 3_600_000)).toBe("100:00:00");
    expect(hhmmss(null)).toBe("00:00:00");
  });
});

describe("the breeder list's columns", () => {
  it("put the base stats after the 0/0 count and the mutations after the base stats", () => {
    const keys = BREEDER_COLUMNS.map((c) => c.key);
    const zero = keys.indexOf(ZERO_COLUMN);
    expect(keys.slice(zero + 1, zero + 1 + STAT_COLUMNS.length)).toEqual([...STAT_COLUMNS]);
    expect(keys.slice(zero + 1 + STAT_COLUMNS.length, zero + 1 + STAT_COLUMNS.length + MUT_COLUMNS.length)).toEqual([
      ...MUT_COLUMNS,
    ]);
  });
  it("can all be coloured", () => {
    for (const c of BREEDER_COLUMNS) expect(COLOURABLE_COLUMNS).toContain(c.key);
  });
});

describe("the breeder columns' titles (ADR 068)", () => {
  it("are spelt right while the keys on the wire stay as the old API spelt them", () => {
    const title = (key: string) => BREEDER_COLUMNS.find((c) => c.key === key)?.title;
    expect(title(ZERO_COLUMN)).toBe("Current # of 0/0's");
    expect(ZERO_COLUMN).toBe("Curent # of 0/0's");
    expect(title("Days sincetwo")).toBe("Days since Mut");
  });
});
