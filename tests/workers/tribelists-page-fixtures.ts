// Shared by the Tribelists page tests: entries seeded into a server's list, the loader's data and the stored rows.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, expect, type MockInstance } from "vitest";
import type { TribelistEntry } from "#contract/tribelists";
import { Browser, dataPath, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that drives the Tribelists page: empty tables, outbound calls answered by the Worker. */
export function withTribelists() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(["tribelist_entries", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
  });
  afterEach(() => outbound.mockRestore());
}

export const hex = (n: number) => n.toString(16).padStart(24, "0");

export type Seed = {
  name: string;
  order?: number | null;
  rank?: string | null;
  nationality?: string | null;
  discordId?: string | null;
};

export async function seed(server: string, entries: Seed[], offset = 0) {
  await env.DB.batch(
    entries.map((e, i) =>
      env.DB.prepare(
        `insert into tribelist_entries (_id, server, name, discord_id, rank, nationality, "order") values (?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        hex(offset + i + 1),
        server,
        e.name,
        e.discordId ?? null,
        e.rank ?? null,
        e.nationality ?? null,
        e.order ?? null,
      ),
    ),
  );
}

export const CENTER: Seed[] = [
  { name: "zed", order: null, nationality: "English" },
  { name: "Bravo", order: 2, rank: "Admin", nationality: "English", discordId: "700000000000000002" },
  { name: "alpha", order: null, nationality: "Chinese" },
  { name: "Owner Ong", order: 0, rank: "Owner", nationality: "Chinese" },
  { name: "Charlie", order: 1 },
];

export type Loaded = {
  server: string;
  serverName: string;
  filter: string | null;
  counts: { total: number; chinese: number; english: number; admins: number };
  page: { total: number; rows: (TribelistEntry & { position: number; avatar: string })[] };
  editing: TribelistEntry | null;
  adding: boolean;
  confirm: { kind: string; entry?: TribelistEntry } | null;
  loadError: string | null;
};

export async function load(browser: Browser, search = "") {
  const res = await browser.fetch(dataPath(`/dashboard/tribelists?${search}`));
  expect(res.status).toBe(200);
  return { res, data: await res.json<Loaded>() };
}

export const rows = async (server: string) =>
  (
    await env.DB.prepare(
      `select name, discord_id as discordId, rank, nationality, username, "order" from tribelist_entries where server = ? order by name`,
    )
      .bind(server)
      .all<Record<string, unknown>>()
  ).results;
