// The Logs page's paged searches (GET /api/join-log/search and /api/removed-members/search): `q` over the columns the
// page shows, counted and paged in SQL in the list's order, LIKE's own characters taken literally, a page past the end
// answered as the last; and the avatar map for the users of one page only (GET /api/vouches/avatar-cache?ids=).
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { memberWithToken, ORIGIN, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["join_log", "removed_members", "vouches", "avatars", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const id = (n: number) => `7100000000000${String(n).padStart(5, "0")}`;
type Page = { rows: Record<string, unknown>[]; total: number; page: number; pageCount: number; size: number };

async function withLogs() {
  const { browser, bearer } = await memberWithToken();
  const post = (path: string, body: unknown) =>
    SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  // 30 joins, newest first in the batch: the search answers them oldest first.
  const joins = Array.from({ length: 30 }, (_, i) => ({
    id: id(29 - i),
    displayName: i === 3 ? "100%_Tamer" : `Member ${29 - i}`,
    username: `user${29 - i}`,
    joinedAt: T0 + (29 - i) * 1000,
    inviteCode: i % 10 === 0 ? "raidnight" : null,
  }));
  expect((await post("/api/ingest/discord/joins", joins)).status).toBe(200);
  const leaves = [
    {
      id: id(1),
      displayName: "Left Early",
      leftAt: T0 + 50_000,
      joinedAt: T0 + 1000,
      leaveReason: "kicked",
      voucherInfo: { id: id(90), vouchedBy: id(91), vouchedByUsername: "Rex Rider" },
    },
    { id: id(2), displayName: "No Join Time", leftAt: T0 + 60_000, leaveReason: "left" },
    { id: id(3), displayName: "Left Late", leftAt: T0 + 70_000, joinedAt: T0 + 3000, leaveReason: "left" },
  ];
  expect((await post("/api/ingest/discord/leaves", leaves)).status).toBe(200);
  const get = async (path: string) => {
    const res = await browser.fetch(path);
    return { status: res.status, body: await res.json<Page & { message?: string }>() };
  };
  return { browser, get };
}

describe("the join log's paged search", () => {
  it("pages the whole log in order with its total, and answers a page past the end as the last", async () => {
    const { get } = await withLogs();
    const first = await get("/api/join-log/search?size=25");
    expect(first.body).toMatchObject({ total: 30, page: 1, pageCount: 2, size: 25 });
    expect(first.body.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => id(i)));
    const last = await get("/api/join-log/search?size=25&page=9");
    expect(last.body).toMatchObject({ page: 2, total: 30 });
    expect(last.body.rows.map((r) => r.id)).toEqual([id(25), id(26), id(27), id(28), id(29)]);
  });

  it("searches the shown columns, case-insensitive, with % and _ taken literally", async () => {
    const { get } = await withLogs();
    expect((await get("/api/join-log/search?q=RAIDNIGHT")).body.rows.map((r) => r.id)).toEqual([id(9), id(19), id(29)]);
    expect((await get("/api/join-log/search?q=user7")).body.total).toBe(1);
    expect(
      (await get(`/api/join-log/search?q=${encodeURIComponent("100%_t")}`)).body.rows.map((r) => r.displayName),
    ).toEqual(["100%_Tamer"]);
    expect((await get(`/api/join-log/search?q=${encodeURIComponent("%")}`)).body.total).toBe(1);
    expect((await get("/api/join-log/search?q=nobody-here")).body).toMatchObject({
      total: 0,
      page: 1,
      pageCount: 1,
      rows: [],
    });
  });

  it("refuses a bad query by name and answers nobody without credentials", async () => {
    const { get } = await withLogs();
    const bad = await get("/api/join-log/search?size=500");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("size: must be at most 100");
    expect((await get(`/api/join-log/search?q=${"x".repeat(201)}`)).status).toBe(400);
    expect((await SELF.fetch(`${ORIGIN}/api/join-log/search`)).status).toBe(401);
  });
});

describe("the leave log's paged search", () => {
  it("keeps the list's order (unknown join times last) and searches the voucher too", async () => {
    const { get } = await withLogs();
    expect((await get("/api/removed-members/search")).body.rows.map((r) => r.displayName)).toEqual([
      "Left Early",
      "Left Late",
      "No Join Time",
    ]);
    expect((await get("/api/removed-members/search?q=rex rider")).body.rows.map((r) => r.displayName)).toEqual([
      "Left Early",
    ]);
    expect((await get(`/api/removed-members/search?q=${id(91)}`)).body.total).toBe(1);
    expect((await get("/api/removed-members/search?q=LEFT")).body.total).toBe(3);
    expect((await SELF.fetch(`${ORIGIN}/api/removed-members/search`)).status).toBe(401);
  });
});

describe("the avatar map of one page", () => {
  it("answers only the users asked for", async () => {
    const { get } = await withLogs();
    await env.DB.batch(
      [id(1), id(2), id(3)].map((who) =>
        env.DB.prepare("insert into avatars (discord_id, url, hash, timestamp) values (?, ?, 'h', ?)").bind(
          who,
          `https://cdn.example/${who}.png`,
          T0,
        ),
      ),
    );
    const some = await get(`/api/vouches/avatar-cache?ids=${id(1)},${id(3)},${id(7)}`);
    expect(some.body).toEqual({
      [id(1)]: `https://cdn.example/${id(1)}.png`,
      [id(3)]: `https://cdn.example/${id(3)}.png`,
    });
    expect(Object.keys((await get("/api/vouches/avatar-cache")).body)).toHaveLength(3);
    expect((await get("/api/vouches/avatar-cache?ids=not-an-id")).status).toBe(400);
  });
});

describe("the avatars sent with a page's rows", () => {
  it("are the users' stored avatars as the avatar map has them: the record, else the latest vouch's", async () => {
    const { browser, bearer } = await memberWithToken();
    const [record, vouched, both, none] = [id(81), id(82), id(83), id(84)];
    const vouch = (n: number, user: string, avatar: string) =>
      env.DB.prepare(
        "insert into vouches (_id, id, status, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_avatar) values (?, ?, 'Complete', ?, '6/1/2025', ?, ?, ?)",
      ).bind(n.toString(16).padStart(24, "0"), n, user, T0, id(99), avatar);
    const stored = (user: string, url: string) =>
      env.DB.prepare("insert into avatars (discord_id, url, hash, timestamp) values (?, ?, 'h', ?)").bind(
        user,
        url,
        T0,
      );
    await env.DB.batch([
      stored(record, "https://cdn.example/record.png"),
      vouch(1, vouched, "https://cdn.example/older.png"),
      vouch(2, vouched, "https://cdn.example/latest.png"),
      vouch(3, both, "https://cdn.example/vouch.png"),
      stored(both, "https://cdn.example/both-record.png"),
    ]);
    const post = (path: string, body: unknown) =>
      SELF.fetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { ...bearer, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const inviters = [record, vouched, both, none];
    const joins = inviters.map((inviterId, i) => ({
      id: id(i + 1),
      displayName: `Invited ${i}`,
      joinedAt: T0 + i * 1000,
      inviterId,
    }));
    expect((await post("/api/ingest/discord/joins", joins)).status).toBe(200);
    const leaves = inviters.map((vouchedBy, i) => ({
      id: id(i + 11),
      leftAt: T0 + i * 1000,
      voucherInfo: { id: id(i + 21), vouchedBy },
    }));
    expect((await post("/api/ingest/discord/leaves", leaves)).status).toBe(200);

    const map = await (
      await browser.fetch(`/api/vouches/avatar-cache?ids=${inviters.join(",")}`)
    ).json<Record<string, string>>();
    const expected = inviters.map((who) => map[who] ?? null);
    expect(expected).toEqual([
      "https://cdn.example/record.png",
      "https://cdn.example/latest.png",
      "https://cdn.example/both-record.png",
      null,
    ]);
    const join = await (await browser.fetch("/api/join-log/search")).json<Page>();
    expect(join.rows.map((r) => r.inviterAvatar)).toEqual(expected);
    const leave = await (await browser.fetch("/api/removed-members/search")).json<Page>();
    expect(leave.rows.map((r) => r.vouchedByAvatar)).toEqual(expected);
  });
});
