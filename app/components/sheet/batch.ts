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

export function applyBatch(pending: Pending, stored: StoredValue, check: CellCheck, inputs: readonly CellInput[]): BatchResult {
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

/**
 * What a person is told about a batch, or null when all went in: the refused cells with the first one's reason and
 * row, then the cells skipped as read-only, then the rows that fell past the sheet's last row.
 */
export function batchMessage(kind: BatchKind, result: Pick<BatchResult, "refused" | "skipped">, rowsPastEnd = 0): string | null {
  const parts: string[] = [];
  const [first] = result.refused;
  if (first) parts.push(`${cells(result.refused.length)} not ${VERB[kind]}: ${first.column} ${first.error}, row ${first.rowNumber}`);
  if (result.skipped > 0) parts.push(`${cells(result.skipped)} of read-only columns skipped`);
  if (rowsPastEnd > 0) parts.push(`${rowsPastEnd} ${rowsPastEnd === 1 ? "row" : "rows"} past the last row not ${VERB[kind]}`);
  return parts.length ? `${parts.join(". ")}.` : null;
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

/** Undo and redo of pending edits: each step is the pending state before it. */
export type History = { undo: readonly Pending[]; redo: readonly Pending[] };
export const EMPTY_HISTORY: History = { undo: [], redo: [] };
const LIMIT = 100;

export const recorded = (history: History, before: Pending): History => ({ undo: [...history.undo, before].slice(-LIMIT), redo: [] });

export function undone(history: History, current: Pending): { history: History; pending: Pending } | null {
  const before = history.undo.at(-1);
  if (!before) return null;
  return { history: { undo: history.undo.slice(0, -1), redo: [...history.redo, current] }, pending: before };
}

export function redone(history: History, current: Pending): { history: History; pending: Pending } | null {
  const after = history.redo.at(-1);
  if (!after) return null;
  return { history: { undo: [...history.undo, current], redo: history.redo.slice(0, -1) }, pending: after };
}
