// The player pages' words: how a session's end reads, time played, a heatmap cell, the "Who was on at" minute in the
// viewer's zone (clock changes included), and the note form's tags.
import { describe, expect, it } from "vitest";
import type { Heatmap, PlayerSession } from "#contract/players";
import { parseNote, tagsOf } from "#app/routes/_shell.dashboard.players.$eosId/note";
import { cellText, heatmapRows, instantOf, localValueOf, playedText, sessionEndText, sessionLength } from "./players";

const START = Date.UTC(2026, 11, 4, 20, 0); // Friday, Dec 4, 2026, 20:00 UTC
const MIN = 60_000;
const session = (more: Partial<PlayerSession>): PlayerSession => ({
  id: 1,
  serverId: "2411",
  start: START,
  end: null,
  endBy: null,
  endKind: null,
  displayName: null,
  memberName: null,
  tribe: null,
  status: null,
  platform: null,
  ...more,
});

describe("a session's end", () => {
  it("reads online now or open while it lasts, the leave's time once it is known", () => {
    expect(sessionEndText(session({}), "UTC", true)).toBe("online now");
    expect(sessionEndText(session({}), "UTC", false)).toBe("open");
    const left = session({ end: START + 90 * MIN, endKind: "left" });
    expect(sessionEndText(left, "Europe/Berlin", false)).toBe("Dec 4, 2026, 10:30 PM");
    expect(sessionLength(left, START + 999 * MIN)).toBe("1.5 h");
  });

  it("says a missed leave only by its bound, and a silent collector's range", () => {
    const missed = session({ end: START, endBy: START + 40 * MIN, endKind: "missed" });
    expect(sessionEndText(missed, "UTC", false)).toBe("leave missed (before Dec 4, 2026, 8:40 PM)");
    expect(sessionLength(missed, START)).toBe("unknown");
    const silent = session({ end: START + 20 * MIN, endBy: START + 50 * MIN, endKind: "silent" });
    expect(sessionEndText(silent, "UTC", false)).toBe("left between Dec 4, 2026, 8:20 PM and Dec 4, 2026, 8:50 PM");
    expect(sessionLength(silent, START)).toBe("at least 20 min");
    expect(sessionLength(session({}), START + 3 * 60 * MIN)).toBe("3 h so far");
  });

  it("counts time played in minutes below an hour, in tenths of hours above", () => {
    expect(playedText(0)).toBe("0 h");
    expect(playedText(20_000)).toBe("1 min");
    expect(playedText(45 * MIN)).toBe("45 min");
    expect(playedText(60 * MIN)).toBe("1 h");
    expect(playedText(754 * MIN)).toBe("12.6 h");
  });
});

describe("the heatmap's words", () => {
  const map: Heatmap = {
    zone: "UTC",
    from: 0,
    to: 1,
    days: [4, 4, 4, 4, 5, 4, 4],
    online: Array.from({ length: 7 }, (_, d) => Array.from({ length: 24 }, (_, h) => (d === 1 && h === 21 ? 3 : 0))),
  };

  it("names a cell's hour of the week and its days", () => {
    expect(cellText(map, 1, 21)).toBe("Tue 21:00 – 22:00: online on 3 of 4 days");
    expect(cellText(map, 6, 23)).toBe("Sun 23:00 – 24:00: online on 0 of 4 days");
  });

  it("lists every weekday and hour for the CSV", () => {
    const rows = heatmapRows(map);
    expect(rows).toHaveLength(168);
    expect(rows[0]).toEqual({ weekday: "Mon", hour: "00:00", online: 0, days: 4, zone: "UTC" });
    expect(rows[24 + 21]).toMatchObject({ weekday: "Tue", hour: "21:00", online: 3 });
  });
});

describe("a minute typed in the viewer's zone", () => {
  it("is the instant it names there, on either side of a clock change", () => {
    expect(instantOf("2026-12-04T21:30", "Europe/Berlin")).toBe(Date.UTC(2026, 11, 4, 20, 30));
    expect(instantOf("2026-07-04T21:30", "Europe/Berlin")).toBe(Date.UTC(2026, 6, 4, 19, 30));
    // Berlin goes to summer time at 02:00 on Mar 29, 2026: 03:30 that morning is 01:30 UTC.
    expect(instantOf("2026-03-29T03:30", "Europe/Berlin")).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(instantOf("2026-12-04T21:30", "Asia/Kolkata")).toBe(Date.UTC(2026, 11, 4, 16, 0));
  });

  it("is nothing for what is no such minute", () => {
    for (const bad of ["", "2026-12-04", "2026-13-04T10:00", "2026-12-04T25:00", "yesterday"])
      expect(instantOf(bad, "UTC")).toBeNull();
  });

  it("is written back as the field's value", () => {
    const at = Date.UTC(2026, 11, 4, 20, 30, 59);
    expect(localValueOf(at, "Europe/Berlin")).toBe("2026-12-04T21:30");
    expect(instantOf(localValueOf(at, "America/New_York"), "America/New_York")).toBe(Date.UTC(2026, 11, 4, 20, 30));
  });
});

describe("the note form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };

  it("takes comma-separated tags, trimmed and each once", () => {
    expect(tagsOf(" raider, alt ,,Raider,  night   owl ")).toEqual(["raider", "alt", "night owl"]);
  });

  it("sends the trimmed text, the tags and the version it was based on", () => {
    expect(parseNote(form({ text: " Farms metal. \r\n", tags: "raider", version: "3" }))).toMatchObject({
      ok: true,
      body: { text: "Farms metal.", tags: ["raider"], version: 3 },
    });
    expect(parseNote(form({ text: "", tags: "", version: "" }))).toMatchObject({
      ok: true,
      body: { text: "", tags: [], version: null },
    });
  });

  it("refuses a tag of other characters, too many tags and too long a note, keeping what was typed", () => {
    const bad = parseNote(form({ text: "x", tags: "ok, bad!tag", version: "" }));
    expect(bad).toMatchObject({ ok: false, values: { tags: "ok, bad!tag" } });
    expect(!bad.ok && bad.errors.tags).toContain('"bad!tag" is not');
    const many = parseNote(
      form({ text: "", tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(","), version: "" }),
    );
    expect(!many.ok && many.errors.tags).toBe("At most 10 tags (there are 11).");
    const long = parseNote(form({ text: "a".repeat(2001), tags: "", version: "" }));
    expect(!long.ok && long.errors.text).toBe("A note is at most 2000 characters (this one has 2001).");
  });
});
