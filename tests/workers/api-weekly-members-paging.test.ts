// Weekly Members read a page at a time (GET /api/weeklymembers/search): tabs, order, paging, counts and search agree
// with the whole list searched the page's way. Members are written straight into D1 and the session opened directly,
// so no Remix build is needed.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Tab } from "#app/routes/_shell.dashboard.weekly-members/weekly-members";
import { eos } from "./cron-fixtures";
import { ORIGIN } from "./helpers";
import { withWeeklyMembers, T0, HOUR, Seed, seed, varied, api, expected } from "./weekly-members-fixtures";

withWeeklyMembers();

describe("GET /api/weeklymembers/search", () => {
  it("splits the tabs by the stored flag, in the whole list's order, with the whole list's counts", async () => {
    const { search, whole } = await api();
    await seed([
      { n: 1, active: true, time: T0, name: "beta" },
      { n: 2, active: true, time: T0 + HOUR },
      { n: 3, active: true, time: null, name: "Alpha" },
      { n: 4, active: true, time: T0, name: "Alpha" },
      { n: 5, active: true, time: T0, name: "alpha" },
      // The flag wins over eventType.
      { n: 6, active: true, eventType: "inactive", time: T0 - HOUR },
      { n: 7, active: false, eventType: "active", time: T0 },
      { n: 8, active: false, time: null, name: null, display: null },
      { n: 9, active: false, time: T0 + 2 * HOUR },
    ]);
    const active = await search("tab=active");
    // Latest first, none last; then the name without case; equal names (alpha, Alpha) by EOS id.
    expect(active.rows.map((r) => r.eosId)).toEqual([eos(2), eos(4), eos(5), eos(1), eos(6), eos(3)]);
    expect(active).toMatchObject({
      total: 6,
      page: 1,
      pageCount: 1,
      size: 25,
      counts: { total: 9, active: 6, inactive: 3 },
    });
    const inactive = await search("tab=inactive");
    expect(inactive.rows.map((r) => r.eosId)).toEqual([eos(9), eos(7), eos(8)]);
    expect(inactive.counts).toEqual({ total: 9, active: 6, inactive: 3 });
    expect((await search("")).rows.map((r) => r.eosId)).toEqual(active.rows.map((r) => r.eosId));
    // The rows are the whole list's, in its order.
    expect([...active.rows, ...inactive.rows]).toEqual(await whole());
  });

  it("pages with limit and offset: total, pageCount, and a page past the end answered as the last", async () => {
    const { search } = await api();
    await seed(Array.from({ length: 60 }, (_, i) => ({ n: i + 1, active: i < 55, time: T0 - i * 60_000 })));
    const first = await search("tab=active&size=25");
    expect(first).toMatchObject({ total: 55, page: 1, pageCount: 3, size: 25 });
    expect(first.rows.map((r) => r.eosId)).toEqual(Array.from({ length: 25 }, (_, i) => eos(i + 1)));
    const third = await search("tab=active&size=25&page=3");
    expect(third.rows.map((r) => r.eosId)).toEqual(Array.from({ length: 5 }, (_, i) => eos(51 + i)));
    expect(await search("tab=active&size=25&page=99")).toEqual(third);
    expect((await search("tab=inactive&size=2&page=3")).rows.map((r) => r.eosId)).toEqual([eos(60)]);
    expect(await search("tab=inactive&q=nobody")).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      size: 25,
      counts: { total: 60, active: 55, inactive: 5 },
    });
  });

  it("searches each shown stored field: ids, names, tribe, platform as stored and shown, Status and Event Type", async () => {
    const { search } = await api();
    const members: Seed[] = [
      { n: 1, active: true, name: "Rex Rider", display: "RexR", tribe: "GC", member: true, platform: "steam" },
      { n: 2, active: true, name: "Spino", display: "Spiny", tribe: "ALPHA", member: false, platform: "xbl" },
      { n: 3, active: true, name: "Owl", display: null, tribe: null, member: false, platform: "XBOX" },
      { n: 4, active: true, name: "Giga", display: "100%_Giga", tribe: "ALPHA", member: true, platform: "psn" },
      { n: 5, active: true, name: "Bronto", tribe: "gc", member: false, platform: null },
      { n: 6, active: true, name: "Yuty", tribe: " GC ", member: false, platform: "  " },
      { n: 7, active: true, name: "Stego", tribe: "RAID", member: false, platform: "stadia" },
      { n: 8, active: false, name: "Rex Offline", tribe: "GC", member: true, platform: "Nintendo" },
    ];
    // Listed in the order of n (latest first).
    await seed(members.map((m) => ({ ...m, time: T0 - m.n * 60_000 })));
    const found = async (q: string, tab: Tab = "active") =>
      (await search(`tab=${tab}&q=${encodeURIComponent(q)}`)).rows.map((r) => Number.parseInt(r.eosId!, 16));
    expect(await found(eos(4).slice(-3))).toEqual([4]);
    expect(await found("REX")).toEqual([1]);
    expect(await found("spiny")).toEqual([2]);
    expect(await found("100%_")).toEqual([4]);
    expect(await found("%")).toEqual([4]);
    expect(await found("alpha")).toEqual([2, 4]);
    expect(await found("raid")).toEqual([7]);
    // The platform's shown name and its stored value: Xbox is xbl and XBOX; '-' is no platform (blank or null).
    expect(await found("xbox")).toEqual([2, 3]);
    expect(await found("xbl")).toEqual([2]);
    expect(await found("station")).toEqual([4]);
    expect(await found("psn")).toEqual([4]);
    expect(await found("Stadia")).toEqual([7]);
    expect(await found("-")).toEqual([5, 6]);
    expect(await found("nintendo", "inactive")).toEqual([8]);
    // Status: Tribemember for the flag or the tribe GC (as written, spaces aside), else Unknown.
    expect(await found("tribemember")).toEqual([1, 4, 6]);
    expect(await found("UNKNOWN")).toEqual([2, 3, 5, 7]);
    // Event Type: the tab's own word finds the whole tab.
    expect(await found("active")).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await found("inactive")).toEqual([]);
    expect(await found("inactive", "inactive")).toEqual([8]);
    // Formatted times are not searched (ADR 020); the stored ISO text is not shown, so it does not match either.
    expect(await found("2026")).toEqual([]);
  });

  it("answers what the whole list gives when searched and paged the page's way, for every query and page", async () => {
    const { search, whole } = await api();
    await seed(varied());
    const all = await whole();
    const queries = [
      "",
      "rex",
      "REX RIDER",
      " rex ",
      "survivor1",
      "survivor4",
      "alpha",
      "beta",
      "gc",
      "GC",
      "100%_t",
      "%",
      "_",
      "steam",
      "xbox",
      "box",
      "xbl",
      "station",
      "psn",
      "nintendo",
      "stadia",
      "epic",
      "-",
      "tribemember",
      "member",
      "unknown",
      "UNK",
      "active",
      "inactive",
      "ive",
      "in",
      "e",
      eos(5).slice(-5),
      "0000",
      "nobody",
    ];
    // Every query on one page of 100 (the whole tab), and some of them a page at a time (past the end too).
    const pages = (q: string) =>
      ["", "rex", "xbox", "-", "unknown", "e"].includes(q)
        ? [
            [100, 1],
            [7, 2],
            [7, 4],
            [5, 99],
          ]
        : [[100, 1]];
    for (const tab of ["active", "inactive"] as const) {
      for (const q of queries) {
        for (const [size, page] of pages(q)) {
          const query = `tab=${tab}&q=${encodeURIComponent(q)}&size=${size}&page=${page}`;
          expect(await search(query), query).toEqual(expected(all, tab, q, page, size));
        }
      }
    }
  }, 30_000);

  it("refuses bad input by name, and answers nobody without a session", async () => {
    const { get } = await api();
    const refused = async (query: string) => {
      const res = await get<{ error: string; field: string; message: string }>(`/api/weeklymembers/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe("validation");
      return res.body;
    };
    expect(await refused("tab=everyone")).toMatchObject({ field: "tab", message: "tab: must be active or inactive" });
    expect(await refused("size=101")).toMatchObject({ field: "size", message: "size: must be at most 100" });
    expect((await refused("size=0")).field).toBe("size");
    expect(await refused("page=0")).toMatchObject({ field: "page", message: "page: must be 1 or more" });
    expect(await refused("page=two")).toMatchObject({ field: "page", message: "page: must be a whole number" });
    expect(await refused("size=abc")).toMatchObject({ field: "size", message: "size: must be a whole number" });
    expect((await refused(`q=${"x".repeat(201)}`)).field).toBe("q");
    expect((await get("/api/weeklymembers/search?tab=&page=&size=")).status).toBe(200);
    const anonymous = await SELF.fetch(`${ORIGIN}/api/weeklymembers/search`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "unauthorized" });
  });
});
