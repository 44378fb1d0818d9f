// The pure rules of the server stats screens: status classes and badges, filters, platforms, tabs.
import { describe, expect, it } from "vitest";
import {
  countByStatus,
  eventTone,
  filterFor,
  formatLaunch,
  inFilter,
  peakOf,
  platformOf,
  serverOfPath,
  statusBadge,
  tabFrom,
  tabStorageKey,
} from "./servers";
import { statusClass } from "#contract/servers";

describe("status classes and badges", () => {
  it("classifies every code, the tribe GC as a tribemember whatever its code", () => {
    expect(statusClass("2")).toBe("tribemembers");
    expect(statusClass("-1", "GC")).toBe("tribemembers");
    expect(statusClass("1")).toBe("friendlys");
    expect(statusClass("0")).toBe("neutral");
    expect(["-1", "-2", "-3"].map((s) => statusClass(s))).toEqual(["enemies", "enemies", "enemies"]);
    expect(["unknown", "Unknown", "", null, undefined].map((s) => statusClass(s))).toEqual(Array(5).fill("unknowns"));
    expect(statusClass("-4")).toBe("other");
    expect(statusClass("UNKNOWN")).toBe("other");
    expect(statusClass(" 1 ")).toBe("friendlys");
  });

  it("labels and colours the badge; a raw code is shown as it came", () => {
    expect(statusBadge("2")).toEqual({ label: "Tribemember", tone: "green" });
    expect(statusBadge("0", "GC")).toEqual({ label: "Tribemember", tone: "green" });
    expect(statusBadge("1")).toEqual({ label: "Friendly", tone: "blue" });
    expect(statusBadge("0")).toEqual({ label: "Neutral", tone: "grey" });
    expect(statusBadge("-3")).toEqual({ label: "Enemy", tone: "red" });
    expect(statusBadge("")).toEqual({ label: "Unknown", tone: "yellow" });
    expect(statusBadge("ally?")).toEqual({ label: "ally?", tone: "grey" });
  });

  it("counts the five classes; raw codes count in none", () => {
    const rows = [
      { status: "2" },
      { status: "0", tribe: "GC" },
      { status: "1" },
      { status: "0" },
      { status: "-2" },
      { status: "-1" },
      { status: "Unknown" },
      { status: "7" },
    ];
    expect(countByStatus(rows)).toEqual({ tribemembers: 2, friendlys: 1, neutral: 1, enemies: 2, unknowns: 1 });
  });
});

describe("filters", () => {
  it("offers the five classes on the player, join and leave tabs, joins and leaves on the activity tabs", () => {
    expect(filterFor("playerlist", "enemies")).toBe("enemies");
    expect(filterFor("joinlog", "unknowns")).toBe("unknowns");
    expect(filterFor("playerlist", "joins")).toBeNull();
    expect(filterFor("enemys", "leaves")).toBe("leaves");
    expect(filterFor("enemys", "enemies")).toBeNull();
    expect(filterFor("leavelog", "bogus")).toBeNull();
    expect(filterFor("leavelog", null)).toBeNull();
  });

  it("keeps the rows of the filter's class or event type", () => {
    expect(inFilter({ status: "-1" }, "enemies")).toBe(true);
    expect(inFilter({ status: "-1", tribe: "GC" }, "enemies")).toBe(false);
    expect(inFilter({ status: "x" }, null)).toBe(true);
    expect(inFilter({ status: "1", eventType: "join" }, "joins")).toBe(true);
    expect(inFilter({ status: "1", eventType: "leave" }, "joins")).toBe(false);
  });

  it("colours the event types: enemies join red and leave green, unknowns yellow, friendlys blue, tribemembers green", () => {
    expect(eventTone("enemys", "join")).toBe("red");
    expect(eventTone("enemys", "leave")).toBe("green");
    expect(eventTone("unknowns", "join")).toBe("yellow");
    expect(eventTone("friendlys", "join")).toBe("blue");
    expect(eventTone("tribemembers", "join")).toBe("green");
    expect(eventTone("tribemembers", "leave")).toBe("grey");
  });
});

describe("tabs, platforms, launches and peaks", () => {
  it("restores a stored tab only when it is one of the seven keys", () => {
    expect(tabFrom("enemys")).toBe("enemys");
    expect(tabFrom("enemies")).toBe("playerlist");
    expect(tabFrom(null)).toBe("playerlist");
    expect(tabStorageKey("2446")).toBe("server_stats_2446_active_tab");
  });

  it("names steam, xbl, psn, epic and nintendo, capitalises others and shows - for none", () => {
    expect(platformOf("steam")).toEqual({ kind: "steam", label: "Steam" });
    expect(platformOf("XBL")).toEqual({ kind: "xbl", label: "Xbox" });
    expect(platformOf("psn")).toEqual({ kind: "psn", label: "PlayStation" });
    expect(platformOf("epic")).toEqual({ kind: "epic", label: "Epic" });
    expect(platformOf("Nintendo")).toEqual({ kind: "nintendo", label: "Nintendo" });
    expect(platformOf("Xbox")).toEqual({ kind: "xbl", label: "Xbox" });
    expect(platformOf("PlayStation")).toEqual({ kind: "psn", label: "PlayStation" });
    expect(platformOf("stadia")).toEqual({ kind: "other", label: "Stadia" });
    expect(platformOf("")).toEqual({ kind: "none", label: "-" });
    expect(platformOf(null)).toEqual({ kind: "none", label: "-" });
  });

  it("formats an ISO last launch in the viewer's zone and keeps other text as given", () => {
    expect(formatLaunch("2026-05-01T18:00:00Z", "UTC")).toBe("May 1, 2026, 6:00 PM");
    expect(formatLaunch("2026-05-01T18:00:00Z", "America/New_York")).toBe("May 1, 2026, 2:00 PM");
    expect(formatLaunch("yesterday", "UTC")).toBe("yesterday");
    expect(formatLaunch("", "UTC")).toBeNull();
  });

  it("finds the peak, the latest of equal highs, skipping gaps", () => {
    expect(
      peakOf([
        { t: 1, players: 3 },
        { t: 2, players: null },
        { t: 3, players: 9 },
        { t: 4, players: 9 },
        { t: 5, players: 2 },
      ]),
    ).toEqual({
      t: 4,
      players: 9,
    });
    expect(peakOf([{ t: 1, players: null }])).toBeNull();
  });
});

describe("serverOfPath", () => {
  it("reads the server of a stats page from its path (one route module serves the three)", () => {
    expect(serverOfPath("/dashboard/server-stats-2411")).toBe("2411");
    expect(serverOfPath("/dashboard/server-stats-2573/")).toBe("2573");
    expect(serverOfPath("/dashboard/server-stats-2446")).toBe("2446");
    expect(serverOfPath("/dashboard/server-stats-9999")).toBeNull();
    expect(serverOfPath("/dashboard/server-stats")).toBeNull();
    expect(serverOfPath("/dashboard/server-stats-2411/x")).toBeNull();
  });
});
