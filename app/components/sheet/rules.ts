// The sheet engine's pure rules, shared by every sheet (2411 Stock, the breeder list) on the server and in the browser:
// texts and checks of the image form, the default text colour, the selection note.

/** The text colour a colour form starts from (default black). */
export const DEFAULT_TEXT_COLOUR = "#000000";

/** The image form's words: the stock sheet's (Add Item Image) or the breeder page's (Add Dino Image). */
export type ImageFormTexts = {
  title: string;
  nameLabel: string;
  namePlaceholder: string;
  hint: string;
  updateAll: string;
  updateAllNote?: string;
  /** Both fields are required. */
  missing: string;
  /** The name is not one of the sheet's. */
  notFound: string;
};

export const cellsSelected = (n: number) => `${n} cells selected`;

/** A sheet's names for the image form's select: every name once, sorted; blanks left out. */
export function sheetNames<R>(rows: readonly R[], nameOf: (row: R) => string) {
  return [...new Set(rows.map(nameOf).filter((n) => n.trim() !== ""))].sort((a, b) => a.localeCompare(b));
}

/** The image form's own checks, before anything is sent. */
export function imageFormError(
  texts: Pick<ImageFormTexts, "missing" | "notFound">,
  itemName: string,
  imageUrl: string,
  names: readonly string[],
): string | null {
  if (!itemName.trim() || !imageUrl.trim()) return texts.missing;
  if (!names.includes(itemName)) return texts.notFound;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Rows, columns and cells of any sheet

/** What a sheet row carries whatever the sheet: its id and version, colours and picture. */
export type SheetRow = {
  _id: string;
  version: number;
  textColor?: string | null;
  fieldColors?: Record<string, string> | null;
  imageUrl?: string | null;
  [field: string]: unknown;
};

/**
 * A page of sheet rows as the page's loader data carries them: the field names once, then each row's values in that
 * order. A hundred breeder rows as objects repeat thirty field names each: half the loader data, which the server
 * serializes twice (the loader's answer and the document's handoff) and parses once on every view. A field a row lacks
 * comes back as null (the sheet reads an absent and a null field alike).
 */
export type PackedRows = { fields: string[]; values: unknown[][] };

/**
 * The rows a packing was made from, beside it under a symbol (JSON writes no symbol, so the handoff carries only the
 * packing): whoever holds the packing itself takes them back instead of building every row again. Whoever reads it
 * as JSON (the server's render and the browser) unpacks.
 */
const UNPACKED = Symbol("the rows a packing was made from");
type Carried = PackedRows & { [UNPACKED]?: readonly SheetRow[] };

export function packRows(rows: readonly SheetRow[]): PackedRows {
  const packed: Carried = packedValues(rows);
  packed[UNPACKED] = rows;
  return packed;
}

function packedValues(rows: readonly SheetRow[]): PackedRows {
  // Every field of any row, in the order first seen. A page's rows mostly have the same fields in the same order (the
  // host writes them so): such a row's values are taken whole, without a lookup by name for each field.
  const keys = rows.map((row) => Object.keys(row));
  const fields = [...(keys[0] ?? [])];
  const alike = (own: string[]) => own.length === fields.length && own.every((field, i) => field === fields[i]);
  if (!keys.every(alike)) {
    const seen = new Set(fields);
    for (const field of keys.flat()) {
      if (seen.has(field)) continue;
      seen.add(field);
      fields.push(field);
    }
  }
  const values = rows.map((row, i) => {
    if (!alike(keys[i])) return fields.map((field) => row[field] ?? null);
    const own = Object.values(row);
    return own.includes(undefined) ? own.map((value) => value ?? null) : own;
  });
  return { fields, values };
}

export function unpackRows<R extends SheetRow>(packed: PackedRows): R[] {
  const carried = (packed as Carried)[UNPACKED];
  if (carried) return carried as R[];
  const { fields, values } = packed;
  return values.map((vals) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) row[fields[i]] = vals[i];
    return row as R;
  });
}

/** A value typed into a cell, before it is saved. */
export type PendingValue = number | string | null;
export type CellValue = number | string | null;

/** How a cell is edited: typed text (parsed by the sheet), or one of a list (a TRUE/FALSE or status select). */
export type CellEditor =
  { kind: "text"; list?: string } | { kind: "number" } | { kind: "select"; options: readonly string[] };

