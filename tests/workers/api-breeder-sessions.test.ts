// Claim sessions and breeder session statistics: the reads, and the Discord bot's idempotent ingestion.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { dayBounds } from "#contract/zones";
import { formatDateTime } from "#app/utils/dates";
import { databaseOf } from "#worker/domain/context";
import { searchClaimSessions } from "#worker/domain/breeder-sessions";
import { countingD1 } from "#worker/platform/d1-count";
import { LEADERBOARD_FIELDS, leaderboardRow, type SessionStats } from "#contract/breeder";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["claim_sessions", "breeder_session_stats", "audit_log", "api_tokens"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
});
afterEach(() => outbound.mockRestore());

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { ...headers, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const EVENT = { type: "breeder_update", message: "A breeder entry was updated! Live update received." };
const BREEDER = "300000000000000002";
const CLAIMERS = ["500000000000000001", "500000000000000002", "500000000000000003"];
const T0 = Date.UTC(2026, 2, 1, 12);

const session = (n: number, over: Record<string, unknown> = {}) => ({
  _id: n.toString(16).padStart(24, "0"),
  dinoName: "Rex",
  instructions: "Bring a cryopod",
  max: 5,
  claims: CLAIMERS.slice(0, 2),
  completed: CLAIMERS.slice(0, 1),
  ended: false,
  breederId: BREEDER,
  createdAt: T0 + n * 3600_000,
  updatedAt: T0 + n * 3600_000 + 600_000,
  ...over,
});

const stat = (breederId: string, totalSessions: number, over: Record<string, unknown> = {}) => ({
  breederId,
  totalCreatedSessions: totalSessions + 1,
  totalSessions,
  totalClaims: totalSessions * 3,
  averageSessionDuration: 1_800_000,
  totalCompletions: totalSessions * 2,
  averageCompletionRate: 66.7,
  totalEndedSessions: totalSessions,
  totalRemovals: 1,
  ...over,
});

const count = async (table: string) => env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n");
const auditRows = async (entity: string) =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, string>>()
  ).results;

/** Waits a moment and checks that no breeder_update arrived meanwhile. */
async function quiet(live: { received: Record<string, unknown>[] }) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(live.received.filter((e) => e.type === "breeder_update")).toEqual([]);
}

async function tokenHeaders() {
  const { browser, bearer } = await memberWithToken();
  return { browser, bearer };
}

describe("POST /api/ingest/breeder/claim-sessions", () => {
  it("inserts, then leaves the same body alone, then updates what changed", async () => {
    const { browser, bearer } = await tokenHeaders();
    const live = await listen(browser);
    const body = [session(1), session(2), session(3, { ended: true })];

    const first = await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(body, bearer));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 3, inserted: 3, updated: 0, unchanged: 0 });
    expect(await live.next("breeder_update")).toEqual(stamped(EVENT));
    expect(await count("claim_sessions")).toBe(3);
    expect(await auditRows("claim_session")).toHaveLength(3);

    const again = await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(body, bearer));
    expect(await again.json()).toEqual({ received: 3, inserted: 0, updated: 0, unchanged: 3 });
    expect(await auditRows("claim_session")).toHaveLength(3);
    await quiet(live); // nothing changed, nothing announced

    const changed = [session(1, { completed: CLAIMERS.slice(0, 2), ended: true }), session(2), session(4)];
    const third = await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post({ sessions: changed }, bearer));
    expect(await third.json()).toEqual({ received: 3, inserted: 1, updated: 1, unchanged: 1 });
    await live.next("breeder_update");
    live.close();
    const audit = await auditRows("claim_session");
    expect(audit).toHaveLength(5);
    const update = audit.find((a) => a.action === "update")!;
    expect(update.entity_id).toBe(session(1)._id);
    expect(JSON.parse(update.before)).toMatchObject({ ended: false, completed: CLAIMERS.slice(0, 1) });
    expect(JSON.parse(update.after)).toMatchObject({ ended: true, completed: CLAIMERS.slice(0, 2) });
    expect(update.actor).toMatch(/^token:/);
  });

  it("refuses a bad row naming it, and stores none of the body", async () => {
    const { bearer } = await tokenHeaders();
    for (const [body, field] of [
      [[session(1), session(2, { claims: ["not-an-id"] })], "1.claims.0"],
      [[session(1), { ...session(2), dinoName: "" }], "1.dinoName"],
      [[session(1), session(1)], "1._id"],
      [[{ ...session(1), createdAt: "yesterday" }], "0.createdAt"],
      [[], "body"],
      [{ rows: [session(1)] }, "body"],
    ] as const) {
      const res = await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(body, bearer));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json<{ field: string }>()).field).toBe(field);
    }
    expect(await count("claim_sessions")).toBe(0);
    expect(await auditRows("claim_session")).toHaveLength(0);
  });

  it("needs credentials", async () => {
    const res = await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post([session(1)]));
    expect(res.status).toBe(401);
    expect(await count("claim_sessions")).toBe(0);
  });
});

