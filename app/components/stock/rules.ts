// The 2411 stock sheet as the page needs it: paths and remembered tab, each tab's columns and which are editable,
// pending edits and their payload, type colours, the image form's checks and the screen's texts. Pure; the rules the
// host API shares live in contract/stock.ts.
import {
  asText,
  cell,
  cellsLength,
  derivedFields,
  DINO_TYPES,
  fieldOfKind,
  isStockTab,
  KINDS,
  MAX_NAME_LENGTH,
  MAX_TODO_LENGTH,
  MAX_TYPE_LENGTH,
  nameField,
  normalizeCells,
  parseStockNumber,
  stockNumberOf,
  storedFields,
  type Cell,
  type StockTab,
  type TabKind,
} from "#contract/stock";
import type { StockItem } from "#contract/stock-item";
import {
  SHEET_TEXTS,
  sheetNames,
  type CellValue,
  type ImageFormTexts,
  type PendingValue,
  type SheetColumn,
} from "#app/components/sheet/rules";
import type { TabMemory } from "#app/utils/remembered-tab";

export { DINO_TYPES, MAX_NAME_LENGTH };

export const DEFAULT_TAB: StockTab = "war-room-vaults";

export const PAGE_PATH = "/dashboard/stock-2411";
/** Where the active tab is remembered: local storage and a cookie, so the server renders it on first paint. */
export const TAB_MEMORY: TabMemory<StockTab> = {
  storageKey: "stock_2411_active_tab",
  cookie: "stock-2411-tab",
  path: PAGE_PATH,
  isTab: isStockTab,
  fallback: DEFAULT_TAB,
};
/** Stock page sizes 25/50/100, default 100. */
export const DEFAULT_PAGE_SIZE = 100;

export const TEXTS = {
  title: "2411 Stock",
  search: "Search stock items...",
  loading: "Loading summary...",
  ...SHEET_TEXTS,
  saved: (n: number) => `Successfully saved ${n} changes!`,
  partial: (n: number, m: number) => `Saved ${n} changes, but ${m} failed. Check console for details`,
  failed: "Failed to save changes",
  imageAdded: (item: string) => `Image added successfully for ${item}!`,
  imageUpdatedAll: (n: number, name: string) =>
    `Image updated successfully for ${n} items with name ${name} across all tabs!`,
  imageFailed: (item: string, error: string) => `Failed to add image for ${item}: ${error}`,
  imageError: "An error occurred while adding the image",
} as const;

/** The Add Item Image form's words and checks. */
export const IMAGE_TEXTS: ImageFormTexts = {
  title: "Add Item Image",
  nameLabel: "Item name",
  namePlaceholder: "Select an item",
  hint: "Enter a direct link to the image (JPG, PNG, etc.)",
  updateAll: "Update all items with this name",
  updateAllNote: "The image will be updated for all items with that name across all tabs.",
  missing: "Please fill in both item name and image URL",
  notFound:
    "Item not found. Please make sure you're on the correct tab and enter the exact item name as it appears in the table.",
};

// ---------------------------------------------------------------------------------------------------------------
// Rows

/** The name of a row: the dino on dino tabs, the item elsewhere. */
export const rowName = (kind: TabKind, row: Record<string, unknown>) => String(row[nameField(kind)] ?? "");

// ---------------------------------------------------------------------------------------------------------------
// Columns and which are editable (docs/product/stock.md, "Tabs and columns")

export type ColumnRole = "name" | "count" | "type" | "percent" | "text" | "number" | "history";
/** A stock column: a sheet column (its id is the fieldColors key, pending-edit key and form field name: count1, ready3,
 * maxcount, ...) with the role that decides its parsing, width and colours. */
export type StockColumn = SheetColumn & { role: ColumnRole };

/** What a column of a role looks like to the sheet engine. */
const roleLook = (role: ColumnRole): Pick<SheetColumn, "align" | "name" | "text" | "colourable" | "editor"> => ({
  align: role === "name" || role === "text" || role === "type" ? "left" : "right",
  ...(role === "count" || role === "number" ? { editor: { kind: "number" as const } } : {}),
  // A type is typed with the known types offered (the page's datalist); "Unknown" starts empty.
  ...(role === "type" ? { editor: { kind: "text" as const, list: "dino-types" } } : {}),
  ...(role === "name" ? { name: true } : {}),
  ...(role === "percent" ? { text: (v: CellValue) => (v === null || v === undefined ? "" : `${v}%`) } : {}),
  ...(role === "history" ? { colourable: false } : {}),
});

const listCell = (list: string, i: number) => (row: Record<string, unknown>) => {
  const values = row[list];
  return Array.isArray(values) ? cell(values[i]) : null;
};

/** Widths by role; a column of the table may set its own. */
const WIDTHS: Record<ColumnRole, number> = {
  name: 210,
  count: 56,
  type: 96,
  percent: 64,
  text: 200,
  number: 104,
  history: 104,
};
const DINO_CELL_WIDTH = 52;

/** A figure with its sign turned, 0 staying 0 (not -0, which prints as "-0"). */
const negate = (v: Cell) => (v === null || v === 0 ? v : -v);

