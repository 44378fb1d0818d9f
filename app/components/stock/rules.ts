// The 2411 stock sheet as the page needs it (spec part 2: "2411 Stock screen", sections 3, 4, 5, 8 and 9): the page's
// paths and remembered tab, each tab's columns and which of them are editable, pending edits and their save payload,
// the dino type colours, the image form's checks and every text the screen shows. Pure: the loader, the action, the
// grid and the HTML table share it. The rules the host API applies too (tabs, typed cells, derived columns, vault
// colours, the wiki-link reduction) live in app/utils/stock-rules.ts.
import {
  asText,
  cell,
  COUNT_COLUMNS,
  derivedFields,
  DINO_COLUMNS,
  nameField,
  normalizeCells,
  parseStockNumber,
  type Cell,
  type StockTab,
  type TabKind,
} from "../../../contract/stock";

export const DEFAULT_TAB: StockTab = "war-room-vaults";

export const PAGE_PATH = "/dashboard/stock-2411";
/** Where the active tab is remembered: local storage (spec) and a cookie, so the server renders it on first paint. */
export const TAB_STORAGE_KEY = "stock_2411_active_tab";
export const TAB_COOKIE = "stock-2411-tab";
/** Spec section 9: stock page sizes 25/50/100, default 100. */
export const DEFAULT_PAGE_SIZE = 100;

/** Spec section 9: the colour picker starts from black. */
export const DEFAULT_TEXT_COLOUR = "#000000";

/** A row as GET {base} answers it: the common fields, the tab's fields and its derived columns. */
export type StockRow = {
  _id: string;
  order: number;
  imageUrl: string | null;
  isEmpty: boolean;
  fieldColors: Record<string, string>;
  textColor: string | null;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
  prevStock: Cell;
  [field: string]: unknown;
};

export const TEXTS = {
  title: "2411 Stock",
  search: "Search stock items...",
  loading: "Loading summary...",
  pending: (item: string, field: string) => `${item}: ${field} changed (pending save)`,
  noChanges: "No changes to save",
  saved: (n: number) => `Successfully saved ${n} changes!`,
  partial: (n: number, m: number) => `Saved ${n} changes, but ${m} failed. Check console for details`,
  failed: "Failed to save changes",
  orderSaved: "Order saved successfully!",
  orderFailed: "Failed to save order",
  orderError: "Error saving order",
  selectFirst: "Please select a cell or row first by clicking on it or the row arrow",
  colourError: "An error occurred while saving the text color.",
  colourSaved: "Text color saved.",
  cannotMove: (direction: "up" | "down") => (direction === "up" ? "This row is already the first." : "This row is already the last."),
  cellsSelected: (n: number) => `${n} cells selected`,
  imageMissing: "Please fill in both item name and image URL",
  imageNotFound:
    "Item not found. Please make sure you're on the correct tab and enter the exact item name as it appears in the table.",
  imageHint: "Enter a direct link to the image (JPG, PNG, etc.)",
  imageUpdateAll: "Update all items with this name",
  imageUpdateAllNote: "The image will be updated for all items with that name across all tabs.",
  imageAdded: (item: string) => `Image added successfully for ${item}!`,
  imageUpdatedAll: (n: number, name: string) => `Image updated successfully for ${n} items with name ${name} across all tabs!`,
  imageFailed: (item: string, error: string) => `Failed to add image for ${item}: ${error}`,
  imageError: "An error occurred while adding the image",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Rows

/** The stored (editable) fields of a row of this kind, read back from the API's row. */
export function storedFields(kind: TabKind, row: Record<string, unknown>): Record<string, unknown> {
  switch (kind) {
    case "war-vault":
      return { item: row.item, counts: row.counts, maxcount: row.maxcount, todo: row.todo };
    case "defense-vault":
      return { item: row.item, counts: row.counts, maxStock: row.maxStock, todo: row.todo };
    case "admin-vault":
      return { item: row.item, counts: row.counts, target: row.target, todo: row.todo };
    case "dedis":
      return { item: row.item, currentStock: row.currentStock, maxStock: row.maxStock, todo: row.todo };
    case "war-dedis":
      return { item: row.item, currentStock: row.currentStock, previousStock: row.previousStock, target: row.target, todo: row.todo };
    case "dinos":
      return { dino: row.dino, type: row.type, ready: row.ready, unready: row.unready, target: row.target, lastSync: row.lastSync };
  }
}

/** The name of a row: the dino on dino tabs, the item elsewhere. */
export const rowName = (kind: TabKind, row: Record<string, unknown>) => String(row[nameField(kind)] ?? "");

// ---------------------------------------------------------------------------------------------------------------
// Columns (spec section 2 "Columns", section 5 "Editable columns")

export type ColumnRole = "name" | "count" | "type" | "percent" | "text" | "number" | "history";
export type StockColumn = {
  /** The column key: fieldColors key, pending-edit key and form field name (count1, ready3, maxcount, ...). */
  id: string;
  title: string;
  width: number;
  role: ColumnRole;
  editable: boolean;
  /** The cell's value in a (display) row. */
  value: (row: Record<string, unknown>) => Cell | string;
};

const listCell = (list: string, i: number) => (row: Record<string, unknown>) => {
  const values = row[list];
  return Array.isArray(values) ? cell(values[i]) : null;
};
const numberOf = (key: string) => (row: Record<string, unknown>) => cell(row[key]);
const textOf = (key: string) => (row: Record<string, unknown>) => asText(row[key]);

const nameColumn = (id: string, title: string): StockColumn => ({ id, title, width: 210, role: "name", editable: true, value: textOf(id) });
const numberColumn = (id: string, title: string, editable = false, width = 104): StockColumn => ({
  id,
  title,
  width,
  role: "number",
  editable,
  value: numberOf(id),
});
const percentColumn: StockColumn = { id: "percentage", title: "%", width: 64, role: "percent", editable: false, value: numberOf("percentage") };
const todoColumn: StockColumn = { id: "todo", title: "Todo", width: 200, role: "text", editable: true, value: textOf("todo") };
const countColumns = (n: number): StockColumn[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `count${i + 1}`,
    title: String(i + 1),
    width: 56,
    role: "count" as const,
    editable: true,
    value: listCell("counts", i),
  }));
