// GET /api/vouches/search: the Vouches page's paged search, done in SQL.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, ORIGIN, routeOutboundToSelf, seedVouches, signedIn, type VouchSeed } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

// Every row is a vouch for the same member unless it says otherwise.
const seed = (rows: VouchSeed[]) => seedVouches(rows, { vouched: "500000000000000001" });

type Answer = { rows: { id: number; _id: string }[]; total: number; page: number; pageCount: number; size: number };

async function search(browser: Browser, query: string) {
  const res = await browser.fetch(`/api/vouches/search${query}`);
  return { status: res.status, body: await res.json<Answer & { error?: string; field?: string }>() };
}

describe("GET /api/vouches/search", () => {
  it("answers a page sorted by id with the total and page count, defaults 25 per page", async () => {
    await seed(Array.from({ length: 60 }, (_, i) => ({ id: 60 - i }))); // inserted in reverse id order
    const browser = await signedIn();

    const first = await search(browser, "");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 60, page: 1, pageCount: 3, size: 25 });
    expect(first.body.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    const third = await search(browser, "?page=3&size=25");
    expect(third.body.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 51));

    const big = await search(browser, "?size=50&page=2");
    expect(big.body).toMatchObject({ total: 60, page: 2, pageCount: 2, size: 50 });
    expect(big.body.rows[0].id).toBe(51);
  }, 20_000); // the first request of a fresh isolate can take seconds on a busy machine

  it("answers the vouch JSON of GET /api/vouches", async () => {
    await seed([{ id: 1, igName: "RexHunter", vouchedUsername: "rexhunter", status: "Complete" }]);
    const browser = await signedIn();
    const [listed] = await (await browser.fetch("/api/vouches")).json<Record<string, unknown>[]>();
    const { body } = await search(browser, "?q=rex");
    expect(body.rows).toEqual([listed]);
  });

  it("a page past the end answers the last page; blank page and size take the defaults", async () => {
    await seed(Array.from({ length: 30 }, (_, i) => ({ id: i + 1 })));
    const browser = await signedIn();
    const past = await search(browser, "?page=9");
    expect(past.body).toMatchObject({ page: 2, pageCount: 2, total: 30 });
    expect(past.body.rows.map((r) => r.id)).toEqual([26, 27, 28, 29, 30]);
    const blank = await search(browser, "?q=&page=&size=");
    expect(blank.body).toMatchObject({ page: 1, size: 25, total: 30 });
  });

  it("matches a case-insensitive substring of every displayed column, and nothing else", async () => {
    await seed([
      { id: 1, igName: "DinoTamer" },
      { id: 2, igNameServer2: "AstraeosDINO" },
      { id: 3, igNameServer3: "aberrationdino" },
      { id: 4, status: "Remove Pending" },
      { id: 5, vouched: "712345678901234567" },
      { id: 6, vouchedAt: "12/25/2025" },
      { id: 7, vouchedBy: "399999999999999123" },
      { id: 8, vouchedByUsername: "OfficerKaren" },
      { id: 9, vouchedUsername: "newbieNate" },
      { id: 10, notes: "dino breeder" }, // notes are not a displayed column
      { id: 1234 },
    ]);
    const browser = await signedIn();
    const ids = async (q: string) => (await search(browser, `?q=${encodeURIComponent(q)}`)).body.rows.map((r) => r.id);

    expect(await ids("DINO")).toEqual([1, 2, 3]);
    expect(await ids("remove pend")).toEqual([4]);
    expect(await ids("7123456789")).toEqual([5]);
    expect(await ids("12/25")).toEqual([6]);
    expect(await ids("999999123")).toEqual([7]);
    expect(await ids("karen")).toEqual([8]);
    expect(await ids("NATE")).toEqual([9]);
    expect(await ids("  karen  ")).toEqual([8]);
    expect(await ids("234")).toEqual([5, 1234]); // the id as text, and a vouched id containing it
    expect(await ids("nobody here")).toEqual([]);
  });

  it("takes % and _ literally", async () => {
    await seed([
      { id: 1, igName: "100%Tame" },
      { id: 2, igName: "1000Tame" },
      { id: 3, igName: "snake_case" },
      { id: 4, igName: "snakeXcase" },
      { id: 5, igName: "back\\slash" },
    ]);
    const browser = await signedIn();
    const ids = async (q: string) => (await search(browser, `?q=${encodeURIComponent(q)}`)).body.rows.map((r) => r.id);
    expect(await ids("0%")).toEqual([1]);
    expect(await ids("e_c")).toEqual([3]);
    expect(await ids("k\\s")).toEqual([5]);
    expect(await ids("%")).toEqual([1]);
  });

  it("counts only the matches, and pages through them", async () => {
    await seed(Array.from({ length: 40 }, (_, i) => ({ id: i + 1, status: i % 4 === 0 ? "Invalid" : "Complete" })));
    const browser = await signedIn();
    const { body } = await search(browser, "?q=invalid&size=25");
    expect(body).toMatchObject({ total: 10, pageCount: 1, page: 1 });
    expect(body.rows.map((r) => r.id)).toEqual([1, 5, 9, 13, 17, 21, 25, 29, 33, 37]);
  });

  it("refuses a bad page or size with the field named, and nobody without a session or token", async () => {
    const browser = await signedIn();
    const size = await search(browser, "?size=500");
    expect(size.status).toBe(400);
    expect(size.body).toMatchObject({ error: "validation", field: "size" });
    const page = await search(browser, "?page=0");
    expect(page.status).toBe(400);
    expect(page.body).toMatchObject({ error: "validation", field: "page" });
    expect((await SELF.fetch(`${ORIGIN}/api/vouches/search`)).status).toBe(401);
  });
});
