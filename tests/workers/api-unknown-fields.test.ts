// Every JSON call of the host API refuses a field it does not know with 400, naming it, and writes nothing (ADR 035).
// Generated from the API's route table, so a new route with a body is covered the day it is added; a route that takes
// no body must be named below.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { hostApi } from "#worker/api";
import { hexId, routeOutboundToSelf, signedIn } from "./helpers";

let outbound: MockInstance;
beforeEach(() => {
  outbound = routeOutboundToSelf();
});
afterEach(() => outbound.mockRestore());

/** Write routes without a JSON body: their path says everything (a refresh, a kick, a delete by id). */
const BODILESS = new Set([
  "POST /api/eoserver-refresh/:serverId",
  "POST /api/weeklymembers-refresh",
  "POST /kick/:vouchedId",
  "POST /api/vouches/mark-remove-pending/:vouchedId",
  "POST /api/vouches/:_id/fetch-avatar",
  "POST /api/alerts/channels/:id/test",
]);

/** Calls whose body is a list (the bots' ingestion): the unknown field rides on its first entry. */
const LISTS = new Set([
  "POST /api/ingest/discord/joins",
  "POST /api/ingest/discord/leaves",
  "POST /api/ingest/discord/vouches",
  "POST /api/ingest/breeder/claim-sessions",
  "POST /api/ingest/breeder/session-stats",
]);

/** A body's one required field, where a missing one would stop the check before it looks at the rest. */
const BASES: Record<string, Record<string, unknown>> = { "POST /api/breeder-list": { Dino: "Rex" } };

const WRITES = [
  ...new Set(
    hostApi.routes.filter((r) => ["POST", "PUT", "PATCH"].includes(r.method)).map((r) => `${r.method} ${r.path}`),
  ),
];

/** Paths whose id must be well formed to reach the body's check: a known source, a channel's number. */
const PATHS: Record<string, string> = {
  "/api/sources/:id/interval": "/api/sources/collector:2411/interval",
  "/api/alerts/channels/:id": "/api/alerts/channels/999999",
};

/** A concrete path for a route: an id that names no row, a real server. */
const concrete = (path: string) =>
  PATHS[path] ??
  path
    .replace(/:serverId/, "2411")
    .replace(/:vouchedId/, "300000000000000001")
    .replace(/:eosId/, "0123456789abcdef0123456789abcdef")
    .replace(/:[_a-zA-Z]+/g, hexId(0xbad))
    .replace(/\/\*$/, "")
    .replace(/\/$/, "");

/**
 * Every table's rows, to show a refused call wrote nothing. A collector's or the bot's refused push is its
 * source's last error on the Sources page (the sources table), which is what the refusal should leave behind.
 */
async function everything() {
  const { results } = await env.DB.prepare(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name not in ('d1_migrations', 'sources') order by name",
  ).all<{ name: string }>();
  const rows = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`select * from "${name}"`)));
  return Object.fromEntries(results.map(({ name }, i) => [name, rows[i].results]));
}

describe("unknown fields in a JSON body", () => {
  it("covers the API's write routes", () => {
    expect(WRITES.length).toBeGreaterThan(30);
    for (const route of BODILESS) expect(WRITES, route).toContain(route);
  });

  it.each(WRITES.filter((r) => !BODILESS.has(r)))(
    "%s answers 400 naming the field, and writes nothing",
    async (route) => {
      const browser = await signedIn();
      const [method, path] = route.split(" ");
      const before = await everything();
      const body = { ...BASES[route], sneakyField: 1 };
      const res = await browser.fetch(concrete(path), {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(LISTS.has(route) ? [body] : body),
      });
      expect(res.status).toBe(400);
      const answer = await res.json<{ error: string; issues: { field: string; message: string }[] }>();
      expect(answer.error).toBe("validation");
      const field = LISTS.has(route) ? "0.sneakyField" : "sneakyField";
      expect(answer.issues).toContainEqual({
        field,
        message: expect.stringMatching(/^unknown (field|column) "sneakyField"$/),
      });
      expect(await everything()).toEqual(before);
    },
  );

  it("names a nested unknown field by its path, and keeps the known ones working", async () => {
    const browser = await signedIn();
    const send = (body: unknown) =>
      browser.fetch("/api/stock-2411/batch", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const res = await send({ rows: [{ _id: hexId(1), item: "Cryopod", extra: true }] });
    expect(res.status).toBe(400);
    expect((await res.json<{ issues: unknown[] }>()).issues).toContainEqual({
      field: "rows.0.extra",
      message: 'unknown field "extra"',
    });

    const created = await browser.fetch("/api/codes", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "known", code: "1234" }),
    });
    expect(created.status).toBe(201);
  });
});
