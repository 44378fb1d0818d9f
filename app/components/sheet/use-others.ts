// Who else is on this sheet: this browser's cell, whether it edits it and its rows with unsaved edits go to the room;
// the others' cells are outlined in their colour, with their name on the cell (a pencil while they edit it).
import type { GridSelection, Highlight } from "@glideapps/glide-data-grid";
import { useEffect, useMemo, useRef } from "react";
import type { Presence } from "#contract/presence";
import { usePresence } from "#app/realtime/presence";
import type { SheetGridProps } from "./SheetGrid.client";

export function useOthers({
  presence,
  selection,
  rows,
  columns,
  pending,
  editing,
  onOthers,
}: Pick<SheetGridProps, "presence" | "rows" | "columns" | "pending" | "onOthers"> & {
  selection: GridSelection;
  editing: boolean;
}) {
  const at = selection.current?.cell;
  const selectedRow = at ? rows[at[1]]?._id : rows[selection.rows.first() ?? -1]?._id;
  const others = usePresence(presence, {
    cell: selectedRow ? { row: selectedRow, column: at ? (columns[at[0]]?.id ?? "") : "" } : null,
    editing,
    pendingRows: useMemo(() => [...pending.keys()], [pending]),
  });
  useEffect(() => onOthers(others), [others, onOthers]);
  const othersAt = useRef(new Map<string, Presence>());
  const highlights = useMemo<Highlight[]>(() => {
    const rowIndex = new Map(rows.map((r, i) => [r._id, i]));
    const columnIndex = new Map(columns.map((c, i) => [c.id, i]));
    const where = new Map<string, Presence>();
    const regions: Highlight[] = [];
    for (const other of others) {
      const y = other.cell ? rowIndex.get(other.cell.row) : undefined;
      if (!other.cell || y === undefined) continue;
      const x = other.cell.column ? columnIndex.get(other.cell.column) : undefined;
      where.set(`${x ?? 0}:${y}`, other);
      regions.push({
        color: `${other.colour}2e`,
        range: x === undefined ? { x: 0, y, width: columns.length, height: 1 } : { x, y, width: 1, height: 1 },
        style: "solid-outline",
      });
    }
    othersAt.current = where;
    return regions;
  }, [others, rows, columns]);
  return { othersAt, highlights };
}
