// Kicks through Discord's REST API (here the stand-in, reached over HTTP as Discord would be), and the stand-in's bot
// endpoints in Discord's shapes.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import schemas from "#tests/fixtures/discord-schemas.json";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, OUTSIDER, pageFetch } from "./helpers";
import {
  withDiscordOnSelf,
  outbound,
  GUILD,
  discordCalls,
  headerOf,
  count,
  userWith,
  seedVouches,
  withSettings,
  Schema,
  conforms,
} from "./api-community-discord-fixtures";

withDiscordOnSelf();

describe("the stand-in's bot endpoints", () => {
  const bot = { Authorization: "Bot standin-bot-token" };

  it("answers GET /users/{id} as Discord's UserResponse, for demo users and any other snowflake, the same every time", async () => {
    for (const id of [MEMBER, userWith(true), userWith(false), "1234567890123456789"]) {
      const res = await pageFetch(`${ORIGIN}/__discord/api/v10/users/${id}`, { headers: bot });
      expect(res.status).toBe(200);
      const user = await res.json<Record<string, unknown>>();
      expect(conforms(user, schemas.UserResponse as Schema)).toEqual([]);
      expect(user.id).toBe(id);
      expect(typeof user.username).toBe("string");
      expect(user.avatar === null || /^(a_)?[0-9a-f]{32}$/.test(String(user.avatar))).toBe(true);
      expect(await (await pageFetch(`${ORIGIN}/__discord/api/v10/users/${id}`, { headers: bot })).json()).toEqual(user);
    }
    const demo = await (await pageFetch(`${ORIGIN}/__discord/api/v10/users/${MEMBER}`, { headers: bot })).json();
    expect(demo).toMatchObject({ username: "rexrider", global_name: "Rex Rider", avatar: null });

    const unknown = await pageFetch(`${ORIGIN}/__discord/api/v10/users/not-a-user`, { headers: bot });
    expect(unknown.status).toBe(404);
    expect(conforms(await unknown.json(), schemas.ErrorResponse as Schema)).toEqual([]);
    expect((await pageFetch(`${ORIGIN}/__discord/api/v10/users/${MEMBER}`)).status).toBe(401);
    expect(
      (await pageFetch(`${ORIGIN}/__discord/api/v10/users/${MEMBER}`, { headers: { Authorization: "Bearer x" } }))
        .status,
    ).toBe(401);
  });

  it("answers DELETE /guilds/{guild}/members/{user}: 204, Unknown Member, Unknown Guild, 401 without a bot token", async () => {
    const kick = (guild: string, user: string, headers: Record<string, string> = bot) =>
      pageFetch(`${ORIGIN}/__discord/api/v10/guilds/${guild}/members/${user}`, { method: "DELETE", headers });
    const ok = await kick(GUILD, "800000000000000001");
    expect(ok.status).toBe(204);
    expect(await ok.text()).toBe("");
    const notMember = await kick(GUILD, OUTSIDER);
    expect(notMember.status).toBe(404);
    const body = await notMember.json<Record<string, unknown>>();
    expect(body).toEqual({ message: "Unknown Member", code: 10007 });
    expect(conforms(body, schemas.ErrorResponse as Schema)).toEqual([]);
    expect(await (await kick("400000000000000002", "800000000000000001")).json()).toEqual({
      message: "Unknown Guild",
      code: 10004,
    });
    expect((await kick(GUILD, "800000000000000001", {})).status).toBe(401);
  });
});

describe("POST /kick/{vouchedId}", () => {
  const target = "800000000000000001";

  it("kicks from every configured guild with the bot token, marks the user's vouches Remove Pending and audits it", async () => {
    await seedVouches([
      [target, "Complete"],
      [target, "Not Provided"],
      ["800000000000000002", "Complete"],
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const res = await browser.fetch(`/kick/${target}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ results: [{ guildId: GUILD, status: "kicked" }], removePending: 2 });
    await live.next("vouches_update");
    live.close();

    const [call] = discordCalls(`/guilds/${GUILD}/members/${target}`);
    expect((call[1] as RequestInit).method).toBe("DELETE");
    expect(headerOf(call, "Authorization")).toBe("Bot standin-bot-token");
    expect(decodeURIComponent(headerOf(call, "X-Audit-Log-Reason")!)).toBe(
      "Kicked from the tribe dashboard by Rex Rider",
    );

    const { results } = await env.DB.prepare("select vouched, status from vouches order by id").all();
    expect(results.map((r) => r.status)).toEqual(["Remove Pending", "Remove Pending", "Complete"]);
    const audit = await env.DB.prepare("select * from audit_log where action = 'kick'").first<Record<string, string>>();
    expect(audit).toMatchObject({ entity: "discord_member", entity_id: target, actor: `user:${MEMBER}` });
    expect(JSON.parse(audit!.after)).toEqual({ results: [{ guildId: GUILD, status: "kicked" }] });
  });

  it("reports a failed kick with Discord's reason and leaves the vouches alone (still audited)", async () => {
    await seedVouches([[OUTSIDER, "Complete"]]);
    const { bearer } = await memberWithToken();
    const res = await pageFetch(`${ORIGIN}/kick/${OUTSIDER}`, { method: "POST", headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      results: [{ guildId: GUILD, status: "failed", error: "Unknown Member" }],
      removePending: 0,
    });
    expect(await env.DB.prepare("select status from vouches").first("status")).toBe("Complete");
    expect(await count("audit_log where action = 'kick'")).toBe(1);
  });

  it("answers per guild: one kicked, one failed, and the vouches still become Remove Pending", async () => {
    await seedVouches([[target, "Complete"]]);
    const { bearer } = await memberWithToken();
    const res = await withSettings({ DISCORD_GUILD_IDS: `${GUILD},400000000000000002` }, `/kick/${target}`, {
      method: "POST",
      headers: bearer,
    });
    expect(await res.json()).toEqual({
      results: [
        { guildId: GUILD, status: "kicked" },
        { guildId: "400000000000000002", status: "failed", error: "Unknown Guild" },
      ],
      removePending: 1,
    });
    expect(await env.DB.prepare("select status from vouches").first("status")).toBe("Remove Pending");
  });

  it("reports Discord being unreachable as failed results", async () => {
    const { bearer } = await memberWithToken();
    outbound.mockImplementation(() => Promise.reject(new TypeError("Network connection lost.")));
    const res = await pageFetch(`${ORIGIN}/kick/${target}`, { method: "POST", headers: bearer });
    const body = await res.json<{ results: { status: string; error: string }[] }>();
    expect(body.results[0]).toMatchObject({
      status: "failed",
      error: expect.stringContaining("Network connection lost."),
    });
  });

  it("refuses a malformed id and callers without credentials", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const bad = await browser.fetch("/kick/someone", { method: "POST" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "vouchedId" });
    expect((await pageFetch(`${ORIGIN}/kick/${target}`, { method: "POST" })).status).toBe(401);
    expect(discordCalls("/guilds")).toHaveLength(0);
    expect(await count("audit_log where action = 'kick'")).toBe(0);
  });
});