const dinoColumns = (list: "ready" | "unready", prefix: "R" | "U"): StockColumn[] =>
  Array.from({ length: DINO_COLUMNS }, (_, i) => ({
    id: `${list}${i + 1}`,
    title: `${prefix}${i + 1}`,
    width: 52,
    role: "number" as const,
    editable: true,
    value: listCell(list, i),
  }));

export type ColumnOptions = { ready?: boolean; unready?: boolean };

/** The columns of a tab, in the spec's order; the dino tabs' R1-R16 and U1-U16 only when their toggle is on. */
export function columnsFor(kind: TabKind, options: ColumnOptions = {}): StockColumn[] {
  switch (kind) {
    case "war-vault":
      return [
        nameColumn("item", "Item"),
        ...countColumns(18),
        numberColumn("currentStock", "Current Stock"),
        numberColumn("maxcount", "Max Stock", true),
        percentColumn,
        numberColumn("prevStock", "Prev Stock"),
        todoColumn,
      ];
    case "defense-vault":
      return [
        nameColumn("item", "Item"),
        ...countColumns(18),
        numberColumn("currentStock", "Current Stock"),
        numberColumn("maxStock", "Max Stock", true),
        percentColumn,
        todoColumn,
      ];
    case "admin-vault":
      return [
        nameColumn("item", "Item"),
        ...countColumns(12),
        numberColumn("stock", "Current Stock"),
        numberColumn("target", "Target", true),
        percentColumn,
        todoColumn,
      ];
    case "dedis":
      return [nameColumn("item", "Item"), numberColumn("currentStock", "Stock", true), numberColumn("maxStock", "Target", true), percentColumn, todoColumn];
    case "war-dedis":
      return [
        nameColumn("item", "Item Name"),
        numberColumn("currentStock", "Current Stock", true),
        numberColumn("previousStock", "Previous Stock", true, 118),
        numberColumn("stockUsed", "Stock Used"),
        numberColumn("target", "Target", true),
        percentColumn,
        todoColumn,
      ];
    case "dinos":
      return [
        nameColumn("dino", "Dino"),
        { id: "type", title: "Type", width: 96, role: "type", editable: true, value: (row) => typeLabel(asText(row.type)) },
        ...(options.ready ? dinoColumns("ready", "R") : []),
        numberColumn("warReady", "War Ready", false, 92),
        ...(options.unready ? dinoColumns("unready", "U") : []),
        numberColumn("notReady", "Not Ready", false, 92),
        numberColumn("totalRaised", "Total Raised", false, 104),
        numberColumn("target", "Target", true, 80),
        percentColumn,
        numberColumn("currentStock", "Current Stock"),
        numberColumn("prevStock", "Prev Stock", false, 96),
        numberColumn("different", "Different", false, 90),
        numberColumn("needsRaised", "Needs Raised", false, 110),
      ];
  }
}

