// Shared by the stock API tests: each tab's API path, row and table look-ups, and a member's API client (`api`),
// made afresh for every test by withStockApi().
import { env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import { memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that calls the stock API: empty stock tables, outbound calls to the Worker, a fresh `api`. */
export function withStockApi() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["stock_items", "stock_history", "item_images", "audit_log", "api_tokens"].map((t) =>
        env.DB.prepare(`delete from ${t}`),
      ),
    );
  });
  afterEach(() => outbound.mockRestore());
  beforeEach(async () => {
    api = await client();
  });
}

export const BASES: Record<string, string> = {
  "war-room-vaults": "/api/stock-2411",
  "war-room-dedis": "/api/stock-2411-dedis",
  "war-room-dinos": "/api/stock-2411-dinos",
  "defense-room-vaults": "/api/defense-room-vaults",
  "defense-room-dedis": "/api/defense-room-dedis",
  "defense-room-dinos": "/api/defense-room-dinos",
  "admin-logistic-vaults": "/api/admin-logistic-vaults",
  "admin-logistics-dedis": "/api/admin-logistics-dedis",
};

export const UNKNOWN = "f".repeat(24);

export const count = async (table: string, where = "1 = 1") =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`).first<number>("n")) ?? 0;
export const stored = (rowId: string) =>
  env.DB.prepare("select * from stock_items where _id = ?").bind(rowId).first<Record<string, unknown>>();

export type Api = Awaited<ReturnType<typeof client>>;
export async function client() {
  const { browser, bearer } = await memberWithToken();
  const send = (method: string, path: string, body?: unknown) =>
    pageFetch(`${ORIGIN}${path}`, {
      method,
      headers: { ...bearer, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    browser,
    send,
    auth: bearer.Authorization,
    get: async <T = Record<string, unknown>[]>(path: string) => (await send("GET", path)).json<T>(),
  };
}

export let api: Api;
