// The server rules both sides apply: status classes, the tribemember flag, the tracked servers.
import { describe, expect, it } from "vitest";
import { isServerId, isTribeMember, statusClass } from "./servers";

describe("statusClass", () => {
  it.each([
    ["2", "tribemembers"],
    ["1", "friendlys"],
    ["0", "neutral"],
    ["-1", "enemies"],
    ["-2", "enemies"],
    ["-3", "enemies"],
    ["unknown", "unknowns"],
    ["Unknown", "unknowns"],
    ["", "unknowns"],
    [" ", "unknowns"],
    [null, "unknowns"],
    [undefined, "unknowns"],
    ["3", "other"],
    ["-4", "other"],
    ["UNKNOWN", "other"],
    ["friend", "other"],
  ] as const)("status %j is %s", (status, expected) => {
    expect(statusClass(status, "ALPHA")).toBe(expected);
  });

  it("puts anyone in the tribe GC among the tribemembers, whatever the code", () => {
    for (const status of ["1", "0", "-1", "-3", "unknown", "", null, "7"]) {
      expect(statusClass(status, "GC")).toBe("tribemembers");
    }
    expect(statusClass("-1", " GC ")).toBe("tribemembers");
    expect(statusClass("-1", "gc")).toBe("enemies");
  });

  it("ignores surrounding spaces of the code", () => {
    expect(statusClass(" -2 ", "")).toBe("enemies");
    expect(statusClass(" 1", null)).toBe("friendlys");
  });
});

describe("isTribeMember", () => {
  it("is true for status '2' or tribe 'GC' only", () => {
    expect(isTribeMember("2", "")).toBe(true);
    expect(isTribeMember("0", "GC")).toBe(true);
    expect(isTribeMember("1", "ALPHA")).toBe(false);
    expect(isTribeMember(null, null)).toBe(false);
    expect(isTribeMember("22", "GCX")).toBe(false);
  });
});

describe("isServerId", () => {
  it("knows the three tracked servers only", () => {
    expect(["2411", "2573", "2446"].every(isServerId)).toBe(true);
    expect(isServerId("2412")).toBe(false);
    expect(isServerId("")).toBe(false);
  });
});
