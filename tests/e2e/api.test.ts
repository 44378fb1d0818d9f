// Every GET of the host API (docs/api.md) answers over the demo data `npm start` loads: signed in, and refused without.
// Rows of the lists other tests change (tribelists: Clear All empties one) are made here first; the others are
// seeded and no test removes any of their rows (tests delete only rows they made).
import { describe, expect, it } from "vitest";
import { marker, newContext, setupBrowser, signedIn } from "./browser";
import { createEntries, TRIBELISTS } from "./data";

const SERVERS = ["2411", "2573", "2446"];
const LISTS = [
  "/api/vouches",
  "/api/codes",
  "/api/tribelist",
  "/api/tribelist-2573",
  "/api/tribelist-2446",
  "/api/join-log",
  "/api/removed-members",
  "/api/stock-2411",
  "/api/stock-2411-dedis",
  "/api/stock-2411-dinos",
  "/api/admin-logistic-vaults",
  "/api/defense-room-vaults",
  "/api/defense-room-dedis",
  "/api/stock-2411/history",
  "/api/breeder-list",
  "/api/ffa-raising",
  "/api/codes-given-to",
  "/api/breeder-claim-sessions",
  "/api/breeder-session-stats",
  "/api/weeklymembers",
  ...["joinlog", "leavelog", "tribemembers", "unknowns", "enemies", "friendlys"].flatMap((k) =>
    SERVERS.map((s) => `/api/${k}/${s}`),
  ),
];

setupBrowser();

describe("the host API over the demo data", () => {
  it("answers every list with rows when signed in, and 401 without", async () => {
    const { context } = await signedIn();
    const m = marker("api");
    for (const server of Object.keys(TRIBELISTS))
      await createEntries(context.request, server, [{ name: `${m} ${server}` }]);
    for (const path of LISTS) {
      const res = await context.request.get(path);
      expect(res.status(), path).toBe(200);
      const body = await res.json();
      expect(Array.isArray(body), path).toBe(true);
      expect(body.length, `${path} has rows`).toBeGreaterThan(0);
    }
    const card = await (await context.request.get("/api/vouches/card-cache")).json();
    expect(Object.keys(card).sort()).toEqual(["mostVouches", "recentVouchers", "voucherStats"]);
    expect(card.voucherStats.length).toBeGreaterThan(0);
    for (const s of SERVERS) {
      const status = await (await context.request.get(`/api/eoserver-status/${s}`)).json();
      // "unknown": the collector that alone decides it has been silent past its interval.
      expect(["online", "offline", "unknown"]).toContain(status.status);
      expect(Array.isArray(status.currentPlayers)).toBe(true);
    }
    const avatars = await (await context.request.get("/api/vouches/avatar-cache")).json();
    expect(typeof avatars).toBe("object");

    const anonymous = await newContext();
    for (const path of [...LISTS, "/api/vouches/card-cache", "/api/eoserver-status/2411"]) {
      expect((await anonymous.request.get(path)).status(), path).toBe(401);
    }
  });
});
