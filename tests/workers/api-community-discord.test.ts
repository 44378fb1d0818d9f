// Kicks and avatars through Discord's REST API (here the stand-in, reached over HTTP as Discord would be), and the
// stand-in's bot endpoints in Discord's shapes.
import { createExecutionContext, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import worker from "#worker/index";
import { standinUser } from "#worker/discord-standin";
import schemas from "#tests/fixtures/discord-schemas.json";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, OUTSIDER, pageFetch, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "avatars", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const GUILD = "400000000000000001";
const DAY = 24 * 3600 * 1000;
const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));
const discordCalls = (part: string) =>
  outbound.mock.calls.filter(([input]) => urlOf(input).includes(`/__discord/api/v10${part}`));
const headerOf = (call: unknown[], name: string) =>
  new Headers((call[1] as RequestInit | undefined)?.headers).get(name);
const count = (sql: string) => env.DB.prepare(`select count(*) as n from ${sql}`).first<number>("n");

/** The first snowflake after `from` whose stand-in user has (or has not) an avatar. */
function userWith(avatar: boolean, from = 800000000000000000n) {
  for (let id = from; ; id++)
    if ((standinUser(String(id)).avatar !== null) === avatar && !String(id).endsWith("9")) return String(id);
}

async function seedVouches(rows: [string, string][]) {
  await env.DB.batch(
    rows.map(([vouched, status], i) =>
      env.DB.prepare(
        `insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by) values (?, ?, ?, ?, '6/1/2025', ?, ?)`,
      ).bind((i + 1).toString(16).padStart(24, "0"), i + 1, status, vouched, Date.UTC(2025, 5, 1), MEMBER),
    ),
  );
}

/** Calls the Worker with settings overridden (as another deployment would have them). */
const withSettings = (overrides: Record<string, string>, path: string, init: RequestInit) =>
  worker.fetch(new Request(`${ORIGIN}${path}`, init), { ...env, ...overrides } as Env, createExecutionContext());

type Schema = { required: string[]; properties: Record<string, string | string[]> };
function conforms(value: Record<string, unknown>, schema: Schema) {
  const problems: string[] = [];
  for (const field of schema.required) if (!(field in value)) problems.push(`missing ${field}`);
  for (const field of Object.keys(value)) if (!(field in schema.properties)) problems.push(`unknown field ${field}`);
  return problems;
}

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

