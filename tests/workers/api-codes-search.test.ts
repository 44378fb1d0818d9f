// The Codes page's paged search (GET /api/codes/search): `q` over every displayed column (Completed as Yes/No), counted
// and paged in SQL by id, LIKE's own characters taken literally, `all` counting every code; and the page reads one page.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { loadData, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.prepare("delete from codes").run();
  // 40 codes, inserted newest id first; every fifth completed; code 7's location has LIKE's characters.
  await env.DB.batch(
    Array.from({ length: 40 }, (_, i) => 40 - i).map((n) =>
      env.DB.prepare(
        "insert into codes (_id, id, username, code, server, completed, location, user) values (?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        n.toString(16).padStart(24, "0"),
        n,
        `member${n}`,
        String(1000 + n),
        n % 2 ? "2411" : "2573",
        n % 5 === 0 ? 1 : 0,
        n === 7 ? "Base 100%_north" : "Base 100 north",
        `71000000000000${String(n).padStart(4, "0")}`,
      ),
    ),
  );
});
afterEach(() => outbound.mockRestore());

type Page = { rows: { id: number }[]; total: number; all: number; page: number; pageCount: number; size: number };
const get = async (path: string) => (await (await signedIn()).fetch(path)).json<Page>();
const ids = (p: Page) => p.rows.map((r) => r.id);

describe("GET /api/codes/search", () => {
  it("pages every code by id with the totals, and answers a page past the end as the last", async () => {
    const first = await get("/api/codes/search?size=25");
    expect(first).toMatchObject({ total: 40, all: 40, page: 1, pageCount: 2, size: 25 });
    expect(ids(first)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const past = await get("/api/codes/search?size=25&page=7");
    expect(past).toMatchObject({ page: 2, total: 40 });
    expect(ids(past)).toEqual(Array.from({ length: 15 }, (_, i) => i + 26));
  });

  it("searches the displayed columns, case-insensitively, Completed as the page shows it, wildcards literal", async () => {
    expect(ids(await get("/api/codes/search?q=MEMBER3&size=100"))).toEqual([3, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    expect(ids(await get("/api/codes/search?q=yes&size=100"))).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(ids(await get(`/api/codes/search?q=${encodeURIComponent("100%_")}`))).toEqual([7]);
    const none = await get("/api/codes/search?q=nobody");
    expect(none).toMatchObject({ total: 0, all: 40, rows: [] });
  });

  it("finds a search longer than D1's LIKE patterns take (50 bytes), case-insensitively and literally", async () => {
    const long = "Far Base North Ridge, second vault row past the 100%_ element node, by the cliff";
    await env.DB.prepare(
      "insert into codes (_id, id, username, code, server, completed, location, user) values (?, 41, 'm41', '1041', '2411', 0, ?, '710000000000000041')",
    )
      .bind((41).toString(16).padStart(24, "0"), long)
      .run();
    const found = await get(`/api/codes/search?q=${encodeURIComponent(long.slice(4, 70).toUpperCase())}&size=100`);
    expect(ids(found)).toEqual([41]);
    // Past the limit, LIKE's characters are still only themselves.
    const wildcards = `second vault row past the 1${"_".repeat(3)}%_ element node, by the cliff`;
    expect(await get(`/api/codes/search?q=${encodeURIComponent(wildcards)}`)).toMatchObject({ total: 0, rows: [] });
    expect(await get(`/api/codes/search?q=${"q".repeat(200)}`)).toMatchObject({ total: 0, all: 41, rows: [] });
  });

  it("refuses a bad page size with the field named", async () => {
    const res = await (await signedIn()).fetch("/api/codes/search?size=500");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "size" });
  });
});

describe("the Codes page", () => {
  it("shows one page of the search with the count of every code", async () => {
    const data = await loadData<{ total: number; page: { rows: { id: number }[]; total: number; page: number } }>(
      await signedIn(),
      "/dashboard/codes?q=member1&page=2&size=25",
    );
    expect(data.total).toBe(40);
    expect(data.page).toMatchObject({ total: 11, page: 1 });
    expect(data.page.rows.map((r) => r.id)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });
});
