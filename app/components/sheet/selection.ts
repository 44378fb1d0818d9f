// What a sheet's selection holds, for the bar above it (the count) and the page's actions (the cells and whole rows).
import type { GridSelection } from "@glideapps/glide-data-grid";
import type { SheetColumn, SheetRow } from "./rules";

export type SelectionSummary = {
  /** Cells in the selected ranges plus every cell of the selected rows. */
  count: number;
  cells: { rowId: string; columnId: string }[];
  rows: string[];
};

/** The cells of every selected range, each once, and the whole rows selected by their row markers. */
export function summarize(
  s: GridSelection,
  rows: readonly SheetRow[],
  columns: readonly SheetColumn[],
): SelectionSummary {
  const cells: SelectionSummary["cells"] = [];
  const seen = new Set<string>();
  const ranges = s.current ? [s.current.range, ...s.current.rangeStack] : [];
  for (const range of ranges) {
    for (let y = range.y; y < range.y + range.height; y++) {
      for (let x = range.x; x < range.x + range.width; x++) {
        const row = rows[y];
        const col = columns[x];
        const key = `${x}:${y}`;
        if (!row || !col || seen.has(key)) continue;
        seen.add(key);
        cells.push({ rowId: row._id, columnId: col.id });
      }
    }
  }
  const selectedRows = s.rows
    .toArray()
    .map((r) => rows[r]?._id)
    .filter((id): id is string => !!id);
  return { count: cells.length + selectedRows.length * columns.length, cells, rows: selectedRows };
}
