// The 2411 stock sheet's writes: row saves (each with a history snapshot of the tab in the same batch), order, colours
// and images. Saves carry an optional row version: a save based on an older version is refused and changes nothing.
import { and, eq, sql } from "drizzle-orm";
import { itemImages, stockHistory, stockItems } from "#drizzle/schema";
import type { LiveEvent } from "#contract/events";
import type { AuditEntry, Db, Deps } from "./context";
import { commit, newPlaces, RACE_RETRIES, versionGuard } from "./context";
import type { RowSave } from "./stock-input";
import { queueAlerts } from "./alerts";
import {
  figureKey,
  isEmptyItemName,
  KINDS,
  nameField,
  normalizeCells,
  STOCK_TABS,
  TABS,
  type StockTab,
  type TabKind,
} from "#contract/stock";
import { getRow, kindOf, listRows, rowsById, tabRows, type StockRow } from "./stock";
import type { StockItem } from "#contract/stock-item";

const rowName = (tab: StockTab, row: StockRow) => {
  const v = row.data?.[nameField(kindOf(tab))];
  return typeof v === "string" ? v : "";
};

// The history figure of each kind, in SQL, so the snapshot is taken inside the save's batch from the rows as saved:
// the sum of the kind's cell lists when it has any (the stored cells are always normalized numbers or null), else the
// stored field the figure is named after. tests/workers/stock-figure.test.ts pins it to the figure derivedFields() answers.
const sumOfCells = (path: string) => `(select coalesce(sum(value), 0) from json_each("data", '$.${path}'))`;
export function figureSql(kind: TabKind) {
  const lists = KINDS[kind].fields.filter((f) => f.type === "cells").map((f) => sumOfCells(f.key));
  return lists.length ? lists.join(" + ") : `json_extract("data", '$.${figureKey(kind)}')`;
}

/** A history snapshot of the whole tab: every row's current figure, in row order. */
function snapshotStatement(db: Db, tab: StockTab, updatedBy: string, at: Date) {
  const kind = kindOf(tab);
  // insert ... select fills every column in table order: id (null: the next one), tab, date, updated_by, items.
  return db.insert(stockHistory).select(sql`
    select null, ${tab}, ${at.getTime()}, ${updatedBy}, json_group_array(json(x))
    from (select json_object('itemId', "_id", ${figureKey(kind)}, ${sql.raw(figureSql(kind))}) as x
          from stock_items where tab = ${tab} order by "order", "_id")`);
}

const stockEvent = (tab: StockTab, message: string, count = 1): LiveEvent => ({
  type: "stock_2411_update",
  message: `${TABS[tab].label}: ${message}`,
  count,
});

/** The stored tab fields after a save: what is sent replaces what is stored; cell lists keep their length. */
function mergeFields(kind: TabKind, data: Record<string, unknown>, fields: Record<string, unknown>) {
  const next = { ...data, ...fields };
  for (const field of KINDS[kind].fields)
    if (field.type === "cells") next[field.key] = normalizeCells(next[field.key], field.length);
  return next;
}

const conflictMessage = (tab: StockTab, row: StockRow) =>
  `${rowName(tab, row) || "This row"} was changed by ${row.updatedBy ?? "someone"} at ${row.updatedAt.toISOString()}.`;

export type SaveResult = {
  saved: string[];
  conflicts: { _id: string; message: string; current: StockItem }[];
  failed: { _id: string; error: string; message: string }[];
};

const rowNotFound = (tab: StockTab, id: string) => ({
  _id: id,
  error: "not_found",
  message: `No ${TABS[tab].label} row with id ${id}.`,
});

/**
 * Saves rows of one tab (PUT {base}/{id} and POST {base}/batch): rows whose sent version is not the stored one are
 * refused as conflicts, unknown ids fail, and the rest are saved together with ONE history snapshot of the tab, in
 * one batch with their audit rows. `editor` (the sent displayName) is recorded as updatedBy.
 */
