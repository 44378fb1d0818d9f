// The 2411 stock sheet's pure rules shared by the page and the host API: tabs and their API paths, typed cells,
// derived columns, history figures, vault cell colours (docs/product/stock.md). Imports only the plain one-of.ts: the
// browser bundle includes it, and drizzle/stock.ts takes its tab list from here.
import { isOneOf } from "./one-of";

export const STOCK_TABS = [
  "war-room-vaults",
  "war-room-dedis",
  "war-room-dinos",
  "defense-room-vaults",
  "defense-room-dedis",
  "defense-room-dinos",
  "admin-logistic-vaults",
  "admin-logistics-dedis",
] as const;
export type StockTab = (typeof STOCK_TABS)[number];
export const isStockTab = (v: unknown): v is StockTab => isOneOf(STOCK_TABS, v);

/** How a tab's rows are shaped. Tabs the old app left without a data source work like their siblings (ADR 009). */
export type TabKind = "war-vault" | "defense-vault" | "admin-vault" | "dedis" | "war-dedis" | "dinos";

/** The tabs in the page's order, their labels and the host API base of each (docs/api/stock.md). */
export const TABS: Record<StockTab, { label: string; path: string; kind: TabKind }> = {
  "war-room-vaults": { label: "War Room Vaults", path: "/api/stock-2411", kind: "war-vault" },
  "war-room-dedis": { label: "War Room Dedis", path: "/api/stock-2411-dedis", kind: "war-dedis" },
  "war-room-dinos": { label: "War Room Dinos", path: "/api/stock-2411-dinos", kind: "dinos" },
  "defense-room-vaults": { label: "Defense Room Vaults", path: "/api/defense-room-vaults", kind: "defense-vault" },
  "defense-room-dedis": { label: "Defense Room Dedis", path: "/api/defense-room-dedis", kind: "dedis" },
  "defense-room-dinos": { label: "Defense Room Dinos", path: "/api/defense-room-dinos", kind: "dinos" },
  "admin-logistic-vaults": { label: "Admin/Logistics Vaults", path: "/api/admin-logistic-vaults", kind: "admin-vault" },
  "admin-logistics-dedis": { label: "Admin Logistics Dedis", path: "/api/admin-logistics-dedis", kind: "dedis" },
};

/** War room dedis without a target aim at 100. */
export const DEFAULT_DEDIS_TARGET = 100;
/** A vault cell holding exactly this many is full (shown green). */
export const FULL_VAULT_CELL = 350;
export const EMPTY_ITEM_PREFIX = "Empty Item";

/** A colour as the sheet stores it: #rrggbb. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const isHexColour = (v: unknown): v is string => typeof v === "string" && HEX_COLOUR.test(v);

/** The longest item or dino name, todo and dino type the sheet keeps. */
export const MAX_NAME_LENGTH = 200;
export const MAX_TODO_LENGTH = 2000;
export const MAX_TYPE_LENGTH = 40;
export const DINO_TYPES = ["DPS", "Flyer", "Soaker", "Support", "Misc", "Water", "Random"] as const;

// ---------------------------------------------------------------------------------------------------------------
// Each kind of tab, in one table: its stored fields, its columns in the page's order,
// and the figure a history snapshot records. Everything else is derived from it: the API's input schemas
// (worker/domain/stock-input.ts), how a save merges into the stored row (worker/domain/stock-writes.ts), the history
// figure in SQL (ibid., pinned to derivedFields by tests/workers/stock-figure.test.ts), and the page's columns,
// stored fields and pending-edit rules (app/components/stock/rules.ts).

/** A stored field: a name, a number cell, a text, a dino type, an ISO date-time, or a list of number cells. */
export type StockField =
  | { key: string; type: "name" | "number" | "text" | "type" | "datetime" }
  | { key: "counts" | "ready" | "unready"; type: "cells"; length: number };

/**
 * A column of the sheet: a stored field (editable) or a derived value. A list field stands for one column per cell,
 * titled with `title` and the cell's number (1-18, R1-R16). `optional` columns show only while their toggle is on (the
 * dino tabs' R1-R16 and U1-U16).
 */
export type SheetColumn = {
  key: string;
  title: string;
  width?: number;
  optional?: "ready" | "unready";
  /** Shown with its sign turned (ADR 068): War Room Dedis' Stock Used is current - previous on the wire, and a
   * person reads what was used as a positive number. */
  negated?: true;
};

export type KindSpec = {
  fields: readonly StockField[];
  columns: readonly SheetColumn[];
  /** The derived value a history snapshot records for each row (docs/api/stock.md). */
  figure: "currentStock" | "stock" | "totalRaised";
};

const counts = (length: number): StockField => ({ key: "counts", type: "cells", length });
const item: StockField = { key: "item", type: "name" };
const todo: StockField = { key: "todo", type: "text" };
const number = (key: string): StockField => ({ key, type: "number" });
const column = (key: string, title: string, width?: number): SheetColumn => ({
  key,
  title,
  ...(width ? { width } : {}),
});