/** The editable columns of a kind with every optional column included (the no-JavaScript edit form's fields). */
export const editableColumns = (kind: TabKind) => columnsFor(kind, { ready: true, unready: true }).filter((c) => c.editable);

/** The stored field a column edits: counts[4] for count5, ready[2] for ready3, or the field itself. */
export function fieldOf(columnId: string): { field: string; index?: number } {
  const list = /^(count|ready|unready)(\d+)$/.exec(columnId);
  if (list) return { field: list[1] === "count" ? "counts" : list[1], index: Number(list[2]) - 1 };
  return { field: columnId };
}

export type PendingValue = number | string | null;

/**
 * What a typed text becomes in a column (spec section 5), or `undefined` when the column refuses it: numeric cells
 * take numbers, empty stays empty and other text becomes 0; a name may not be empty; an empty todo or type is empty;
 * a type is matched to a known type whatever its case.
 */
/** The longest item or dino name the sheet keeps. */
export const MAX_NAME_LENGTH = 200;

export function parseInput(column: Pick<StockColumn, "id" | "role">, input: string): PendingValue | undefined {
  const raw = input ?? "";
  if (column.role === "name") {
    const name = raw.trim();
    return name === "" || name.length > MAX_NAME_LENGTH ? undefined : name;
  }
  if (column.role === "type") {
    const type = raw.trim();
    if (type === "" || type.toLowerCase() === "unknown") return null;
    const known = DINO_TYPES.find((t) => t.toLowerCase() === type.toLowerCase());
    return known ?? type.slice(0, 40);
  }
  if (column.role === "text") {
    const value = raw.trim();
    return value === "" ? null : value.slice(0, 2000);
  }
  return parseStockNumber(raw);
}

/** The stored value a column shows for a row (before any pending edit), for comparing an edit against it. */
export function storedValue(kind: TabKind, row: Record<string, unknown>, columnId: string): PendingValue {
  const { field, index } = fieldOf(columnId);
  const fields = storedFields(kind, row);
  const v = fields[field];
  if (index !== undefined) return Array.isArray(v) ? cell(v[index]) : null;
  if (typeof v === "number") return v;
  if (typeof v === "string") return v;
  return null;
}

/** The row's stored fields with the pending cells applied. */
export function applyCells(kind: TabKind, row: Record<string, unknown>, cells: Record<string, PendingValue>) {
  const fields = storedFields(kind, row);
  const lists: Record<string, Cell[]> = {};
  for (const [columnId, value] of Object.entries(cells)) {
    const { field, index } = fieldOf(columnId);
    if (index === undefined) {
      fields[field] = value;
      continue;
    }
    const size = field === "counts" ? (COUNT_COLUMNS[kind] ?? 0) : DINO_COLUMNS;
    lists[field] ??= normalizeCells(fields[field], size);
    lists[field][index] = typeof value === "number" ? value : null;
  }
  return { ...fields, ...lists };
}