export async function saveRows(
  deps: Deps,
  tab: StockTab,
  inputs: (RowSave & { _id: string })[],
  editor: string,
): Promise<SaveResult> {
  const kind = kindOf(tab);
  for (let attempt = 0; ; attempt++) {
    const stored = new Map((await tabRows(deps.db, tab)).map((r) => [r._id, r]));
    const result: SaveResult = { saved: [], conflicts: [], failed: [] };
    const conflicting: StockRow[] = [];
    const writes = [];
    const audit: AuditEntry[] = [];
    const at = new Date();
    for (const input of inputs) {
      const row = stored.get(input._id);
      if (!row) {
        result.failed.push(rowNotFound(tab, input._id));
        continue;
      }
      if (input.version !== undefined && input.version !== row.version) {
        conflicting.push(row);
        continue;
      }
      const data = mergeFields(kind, row.data ?? {}, input.fields);
      const after = {
        data,
        isEmpty: isEmptyItemName(data[nameField(kind)]),
        version: row.version + 1,
        updatedAt: at,
        updatedBy: editor,
      };
      writes.push(versionGuard(deps.db, stockItems, row._id, row.version));
      writes.push(deps.db.update(stockItems).set(after).where(eq(stockItems._id, row._id)));
      audit.push({
        entity: "stock_item",
        entityId: row._id,
        action: "update",
        before: { tab, version: row.version, isEmpty: row.isEmpty, data: row.data },
        after: { tab, version: after.version, isEmpty: after.isEmpty, data },
      });
      result.saved.push(row._id);
    }
    if (result.saved.length > 0) {
      writes.push(snapshotStatement(deps.db, tab, editor, at));
      const n = result.saved.length;
      try {
        await commit(deps, writes, audit, [stockEvent(tab, `${n} ${n === 1 ? "row" : "rows"} saved by ${editor}`, n)]);
      } catch (error) {
        // Another save slipped in between our read and our write: read again and decide afresh. Rows that keep losing
        // are answered as conflicts with their current values; nothing of this batch was applied.
        const now = new Map((await tabRows(deps.db, tab)).map((r) => [r._id, r.version]));
        const moved = result.saved.some((id) => now.get(id) !== stored.get(id)!.version);
        if (!moved) throw error;
        if (attempt < RACE_RETRIES) continue;
        conflicting.push(...result.saved.map((id) => stored.get(id)!).filter((row) => now.has(row._id)));
        result.failed.push(...result.saved.filter((id) => !now.has(id)).map((id) => rowNotFound(tab, id)));
        result.saved = [];
      }
    }
    if (conflicting.length > 0) {
      const current = await rowsById(
        deps.db,
        tab,
        conflicting.map((r) => r._id),
      );
      result.conflicts = conflicting.map((row) => ({
        _id: row._id,
        message: conflictMessage(tab, row),
        current: current.get(row._id)!,
      }));
    }
    // After the save is settled: an alert's read failing must not turn a stored save into a race lost.
    if (result.saved.length > 0)
      await queueStockAlerts(deps, tab, result.saved, at).catch((e) => console.error("stock alerts failed", e));
    return result;
  }
}

/** PUT {base}/{id}/order: one row's position. Not a stock change: the version stays. */
export async function setOrder(deps: Deps, tab: StockTab, id: string, order: number) {
  const row = await deps.db.query.stockItems.findFirst({ where: and(eq(stockItems._id, id), eq(stockItems.tab, tab)) });
  if (!row) return null;
  await commit(
    deps,
    [deps.db.update(stockItems).set({ order }).where(eq(stockItems._id, id))],
    [{ entity: "stock_item", entityId: id, action: "order", before: { tab, order: row.order }, after: { tab, order } }],
    [stockEvent(tab, `${rowName(tab, row) || "a row"} moved`)],
  );
  return getRow(deps.db, tab, id);
}

/** POST {base}/order: the whole tab's order at once ({ids} lists every row exactly once). */
export async function reorder(deps: Deps, tab: StockTab, ids: string[]) {
  const places = newPlaces(await tabRows(deps.db, tab), ids);
  if ("mismatch" in places) return places;
  const { moved } = places;
  if (moved.length > 0) {
    await commit(
      deps,
      moved.map(({ row, to }) => deps.db.update(stockItems).set({ order: to }).where(eq(stockItems._id, row._id))),
      moved.map(({ row, to }) => ({
        entity: "stock_item",
        entityId: row._id,
        action: "order",
        before: { tab, order: row.order },
        after: { tab, order: to },
      })),
      [stockEvent(tab, `order saved by ${deps.actor.name}`)],
    );
  }
  return { rows: await listRows(deps.db, tab), moved: moved.length } as const;
}