export const KINDS: Record<TabKind, KindSpec> = {
  "war-vault": {
    fields: [item, counts(18), number("maxcount"), todo],
    columns: [
      column("item", "Item"),
      column("counts", ""),
      column("currentStock", "Current Stock"),
      column("maxcount", "Max Stock"),
      column("percentage", "%"),
      column("prevStock", "Prev Stock"),
      column("todo", "Todo"),
    ],
    figure: "currentStock",
  },
  "defense-vault": {
    fields: [item, counts(18), number("maxStock"), todo],
    columns: [
      column("item", "Item"),
      column("counts", ""),
      column("currentStock", "Current Stock"),
      column("maxStock", "Max Stock"),
      column("percentage", "%"),
      column("todo", "Todo"),
    ],
    figure: "currentStock",
  },
  "admin-vault": {
    fields: [item, counts(12), number("target"), todo],
    columns: [
      column("item", "Item"),
      column("counts", ""),
      column("stock", "Current Stock"),
      column("target", "Target"),
      column("percentage", "%"),
      column("todo", "Todo"),
    ],
    figure: "stock",
  },
  dedis: {
    fields: [item, number("currentStock"), number("maxStock"), todo],
    columns: [
      column("item", "Item"),
      column("currentStock", "Stock"),
      column("maxStock", "Target"),
      column("percentage", "%"),
      column("todo", "Todo"),
    ],
    figure: "currentStock",
  },
  "war-dedis": {
    fields: [item, number("currentStock"), number("previousStock"), number("target"), todo],
    columns: [
      column("item", "Item Name"),
      column("currentStock", "Current Stock"),
      column("previousStock", "Previous Stock", 118),
      { ...column("stockUsed", "Stock Used"), negated: true },
      column("target", "Target"),
      column("percentage", "%"),
      column("todo", "Todo"),
    ],
    figure: "currentStock",
  },
  dinos: {
    fields: [
      { key: "dino", type: "name" },
      { key: "type", type: "type" },
      { key: "ready", type: "cells", length: 16 },
      { key: "unready", type: "cells", length: 16 },
      number("target"),
      { key: "lastSync", type: "datetime" },
    ],
    columns: [
      column("dino", "Dino"),
      column("type", "Type"),
      { key: "ready", title: "R", optional: "ready" },
      column("warReady", "War Ready", 92),
      { key: "unready", title: "U", optional: "unready" },
      column("notReady", "Not Ready", 92),
      column("totalRaised", "Total Raised", 104),
      column("target", "Target", 80),
      column("percentage", "%"),
      column("currentStock", "Current Stock"),
      column("prevStock", "Prev Stock", 96),
      column("different", "Different", 90),
      column("needsRaised", "Needs Raised", 110),
    ],
    figure: "totalRaised",
  },
};

/** The stored field of this key in a kind, if it is one. */
export const fieldOfKind = (kind: TabKind, key: string) => KINDS[kind].fields.find((f) => f.key === key);

/** How many cells a list field of this kind holds (0 when it is none). */
export function cellsLength(kind: TabKind, key: string) {
  const field = fieldOfKind(kind, key);
  return field?.type === "cells" ? field.length : 0;
}

/** Stock columns per vault kind: 18 for war room and defense, 12 for admin/logistics. */
export const COUNT_COLUMNS: Partial<Record<TabKind, number>> = Object.fromEntries(
  (Object.keys(KINDS) as TabKind[]).filter((k) => cellsLength(k, "counts")).map((k) => [k, cellsLength(k, "counts")]),
);
/** Ready and unready columns of a dino row. */
export const DINO_COLUMNS = cellsLength("dinos", "ready");

/** The name field of a row: `dino` on dino tabs, `item` elsewhere. */
export const nameField = (kind: TabKind) => KINDS[kind].fields.find((f) => f.type === "name")!.key;

/** The per-row figure a history snapshot records (docs/api/stock.md): `stock` on admin vaults, `totalRaised` on dinos. */
export const figureKey = (kind: TabKind) => KINDS[kind].figure;

/** A row's stored fields (of a stored row or an API row), in the table's order. */
export const storedFields = (kind: TabKind, row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(KINDS[kind].fields.map((f) => [f.key, row[f.key]]));

// ---------------------------------------------------------------------------------------------------------------
// Cells and derived columns (docs/product/stock.md, "Figures")

export type Cell = number | null;

/**
 * A typed stock cell: numbers are taken as they are, empty input stays empty (null), any other text
 * becomes 0. Text with thousands separators ("1,250") is read as the number it shows.
 */
export function parseStockNumber(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const n = stockNumberOf(value);
  return n === undefined ? 0 : n;
}

/** A typed figure ("1,250", " 3 ", "") as a number or empty; undefined when the text is no number at all. */
export function stockNumberOf(text: string): Cell | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, "") : trimmed;
  const n = Number(plain);
  return Number.isFinite(n) ? n : undefined;
}

