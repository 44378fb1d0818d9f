// The looks of a sheet's cells, kept in refs that getCellContent reads: worked out once per change of the data, when
// only the cells that look different are repainted (updateCells) and a changed value nobody here is editing flashes.
import type { DataEditorRef, Item } from "@glideapps/glide-data-grid";
import { useEffect, useRef, useState, type RefObject } from "react";
import { lookOf, sameLook, type Look } from "./cells";
import type { SheetGridProps } from "./SheetGrid.client";

/** What a cell's look is worked out from: the grid's data, the theme, and the sheet's own colours. */
export type SheetData = Pick<SheetGridProps, "rows" | "columns" | "pending" | "conflicts" | "refused"> & {
  dark: boolean;
  sheetLook: SheetGridProps["look"];
};

export function useCellLooks(data: SheetData, ref: RefObject<DataEditorRef>, frame: RefObject<HTMLDivElement>) {
  const { rows, columns, pending, conflicts, refused, dark } = data;
  // Everything getCellContent reads lives in refs. Its identity changes once per change of the data (`version`): glide
  // rebuilds its accessibility table only then, which screen readers (and the tests) read the cells from.
  const state = useRef(data);
  const [version, setVersion] = useState(0);
  const looks = useRef<Look[][]>([]);
  const flashes = useRef(new Map<string, number>());
  const [rowCount, setRowCount] = useState(rows.length);

  const computeLooks = () => {
    const s = state.current;
    return s.rows.map((row) =>
      s.columns.map((col) =>
        lookOf(
          s.sheetLook,
          col,
          row,
          s.pending.get(row._id),
          s.conflicts.has(row._id),
          s.refused.has(`${row._id}:${col.id}`),
          s.dark,
        ),
      ),
    );
  };

  // New data: repaint only the cells that look different; a changed value nobody here is editing flashes.
  useEffect(() => {
    const previous = state.current;
    state.current = data;
    const before = looks.current;
    const after = computeLooks();
    looks.current = after;
    const sameShape =
      previous.columns === columns &&
      previous.dark === dark &&
      previous.rows.length === rows.length &&
      previous.rows.every((r, i) => r._id === rows[i]._id);
    const el = frame.current;
    if (!sameShape || before.length !== after.length) {
      setRowCount(rows.length);
      ref.current?.updateCells(rows.flatMap((_, r) => columns.map((_, c) => ({ cell: [c, r] as Item }))));
      if (el) el.dataset.lastRepaint = "all";
      setVersion((v) => v + 1);
      return;
    }
    const damaged: { cell: Item }[] = [];
    const now = performance.now();
    after.forEach((cells, r) =>
      cells.forEach((look, c) => {
        const old = before[r]?.[c];
        if (old && sameLook(old, look)) return;
        damaged.push({ cell: [c, r] });
        const edited = pending.get(rows[r]._id)?.[columns[c].id] !== undefined;
        if (old && old.text !== look.text && !edited) flashes.current.set(`${rows[r]._id}:${columns[c].id}`, now);
      }),
    );
    if (damaged.length) {
      ref.current?.updateCells(damaged);
      setVersion((v) => v + 1);
    }
    if (el) {
      el.dataset.lastRepaint = String(damaged.length);
      el.dataset.updates = String(Number(el.dataset.updates ?? 0) + 1);
    }
  }, [rows, columns, pending, conflicts, refused, dark]); // eslint-disable-line react-hooks/exhaustive-deps -- repaints when what a cell shows changes; the refs and the frame are stable

  // First render: the looks of the initial data.
  if (looks.current.length === 0 && rows.length > 0) looks.current = computeLooks();

  return { state, looks, flashes, version, rowCount };
}
