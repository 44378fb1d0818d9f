// Shared by the Breeder page tests: the page, its members, its loader's data and its action as a fetcher calls it,
// rows made through the API, and the host's call failing while a table is missing.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import { Browser, fetcherPost, loadData, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that drives the Breeder page: empty breeder tables, outbound calls answered by the Worker. */
export function withBreederPage() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      [
        "breeder_list",
        "role_mappings",
        "ffa_raising",
        "codes_given",
        "claim_sessions",
        "breeder_session_stats",
        "audit_log",
      ].map((t) => env.DB.prepare(`delete from ${t}`)),
    );
  });
  afterEach(() => outbound.mockRestore());
}

export const PAGE = "/dashboard/breeder-stats";
export const UPDATED = "A breeder entry was updated! Live update received.";
export const BREEDER = "300000000000000002";
export const OTHER = "300000000000000004";
export const CLAIMERS = ["500000000000000001", "500000000000000002", "500000000000000003", "500000000000000004"];

export const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

export async function create<T = Record<string, unknown>>(browser: Browser, path: string, body: unknown): Promise<T> {
  const res = await browser.fetch(path, json("POST", body));
  if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

export type Page<R> = { rows: R[]; page: number; pageCount: number; total: number; size: number };
export type Data = {
  tab: string;
  hasTabParam: boolean;
  q: string;
  size: number;
  dinos: string[] | null;
  dialog: string | null;
  list: { page: Page<Record<string, unknown>> } | null;
  ffa: { failed: boolean; total: number; page: Page<Record<string, unknown>>; editing: string | null } | null;
  codes: { failed: boolean; total: number; page: Page<Record<string, unknown>>; editing: string | null } | null;
  claims: {
    failed: boolean;
    filter: string | null;
    cq: string;
    summary: { claimsToday: number; completedToday: number; mostParticipants: number };
    page: Page<Record<string, unknown>>;
  } | null;
  stats: { failed: boolean; page: Page<Record<string, unknown>> } | null;
};

export const load = (browser: Browser, search = "") => loadData<Data>(browser, `${PAGE}${search}`);

/** The page's action as a fetcher calls it (JSON back). */
export const act = (browser: Browser, fields: Record<string, string>) => fetcherPost(browser, PAGE, fields);

/** Runs `body` while the table is missing, so the host's call fails. */
export async function withoutTable(table: string, body: () => Promise<void>) {
  await env.DB.prepare(`alter table ${table} rename to ${table}_away`).run();
  try {
    await body();
  } finally {
    await env.DB.prepare(`alter table ${table}_away rename to ${table}`).run();
  }
}

export const ffaRows = async () =>
  (await env.DB.prepare("select * from ffa_raising order by _id").all<Record<string, unknown>>()).results;
export const breederRows = async () =>
  (
    await env.DB.prepare('select _id, dino, image_url, role_id from breeder_list order by "order"').all<
      Record<string, unknown>
    >()
  ).results;
