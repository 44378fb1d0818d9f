// Several cells changed at once (a paste, a fill, Delete on a range): each cell checked by its column's rules, the
// refused ones named in one message, read-only ones skipped, and the whole batch one step of undo.
import { withEdit, type Pending, type StoredValue } from "./pending";
import type { PendingValue, SheetColumn, SheetRow } from "./rules";

/** A column's verdict on a text: the value it keeps, or why it refuses the text ("must be a number"). */
export type CellCheck = (column: SheetColumn, text: string) => { value: PendingValue } | { error: string };

/** One cell of a batch: the row as stored, its column, the text put in, and the row's number as the person sees it. */
export type CellInput = { row: SheetRow; column: SheetColumn; text: string; rowNumber: number };

export type BatchKind = "paste" | "fill" | "clear" | "edit";

export type BatchResult = {
  pending: Pending;
  /** Cells whose pending value changed. */
  changed: number;
  /** Each refused cell ("rowId:columnId"), its column's title, its row's number and the reason. */
  refused: { cell: string; column: string; rowNumber: number; error: string }[];
  /** Cells of read-only or derived columns, left as they were. */
  skipped: number;
};

export function applyBatch(
  pending: Pending,
  stored: StoredValue,
  check: CellCheck,
  inputs: readonly CellInput[],
): BatchResult {
  let next = pending;
  let changed = 0;
  let skipped = 0;
  const refused: BatchResult["refused"] = [];
  for (const { row, column, text, rowNumber } of inputs) {
    if (!column.editable) {
      skipped++;
      continue;
    }
    const verdict = check(column, text);
    if ("error" in verdict) {
      refused.push({ cell: `${row._id}:${column.id}`, column: column.title, rowNumber, error: verdict.error });
      continue;
    }
    const edit = withEdit(next, stored, row, column.id, verdict.value);
    if (!edit.changed) continue;
    next = edit.pending;
    changed++;
  }
  return { pending: next, changed, refused, skipped };
}

const VERB: Record<BatchKind, string> = { paste: "pasted", fill: "filled", clear: "cleared", edit: "changed" };
const cells = (n: number) => `${n} ${n === 1 ? "cell" : "cells"}`;

/** What the bar says a batch did: "11 cells pasted". */
export const batchDone = (kind: BatchKind, changed: number) => `${cells(changed)} ${VERB[kind]}`;

/**
 * What a person is told about a batch, or null when all went in: the refused cells with the first one's reason and
 * row, then the cells skipped as read-only, then the rows that fell past the sheet's last row.
 */
export function batchMessage(
  kind: BatchKind,
  result: Pick<BatchResult, "refused" | "skipped">,
  rowsPastEnd = 0,
): string | null {
  const parts: string[] = [];
  const [first] = result.refused;
  if (first)
    parts.push(
      `${cells(result.refused.length)} not ${VERB[kind]}: ${first.column} ${first.error}, row ${first.rowNumber}`,
    );
  if (result.skipped > 0) parts.push(`${cells(result.skipped)} of read-only columns skipped`);
  if (rowsPastEnd > 0)
    parts.push(`${rowsPastEnd} ${rowsPastEnd === 1 ? "row" : "rows"} past the last row not ${VERB[kind]}`);
  return parts.length ? `${parts.join(". ")}.` : null;
}

/**
 * Clipboard text as Google Sheets and Excel put it there: cells by tabs, rows by newlines, a cell holding a tab, a
 * newline or a quote wrapped in quotes (a quote doubled inside). One trailing newline ends the last row.
 */
export function readPasted(text: string): string[][] {
  const source = text.replace(/\r\n?/g, "\n").replace(/\n$/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let cell = "";
    if (source[i] === '"') {
      // A quoted cell runs to the quote that is not doubled; anything after it up to the separator is kept as typed.
      let j = i + 1;
      for (; j < source.length; j++) {
        if (source[j] !== '"') cell += source[j];
        else if (source[j + 1] === '"') cell += source[j++];
        else break;
      }
      i = j + 1;
    }
    const end = source.slice(i).search(/[\t\n]/);
    const stop = end < 0 ? source.length : i + end;
    cell += source.slice(i, stop);
    row.push(cell);
    if (stop >= source.length) break;
    if (source[stop] === "\n") {
      rows.push(row);
      row = [];
    }
    i = stop + 1;
  }
  rows.push(row);
  return rows;
}

/** The pasted rectangle laid onto the sheet from a cell: the inputs that fit, and how many pasted rows fell past the end. */
export function pasteInputs(
  rows: readonly SheetRow[],
  columns: readonly SheetColumn[],
  origin: readonly [number, number],
  values: readonly (readonly string[])[],
  rowNumberOf: (index: number) => number,
) {
  const [x0, y0] = origin;
  const inputs: CellInput[] = [];
  let rowsPastEnd = 0;
  values.forEach((line, dy) => {
    const row = rows[y0 + dy];
    if (!row) {
      rowsPastEnd++;
      return;
    }
    line.forEach((text, dx) => {
      const column = columns[x0 + dx];
      if (column) inputs.push({ row, column, text, rowNumber: rowNumberOf(y0 + dy) });
    });
  });
  return { inputs, rowsPastEnd };
}
