// Every page that shows the host's data says so when the host fails (HOST_URL): it shows the last good answer marked
// stale with its age, never an empty state. The fake external host here is the in-process API itself (asked with the
// signed-in browser's session) until it starts failing.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import PAGES from "../../scripts/host-data-pages.json";
import { externalHost } from "./cron-fixtures";
import { ORIGIN, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

/** A row of its own on each list page, and the page that shows it: what must still be on screen while the host fails. */
const SHOWN: Record<string, string> = {
  "/dashboard/vouches": "StaleVouchMarker",
  "/dashboard/codes": "StaleCodeMarker",
  "/dashboard/tribelists": "StaleTribeMarker",
  "/dashboard/logs": "StaleJoinMarker",
  "/dashboard/logs?tab=leave-log": "StaleLeaveMarker",
};
const seed = () =>
  env.DB.batch([
    env.DB.prepare(
      `insert or replace into vouches (_id, id, ig_name, status, vouched, vouched_at, vouched_at_ms, vouched_by)
       values ('0000000000000000000000a1', 1, 'StaleVouchMarker', 'Complete', '700000000000000001', '1/2/2026', 0, '700000000000000002')`,
    ),
    env.DB.prepare(
      `insert or replace into codes (_id, id, username, code) values ('0000000000000000000000a2', 1, 'StaleCodeMarker', '1234')`,
    ),
    env.DB.prepare(
      `insert or replace into tribelist_entries (_id, server, name) values ('0000000000000000000000a3', '2411', 'StaleTribeMarker')`,
    ),
    env.DB.prepare(
      `insert or ignore into join_log (id, display_name, joined_at) values ('700000000000000003', 'StaleJoinMarker', 1)`,
    ),
    env.DB.prepare(
      `insert or ignore into removed_members (id, display_name, left_at) values ('700000000000000004', 'StaleLeaveMarker', 2)`,
    ),
  ]);

describe("a failing external host", () => {
  it("leaves every page showing its last good data, marked stale with its age", async () => {
    await seed();
    const browser = await signedIn();
    let up = true;
    const host = externalHost(
      "stale-marks",
      async (_request, url) =>
        up
          ? SELF.fetch(`${ORIGIN}${url.pathname}${url.search}`, { headers: { Cookie: browser.cookieHeader() } })
          : Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 }),
      { HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" },
    )(browser);
    for (const page of PAGES) {
      const res = await host.get(page);
      expect(res.status, page).toBe(200);
      expect(await res.text(), page).not.toContain("The host is not answering");
    }
    up = false;
    for (const page of PAGES) {
      const html = await (await host.get(page)).text();
      // "The host is not answering: ... as of <when>", in each page's words.
      expect(html, page).toMatch(/The host is not answering:[^]{0,160}?as of (<!-- -->)?[^<]*\d/);
      // The last good data itself, and no error in its place.
      if (SHOWN[page]) expect(html, page).toContain(SHOWN[page]);
      expect(html, page).not.toContain('role="alert"');
    }
  });
});

describe("an external host failing with nothing cached", () => {
  it("makes each list page say why, with Retry, and never claim the list is empty", async () => {
    const browser = await signedIn();
    const host = externalHost("down-from-the-start", () =>
      Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 }),
    )(browser);
    const EMPTY = /No codes found|No entries|No vouches found|No stock items yet|No breeder entries/;
    for (const page of [
      "/dashboard/vouches",
      "/dashboard/codes",
      "/dashboard/tribelists",
      "/dashboard/logs",
      "/dashboard/stock-2411",
    ]) {
      const html = await (await host.get(page)).text();
      expect(html, page).toContain('role="alert"');
      expect(html, page).toMatch(/<a[^>]*>Retry<\/a>/);
      expect(html, page).not.toMatch(EMPTY);
    }
  });
});
