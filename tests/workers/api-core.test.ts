import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const json = (body: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const DAY = 24 * 3600 * 1000;

/** Inserts vouches: [vouchedBy, status, daysAgo, vouched?]. */
async function seedVouches(rows: [string, string, number, string?][]) {
  const now = Date.now();
  await env.DB.batch(
    rows.map(([by, status, daysAgo, vouched], i) => {
      const at = new Date(now - daysAgo * DAY);
      const ms = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
      return env.DB.prepare(
        `insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_by_username, username)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        (i + 1).toString(16).padStart(24, "0"),
        rows.length - i, // ids out of insertion order: the API sorts them
        status,
        vouched ?? `50000000000000000${i % 10}`,
        `${at.getUTCMonth() + 1}/${at.getUTCDate()}/${at.getUTCFullYear()}`,
        ms,
        by,
        `user${by.slice(-2)}`,
        `vouched${i}`,
      );
    }),
  );
}

describe("API tokens", () => {
  it("are created by a signed-in person, shown once, and authenticate API calls", async () => {
    const { browser, token, bearer } = await memberWithToken();
    expect(token).toMatch(/^atd_[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("select * from api_tokens").first<Record<string, string>>();
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const health = await SELF.fetch(`${ORIGIN}/api/health`, { headers: bearer });
    expect(health.status).toBe(200);
    const list = await (await browser.fetch("/api/tokens")).json<Record<string, unknown>[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "test bot", prefix: token.slice(0, 10) });
    expect(list[0].lastUsedAt).toEqual(expect.any(Number));
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it("cannot manage tokens themselves", async () => {
    const { bearer } = await memberWithToken();
    const res = await SELF.fetch(`${ORIGIN}/api/tokens`, {
      ...json({ name: "x" }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(403);
  });

  it("stop working once revoked, and unknown tokens get 401", async () => {
    const { browser, bearer } = await memberWithToken();
    const [{ id }] = await (await browser.fetch("/api/tokens")).json<{ id: string }[]>();
    expect((await browser.fetch(`/api/tokens/${id}`, { method: "DELETE" })).status).toBe(200);
    const res = await SELF.fetch(`${ORIGIN}/api/health`, { headers: bearer });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthorized" });
    const forged = await SELF.fetch(`${ORIGIN}/api/health`, { headers: { Authorization: "Bearer atd_made-up" } });
    expect(forged.status).toBe(401);
    expect((await browser.fetch(`/api/tokens/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("a nameless token is refused with the field named", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch("/api/tokens", json({ name: "  " }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "validation", field: "name", message: "name: is required" });
    expect(await env.DB.prepare("select count(*) as n from api_tokens").first("n")).toBe(0);
  });

  it("malformed JSON gets a clear 400", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch("/api/tokens", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });
});

describe("/api/vouches", () => {
  it("lists vouches sorted by id with the API's fields", async () => {
    await seedVouches([
      ["400000000000000011", "Complete", 1],
      ["400000000000000012", "Invalid", 2],
      ["400000000000000011", "Not Provided", 40],
    ]);
    const { bearer } = await memberWithToken();
    const res = await SELF.fetch(`${ORIGIN}/api/vouches`, { headers: bearer });
    expect(res.status).toBe(200);
    const list = await res.json<Record<string, unknown>[]>();
    expect(list.map((v) => v.id)).toEqual([1, 2, 3]);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "_id",
        "id",
        "username",
        "displayName",
        "discordId",
        "notes",
        "aliases",
        "igName",
        "igNameServer2",
        "igNameServer3",
        "vouchedAvatar",
        "vouchedAvatarHash",
        "status",
        "vouched",
        "vouchedUsername",
        "vouchedAt",
        "vouchedBy",
        "vouchedByUsername",
      ].sort(),
    );
    expect(list[0].vouchedAt).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  });

  it("computes the card cache: this month's vouchers, the top one's trend, all-time counts", async () => {
    const today = new Date();
    const daysIntoMonth = today.getUTCDate() - 1;
    const lastMonth = daysIntoMonth + 5; // safely inside last month
    await seedVouches([
      ["400000000000000011", "Complete", 0],
      ["400000000000000011", "Invalid", 0],
      ["400000000000000011", "Remove Pending", 0],
      ["400000000000000012", "Not Provided", 0],
      ["400000000000000011", "Complete", lastMonth],
      ["400000000000000012", "Complete", lastMonth],
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const cache = await (await browser.fetch("/api/vouches/card-cache")).json<Record<string, unknown>>();
    expect(cache.recentVouchers).toEqual([
      { discordId: "400000000000000011", username: "user11", count: 3 },
      { discordId: "400000000000000012", username: "user12", count: 1 },
    ]);
    expect(cache.mostVouches).toEqual({ username: "user11", count: 3, trend: "up" });
    expect(cache.voucherStats).toEqual([
      { discordId: "400000000000000011", username: "user11", uncompletedCount: 1, completedCount: 2, totalCount: 4 },
      { discordId: "400000000000000012", username: "user12", uncompletedCount: 1, completedCount: 1, totalCount: 2 },
    ]);
  });

  it("counts vouches by status group and per month for the dashboard", async () => {
    const today = new Date();
    const lastMonth = today.getUTCDate() + 5;
    await seedVouches([
      ["400000000000000011", "Complete", 0],
      ["400000000000000011", "Invalid", 0],
      ["400000000000000012", "Not Provided", lastMonth],
      ["400000000000000012", "Remove Pending", lastMonth],
      ["400000000000000012", "Complete", 400], // older than the 9 months
    ]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const stats = await (
      await browser.fetch("/api/vouches/stats")
    ).json<{ perMonth: { month: string; count: number }[] }>();
    const key = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    const prev = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    expect(stats).toEqual({
      completed: 2,
      uncompleted: 2,
      total: 5,
      perMonth: [
        { month: key(prev), count: 2 },
        { month: key(today), count: 2 },
      ],
    });
  });

  it("an empty month has no most-vouches", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const cache = await (await browser.fetch("/api/vouches/card-cache")).json();
    expect(cache).toEqual({ recentVouchers: [], mostVouches: null, voucherStats: [] });
  });

  it("deletes a vouch, audits it and tells every browser", async () => {
    await seedVouches([["400000000000000011", "Complete", 1]]);
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const live = await listen(browser);
    const _id = "000000000000000000000001";
    const res = await browser.fetch(`/api/vouches/${_id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    await live.next("vouches_update");
    live.close();
    expect(await env.DB.prepare("select count(*) as n from vouches").first("n")).toBe(0);
    const audit = await env.DB.prepare("select * from audit_log where entity = 'vouch'").first<
      Record<string, string>
    >();
    expect(audit).toMatchObject({ actor: `user:${MEMBER}`, actor_name: "Rex Rider", entity_id: _id, action: "delete" });
    expect(JSON.parse(audit!.before)).toMatchObject({ _id, status: "Complete" });

    expect((await browser.fetch(`/api/vouches/${_id}`, { method: "DELETE" })).status).toBe(404);
    const bad = await browser.fetch("/api/vouches/not-an-id", { method: "DELETE" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "_id" });
  });

  it("marks every vouch of a user Remove Pending at once", async () => {
    const target = "600000000000000001";
    await seedVouches([
      ["400000000000000011", "Complete", 1, target],
      ["400000000000000012", "Invalid", 2, target],
      ["400000000000000012", "Complete", 3],
    ]);
    const { bearer } = await memberWithToken();
    const res = await SELF.fetch(`${ORIGIN}/api/vouches/mark-remove-pending/${target}`, {
      method: "POST",
      headers: bearer,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ updated: 2 });
    const { results } = await env.DB.prepare("select vouched, status from vouches order by id").all();
    expect(results.filter((r) => r.status === "Remove Pending")).toHaveLength(2);
    expect(results.find((r) => r.vouched !== target)?.status).toBe("Complete");
    const audits = await env.DB.prepare("select actor from audit_log where action = 'mark-remove-pending'").all();
    expect(audits.results).toHaveLength(2);
    expect(String(audits.results[0].actor)).toMatch(/^token:/);

    const none = await SELF.fetch(`${ORIGIN}/api/vouches/mark-remove-pending/600000000000000002`, {
      method: "POST",
      headers: bearer,
    });
    expect(none.status).toBe(404);
    const bad = await SELF.fetch(`${ORIGIN}/api/vouches/mark-remove-pending/abc`, { method: "POST", headers: bearer });
    expect(bad.status).toBe(400);
  });
});
