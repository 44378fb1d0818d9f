// Shared by the codes and tribelists API tests: a JSON request, table and audit look-ups, seeded codes and entries,
// and the fields the API answers with.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import { routeOutboundToSelf } from "./helpers";

/** The hooks of a file that calls the codes and tribelists API: empty tables, outbound calls answered by the Worker. */
export function withCommunityTables() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["codes", "tribelist_entries", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export const send = (method: string, body: unknown) => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
export const count = (table: string) => env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n");
export const audits = (entity: string) =>
  env.DB.prepare("select * from audit_log where entity = ? order by id").bind(entity).all<Record<string, string>>();
export const hex = (n: number) => n.toString(16).padStart(24, "0");

export async function seedCodes(ids: number[]) {
  await env.DB.batch(
    ids.map((id, i) =>
      env.DB.prepare(
        `insert into codes (_id, id, username, code, server, avatar, completed, mainserver, location, user)
         values (?, ?, ?, ?, '2411', null, ?, '2573', 'Red Ob', ?)`,
      ).bind(hex(i + 1), id, `member${id}`, `${1000 + id}`, i % 2, `70000000000000000${i}`),
    ),
  );
}

// The API's fields (docs/api/community.md), and the version a save sends back.
export const CODE_KEYS = [
  "_id",
  "id",
  "username",
  "code",
  "server",
  "avatar",
  "completed",
  "mainserver",
  "location",
  "user",
  "version",
].sort();

export const PATHS = {
  "2411": "/api/tribelist",
  "2573": "/api/tribelist-2573",
  "2446": "/api/tribelist-2446",
} as const;
export const ENTRY_KEYS = ["_id", "name", "username", "discordId", "rank", "nationality", "version"];

export async function seedEntries(server: string, entries: [string, number | null][]) {
  await env.DB.batch(
    entries.map(([name, order], i) =>
      env.DB.prepare(`insert into tribelist_entries (_id, server, name, "order") values (?, ?, ?, ?)`).bind(
        `${server}${hex(i + 1).slice(4)}`,
        server,
        name,
        order,
      ),
    ),
  );
}

export const stored = () => env.DB.prepare("select code, version from codes").first<Record<string, unknown>>();
