// Stock rows and history snapshots written straight into D1, for the stock API's and the Stock page's tests.
import { env } from "cloudflare:test";

let nextId = 1;
/** A fresh row id (24 hex characters). */
export const rowId = () => (nextId++).toString(16).padStart(24, "0");
/** `n` stock cells, the first ones given, the rest empty. */
export const cells = (n: number, values: (number | null)[] = []) =>
  Array.from({ length: n }, (_, i) => values[i] ?? null);
/** A War Room Vaults row's fields. */
export const vault = (
  item: string,
  counts: (number | null)[],
  maxcount: number | null,
  todo: string | null = null,
) => ({
  item,
  counts: cells(18, counts),
  maxcount,
  todo,
});

export type RowOptions = {
  order?: number;
  version?: number;
  updatedBy?: string;
  imageUrl?: string;
  fieldColors?: Record<string, string>;
};
/** Stores a row of a tab as a save would have left it; answers its id. Rows later in order were saved later. */
export async function addRow(tab: string, data: Record<string, unknown>, o: RowOptions = {}) {
  const _id = rowId();
  const name = (data.item ?? data.dino) as string;
  await env.DB.prepare(
    `insert into stock_items (_id, tab, "order", image_url, is_empty, field_colors, data, version, updated_at, updated_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      _id,
      tab,
      o.order ?? 0,
      o.imageUrl ?? null,
      name.startsWith("Empty Item") ? 1 : 0,
      JSON.stringify(o.fieldColors ?? {}),
      JSON.stringify(data),
      o.version ?? 1,
      Date.UTC(2026, 0, 2, 3, 4, 5) + (o.order ?? 0),
      o.updatedBy ?? "Seeder",
    )
    .run();
  return _id;
}

export async function addSnapshot(tab: string, date: number, updatedBy: string, items: Record<string, unknown>[]) {
  await env.DB.prepare("insert into stock_history (tab, date, updated_by, items) values (?, ?, ?, ?)")
    .bind(tab, date, updatedBy, JSON.stringify(items))
    .run();
}
