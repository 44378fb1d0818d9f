// Undo and redo of a sheet's pending edits: each step is the pending state before it, so a whole paste is one step.
import type { Pending } from "./pending";

export type History = { undo: readonly Pending[]; redo: readonly Pending[] };
export const EMPTY_HISTORY: History = { undo: [], redo: [] };
const LIMIT = 100;

export const recorded = (history: History, before: Pending): History => ({
  undo: [...history.undo, before].slice(-LIMIT),
  redo: [],
});

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
