// Every page that shows the host's data says so when the host fails (HOST_URL): it shows the last good answer marked
// stale with its age, never an empty state. The fake external host here is the in-process API itself (asked with the
// signed-in browser's session) until it starts failing.
import { SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { externalHost } from "./cron-fixtures";
import { ORIGIN, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

const PAGES = [
  "/dashboard",
  "/dashboard/vouches",
  "/dashboard/codes",
  "/dashboard/tribelists",
  "/dashboard/logs",
  "/dashboard/logs?tab=leave-log",
  "/dashboard/stock-2411",
  "/dashboard/breeder-stats",
  "/dashboard/server-stats-2411",
  "/dashboard/weekly-members",
];

describe("a failing external host", () => {
  it("leaves every page showing its last good data, marked stale with its age", async () => {
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
    }
  });
});
