// The 2411 stock sheet ("2411 Stock screen"): reading it. Every tab's rows live in stock_items (the tab's own fields in
// `data`); the saves, which write a history snapshot of the tab in the same batch, are in stock-writes.ts.
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { stockHistory, stockItems } from "#drizzle/schema";
import type { Db } from "./context";
import { keptWhileCurrent } from "./aggregates";
import { derivedFields, figureKey, STOCK_TABS, TABS, type Cell, type StockTab } from "#contract/stock";
import type { StockItem } from "#contract/stock-item";

export type StockRow = typeof stockItems.$inferSelect;

export const kindOf = (tab: StockTab) => TABS[tab].kind;
/** The sheet's version in data_versions, bumped with every write to stock_items or stock_history (migrations/0017). */
const STOCK = "stock";

/** The API's JSON for a row: the common fields, the tab's fields and every derived column, and the version. */
export function rowJson(tab: StockTab, row: StockRow, prevStock: Cell): StockItem {
  return {
    _id: row._id,
    order: row.order,
    imageUrl: row.imageUrl,
    isEmpty: row.isEmpty,
    fieldColors: row.fieldColors ?? {},
    textColor: row.textColor,
    ...derivedFields(kindOf(tab), row.data ?? {}, prevStock),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** Each row's figure in the snapshot before the latest one (the latest records the current state). */
async function previousFigures(db: Db, tab: StockTab) {
  const snapshots = await db
    .select({ items: stockHistory.items })
    .from(stockHistory)
    .where(eq(stockHistory.tab, tab))
    .orderBy(desc(stockHistory.date), desc(stockHistory.id))
    .limit(2);
  const key = figureKey(kindOf(tab));
  const figures = new Map<string, Cell>();
  for (const item of snapshots[1]?.items ?? []) {
    const v = item[key];
    if (typeof item.itemId === "string") figures.set(item.itemId, typeof v === "number" ? v : null);
  }
  return figures;
}

export async function tabRows(db: Db, tab: StockTab) {
  return db
    .select()
    .from(stockItems)
    .where(eq(stockItems.tab, tab))
    .orderBy(asc(stockItems.order), asc(stockItems._id));
}

/** What the isolate keeps of the sheet until it changes (ADR 060): each tab's rows, and its history's lighter reads. */
const keptRows = keptWhileCurrent<StockItem[]>(STOCK, STOCK_TABS.length);
const keptHistory = keptWhileCurrent<HistoryJson[]>(STOCK, 4 * STOCK_TABS.length);

/** GET {base}: the tab's rows sorted by order, with the derived columns. Kept until the sheet changes, so frozen. */
export function listRows(db: Db, tab: StockTab): Promise<StockItem[]> {
  return keptRows(db, tab, async () => {
    const [rows, previous] = await Promise.all([tabRows(db, tab), previousFigures(db, tab)]);
    return rows.map((row) => rowJson(tab, row, previous.get(row._id) ?? null));
  });
}

export async function rowsById(db: Db, tab: StockTab, ids: string[]) {
  const all = await listRows(db, tab);
  const wanted = new Set(ids);
  return new Map(all.filter((r) => wanted.has(r._id)).map((r) => [r._id, r]));
}

export async function getRow(db: Db, tab: StockTab, id: string) {
  return (await rowsById(db, tab, [id])).get(id) ?? null;
}

/**
 * The tab's snapshots, newest first: at most `limit`, only the one with `id` when given, and without their items when
 * `items` is false (the page's Version History select reads no figures until a date is chosen).
 */
export function listHistory(
  db: Db,
  tab: StockTab,
  { limit = 100, items = true, id }: HistoryQuery = {},
): Promise<HistoryJson[]> {
  const query = { limit, items, id };
  // The page's reads (the dates without figures, one snapshot's figures) are kept until the sheet changes; the whole
  // history with every snapshot's figures, which only older clients ask for, is read each time.
  if (items && id === undefined) return readHistory(db, tab, query);
  return keptHistory(db, JSON.stringify([tab, limit, items, id ?? null]), () => readHistory(db, tab, query));
}
type HistoryQuery = { limit?: number; items?: boolean; id?: number };
type HistoryRead = { limit: number; items: boolean; id?: number };
type HistoryJson = { _id: string; id: number; date: string; updatedBy: string | null; items?: unknown };

async function readHistory(db: Db, tab: StockTab, { limit, items, id }: HistoryRead): Promise<HistoryJson[]> {
  const { items: itemsColumn, ...rest } = getTableColumns(stockHistory);
  const rows = await db
    .select({ ...rest, items: items ? itemsColumn : sql<null>`null` })
    .from(stockHistory)
    .where(and(eq(stockHistory.tab, tab), id === undefined ? undefined : eq(stockHistory.id, id)))
    .orderBy(desc(stockHistory.date), desc(stockHistory.id))
    .limit(limit);
  return rows.map((h) => ({
    _id: String(h.id),
    id: h.id,
    date: h.date.toISOString(),
    updatedBy: h.updatedBy,
    ...(items ? { items: h.items } : {}),
  }));
}
