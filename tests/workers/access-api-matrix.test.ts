// Every host API route (from the Hono app's own table), asked by each demo member after an owner gave their
// roles levels: a call a member may not make answers 403 with the reason, one they may make never does. A route added
// later is in the table, so it cannot be forgotten; one missing from contract/access.ts apiNeed needs admin.
import { beforeEach, describe, expect, it } from "vitest";
import { apiNeed, can } from "#contract/access";
import { apiRoutes, browsers, discordOnSelf, EXPECTED, setUp } from "./access-fixtures";

discordOnSelf();
beforeEach(setUp);

describe("the host API by access level", () => {
  it("answers 403 to every host API call a member may not make, and only to those", { timeout: 120_000 }, async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(60);
    // Every route is in contract/access.ts's table: none but the admin's own falls to the admin default that closes a
    // forgotten route.
    const admin = routes.filter((r) => {
      const need = apiNeed(r.path, r.method);
      return need !== "signed-in" && need.section === "admin";
    });
    // The Discord alerts and a source's interval are the admin's (the sources' states are every member's).
    expect(admin.map((r) => r.path).sort()).toEqual([
      "/api/alerts/channels",
      "/api/alerts/channels",
      "/api/alerts/channels/0123456789abcdef01234567",
      "/api/alerts/channels/0123456789abcdef01234567",
      "/api/alerts/channels/0123456789abcdef01234567/test",
      "/api/alerts/deliveries",
      "/api/audit/search",
      "/api/ingest/discord/member-roles",
      "/api/sources/0123456789abcdef01234567/interval",
    ]);
    for (const { method, path } of routes) {
      for (const [role, browser] of Object.entries(browsers)) {
        const need = apiNeed(path, method);
        const allowed = need === "signed-in" || can(EXPECTED[role], need.section, need.level);
        const init: RequestInit = { method };
        if (method !== "GET" && method !== "DELETE")
          Object.assign(init, { body: "{}", headers: { "Content-Type": "application/json" } });
        const res = await browser.fetch(path, init);
        const body = await res.text();
        if (allowed) expect(res.status, `${role} ${method} ${path}`).not.toBe(403);
        else {
          expect(res.status, `${role} ${method} ${path}`).toBe(403);
          expect(JSON.parse(body), `${role} ${method} ${path}`).toMatchObject({
            error: "forbidden",
            message: expect.stringContaining("ask an owner"),
          });
        }
      }
    }
  });
});
