// Shared by the Stock page tests: the page, a second officer, a row as stored, the loader's data and the action as a
// fetcher calls it.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, type MockInstance } from "vitest";
import { DEMO_ROLES } from "#worker/discord-standin";
import { Browser, fetcherPost, grant, loadData, routeOutboundToSelf } from "./helpers";

/** The hooks of a file that drives the Stock page: empty stock tables, other members who edit stock, outbound calls. */
export function withStockPage() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(
      ["stock_items", "stock_history", "item_images", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)),
    );
    // The other members (Tek Breeder, vaultkeeper) change stock too (contract/access.ts).
    await grant(DEMO_ROLES.breeder.id, { stock: "edit" });
    await grant(DEMO_ROLES.officer.id, { stock: "edit" });
  });
  afterEach(() => outbound.mockRestore());
}

export const PAGE = "/dashboard/stock-2411";
export const SECOND = "300000000000000002"; // Tek Breeder

export const stored = async (id: string) => {
  const row = await env.DB.prepare("select * from stock_items where _id = ?").bind(id).first<Record<string, unknown>>();
  return {
    ...row!,
    data: JSON.parse(String(row!.data)),
    field_colors: JSON.parse(String(row!.field_colors)),
  } as Record<string, unknown> & {
    data: Record<string, unknown>;
    field_colors: Record<string, string>;
  };
};

export type Row = Record<string, unknown> & { _id: string; version: number };
export type Data = {
  tab: string;
  label: string;
  size: number;
  q: string;
  page: { rows: Row[]; page: number; pageCount: number; total: number; from: number; to: number };
  allIds: string[];
  itemNames: string[];
  history: { id: string; label: string; updatedBy: string | null }[];
  historyView: { id: string; figures: Record<string, number | null> } | null;
  lastUpdated: { by: string } | null;
  summary: { items: number; total: number; atTarget: number; belowTarget: number };
  editing: string | null;
};

export const load = (browser: Browser, search = "") => loadData<Data>(browser, `${PAGE}${search}`);

/** The page's action as a fetcher calls it (JSON back). */
export const act = (browser: Browser, fields: Record<string, string>) => fetcherPost(browser, PAGE, fields);
