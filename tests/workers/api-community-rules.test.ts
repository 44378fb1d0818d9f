// The community area's pure rules: avatar URLs, snowflake times, event wording, input normalisation.
import { describe, expect, it } from "vitest";
import { codeUpdate } from "#contract/codes";
import { defaultAvatarUrl, isFresh, snowflakeTime, userAvatarUrl } from "#worker/domain/discord";
import { batchMessage } from "#worker/domain/members-ingest";
import { joinInput, vouchInput } from "#worker/domain/members-input";
import { entryCreate } from "#contract/tribelist-input";
import { tribelistPath } from "#contract/tribelists";
import { entryJson } from "#worker/domain/tribelists";

describe("avatar URLs", () => {
  it("picks Discord's default avatar by id modulo 5, exactly, even beyond 2^53", () => {
    expect(defaultAvatarUrl("300000000000000001")).toBe("https://cdn.discordapp.com/embed/avatars/1.png");
    expect(defaultAvatarUrl("300000000000000004")).toBe("https://cdn.discordapp.com/embed/avatars/4.png");
    // 2^63 - 1 = 9223372036854775807 is 2 mod 5; as a Number it would round to 2^63, which is 3 mod 5.
    expect(defaultAvatarUrl("9223372036854775807")).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
  });

  it("builds CDN URLs from the hash; animated hashes are GIFs; no hash falls back to the default", () => {
    expect(userAvatarUrl("300000000000000001", "abc")).toBe(
      "https://cdn.discordapp.com/avatars/300000000000000001/abc.png",
    );
    expect(userAvatarUrl("300000000000000001", "a_abc")).toBe(
      "https://cdn.discordapp.com/avatars/300000000000000001/a_abc.gif",
    );
    expect(userAvatarUrl("300000000000000002", null)).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
  });

  it("keeps an avatar record fresh for 24 hours", () => {
    const now = Date.UTC(2025, 0, 2);
    expect(isFresh({ timestamp: now - 24 * 3600 * 1000 + 1 }, now)).toBe(true);
    expect(isFresh({ timestamp: now - 24 * 3600 * 1000 }, now)).toBe(false);
  });

  it("reads an account's creation time from its snowflake", () => {
    // Discord's documented example: 175928847299117063 was created 2016-04-30T11:18:25.796Z.
    expect(new Date(snowflakeTime("175928847299117063")).toISOString()).toBe("2016-04-30T11:18:25.796Z");
  });
});

describe("ingestion rules", () => {
  it("words a batch's toast with the first name and how many others", () => {
    expect(batchMessage(["Alice"], "joined")).toBe("Alice joined the Discord");
    expect(batchMessage(["Alice", "Bob"], "left")).toBe("Alice and 1 other left the Discord");
    expect(batchMessage(["Alice", "Bob", "Cleo"], "joined")).toBe("Alice and 2 others joined the Discord");
  });

  it("takes epoch milliseconds or ISO date-times, and refuses seconds", () => {
    const ms = Date.UTC(2025, 5, 1);
    expect(joinInput.parse({ id: "300000000000000001", joinedAt: ms }).joinedAt).toBe(ms);
    expect(joinInput.parse({ id: "300000000000000001", joinedAt: "2025-06-01T00:00:00Z" }).joinedAt).toBe(ms);
    expect(joinInput.safeParse({ id: "300000000000000001", joinedAt: ms / 1000 }).success).toBe(false);
  });

  it("reads a vouch date as month/day/year (or ISO) at UTC midnight and refuses impossible dates", () => {
    const base = {
      sourceMessageId: "300000000000000011",
      vouched: "300000000000000001",
      vouchedBy: "300000000000000002",
    };
    expect(vouchInput.parse({ ...base, vouchedAt: "7/4/2025" }).vouchedAt).toBe(Date.UTC(2025, 6, 4));
    expect(vouchInput.parse({ ...base, vouchedAt: "2025-07-04T23:59:00Z" }).vouchedAt).toBe(Date.UTC(2025, 6, 4));
    expect(vouchInput.safeParse({ ...base, vouchedAt: "2/29/2025" }).success).toBe(false);
    expect(vouchInput.parse(base).vouchedAt).toBeUndefined();
  });
});

describe("tribelist and code input", () => {
  it("normalises rank and nationality case and treats empty as none", () => {
    expect(entryCreate.parse({ name: " A ", rank: "owner", nationality: "CHINESE", discordId: "" })).toEqual({
      name: "A",
      rank: "Owner",
      nationality: "Chinese",
      discordId: null,
    });
    expect(entryCreate.parse({ name: "A", rank: "", nationality: null })).toMatchObject({
      rank: null,
      nationality: null,
    });
    expect(entryCreate.safeParse({ name: "A", rank: "Member" }).success).toBe(false);
  });

  it("answers order only when an entry has one", () => {
    const row = {
      _id: "x",
      server: "2411" as const,
      name: "A",
      username: null,
      discordId: null,
      rank: null,
      nationality: null,
      version: 1,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    expect(entryJson({ ...row, order: null })).not.toHaveProperty("order");
    expect(entryJson({ ...row, order: 0 })).toHaveProperty("order", 0);
  });

  it("uses the bare path for 2411 and suffixed paths for the others", () => {
    expect(["2411", "2573", "2446"].map((s) => tribelistPath(s as "2411"))).toEqual([
      "/api/tribelist",
      "/api/tribelist-2573",
      "/api/tribelist-2446",
    ]);
  });

  it("reads a code's completed flag from booleans or the Yes/No the table shows", () => {
    expect(codeUpdate.parse({ completed: "Yes" }).completed).toBe(true);
    expect(codeUpdate.parse({ completed: "false" }).completed).toBe(false);
    expect(codeUpdate.parse({ id: "12" }).id).toBe(12);
    expect(codeUpdate.safeParse({ completed: 1 }).success).toBe(false);
  });
});
