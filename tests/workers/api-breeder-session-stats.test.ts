// Breeder session statistics: the Discord bot's idempotent ingestion, the read, and the leaderboard a page at a time.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LEADERBOARD_FIELDS, leaderboardRow, type SessionStats } from "#contract/breeder";
import { Browser, listen, MEMBER, ORIGIN, pageFetch, stamped } from "./helpers";
import {
  withSessionTables,
  post,
  EVENT,
  stat,
  count,
  auditRows,
  quiet,
  tokenHeaders,
} from "./api-breeder-sessions-fixtures";

withSessionTables();

describe("POST /api/ingest/breeder/session-stats", () => {
  it("upserts on breederId, idempotently", async () => {
    const { browser, bearer } = await tokenHeaders();
    const live = await listen(browser);
    const body = [stat("300000000000000011", 4), stat("300000000000000012", 9)];
    const first = await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post(body, bearer));
    expect(await first.json()).toEqual({ received: 2, inserted: 2, updated: 0, unchanged: 0 });
    expect(await live.next("breeder_update")).toEqual(stamped(EVENT));

    const again = await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post(body, bearer));
    expect(await again.json()).toEqual({ received: 2, inserted: 0, updated: 0, unchanged: 2 });
    await quiet(live);

    const { _id } = (await env.DB.prepare("select _id from breeder_session_stats where breeder_id = ?")
      .bind("300000000000000011")
      .first<{ _id: string }>())!;
    const next = await pageFetch(
      `${ORIGIN}/api/ingest/breeder/session-stats`,
      post({ stats: [stat("300000000000000011", 5, { totalRemovals: undefined, totalCancellations: 3 })] }, bearer),
    );
    expect(await next.json()).toEqual({ received: 1, inserted: 0, updated: 1, unchanged: 0 });
    await live.next("breeder_update");
    live.close();
    const row = await env.DB.prepare("select * from breeder_session_stats where breeder_id = ?")
      .bind("300000000000000011")
      .first();
    expect(row).toMatchObject({ _id, total_sessions: 5, total_removals: 3 });
    expect(await count("breeder_session_stats")).toBe(2);
    expect((await auditRows("breeder_session_stats")).map((a) => a.action)).toEqual(["insert", "insert", "update"]);
  });

  it("refuses bad numbers naming the field, and changes nothing", async () => {
    const { bearer } = await tokenHeaders();
    for (const [body, field] of [
      [[stat("300000000000000011", 4), stat("300000000000000012", -1)], "1.totalSessions"],
      [[stat("abc", 1)], "0.breederId"],
      [[stat("300000000000000011", 1), stat("300000000000000011", 2)], "1.breederId"],
    ] as const) {
      const res = await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post(body, bearer));
      expect(res.status).toBe(400);
      expect((await res.json<{ field: string }>()).field).toBe(field);
    }
    expect(await count("breeder_session_stats")).toBe(0);
    expect(
      (await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post([stat("300000000000000011", 1)]))).status,
    ).toBe(401);
  });
});

describe("GET /api/breeder-session-stats", () => {
  it("answers the statistics sorted by totalSessions descending, in the API's shape", async () => {
    const { bearer } = await tokenHeaders();
    await pageFetch(
      `${ORIGIN}/api/ingest/breeder/session-stats`,
      post(
        [
          stat("300000000000000011", 4),
          stat("300000000000000012", 12),
          stat("300000000000000013", 0),
          stat("300000000000000014", 7),
        ],
        bearer,
      ),
    );
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch("/api/breeder-session-stats");
    expect(res.status).toBe(200);
    const list = await res.json<Record<string, unknown>[]>();
    expect(list.map((s) => s.totalSessions)).toEqual([12, 7, 4, 0]);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "_id",
        "breederId",
        "totalCreatedSessions",
        "totalSessions",
        "totalClaims",
        "averageSessionDuration",
        "totalCompletions",
        "averageCompletionRate",
        "totalEndedSessions",
        "totalRemovals",
      ].sort(),
    );
    expect(list[0]).toMatchObject({
      breederId: "300000000000000012",
      averageSessionDuration: 1_800_000,
      averageCompletionRate: 66.7,
    });
    expect((await pageFetch(`${ORIGIN}/api/breeder-session-stats`)).status).toBe(401);
    expect((await pageFetch(`${ORIGIN}/api/breeder-session-stats`, { headers: bearer })).status).toBe(200);
  });
});

