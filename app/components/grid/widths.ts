// A canvas grid's column widths: each as wide as its longest text, so a time shows whole and the actions are never
// clipped. Plain functions (no DOM): the grid measures with its canvas, the tests with a fake. Only the grid's chunk
// loads this file.
import type { CellValue, GridColumnDef } from "./types";

export const cellText = (v: CellValue) =>
  v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);

/** Room a canvas cell needs beside its text: its padding on both sides, and a glyph's when it draws one. */
export const CELL_PADDING = 2 * 8;
export const MIN_WIDTH = 48;
/** A long free text (instructions, a location) wraps no further than this: the rest shows when the cell is opened. */
export const MAX_WIDTH = 360;
/** Rows read to size the columns: enough for a page of a table, and a bounded cost for a long one. */
export const SIZED_ROWS = 200;

/**
 * Each column's width on the canvas: the widest of its title and its first SIZED_ROWS cells' texts, plus the padding
 * (and `extra`, a glyph's room), within MIN_WIDTH..MAX_WIDTH. A picture keeps its set width.
 */
export function fitWidths<T>(
  columns: readonly GridColumnDef<T>[],
  rows: readonly T[],
  measure: { text: (s: string) => number; header: (s: string) => number },
  extra: (c: GridColumnDef<T>) => number = () => 0,
): number[] {
  const sample = rows.slice(0, SIZED_ROWS);
  return columns.map((c) => {
    if (c.kind === "image") return c.width ?? 64;
    let widest = measure.header(c.title);
    for (const row of sample) widest = Math.max(widest, measure.text(cellText(c.value(row))));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(widest + CELL_PADDING + extra(c))));
  });
}
