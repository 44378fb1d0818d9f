// Every table downloads as CSV, through the Worker as a browser asks for it: the rows and columns of the page's
// search, filters and tab, every page of them, formulas neutralised, and only for members who may view the section.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { EXPORT_PAGES } from "#app/routes/export/pages";
import { TABS as STATS_TABS } from "#app/routes/server-stats-page/servers";
import { STOCK_TABS } from "#contract/stock";
import { Browser, dataPath, location, routeOutboundToSelf, seedVouches, signedIn, toastOf } from "./helpers";
import { parseCsv } from "#tests/fixtures/csv";
import { VOUCH_COLUMNS } from "#tests/expected-columns";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "tribelist_entries", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

async function download(browser: Browser, path: string) {
  const res = await browser.fetch(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  return parseCsv(await res.text());
}

/** Every page of the page's own table as its loader answers it, 100 rows at a time. */
async function everyPage<T>(browser: Browser, path: string) {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await browser.fetch(dataPath(`${path}${sep}size=100&page=${page}`));
    const data = await res.json<{ page: { rows: T[]; pageCount: number } }>();
    rows.push(...data.page.rows);
    if (page >= data.page.pageCount) return rows;
  }
}

// The export leaves out the table's picture and buttons.
const VOUCH_HEADER = VOUCH_COLUMNS.filter((c) => c !== "Avatar" && c !== "Actions");

describe("the CSV export", () => {
  it(
    "downloads 50,000 vouches page by page, and a search's rows exactly as the page lists them",
    { timeout: 120_000 },
    async () => {
      // Every seventh vouch is by "rexrider"; the rest by "dodo".
      await env.DB.prepare(
        `insert into vouches (_id, id, ig_name, status, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_by_username)
       with recursive n(i) as (select 1 union all select i + 1 from n where i < 50000)
       select printf('%024x', i), i, 'survivor ' || i, 'Complete', '7' || printf('%017d', i), '3/4/2026', 0, '800000000000000001',
              case when i % 7 = 0 then 'rexrider' else 'dodo' end
       from n`,
      ).run();
      const browser = await signedIn();

      const all = await download(browser, "/dashboard/vouches/export");
      expect(all[0]).toEqual(VOUCH_HEADER);
      expect(all.length).toBe(1 + 50_000);
      expect(all[1]).toEqual([
        "1",
        "survivor 1",
        "",
        "",
        "Complete",
        "700000000000000001",
        "3/4/2026",
        "800000000000000001",
        "dodo",
        "",
      ]);
      expect(all.at(-1)![0]).toBe("50000");

      const searched = await download(browser, "/dashboard/vouches/export?q=rexrider&size=25&page=3");
      const listed = await everyPage<{ id: number }>(browser, "/dashboard/vouches?q=rexrider");
      expect(listed.length).toBe(Math.floor(50_000 / 7));
      expect(searched.slice(1).map((r) => Number(r[0]))).toEqual(listed.map((r) => r.id));
    },
  );

  it("neutralises a cell a spreadsheet would run as a formula", async () => {
    await seedVouches([{ id: 1, igName: '=HYPERLINK("http://evil.example","Click")', vouchedByUsername: "@admin" }]);
    const rows = await download(await signedIn(), "/dashboard/vouches/export");
    expect(rows[1][1]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(rows[1][8]).toBe("'@admin");
  });

  it("keeps a whole-list table's filter, search and tab, in the page's order", async () => {
    const hex = (n: number) => n.toString(16).padStart(24, "0");
    const entries = [
      ["2573", "Bravo", "Admin", "English", 2],
      ["2573", "Owner Ong", "Owner", "Chinese", 0],
      ["2573", "alpha", null, "Chinese", null],
      ["2573", "Charlie", null, "English", 1],
      ["2411", "Elsewhere", null, "English", 0],
    ] as const;
    await env.DB.batch(
      entries.map(([server, name, rank, nationality, order], i) =>
        env.DB.prepare(
          `insert into tribelist_entries (_id, server, name, rank, nationality, "order") values (?, ?, ?, ?, ?, ?)`,
        ).bind(hex(i + 1), server, name, rank, nationality, order),
      ),
    );
    const browser = await signedIn();
    const english = await download(browser, "/dashboard/tribelists/export?tab=2573&filter=english");
    expect(english[0]).toEqual(["ID", "Name", "Discord ID", "Rank", "Nationality"]);
    expect(english.slice(1).map((r) => r[1])).toEqual(["Charlie", "Bravo"]);
    const searched = await download(browser, "/dashboard/tribelists/export?tab=2573&q=a");
    expect(searched.slice(1).map((r) => r[1])).toEqual(["Charlie", "Bravo", "alpha"]);
  });

  it(
    "downloads every exportable page's table, each tab of it, with the page's column titles",
    { timeout: 60_000 },
    async () => {
      const browser = await signedIn();
      const tabs: Record<string, string[]> = {
        logs: ["join-log", "leave-log"],
        "server-stats-2411": [...STATS_TABS],
        "stock-2411": [...STOCK_TABS],
        "breeder-stats": ["breeder-list", "ffa-raising", "codes-given-to", "claim-sessions", "breeder-statistics"],
        "weekly-members": ["active", "inactive"],
      };
      const first: Record<string, string> = {};
      for (const page of EXPORT_PAGES) {
        for (const tab of tabs[page] ?? [null]) {
          const path = `/dashboard/${page}/export${tab ? `?tab=${tab}` : ""}`;
          const res = await browser.fetch(path);
          expect(res.status, path).toBe(200);
          expect(res.headers.get("Content-Type"), path).toBe("text/csv; charset=utf-8");
          const [header] = parseCsv(await res.text());
          expect(header.length, path).toBeGreaterThan(1);
          expect(header, path).not.toContain("Actions");
          first[`${page}${tab ? `:${tab}` : ""}`] = header.join(",");
        }
      }
      expect(first.vouches).toBe(VOUCH_HEADER.join(","));
      expect(first.analytics).toBe(first.vouches);
      expect(first.codes).toBe("ID,Username,Code,Server,Completed,Main Server,Location,User ID");
      expect(first["logs:join-log"]).toBe("User ID,Display Name,Username,Joined At,Created At,Invite Code,Inviter ID");
      expect(first["server-stats-2411:playerlist"]).toMatch(/^ID,/);
      expect(first["breeder-stats:ffa-raising"]).toBe(
        "Breeder,Creature,Server,Status,Start Date,Expected Completion,Notes",
      );
      expect(first.audit).toBe("When (UTC),Who,Who ID,Section,Record,Record ID,Action,Changes");
    },
  );

  it("sends the member back to the page with the reason when the table cannot be read", async () => {
    const browser = await signedIn();
    const res = await browser.fetch("/dashboard/audit/export?from=not-a-date");
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/dashboard/audit?from=not-a-date");
    expect((await toastOf(browser))?.message).toMatch(/^Export failed: .*from/);
  });
});
