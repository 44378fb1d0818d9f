// A sheet's pending edits, kept per row with the version the row had when first edited; pure, so the "no lost edits"
// rules (an edit back to the stored value, a partial save, a refused row, a vanished row) are unit-tested.
import { sameValue, type PendingValue, type SheetRow } from "./rules";

export type PendingRow = { version: number; base: SheetRow; cells: Record<string, PendingValue> };
export type Pending = ReadonlyMap<string, PendingRow>;

export const EMPTY_PENDING: Pending = new Map();

/** A row's stored value of a column (before any pending edit), for comparing an edit against it. */
export type StoredValue = (row: SheetRow, columnId: string) => PendingValue;

/** The pending state after one committed cell edit; `changed` is false when nothing moved. */
export function withEdit(pending: Pending, stored: StoredValue, row: SheetRow, columnId: string, value: PendingValue) {
  const entry = pending.get(row._id) ?? { version: row.version, base: row, cells: {} };
  const before = columnId in entry.cells ? entry.cells[columnId] : stored(row, columnId);
  if (sameValue(before, value)) return { pending, changed: false };
  const cells = { ...entry.cells };
  if (sameValue(stored(row, columnId), value)) delete cells[columnId];
  else cells[columnId] = value;
  const next = new Map(pending);
  if (Object.keys(cells).length === 0) next.delete(row._id);
  else next.set(row._id, { ...entry, base: row, cells });
  return { pending: next as Pending, changed: true };
}

export type SaveOutcome = { saved: string[]; conflicts: { _id: string; version: number }[]; failed: string[] };

/** The pending state after a save answered: `sent` holds the cells each row was saved with. */
export function afterSave(
  pending: Pending,
  sent: ReadonlyMap<string, Record<string, PendingValue>>,
  outcome: SaveOutcome,
): Pending {
  const next = new Map(pending);
  for (const id of outcome.saved) {
    const entry = next.get(id);
    const cells = sent.get(id);
    if (!entry || !cells) continue;
    const left = { ...entry.cells };
    for (const [column, value] of Object.entries(cells))
      if (column in left && sameValue(left[column], value)) delete left[column];
    if (Object.keys(left).length === 0) next.delete(id);
    // Cells edited again while the save was on its way stay pending, based on the version this save produced.
    else next.set(id, { ...entry, version: entry.version + 1, cells: left });
  }
  for (const { _id, version } of outcome.conflicts) {
    const entry = next.get(_id);
    if (entry) next.set(_id, { ...entry, version });
  }
  for (const id of outcome.failed) next.delete(id);
  return next;
}
