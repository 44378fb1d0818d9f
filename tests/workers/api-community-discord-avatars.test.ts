// Avatars through Discord's REST API (here the stand-in, reached over HTTP as Discord would be): the cache, Discord's
// default avatar, failures, and the vouches' avatar calls.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { standinUser } from "#worker/discord-standin";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch } from "./helpers";
import {
  withDiscordOnSelf,
  outbound,
  DAY,
  urlOf,
  discordCalls,
  headerOf,
  count,
  userWith,
  seedVouches,
} from "./api-community-discord-fixtures";

withDiscordOnSelf();

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
