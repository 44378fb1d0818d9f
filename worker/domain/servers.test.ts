// Pure rules of the host's server stats area: roster diffs, live events, weekly activity.
import { describe, expect, it } from "vitest";
import { mergeWeeklyMember } from "./servers/weekly-members";
import { diffRosters, eventsFor, parseTime, weeklyActivity, WEEK_MS } from "./servers-rules";

describe("diffRosters", () => {
  const p = (eosId: string, name = eosId) => ({ eosId, name });

  it("finds who joined and who left, matched on EOS id", () => {
    const { joined, left } = diffRosters([p("a"), p("b"), p("c")], [p("c"), p("d"), p("a", "renamed"), p("e")]);
    expect(joined.map((x) => x.eosId)).toEqual(["d", "e"]);
    expect(left.map((x) => x.eosId)).toEqual(["b"]);
  });

  it("makes everyone a join against an empty roster, and everyone a leave into one", () => {
    expect(diffRosters([], [p("a"), p("b")]).joined).toHaveLength(2);
    expect(diffRosters([p("a"), p("b")], []).left).toHaveLength(2);
  });

  it("finds nothing when the roster is unchanged, whatever the order", () => {
    const { joined, left } = diffRosters([p("a"), p("b")], [p("b"), p("a")]);
    expect(joined).toEqual([]);
    expect(left).toEqual([]);
  });
});

describe("eventsFor", () => {
  const e = (eventType: "join" | "leave", status: string | null, tribe: string | null = "") => ({
    eventType,
    status,
    tribe,
  });

  it("names the logs and the activity classes touched", () => {
    expect(eventsFor([e("join", "2"), e("join", "-1")]).sort()).toEqual([
      "enemies_update",
      "joinlog_update",
      "tribemembers_update",
    ]);
    expect(eventsFor([e("leave", "unknown"), e("leave", "1")]).sort()).toEqual([
      "friendlys_update",
      "leavelog_update",
      "unknowns_update",
    ]);
  });

  it("raises no activity event for neutral or raw codes, and nothing for no rows", () => {
    expect(eventsFor([e("join", "0"), e("join", "9")])).toEqual(["joinlog_update"]);
    expect(eventsFor([])).toEqual([]);
  });
});

describe("weeklyActivity", () => {
  const now = Date.UTC(2026, 4, 20, 12);
  it("is active with an event in the last 7 days, inactive otherwise", () => {
    expect(weeklyActivity(now - 1000, now)).toEqual({ isActiveThisWeek: true, eventType: "active" });
    expect(weeklyActivity(now - WEEK_MS, now).isActiveThisWeek).toBe(true);
    expect(weeklyActivity(now - WEEK_MS - 1, now)).toEqual({ isActiveThisWeek: false, eventType: "inactive" });
    expect(weeklyActivity(undefined, now).eventType).toBe("inactive");
    expect(weeklyActivity(null, now).eventType).toBe("inactive");
  });
});

describe("parseTime", () => {
  it("reads epoch ms and ISO date-times, and nothing else", () => {
    expect(parseTime(1_760_000_000_000)).toBe(1_760_000_000_000);
    expect(parseTime("2026-05-01T10:00:00Z")).toBe(Date.UTC(2026, 4, 1, 10));
    expect(parseTime("2026-05-01T10:00:00+02:00")).toBe(Date.UTC(2026, 4, 1, 8));
    expect(parseTime("yesterday")).toBeNull();
    expect(parseTime("2026-05-01")).toBeNull();
    expect(parseTime(-5)).toBeNull();
    expect(parseTime(1.5)).toBeNull();
  });
});

describe("mergeWeeklyMember", () => {
  const stored = {
    eosId: "a".repeat(32),
    displayName: "Rex",
    memberName: "RexRider",
    isActiveThisWeek: true,
    isTribeMember: true,
    tribe: "GC",
    platform: "steam",
    eventType: "active" as const,
    eventTime: 1000,
    lastArkLaunch: "2026-05-01",
    steamProfileLink: null,
  };

  it("keeps stored values for omitted fields and clears those sent as null", () => {
    const merged = mergeWeeklyMember({ eosId: stored.eosId, platform: "xbl", lastArkLaunch: null }, stored);
    expect(merged).toEqual({ ...stored, platform: "xbl", lastArkLaunch: null });
  });

  it("derives eventType from isActiveThisWeek and the other way round", () => {
    expect(mergeWeeklyMember({ eosId: stored.eosId, isActiveThisWeek: false }, stored).eventType).toBe("inactive");
    expect(mergeWeeklyMember({ eosId: stored.eosId, eventType: "inactive" }, stored).isActiveThisWeek).toBe(false);
  });

  it("makes a new member inactive, a tribemember by status or tribe", () => {
    const fresh = mergeWeeklyMember({ eosId: "b".repeat(32), status: "2" }, undefined);
    expect(fresh).toMatchObject({ isActiveThisWeek: false, eventType: "inactive", isTribeMember: true, tribe: null });
    expect(mergeWeeklyMember({ eosId: "c".repeat(32), tribe: "ALPHA" }, undefined).isTribeMember).toBe(false);
  });
});