/** PATCH {base}/{id}: column colours merged into fieldColors (null removes one) and/or the row's text colour. */
export async function setColours(
  deps: Deps,
  tab: StockTab,
  id: string,
  change: { fieldColors?: Record<string, string | null>; textColor?: string | null },
) {
  const row = await deps.db.query.stockItems.findFirst({ where: and(eq(stockItems._id, id), eq(stockItems.tab, tab)) });
  if (!row) return null;
  const fieldColors: Record<string, string> = { ...(row.fieldColors ?? {}) };
  for (const [column, colour] of Object.entries(change.fieldColors ?? {})) {
    if (colour === null) delete fieldColors[column];
    else fieldColors[column] = colour;
  }
  const textColor = change.textColor === undefined ? row.textColor : change.textColor;
  await commit(
    deps,
    [deps.db.update(stockItems).set({ fieldColors, textColor }).where(eq(stockItems._id, id))],
    [
      {
        entity: "stock_item",
        entityId: id,
        action: "colour",
        before: { tab, fieldColors: row.fieldColors, textColor: row.textColor },
        after: { tab, fieldColors, textColor },
      },
    ],
    [stockEvent(tab, `colours of ${rowName(tab, row) || "a row"} changed`)],
  );
  return getRow(deps.db, tab, id);
}

const DINO_TABS = STOCK_TABS.filter((t) => TABS[t].kind === "dinos");

/**
 * PUT {base}/{id}/image: the row's image, or with updateAllMatching every row across ALL tabs whose item (or dino)
 * name is the same. The name's image is kept in item_images too.
 */
export async function setImage(deps: Deps, tab: StockTab, id: string, imageUrl: string, updateAllMatching: boolean) {
  const row = await deps.db.query.stockItems.findFirst({ where: and(eq(stockItems._id, id), eq(stockItems.tab, tab)) });
  if (!row) return null;
  const itemName = rowName(tab, row);
  const sameName = sql`coalesce(json_extract(${stockItems.data}, '$.item'), json_extract(${stockItems.data}, '$.dino')) = ${itemName}`;
  const targets = updateAllMatching
    ? await deps.db
        .select({ _id: stockItems._id, tab: stockItems.tab, imageUrl: stockItems.imageUrl })
        .from(stockItems)
        .where(sameName)
    : [{ _id: row._id, tab: row.tab, imageUrl: row.imageUrl }];
  const scope = DINO_TABS.includes(tab) ? ("dino" as const) : ("stock" as const);
  const at = new Date();
  await commit(
    deps,
    [
      deps.db
        .update(stockItems)
        .set({ imageUrl })
        .where(updateAllMatching ? sameName : eq(stockItems._id, id)),
      deps.db.delete(itemImages).where(and(eq(itemImages.scope, scope), eq(itemImages.name, itemName))),
      deps.db.insert(itemImages).values({ scope, name: itemName, imageUrl, updatedAt: at }),
    ],
    [
      ...targets.map((t) => ({
        entity: "stock_item",
        entityId: t._id,
        action: "image",
        before: { tab: t.tab, imageUrl: t.imageUrl },
        after: { tab: t.tab, imageUrl },
      })),
      {
        entity: "item_image",
        entityId: `${scope}:${itemName}`,
        action: "set",
        after: { scope, name: itemName, imageUrl, updateAllMatching },
      },
    ],
    [
      stockEvent(
        tab,
        `image of ${itemName || "a row"} changed${updateAllMatching ? ` on ${targets.length} rows` : ""}`,
      ),
    ],
  );
  return { updatedCount: targets.length, itemName, imageUrl };
}

/**
 * Discord alerts: a saved item below its target, at most once a day per item; each channel keeps those
 * under its own share of the target (alert_channels.stock_percent).
 */
async function queueStockAlerts(deps: Deps, tab: StockTab, saved: string[], at: Date) {
  const rows = await rowsById(deps.db, tab, saved);
  const day = at.toISOString().slice(0, 10);
  const low = [...rows.values()].filter((r) => typeof r.percentage === "number" && r.percentage < 100 && !r.isEmpty);
  await queueAlerts(
    deps,
    low.map((r) => ({
      kind: "stock-low" as const,
      key: `stock:${r._id}:${day}`,
      percent: r.percentage as number,
      content: `📦 ${TABS[tab].label}: ${r.item || "an item"} is at ${r.percentage}% of its target`,
    })),
    at.getTime(),
  );
}
