// The canvas grid (glide-data-grid), loaded only in the browser after hydration. Row data lives in a ref; when new
// rows arrive (a revalidation after a live event), only the cells that changed are repainted.
import {
  CompactSelection,
  DataEditor,
  GridCellKind,
  type DataEditorRef,
  type DrawCellCallback,
  type EditableGridCell,
  type GridCell,
  type GridColumn,
  type GridSelection,
  type Item,
  type Theme,
} from "@glideapps/glide-data-grid";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CELL_ICON_SIZE as ICON_SIZE, editorSize, gridHeight, TABLE_GRID } from "./geometry";
import { useGridTheme } from "./theme";
import type { CellValue, GridProps } from "./types";

const GRID_SIZES: Partial<Theme> = { baseFontStyle: "14px", headerFontStyle: "600 13px" };

const text = (v: CellValue) => (v === null || v === undefined ? "" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v));

export default function DataGrid<T>({ rows, columns, rowKey, onEdit, onSelect, label, maxHeight = 640 }: GridProps<T>) {
  const ref = useRef<DataEditorRef>(null);
  const data = useRef(rows);
  const { theme } = useGridTheme(GRID_SIZES);
  const [selection, setSelection] = useState<GridSelection>({
    columns: CompactSelection.empty(),
    rows: CompactSelection.empty(),
  });

  // New rows: when the same rows come back in the same order, repaint only the cells whose value changed.
  const [rowCount, setRowCount] = useState(rows.length);
  // Re-rendering after a repaint keeps the grid's hidden accessible table (read by screen readers) current.
  const [, setRevision] = useState(0);
  useEffect(() => {
    const previous = data.current;
    data.current = rows;
    const sameShape = previous.length === rows.length && previous.every((r, i) => rowKey(r) === rowKey(rows[i]));
    if (!sameShape) {
      setRowCount(rows.length);
      ref.current?.updateCells(rows.flatMap((_, r) => columns.map((_, c) => ({ cell: [c, r] as Item }))));
      return;
    }
    const damaged: { cell: Item }[] = [];
    rows.forEach((row, r) =>
      columns.forEach((col, c) => {
        if (text(col.value(row)) !== text(col.value(previous[r]))) damaged.push({ cell: [c, r] });
      }),
    );
    if (damaged.length) {
      ref.current?.updateCells(damaged);
      setRevision((r) => r + 1);
    }
  }, [rows, columns, rowKey]);

  const gridColumns = useMemo<GridColumn[]>(
    () => columns.map((c) => ({ id: c.id, title: c.title, width: c.width ?? 140 })),
    [columns],
  );

  const getCellContent = useCallback(
    ([c, r]: Item): GridCell => {
      const col = columns[c];
      const row = data.current[r];
      if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
      const v = col.value(row);
      const colors = col.colors?.(row);
      const themeOverride = colors ? { textDark: colors.fg, bgCell: colors.bg } : undefined;
      if (col.kind === "image") {
        return { kind: GridCellKind.Image, data: v ? [String(v)] : [], allowOverlay: false, readonly: true };
      }
      if (col.kind === "number" && (typeof v === "number" || v === null || v === undefined)) {
        return {
          kind: GridCellKind.Number,
          data: v ?? undefined,
          displayData: text(v),
          allowOverlay: !!col.editable,
          readonly: !col.editable,
          themeOverride,
        };
      }
      return {
        kind: GridCellKind.Text,
        data: text(v),
        displayData: text(v),
        allowOverlay: !!col.editable,
        readonly: !col.editable,
        themeOverride,
      };
    },
    [columns],
  );

  // A column with an icon: the glyph, then the text after it (the grid draws the cell's background and borders).
  const drawCell = useCallback<DrawCellCallback>(
    (args, drawContent) => {
      const col = columns[args.col];
      const row = data.current[args.row];
      const path = col?.icon && row ? col.icon(row) : null;
      if (!path || args.cell.kind !== GridCellKind.Text) return drawContent();
      const { ctx, rect, theme: t, cell } = args;
      const x = rect.x + t.cellHorizontalPadding;
      const middle = rect.y + rect.height / 2;
      const colour = cell.themeOverride?.textDark ?? t.textDark;
      ctx.save();
      ctx.translate(x, middle - ICON_SIZE / 2);
      ctx.scale(ICON_SIZE / 24, ICON_SIZE / 24);
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.stroke(new Path2D(path));
      ctx.restore();
      ctx.fillStyle = colour;
      ctx.font = `${t.baseFontStyle} ${t.fontFamily}`;
      ctx.textBaseline = "middle";
      ctx.fillText(cell.displayData, x + ICON_SIZE + 6, middle);
    },
    [columns],
  );

  const onCellEdited = useCallback(
    ([c, r]: Item, cell: EditableGridCell) => {
      const row = data.current[r];
      const col = columns[c];
      if (!row || !col || !onEdit) return;
      const value = cell.kind === GridCellKind.Number ? (cell.data ?? null) : cell.kind === GridCellKind.Text ? cell.data : null;
      onEdit(row, col.id, value as string | number | null);
    },
    [columns, onEdit],
  );

  const height = Math.min(maxHeight, gridHeight(TABLE_GRID, rowCount));

  return (
    <div className="grid-frame" role="region" aria-label={label} data-testid="canvas-grid">
      <DataEditor
        ref={ref}
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        drawCell={columns.some((c) => c.icon) ? drawCell : undefined}
        onCellEdited={onEdit ? onCellEdited : undefined}
        {...editorSize(TABLE_GRID, height)}
        theme={theme}
        smoothScrollX
        smoothScrollY
        rowMarkers="clickable-number"
        rowSelect="single"
        gridSelection={selection}
        onGridSelectionChange={(s) => {
          setSelection(s);
          const r = s.rows.first() ?? s.current?.cell[1];
          onSelect?.(r === undefined ? null : (data.current[r] ?? null));
        }}
        getCellsForSelection
      />
    </div>
  );
}