describe("GET /api/breeder-session-stats/search", () => {
  type Answer = {
    rows: (SessionStats & { rank: number; breederAvatar: string | null })[];
    total: number;
    all: number;
    page: number;
    pageCount: number;
    size: number;
  };
  const search = async (browser: Browser, query: string) => {
    const res = await browser.fetch(`/api/breeder-session-stats/search?${query}`);
    expect(res.status, query).toBe(200);
    return res.json<Answer>();
  };

  it("pages the leaderboard in its order with each breeder's place, avatar and the texts the tab shows", async () => {
    const { browser, bearer } = await tokenHeaders();
    const body = Array.from({ length: 30 }, (_, n) =>
      stat(`3000000000000002${String(n).padStart(2, "0")}`, n % 7, {
        totalClaims: n,
        averageSessionDuration: 1000 * (3600 + 60 * n + 1),
        averageCompletionRate: n === 4 ? 0.333 : 50,
      }),
    );
    expect((await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post(body, bearer))).status).toBe(200);
    const avatar = "https://cdn.discordapp.com/avatars/300000000000000204/abc.png";
    await env.DB.prepare("insert into avatars (discord_id, url, timestamp) values (?, ?, ?)")
      .bind("300000000000000204", avatar, Date.now())
      .run();
    const whole = await (await browser.fetch("/api/breeder-session-stats")).json<SessionStats[]>();

    const first = await search(browser, "size=25");
    expect(first).toMatchObject({ total: 30, all: 30, page: 1, pageCount: 2, size: 25 });
    expect(first.rows.map((r) => [r.rank, r.breederId])).toEqual(
      whole.slice(0, 25).map((s, i) => [i + 1, s.breederId]),
    );
    const last = await search(browser, "size=25&page=7");
    expect(last).toMatchObject({ page: 2, total: 30 });
    expect(last.rows.map((r) => [r.rank, r.breederId])).toEqual(whole.slice(25).map((s, i) => [26 + i, s.breederId]));
    expect([...first.rows, ...last.rows].find((r) => r.breederId === "300000000000000204")?.breederAvatar).toBe(avatar);

    // A search reads the texts as the tab shows them, and keeps each breeder's place on the whole board.
    const shown = whole.map((s, i) => leaderboardRow(s, i + 1));
    for (const q of ["01:04:", "33.3%", "300000000000000217", "50%", "1:0"]) {
      const found = await search(browser, `q=${encodeURIComponent(q)}&size=100`);
      const expected = shown.filter((r) =>
        LEADERBOARD_FIELDS.some((f) => String(r[f]).toLowerCase().includes(q.toLowerCase())),
      );
      expect(
        found.rows.map((r) => [r.rank, r.breederId]),
        q,
      ).toEqual(expected.map((r) => [r.rank, r.breederId]));
      expect(found).toMatchObject({ total: expected.length, all: 30 });
    }
    expect((await search(browser, "q=33.3%25")).rows.map((r) => r.breederId)).toEqual(["300000000000000204"]);
  });

  it("names each breeder as the product knows them, newest knowledge first, and finds them by that name", async () => {
    const { browser, bearer } = await tokenHeaders();
    const [signedIn, joined, left, vouched, unknown] = [
      "300000000000000301",
      "300000000000000302",
      "300000000000000303",
      "300000000000000304",
      "300000000000000305",
    ];
    const body = [signedIn, joined, left, vouched, unknown].map((id, n) => stat(id, 40 + n));
    expect((await pageFetch(`${ORIGIN}/api/ingest/breeder/session-stats`, post(body, bearer))).status).toBe(200);
    const run = (query: string, ...values: unknown[]) =>
      env.DB.prepare(query)
        .bind(...values)
        .run();
    // A sign-in's global name wins over the join log's nickname; the newest join names one who left and came back.
    await run("insert into users (id, username, global_name) values (?, 'rexrider', 'Rex Rider')", signedIn);
    await run(
      "insert into join_log (id, display_name, username, joined_at) values (?, 'Old Nick', 'old', 1)",
      signedIn,
    );
    await run("insert into join_log (id, display_name, username, joined_at) values (?, 'Was Mira', 'mira', 1)", joined);
    await run("insert into join_log (id, display_name, username, joined_at) values (?, null, 'mira_tames', 2)", joined);
    await run(
      "insert into removed_members (id, display_name, username, left_at) values (?, 'Gone Greg', 'greg', 5)",
      left,
    );
    await run(
      `insert into vouches (_id, id, status, vouched, vouched_username, vouched_at, vouched_at_ms, vouched_by)
       values ('00000000000000000000e301', 930301, 'Complete', ?, 'Vouched Val', '3/1/2026', 1, ?)`,
      vouched,
      signedIn,
    );
    const found = await search(browser, "size=100");
    const names = Object.fromEntries(
      found.rows.map((r) => [r.breederId, (r as { breederName?: string | null }).breederName]),
    );
    expect([signedIn, joined, left, vouched, unknown].map((id) => names[id])).toEqual([
      "Rex Rider",
      "mira_tames",
      "Gone Greg",
      "Vouched Val",
      null,
    ]);
    expect((await search(browser, "q=gone%20greg")).rows.map((r) => r.breederId)).toEqual([left]);
  });

  it("refuses a malformed page and a caller without a session or token", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    for (const bad of ["size=101", "page=0", `q=${"x".repeat(201)}`]) {
      expect((await browser.fetch(`/api/breeder-session-stats/search?${bad}`)).status, bad).toBe(400);
    }
    expect((await pageFetch(`${ORIGIN}/api/breeder-session-stats/search`)).status).toBe(401);
  });
});