export type ColumnOptions = { ready?: boolean; unready?: boolean };

/** What a phone's card shows of a row beside its name: its stock figure, its aim, how far along, what is to do. */
const PHONE_KEYS = new Set([
  "currentStock",
  "stock",
  "totalRaised",
  "maxcount",
  "maxStock",
  "target",
  "percentage",
  "type",
  "todo",
]);

/** A tab's columns in the product's order (contract/stock.ts); the dino tabs' R1-R16 and U1-U16 only if toggled on. */
export function columnsFor(kind: TabKind, options: ColumnOptions = {}): StockColumn[] {
  return KINDS[kind].columns.flatMap((c): StockColumn[] => {
    if (c.optional && !options[c.optional]) return [];
    const field = fieldOfKind(kind, c.key);
    if (field?.type === "cells") {
      const isCount = field.key === "counts";
      return Array.from({ length: field.length }, (_, i) => ({
        id: `${isCount ? "count" : field.key}${i + 1}`,
        title: `${c.title}${i + 1}`,
        width: c.width ?? (isCount ? WIDTHS.count : DINO_CELL_WIDTH),
        role: isCount ? ("count" as const) : ("number" as const),
        ...roleLook(isCount ? "count" : "number"),
        editable: true,
        value: listCell(field.key, i),
      }));
    }
    const role: ColumnRole =
      field?.type === "name"
        ? "name"
        : field?.type === "type"
          ? "type"
          : field?.type === "text"
            ? "text"
            : c.key === "percentage"
              ? "percent"
              : "number";
    const value =
      role === "type"
        ? (row: Record<string, unknown>) => typeLabel(asText(row[c.key]))
        : role === "name" || role === "text"
          ? (row: Record<string, unknown>) => asText(row[c.key])
          : c.negated
            ? (row: Record<string, unknown>) => negate(cell(row[c.key]))
            : (row: Record<string, unknown>) => cell(row[c.key]);
    const editValue = role === "type" ? (row: Record<string, unknown>) => asText(row[c.key]) ?? "" : undefined;
    const phone = PHONE_KEYS.has(c.key) ? { phone: true } : {};
    return [
      {
        id: c.key,
        title: c.title,
        width: c.width ?? WIDTHS[role],
        role,
        ...roleLook(role),
        ...(editValue ? { editValue } : {}),
        ...phone,
        editable: field !== undefined,
        value,
      },
    ];
  });
}

/** The editable columns of a kind with every optional column included (the no-JavaScript edit form's fields). */
export const editableColumns = (kind: TabKind) =>
  columnsFor(kind, { ready: true, unready: true }).filter((c) => c.editable);

/** The stored field a column edits: counts[4] for count5, ready[2] for ready3, or the field itself. */
export function fieldOf(columnId: string): { field: string; index?: number } {
  const list = /^(count|ready|unready)(\d+)$/.exec(columnId);
  if (list) return { field: list[1] === "count" ? "counts" : list[1], index: Number(list[2]) - 1 };
  return { field: columnId };
}

/**
 * What a typed text becomes in a column, or `undefined` when the column refuses it: numeric cells
 * take numbers, empty stays empty and other text becomes 0; a name may not be empty; an empty todo or type is empty;
 * a type is matched to a known type whatever its case.
 */
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
    return known ?? type.slice(0, MAX_TYPE_LENGTH);
  }
  if (column.role === "text") {
    const value = raw.trim();
    return value === "" ? null : value.slice(0, MAX_TODO_LENGTH);
  }
  return parseStockNumber(raw);
}

/**
 * A pasted or filled text, checked strictly: a text that is no number is refused in a figure column (typed, it becomes
 * 0 as the sheet always did; pasted, it is most often a column pasted one place off, and a 0 would overwrite a figure).
 */
export function checkInput(
  column: Pick<StockColumn, "id" | "role">,
  input: string,
): { value: PendingValue } | { error: string } {
  if (column.role === "name") {
    const name = input.trim();
    if (name === "") return { error: "must not be empty" };
    if (name.length > MAX_NAME_LENGTH) return { error: `can be at most ${MAX_NAME_LENGTH} characters` };
    return { value: name };
  }
  if (column.role === "type" || column.role === "text") return { value: parseInput(column, input) ?? null };
  const value = stockNumberOf(input);
  return value === undefined ? { error: "must be a number" } : { value };
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
    lists[field] ??= normalizeCells(fields[field], cellsLength(kind, field));
    lists[field][index] = typeof value === "number" ? value : null;
  }
  return { ...fields, ...lists };
}

/** A row as the sheet shows it: the server's row with the pending cells applied and every derived column recomputed. */
export function displayRow<T extends StockItem>(
  kind: TabKind,
  row: T,
  cells: Record<string, PendingValue> | undefined,
): T {
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

// ---------------------------------------------------------------------------------------------------------------
// Dino type colours (vault cell colours are in contract/stock.ts)

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
// Images

/** Distinct item (or dino) names of a tab, sorted, for the image form's select. */
export const itemNames = (kind: TabKind, rows: Record<string, unknown>[]) => sheetNames(rows, (r) => rowName(kind, r));
