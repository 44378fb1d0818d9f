// Claim sessions: the Discord bot's idempotent ingestion, the read, and the search a page at a time (filters, zones,
// the cards' counts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { dayBounds } from "#contract/zones";
import { formatDateTime } from "#app/utils/dates";
import { databaseOf } from "#worker/domain/context";
import { searchClaimSessions } from "#worker/domain/breeder-sessions";
import { countingD1 } from "#worker/platform/d1-count";
import { Browser, listen, ORIGIN, pageFetch, stamped } from "./helpers";
import {
  withSessionTables,
  post,
  EVENT,
  CLAIMERS,
  session,
  count,
  auditRows,
  quiet,
  tokenHeaders,
} from "./api-breeder-sessions-fixtures";

withSessionTables();

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
  it("answers the sessions newest first in the API's shape", async () => {
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