/** A column of a sheet: what the engine needs to show, edit, colour and save it. */
export type SheetColumn = {
  /** The column key: fieldColors key, pending-edit key and form field name. */
  id: string;
  title: string;
  width: number;
  editable: boolean;
  editor?: CellEditor;
  align?: "left" | "right";
  /** A column of the sheet's names (the first): frozen, bold-free, and the row's picture drawn before the text. */
  name?: boolean;
  /** The cell's value in a (display) row. */
  value: (row: SheetRow) => CellValue;
  /** The cell's text (numbers as they are, empty as nothing, unless the column says otherwise). */
  text?: (value: CellValue) => string;
  /** The text an editor starts from, when it is not the value itself (a dino type shown as "Unknown" starts empty). */
  editValue?: (row: SheetRow) => string;
  /** False for a column that cannot take a text colour (a history figure). */
  colourable?: boolean;
  /** One of the key figures a phone's card shows beside the row's name (the row's form has every field). */
  phone?: boolean;
};

/**
 * A cell's text colour: the colour given to that cell wins, then the sheet's own colour for it (a stat, a dino type),
 * then the row's text colour. One rule for the canvas and the HTML table.
 */
export const textColourOf = (row: SheetRow, columnId: string, sheetColour?: string | null) =>
  row.fieldColors?.[columnId] ?? sheetColour ?? row.textColor ?? undefined;

/** A cell's text. */
export const cellTextOf = (column: Pick<SheetColumn, "text">, value: CellValue): string =>
  column.text ? column.text(value) : value === null || value === undefined ? "" : String(value);

/** The text a column's editor starts from (the raw value, no % sign). */
export const editText = (value: CellValue) => (value === null || value === undefined ? "" : String(value));

/** The text a cell's editor starts from. */
export const editStart = (column: Pick<SheetColumn, "editValue" | "value">, row: SheetRow) =>
  column.editValue ? column.editValue(row) : editText(column.value(row));

export const sameValue = (a: PendingValue, b: PendingValue) =>
  a === b || ((a === null || a === "") && (b === null || b === ""));

/** Moves an item of a list from one index to another (the stock sheet's row drag and drop). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** The ids of the whole sheet's first and last rows: the first cannot move up, the last cannot move down. */
export type SheetEnds = { first: string | null; last: string | null };

/** Swaps two items of a list (the breeder list's drag: a row dropped onto another swaps their order). */
export function swapItems<T>(list: readonly T[], a: number, b: number): T[] {
  const next = [...list];
  if (a < 0 || b < 0 || a >= next.length || b >= next.length) return next;
  [next[a], next[b]] = [next[b], next[a]];
  return next;
}

/**
 * The whole sheet's new order from a reordered subset (a page or a search result): the subset's rows keep the slots
 * they occupied in the sheet and take them in their new sequence; every other row stays where it is.
 */
export function mergeOrder(allIds: readonly string[], reordered: readonly string[]): string[] {
  const moving = new Set(reordered);
  const queue = reordered.filter((id) => allIds.includes(id));
  let next = 0;
  return allIds.map((id) => (moving.has(id) ? queue[next++] : id));
}

/** The words a sheet shows for its saves (the stock sheet's and the breeder list's differ). */
export type SheetTexts = {
  pending: (row: string, field: string) => string;
  noChanges: string;
  saved: (n: number) => string;
  partial: (saved: number, failed: number) => string;
  failed: string;
  orderSaved: string;
  orderFailed: string;
  orderError: string;
  selectFirst: string;
  colourError: string;
  colourSaved: string;
  cannotMove: (direction: "up" | "down") => string;
};

/** The words every sheet shares; a sheet adds its own save results. */
export const SHEET_TEXTS = {
  pending: (row: string, field: string) => `${row}: ${field} changed (pending save)`,
  noChanges: "No changes to save",
  orderSaved: "Order saved successfully!",
  orderFailed: "Failed to save order",
  orderError: "Error saving order",
  selectFirst: "Please select a cell or row first by clicking on it or the row arrow",
  colourError: "An error occurred while saving the text color.",
  colourSaved: "Text color saved.",
  cannotMove: (direction: "up" | "down") =>
    direction === "up" ? "This row is already the first." : "This row is already the last.",
} satisfies Partial<SheetTexts>;

/** The answer of a sheet's save: what was saved, and per refused row the message naming who changed it and when. */
export type SaveResult =
  | {
      intent: "save";
      saved: string[];
      conflicts: { _id: string; message: string; version: number }[];
      failed: string[];
    }
  | { intent: "save"; error: string };
