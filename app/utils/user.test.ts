import { describe, expect, it } from "vitest";
import { avatarUrl, defaultAvatarIndex, displayNameOf, greetingFor, localClock } from "./user";

describe("greeting", () => {
  it("says Good Morning before 12, Good Afternoon before 17, else Good Evening", () => {
    expect([0, 11, 12, 16, 17, 23].map(greetingFor)).toEqual([
      "Good Morning",
      "Good Morning",
      "Good Afternoon",
      "Good Afternoon",
      "Good Evening",
      "Good Evening",
    ]);
  });

  it("uses the browser's time zone when known", () => {
    const at = new Date("2026-11-21T23:30:00Z");
    expect(localClock(at, "UTC")).toEqual({ hour: 23, date: "Saturday, November 21, 2026" });
    expect(localClock(at, "Asia/Tokyo")).toEqual({ hour: 8, date: "Sunday, November 22, 2026" });
    expect(localClock(at, "Not/AZone").hour).toBe(23);
  });

  it("names the user by displayName, then username, then User", () => {
    expect(displayNameOf({ displayName: "Rex", username: "rex" })).toBe("Rex");
    expect(displayNameOf({ displayName: null, username: "rex" })).toBe("rex");
    expect(displayNameOf(null)).toBe("User");
  });
});

describe("avatars", () => {
  it("picks the default avatar by id modulo 5, exactly for 18-digit ids", () => {
    expect(defaultAvatarIndex("300000000000000001")).toBe(1);
    expect(defaultAvatarIndex("300000000000000009")).toBe(4);
    // 2^53 + 1 is not representable as a number; BigInt keeps it exact.
    expect(defaultAvatarIndex("9007199254740993")).toBe(3);
    expect(defaultAvatarIndex(undefined)).toBe(0);
  });

  it("uses Discord's CDN for a real avatar and the local default otherwise", () => {
    expect(avatarUrl({ id: "300000000000000002", avatar: null })).toBe("/avatars/default-2.svg");
    expect(avatarUrl({ id: "1", avatar: "abc" }, 64)).toBe("https://cdn.discordapp.com/avatars/1/abc.png?size=64");
    expect(avatarUrl({ id: "1", avatar: "a_abc" }, 64)).toBe("https://cdn.discordapp.com/avatars/1/a_abc.gif?size=64");
  });
});