/** A stored single figure: a finite number or empty. */
export const cell = (value: unknown): Cell => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** Stored cells, made exactly `length` long: missing cells are empty, extra ones dropped, junk is empty. */
export function normalizeCells(value: unknown, length: number): Cell[] {
  const list = Array.isArray(value) ? value : [];
  return Array.from({ length }, (_, i) => cell(list[i]));
}

/** Sum of the cells, empty ones counting 0 (vault currentStock, warReady, notReady). */
export const sumCells = (cells: Cell[]) => cells.reduce<number>((sum, v) => sum + (v ?? 0), 0);

/** round(current / denominator x 100); 0 when the denominator is 0 or empty. */
export function percentage(current: Cell, denominator: Cell) {
  if (!denominator) return 0;
  return Math.round(((current ?? 0) / denominator) * 100);
}

export const needsRaised = (target: Cell, totalRaised: number) => Math.max(0, (target ?? 0) - totalRaised);

/** current - previous (dedis Stock Used, dino Different); empty when either side is unknown. */
export const difference = (current: Cell, previous: Cell): Cell =>
  current === null || previous === null ? null : current - previous;

export const isEmptyItemName = (name: unknown) => typeof name === "string" && name.trim().startsWith(EMPTY_ITEM_PREFIX);

/** A stored text field: text as it is, empty as null, anything else as its string. */
export const asText = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? null : String(v));

/**
 * A row's own fields plus every derived column (docs/api/stock.md), from its stored fields and its figure in the
 * history snapshot before the current one (`prevStock`). The host API answers with it; the page recomputes a pending
 * edit's totals with it.
 */
export function derivedFields(kind: TabKind, data: Record<string, unknown>, prevStock: Cell) {
  const item = asText(data.item) ?? "";
  const todo = asText(data.todo);
  // A vault tab's row: its cells, and their sum as the row's stock.
  const vault = () => {
    const counts = normalizeCells(data.counts, COUNT_COLUMNS[kind]!);
    return { counts, sum: sumCells(counts) };
  };
  switch (kind) {
    case "war-vault": {
      const { counts, sum: currentStock } = vault();
      const maxcount = cell(data.maxcount);
      return { item, counts, maxcount, todo, currentStock, percentage: percentage(currentStock, maxcount), prevStock };
    }
    case "defense-vault": {
      const { counts, sum: currentStock } = vault();
      const maxStock = cell(data.maxStock);
      return { item, counts, currentStock, maxStock, todo, percentage: percentage(currentStock, maxStock), prevStock };
    }
    case "admin-vault": {
      const { counts, sum: stock } = vault();
      const target = cell(data.target);
      return {
        item,
        counts,
        stock,
        currentStock: stock,
        target,
        todo,
        percentage: percentage(stock, target),
        prevStock,
      };
    }
    case "dedis": {
      const currentStock = cell(data.currentStock);
      const maxStock = cell(data.maxStock);
      return { item, currentStock, maxStock, todo, percentage: percentage(currentStock, maxStock), prevStock };
    }
    case "war-dedis": {
      const currentStock = cell(data.currentStock);
      const previousStock = cell(data.previousStock) ?? prevStock;
      const target = cell(data.target) ?? DEFAULT_DEDIS_TARGET;
      return {
        item,
        currentStock,
        previousStock,
        stockUsed: difference(currentStock, previousStock),
        target,
        percentage: percentage(currentStock, target),
        todo,
        prevStock,
      };
    }
    case "dinos": {
      const ready = normalizeCells(data.ready, DINO_COLUMNS);
      const unready = normalizeCells(data.unready, DINO_COLUMNS);
      const warReady = sumCells(ready);
      const notReady = sumCells(unready);
      const totalRaised = warReady + notReady;
      const target = cell(data.target);
      return {
        dino: asText(data.dino) ?? "",
        type: asText(data.type),
        ready,
        unready,
        warReady,
        notReady,
        totalRaised,
        target,
        percentage: percentage(totalRaised, target),
        needsRaised: needsRaised(target, totalRaised),
        currentStock: totalRaised,
        previousStock: prevStock,
        prevStock,
        different: difference(totalRaised, prevStock),
        lastSync: asText(data.lastSync),
      };
    }
  }
}

/**
 * Vault cell colour ("Vault cell value exactly 350 is green, 0 grey, anything else yellow"): a cell with
 * a value is full at exactly 350, empty at 0 and partly filled otherwise. A cell without a value (no vault in that
 * slot) has no colour: yellow would say "partly filled" of nothing.
 */
export const vaultCellState = (value: Cell): "full" | "empty" | "partial" | null =>
  value === null ? null : value === FULL_VAULT_CELL ? "full" : value === 0 ? "empty" : "partial";