describe("GET /api/breeder-claim-sessions", () => {
  it("answers the sessions newest first in the spec's shape", async () => {
    const { browser, bearer } = await tokenHeaders();
    await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post([session(2), session(5), session(1)], bearer));
    const res = await browser.fetch("/api/breeder-claim-sessions");
    expect(res.status).toBe(200);
    const list = await res.json<Record<string, unknown>[]>();
    expect(list.map((s) => s._id)).toEqual([session(5)._id, session(2)._id, session(1)._id]);
    expect(list[0]).toEqual(session(5));
    expect((await pageFetch(`${ORIGIN}/api/breeder-claim-sessions`, { headers: bearer })).status).toBe(200);
    expect((await pageFetch(`${ORIGIN}/api/breeder-claim-sessions`)).status).toBe(401);
  });
});

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
  it("answers the statistics sorted by totalSessions descending, in the spec's shape", async () => {
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

describe("GET /api/breeder-claim-sessions/search", () => {
  type Answer = {
    rows: { _id: string }[];
    total: number;
    all: number;
    page: number;
    pageCount: number;
    size: number;
    summary: { claimsToday: number; completedToday: number; mostParticipants: number };
  };
  const search = async (browser: Browser, query: string) => {
    const res = await browser.fetch(`/api/breeder-claim-sessions/search?${query}`);
    expect(res.status).toBe(200);
    return res.json<Answer>();
  };
  const ids = (answer: Answer) => answer.rows.map((r) => r._id);

  it("pages newest first as the whole list orders, and finds each column as the page shows it", async () => {
    const { browser, bearer } = await tokenHeaders();
    const sessions = Array.from({ length: 30 }, (_, n) =>
      session(n + 1, n === 4 ? { ended: true, instructions: "Kibble_first", max: 17 } : {}),
    );
    await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(sessions, bearer));
    const whole = await (await browser.fetch("/api/breeder-claim-sessions")).json<{ _id: string }[]>();
    const first = await search(browser, "size=25");
    expect(first).toMatchObject({ total: 30, all: 30, page: 1, pageCount: 2, size: 25 });
    expect(ids(first)).toEqual(whole.slice(0, 25).map((s) => s._id));
    expect((await search(browser, "page=9")).rows.map((r) => r._id)).toEqual(whole.slice(25).map((s) => s._id));
    const only = [session(5)._id];
    expect(ids(await search(browser, "q=kibble_FIRST"))).toEqual(only);
    expect(ids(await search(browser, "q=kibble%25first"))).toEqual([]);
    expect(ids(await search(browser, "cq=yes"))).toEqual(only);
    expect(ids(await search(browser, "q=17"))).toEqual(only);
    // Both searches must match; the counts of claims and completions are searched as numbers.
    expect(ids(await search(browser, "q=rex&cq=kibble"))).toEqual(only);
    expect((await search(browser, "q=2&cq=no")).total).toBe(29);
  });

  it("finds a session by what it holds after each write, and never across two of its columns", async () => {
    const { browser, bearer } = await tokenHeaders();
    const ingest = async (sessions: unknown[]) =>
      expect((await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(sessions, bearer))).status).toBe(200);
    await ingest([
      session(1, { instructions: "Meet at the obelisk" }),
      session(2, { dinoName: "Snow Owl", max: null }),
    ]);
    const found = async (query: string) => ids(await search(browser, query));
    expect(await found("q=obelisk")).toEqual([session(1)._id]);
    expect(await found("q=snow")).toEqual([session(2)._id]);

    // The bot's update of the same sessions: the search reads what each holds now.
    await ingest([
      session(1, { instructions: "Meet at the swamp cave", dinoName: "Giganotosaurus" }),
      session(2, { dinoName: "Snow Owl", max: null, ended: true }),
    ]);
    expect(await found("q=obelisk")).toEqual([]);
    expect(await found("q=swamp")).toEqual([session(1)._id]);
    expect(await found("q=giga")).toEqual([session(1)._id]);
    expect(await found("cq=yes")).toEqual([session(2)._id]);
    expect(await found("q=rex")).toEqual([]);

    // The end of one column and the start of the next are not one text.
    expect(await found(`q=${encodeURIComponent("swamp cave\u001f5")}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent("cave5")}`)).toEqual([]);

    // Three characters or more are found through the trigram index, case folded beyond ASCII; a count and its page
    // agree, and a short query (a LIKE) still finds what it holds.
    await ingest([session(3, { instructions: "Feed at the ÉBÈNE pen" })]);
    const folded = await search(browser, `q=${encodeURIComponent("ébène")}`);
    expect({ ids: ids(folded), total: folded.total }).toEqual({ ids: [session(3)._id], total: 1 });
    expect((await search(browser, "q=sw")).total).toBe(1);

    // Each session keeps the key the index names it by; the index agrees with the sessions (FTS5's own check).
    const keys = await env.DB.prepare("select row_key from claim_sessions").all<{ row_key: number | null }>();
    expect(keys.results.map((k) => k.row_key).every((k) => Number.isInteger(k))).toBe(true);
    await expect(env.DB.prepare("update claim_sessions set row_key = row_key + 100").run()).rejects.toThrow(
      /row_key never changes/,
    );
    await env.DB.prepare("insert into claim_search (claim_search, rank) values ('integrity-check', 1)").run();
    // The cards' counts are kept with each session through every write.
    await ingest([session(3, { instructions: "Feed at the ÉBÈNE pen", claims: CLAIMERS.slice(0, 3), completed: [] })]);
    const counts = await env.DB.prepare(
      "select count(*) as n from claim_sessions where claim_count != json_array_length(claims) or completed_count != json_array_length(completed)",
    ).first<{ n: number }>();
    expect(counts?.n).toBe(0);
    await env.DB.prepare("delete from claim_sessions where _id = ?").bind(session(3)._id).run();
    expect(await found("q=feed")).toEqual([]);
    await env.DB.prepare("insert into claim_search (claim_search, rank) values ('integrity-check', 1)").run();
  });

  it("finds a session by its dates as the viewer's zone shows them, either side of a clock change", async () => {
    const { browser, bearer } = await tokenHeaders();
    // New York moves its clocks on 8 March 2026 at 07:00 UTC: one session before, one after, one in UTC's next day.
    const before = session(1, { createdAt: Date.UTC(2026, 2, 8, 6, 30), updatedAt: Date.UTC(2026, 2, 8, 6, 45) });
    const after = session(2, { createdAt: Date.UTC(2026, 2, 8, 7, 30), updatedAt: Date.UTC(2026, 2, 8, 7, 45) });
    const evening = session(3, { createdAt: Date.UTC(2026, 5, 2, 2, 5), updatedAt: Date.UTC(2026, 5, 2, 2, 5) });
    await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post([before, after, evening], bearer));
    for (const tz of ["America/New_York", "Asia/Kolkata", "UTC"]) {
      for (const s of [before, after, evening]) {
        for (const at of [s.createdAt, s.updatedAt]) {
          const shown = formatDateTime(at, tz);
          const found = await search(browser, new URLSearchParams({ q: shown, tz }).toString());
          expect(ids(found), `${shown} in ${tz}`).toContain(s._id);
          expect(found.total, `${shown} in ${tz}`).toBe(1);
        }
      }
    }
    // Part of a date finds it too (the whole text is not needed), and a text no date can hold finds no date.
    expect(ids(await search(browser, "q=mar 8, 2026&tz=America/New_York"))).toEqual([after._id, before._id]);
    expect(ids(await search(browser, "q=6:45&tz=UTC"))).toEqual([before._id]);
    expect(ids(await search(browser, "q=2026, x&tz=UTC"))).toEqual([]);
    // In New York the evening session is on 1 June, 10:05 PM; in UTC on 2 June.
    expect(ids(await search(browser, "q=Jun 1, 2026&tz=America/New_York"))).toEqual([evening._id]);
    expect(ids(await search(browser, "q=Jun 1, 2026&tz=UTC"))).toEqual([]);
  });

  it("counts the viewer's day on the cards and keeps what each card keeps", async () => {
    const { browser, bearer } = await tokenHeaders();
    const tz = "Asia/Tokyo";
    const { start } = dayBounds(Date.now(), tz);
    const today = (n: number, claims: number, completed: number) =>
      session(n, {
        createdAt: start + n * 1000,
        updatedAt: start + n * 1000,
        claims: CLAIMERS.slice(0, claims),
        completed: CLAIMERS.slice(0, completed),
      });
    const sessions = [
      today(1, 3, 1),
      today(2, 1, 0),
      today(3, 3, 0),
      today(4, 0, 0),
      session(5, { createdAt: start - 1000, updatedAt: start - 1000, claims: CLAIMERS }),
    ];
    await pageFetch(`${ORIGIN}/api/ingest/breeder/claim-sessions`, post(sessions, bearer));
    const all = await search(browser, `tz=${tz}`);
    expect(all.summary).toEqual({ claimsToday: 7, completedToday: 1, mostParticipants: 3 });
    expect(all.total).toBe(5);
    const kept = async (filter: string) => ids(await search(browser, `tz=${tz}&filter=${filter}`));
    expect(await kept("claims-today")).toEqual([3, 2, 1].map((n) => session(n)._id));
    expect(await kept("completed-today")).toEqual([session(1)._id]);
    expect(await kept("most-participants")).toEqual([3, 1].map((n) => session(n)._id));
    // The cards are the day's whatever the page is asked with: read beside the page (a plain search), or before it
    // (a filter or a search that shapes the page's query: Most Participants, a text that can be part of a date).
    for (const asked of ["q=Argentavis", "filter=claims-today", "filter=most-participants", "q=2026", "q=Jan 1"]) {
      expect((await search(browser, `tz=${tz}&${asked}`)).summary, asked).toEqual({
        claimsToday: 7,
        completedToday: 1,
        mostParticipants: 3,
      });
    }
  });

  it("reads a page in one round trip unless the search can be part of a date or keeps the largest session", async () => {
    const { bearer } = await tokenHeaders();
    await pageFetch(
      `${ORIGIN}/api/ingest/breeder/claim-sessions`,
      post([session(1), session(2, { dinoName: "Argentavis" })], bearer),
    );
    const trips = async (query: Parameters<typeof searchClaimSessions>[1]) => {
      const count = { n: 0 };
      const found = await searchClaimSessions(databaseOf(countingD1(env.DB, count)), query);
      return { n: count.n, total: found.total };
    };
    // No search (the tab as it opens), or one no date can hold: the cards ride in the page's batch.
    expect(await trips({})).toEqual({ n: 1, total: 2 });
    expect(await trips({ q: "argent", cq: "" })).toEqual({ n: 1, total: 1 });
    expect(await trips({ q: "  ", cq: "rex" })).toEqual({ n: 1, total: 1 });
    // What shapes the page's query is read first.
    expect((await trips({ q: "2026" })).n).toBe(2);
    expect((await trips({ filter: "most-participants" })).n).toBe(2);
  });

  it("refuses a bad filter, zone or page, and needs credentials", async () => {
    const { browser } = await tokenHeaders();
    for (const bad of ["filter=everything", "tz=Mars/Olympus", "size=500", "page=0"]) {
      const res = await browser.fetch(`/api/breeder-claim-sessions/search?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await pageFetch(`${ORIGIN}/api/breeder-claim-sessions/search`)).status).toBe(401);
  });
});
