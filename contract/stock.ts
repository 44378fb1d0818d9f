// The 2411 stock sheet's pure rules (spec part 2: "2411 Stock screen" and sections 3, 5 and 9), in one place for both
// sides: the tabs and which host API path serves each, how typed cells become numbers, every derived column, the
// figure a history snapshot records, vault cell colours and the wiki-link reduction of pasted images. The browser
// recomputes a pending edit's totals with these, the host API stores and answers with them, and drizzle/stock.ts takes
// its tab list from here. Imports nothing: the browser bundle includes this file, so no database or Worker types here.

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
export const isStockTab = (v: unknown): v is StockTab => typeof v === "string" && (STOCK_TABS as readonly string[]).includes(v);

/** How a tab's rows are shaped. Tabs "without a data source" in the spec work like their siblings. */
export type TabKind = "war-vault" | "defense-vault" | "admin-vault" | "dedis" | "war-dedis" | "dinos";

/** Spec order of the tabs, their labels and the host API base of each (docs/api/stock.md). */
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

/** Stock columns per vault kind (spec section 9): 18 for war room and defense, 12 for admin/logistics. */
export const COUNT_COLUMNS: Partial<Record<TabKind, number>> = { "war-vault": 18, "defense-vault": 18, "admin-vault": 12 };
/** Ready and unready columns of a dino row. */
export const DINO_COLUMNS = 16;
/** War room dedis without a target aim at 100. */
export const DEFAULT_DEDIS_TARGET = 100;
/** A vault cell holding exactly this many is full (shown green). */
export const FULL_VAULT_CELL = 350;
export const EMPTY_ITEM_PREFIX = "Empty Item";

/** A colour as the sheet stores it: #rrggbb. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
export const isHexColour = (v: unknown): v is string => typeof v === "string" && HEX_COLOUR.test(v);

/** The name field of a row: `dino` on dino tabs, `item` elsewhere. */
export const nameField = (kind: TabKind) => (kind === "dinos" ? "dino" : "item");

/** The per-row figure a history snapshot records (docs/api/stock.md): `stock` on admin vaults, `totalRaised` on dinos. */
export const figureKey = (kind: TabKind) =>
  kind === "admin-vault" ? "stock" : kind === "dinos" ? "totalRaised" : "currentStock";

// ---------------------------------------------------------------------------------------------------------------
// Cells and derived columns (spec section 3 "Derived", section 5 numeric rules)

export type Cell = number | null;

/**
 * A typed stock cell (spec section 5): numbers are taken as they are, empty input stays empty (null), any other text
 * becomes 0. Text with thousands separators ("1,250") is read as the number it shows.
 */
export function parseStockNumber(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const text = value.trim();
  if (text === "") return null;
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, "") : text;
  const n = Number(plain);
  return Number.isFinite(n) ? n : 0;
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

/** The figure the history records for a row of this kind (the stored tab fields in, a number or empty out). */
export function rowFigure(kind: TabKind, data: Record<string, unknown>): Cell {
  const counts = COUNT_COLUMNS[kind];
  if (counts) return sumCells(normalizeCells(data.counts, counts));
  if (kind === "dinos") {
    return sumCells(normalizeCells(data.ready, DINO_COLUMNS)) + sumCells(normalizeCells(data.unready, DINO_COLUMNS));
  }
  return cell(data.currentStock);
}

/** A stored text field: text as it is, empty as null, anything else as its string. */
export const asText = (v: unknown) => (typeof v === "string" ? v : v === null || v === undefined ? null : String(v));

/**
 * A row's own fields plus every derived column (docs/api/stock.md), from its stored fields and its figure in the
 * history snapshot before the current one (`prevStock`). The host API answers with it; the page recomputes a pending
 * edit's totals with it.
 */
export function derivedFields(kind: TabKind, data: Record<string, unknown>, prevStock: Cell) {
  switch (kind) {
    case "war-vault": {
      const counts = normalizeCells(data.counts, 18);
      const currentStock = sumCells(counts);
      const maxcount = cell(data.maxcount);
      return { item: asText(data.item) ?? "", counts, maxcount, todo: asText(data.todo), currentStock, percentage: percentage(currentStock, maxcount), prevStock };
    }
    case "defense-vault": {
      const counts = normalizeCells(data.counts, 18);
      const currentStock = sumCells(counts);
      const maxStock = cell(data.maxStock);
      return { item: asText(data.item) ?? "", counts, currentStock, maxStock, todo: asText(data.todo), percentage: percentage(currentStock, maxStock), prevStock };
    }
    case "admin-vault": {
      const counts = normalizeCells(data.counts, 12);
      const stock = sumCells(counts);
      const target = cell(data.target);
      return { item: asText(data.item) ?? "", counts, stock, currentStock: stock, target, todo: asText(data.todo), percentage: percentage(stock, target), prevStock };
    }
    case "dedis": {
      const currentStock = cell(data.currentStock);
      const maxStock = cell(data.maxStock);
      return { item: asText(data.item) ?? "", currentStock, maxStock, todo: asText(data.todo), percentage: percentage(currentStock, maxStock), prevStock };
    }
    case "war-dedis": {
      const currentStock = cell(data.currentStock);
      const previousStock = cell(data.previousStock) ?? prevStock;
      const target = cell(data.target) ?? DEFAULT_DEDIS_TARGET;
      return {
        item: asText(data.item) ?? "",
        currentStock,
        previousStock,
        stockUsed: difference(currentStock, previousStock),
        target,
        percentage: percentage(currentStock, target),
        todo: asText(data.todo),
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
 * Vault cell colour (spec section 5: "Vault cell value exactly 350 is green, 0 grey, anything else yellow"): a cell with
 * a value is full at exactly 350, empty at 0 and partly filled otherwise. A cell without a value (no vault in that
 * slot) has no colour: yellow would say "partly filled" of nothing.
 */
export const vaultCellState = (value: Cell): "full" | "empty" | "partial" | null =>
  value === null ? null : value === FULL_VAULT_CELL ? "full" : value === 0 ? "empty" : "partial";

// ---------------------------------------------------------------------------------------------------------------
// Images (spec section 5)

/**
 * Reduces a pasted image value to its wiki-hosted PNG link: the first http(s) link on a wiki host (ark.wiki.gg,
 * static.wikia.nocookie.net, ...) that contains ".png" is cut just after ".png"; a wiki thumbnail
 * (/images/thumb/a/ab/Name.png/120px-Name.png) becomes the original (/images/a/ab/Name.png). Anything else is only
 * trimmed.
 */
export function reduceImageUrl(pasted: string): string {
  const value = pasted.trim();
  for (const match of value.matchAll(/https?:\/\/[^\s"'<>()[\]]+/gi)) {
    let url: URL;
    try {
      url = new URL(match[0]);
    } catch {
      continue;
    }
    if (!url.hostname.toLowerCase().includes("wiki")) continue;
    const at = match[0].toLowerCase().indexOf(".png");
    if (at < 0) continue;
    return match[0].slice(0, at + 4).replace(/\/images\/thumb\/(.+\.png)$/i, "/images/$1");
  }
  return value;
}