/** A row as the sheet shows it: the server's row with the pending cells applied and every derived column recomputed. */
export function displayRow<T extends StockRow>(kind: TabKind, row: T, cells: Record<string, PendingValue> | undefined): T {
  if (!cells || Object.keys(cells).length === 0) return row;
  return { ...row, ...derivedFields(kind, applyCells(kind, row, cells), row.prevStock) };
}

/**
 * The save body of a pending row (POST {base}/batch's row without _id and version): only the fields that changed;
 * a list (counts, ready, unready) is sent whole, built from the row as it is now on the server with the pending cells
 * applied, so another officer's change to a neighbouring cell is kept.
 */
export function savePayload(kind: TabKind, row: Record<string, unknown>, cells: Record<string, PendingValue>) {
  const applied = applyCells(kind, row, cells);
  const body: Record<string, unknown> = {};
  for (const columnId of Object.keys(cells)) {
    const { field } = fieldOf(columnId);
    body[field] = applied[field];
  }
  return body;
}

export const sameValue = (a: PendingValue, b: PendingValue) => a === b || ((a === null || a === "") && (b === null || b === ""));

// ---------------------------------------------------------------------------------------------------------------
// Dino type colours (spec section 3; vault cell colours are in app/utils/stock-rules.ts)

export const DINO_TYPES = ["DPS", "Flyer", "Soaker", "Support", "Misc", "Water", "Random"] as const;
export type DinoType = (typeof DINO_TYPES)[number] | "Unknown";

/** Distinct colours per dino type (readable on light and dark panels); Unknown is the default label. */
export const DINO_TYPE_COLOURS: Record<DinoType, string> = {
  DPS: "#e03131",
  Flyer: "#1c7ed6",
  Soaker: "#7048e8",
  Support: "#2f9e44",
  Misc: "#d6336c",
  Water: "#0c8599",
  Random: "#e8590c",
  Unknown: "#868e96",
};

export const typeLabel = (type: string | null | undefined) => (type && type.trim() ? type : "Unknown");
export const typeColour = (label: string) => DINO_TYPE_COLOURS[label as DinoType] ?? DINO_TYPE_COLOURS.Unknown;

// ---------------------------------------------------------------------------------------------------------------
// Images (spec section 5)

/** The Add Item Image form's own checks (spec section 5), before anything is sent. */
export function imageFormError(itemName: string, imageUrl: string, names: readonly string[]): string | null {
  if (!itemName.trim() || !imageUrl.trim()) return TEXTS.imageMissing;
  if (!names.includes(itemName)) return TEXTS.imageNotFound;
  return null;
}

/** Distinct item (or dino) names of a tab, sorted, for the image form's select. */
export function itemNames(kind: TabKind, rows: Record<string, unknown>[]) {
  return [...new Set(rows.map((r) => rowName(kind, r)).filter((n) => n.trim() !== ""))].sort((a, b) => a.localeCompare(b));
}

// ---------------------------------------------------------------------------------------------------------------
// Display

/** A cell's text: numbers as they are, percentages with %, empty as nothing. */
export function cellText(column: Pick<StockColumn, "role">, value: Cell | string): string {
  if (value === null || value === undefined) return "";
  if (column.role === "percent") return `${value}%`;
  return String(value);
}

/** The text a column's editor starts from (the raw value, no % sign). */
export const editText = (value: Cell | string) => (value === null || value === undefined ? "" : String(value));

/** Moves an item of a list from one index to another (row drag and drop). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/**
 * The whole tab's new order from a reordered subset (a page or a search result): the subset's rows keep the slots
 * they occupied in the tab and take them in their new sequence; every other row stays where it is.
 */
export function mergeOrder(allIds: readonly string[], reordered: readonly string[]): string[] {
  const moving = new Set(reordered);
  const queue = reordered.filter((id) => allIds.includes(id));
  let next = 0;
  return allIds.map((id) => (moving.has(id) ? queue[next++] : id));
}

/** The next editable column (Tab / Shift+Tab), wrapping around the row's editable columns. */
export function nextEditableColumn(columns: readonly Pick<StockColumn, "editable">[], from: number, step: 1 | -1): number {
  const n = columns.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (columns[i]?.editable) return i;
  }
  return from;
}