describe("avatars", () => {
  it("GET /avatar/{id} fetches once from Discord, then answers from the cache for a day", async () => {
    const id = userWith(true);
    const hash = standinUser(id).avatar!;
    const { bearer } = await memberWithToken();
    const first = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(first.status).toBe(200);
    const ext = hash.startsWith("a_") ? "gif" : "png";
    expect(await first.json()).toEqual({
      avatarURL: `https://cdn.discordapp.com/avatars/${id}/${hash}.${ext}`,
      avatarHash: hash,
    });
    expect(discordCalls(`/users/${id}`)).toHaveLength(1);
    expect(headerOf(discordCalls(`/users/${id}`)[0], "Authorization")).toBe("Bot standin-bot-token");

    const second = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(await second.json()).toMatchObject({ avatarHash: hash });
    expect(discordCalls(`/users/${id}`)).toHaveLength(1);
    const row = await env.DB.prepare("select * from avatars where discord_id = ?")
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({ hash, url: expect.stringContaining(hash) });
    expect(Date.now() - Number(row!.timestamp)).toBeLessThan(60_000);

    // After 24 hours the record is fetched again.
    await env.DB.prepare("update avatars set timestamp = ?")
      .bind(Date.now() - DAY - 1000)
      .run();
    await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(discordCalls(`/users/${id}`)).toHaveLength(2);
  });

  it("reads once more when the connection to Discord broke, but not after a timeout", async () => {
    const id = userWith(true, 800000000000000200n);
    const { bearer } = await memberWithToken();
    outbound.mockImplementationOnce(() => Promise.reject(new TypeError("Network connection lost.")));
    const res = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(await res.json()).toMatchObject({ avatarHash: standinUser(id).avatar });
    expect(discordCalls(`/users/${id}`)).toHaveLength(2);
    expect(await count("avatars")).toBe(1);

    // A call that ran out of time is not repeated: the page would wait twice as long for the same answer.
    const other = userWith(true, BigInt(id) + 1n);
    outbound.mockImplementationOnce(() =>
      Promise.reject(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    );
    const timedOut = await pageFetch(`${ORIGIN}/avatar/${other}`, { headers: bearer });
    expect(await timedOut.json()).toMatchObject({ avatarHash: null });
    expect(discordCalls(`/users/${other}`)).toHaveLength(1);
    expect(await count("avatars")).toBe(1);
  });

  it("a user without an avatar gets Discord's default one, chosen by id modulo 5", async () => {
    const id = userWith(false);
    const { bearer } = await memberWithToken();
    const body = await (await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer })).json();
    expect(body).toEqual({
      avatarURL: `https://cdn.discordapp.com/embed/avatars/${BigInt(id) % 5n}.png`,
      avatarHash: null,
    });
  });

  it("answers the default avatar with 200 when Discord fails, caching nothing; a stale record beats the default", async () => {
    const id = userWith(true, 800000000000000100n);
    const { bearer } = await memberWithToken();
    outbound.mockImplementation(() => Promise.reject(new TypeError("Network connection lost.")));
    const res = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      avatarURL: `https://cdn.discordapp.com/embed/avatars/${BigInt(id) % 5n}.png`,
      avatarHash: null,
    });
    expect(await count("avatars")).toBe(0);

    // A Discord that answers an error is a failure too.
    outbound.mockImplementation(() =>
      Promise.resolve(Response.json({ message: "500: Internal Server Error", code: 0 }, { status: 500 })),
    );
    const failing = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(failing.status).toBe(200);
    expect(await failing.json()).toMatchObject({ avatarHash: null });
    expect(await count("avatars")).toBe(0);

    await env.DB.prepare(
      "insert into avatars (discord_id, url, hash, timestamp) values (?, 'https://cdn.discordapp.com/avatars/x/old.png', 'old', ?)",
    )
      .bind(id, Date.now() - 3 * DAY)
      .run();
    outbound.mockImplementation(() => Promise.reject(new TypeError("Network connection lost.")));
    const stale = await pageFetch(`${ORIGIN}/avatar/${id}`, { headers: bearer });
    expect(await stale.json()).toEqual({
      avatarURL: "https://cdn.discordapp.com/avatars/x/old.png",
      avatarHash: "old",
    });
  });

  it("GET /avatar refuses a malformed id and callers without credentials", async () => {
    const { bearer } = await memberWithToken();
    const bad = await pageFetch(`${ORIGIN}/avatar/abc`, { headers: bearer });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "discordId" });
    expect((await pageFetch(`${ORIGIN}/avatar/${MEMBER}`)).status).toBe(401);
  });

  it("POST /api/vouches/avatars answers a map of avatar records, fetching only the missing and expired ones", async () => {
    const [a, b, c] = [userWith(true), userWith(false), userWith(true, 800000000000000500n)];
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "insert into avatars values (?, 'https://cdn.discordapp.com/avatars/a/cached.png', 'cached', ?)",
      ).bind(a, now - 1000),
      env.DB.prepare("insert into avatars values (?, 'https://cdn.discordapp.com/avatars/c/old.png', 'old', ?)").bind(
        c,
        now - 2 * DAY,
      ),
    ]);
    const { bearer } = await memberWithToken();
    const res = await pageFetch(`${ORIGIN}/api/vouches/avatars`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ discordIds: [a, b, c, b] }),
    });
    expect(res.status).toBe(200);
    const map = await res.json<Record<string, { url: string; hash: string | null; timestamp: number }>>();
    expect(Object.keys(map).sort()).toEqual([a, b, c].sort());
    expect(map[a]).toEqual({
      url: "https://cdn.discordapp.com/avatars/a/cached.png",
      hash: "cached",
      timestamp: now - 1000,
    });
    expect(map[b]).toMatchObject({ url: `https://cdn.discordapp.com/embed/avatars/${BigInt(b) % 5n}.png`, hash: null });
    expect(map[c].hash).toBe(standinUser(c).avatar);
    expect(map[c].timestamp).toBeGreaterThanOrEqual(now);
    const fetched = discordCalls("/users/").map(([u]) => urlOf(u).split("/").pop()!);
    expect(fetched.filter((x) => /^\d+$/.test(x)).sort()).toEqual([b, c].sort());
    expect(await count("avatars")).toBe(3);

    const tooMany = await pageFetch(`${ORIGIN}/api/vouches/avatars`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({
        discordIds: Array.from({ length: 201 }, (_, i) => String(800000000000001000n + BigInt(i))),
      }),
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ field: "discordIds" });
    const notIds = await pageFetch(`${ORIGIN}/api/vouches/avatars`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ discordIds: ["x"] }),
    });
    expect(await notIds.json()).toMatchObject({ field: "discordIds.0" });
    expect((await pageFetch(`${ORIGIN}/api/vouches/avatars`, { method: "POST" })).status).toBe(401);
    expect(await count("avatars")).toBe(3);
  });

  it("GET /api/vouches/avatar-cache maps user ids to avatar URLs from the vouches and the avatar records", async () => {
    await seedVouches([
      ["800000000000000011", "Complete"],
      ["800000000000000012", "Complete"],
    ]);
    await env.DB.batch([
      env.DB.prepare(
        "update vouches set vouched_avatar = 'https://cdn.discordapp.com/avatars/11/v.png' where vouched = '800000000000000011'",
      ),
      env.DB.prepare(
        "update vouches set vouched_avatar = 'https://cdn.discordapp.com/avatars/12/v.png' where vouched = '800000000000000012'",
      ),
      env.DB.prepare(
        "insert into avatars values ('800000000000000012', 'https://cdn.discordapp.com/avatars/12/new.png', 'new', 1)",
      ),
      env.DB.prepare(
        "insert into avatars values ('800000000000000013', 'https://cdn.discordapp.com/avatars/13/a.png', 'a', 1)",
      ),
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    expect(await (await browser.fetch("/api/vouches/avatar-cache")).json()).toEqual({
      "800000000000000011": "https://cdn.discordapp.com/avatars/11/v.png",
      "800000000000000012": "https://cdn.discordapp.com/avatars/12/new.png",
      "800000000000000013": "https://cdn.discordapp.com/avatars/13/a.png",
    });
    expect((await pageFetch(`${ORIGIN}/api/vouches/avatar-cache`)).status).toBe(401);
  });

  it("POST /api/vouches/{_id}/fetch-avatar stores the vouched user's avatar on their vouches, audited and announced", async () => {
    const id = userWith(true);
    const hash = standinUser(id).avatar!;
    await seedVouches([
      [id, "Complete"],
      [id, "Invalid"],
      ["700000000000000002", "Complete"],
    ]);
    // Even a fresh cache entry is refreshed: a person asked.
    await env.DB.prepare("insert into avatars values (?, 'https://cdn.discordapp.com/avatars/x/old.png', 'old', ?)")
      .bind(id, Date.now())
      .run();
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const _id = "000000000000000000000001";
    const res = await browser.fetch(`/api/vouches/${_id}/fetch-avatar`, { method: "POST" });
    expect(res.status).toBe(200);
    const url = `https://cdn.discordapp.com/avatars/${id}/${hash}.${hash.startsWith("a_") ? "gif" : "png"}`;
    expect(await res.json()).toEqual({ vouchedAvatar: url, vouchedAvatarHash: hash });
    await live.next("vouches_update");
    live.close();
    const { results } = await env.DB.prepare(
      "select vouched_avatar, vouched_avatar_hash from vouches order by id",
    ).all();
    expect(results).toEqual([
      { vouched_avatar: url, vouched_avatar_hash: hash },
      { vouched_avatar: url, vouched_avatar_hash: hash },
      { vouched_avatar: null, vouched_avatar_hash: null },
    ]);
    const audits = await env.DB.prepare("select * from audit_log where action = 'fetch-avatar' order by entity_id").all<
      Record<string, string>
    >();
    expect(audits.results.map((a) => a.entity_id)).toEqual(["000000000000000000000001", "000000000000000000000002"]);
    expect(JSON.parse(audits.results[0].after)).toEqual({ vouchedAvatar: url, vouchedAvatarHash: hash });
    expect(await env.DB.prepare("select hash from avatars where discord_id = ?").bind(id).first("hash")).toBe(hash);

    expect((await browser.fetch(`/api/vouches/${"f".repeat(24)}/fetch-avatar`, { method: "POST" })).status).toBe(404);
    const bad = await browser.fetch("/api/vouches/nope/fetch-avatar", { method: "POST" });
    expect(bad.status).toBe(400);
    expect((await pageFetch(`${ORIGIN}/api/vouches/${_id}/fetch-avatar`, { method: "POST" })).status).toBe(401);
  });

  it("fetch-avatar answers 502 and changes nothing when Discord fails and nothing is known", async () => {
    const id = userWith(true);
    await seedVouches([[id, "Complete"]]);
    const { bearer } = await memberWithToken();
    outbound.mockImplementation(() => Promise.reject(new TypeError("Network connection lost.")));
    const res = await pageFetch(`${ORIGIN}/api/vouches/000000000000000000000001/fetch-avatar`, {
      method: "POST",
      headers: bearer,
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: "discord_unavailable" });
    expect(await env.DB.prepare("select vouched_avatar from vouches").first("vouched_avatar")).toBeNull();
    expect(await count("audit_log where action = 'fetch-avatar'")).toBe(0);
  });
});
