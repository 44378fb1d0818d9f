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
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { byPriority } from "./columns";
import { cellText as text, fitWidths } from "./widths";
import { CELL_ICON_SIZE as ICON_SIZE, editorSize, gridHeight, TABLE_GRID } from "./geometry";
import { readable } from "#app/utils/contrast";
import { useGridTheme } from "./theme";
import type { GridProps } from "./types";

const GRID_SIZES: Partial<Theme> = { baseFontStyle: "14px", headerFontStyle: "600 13px" };
/** The row numbers' column at the left ("clickable-number" markers), about this wide for three digits. */
const ROW_MARKER_WIDTH = 44;

/** Text widths in the grid's fonts, measured on a canvas of its own. */
function canvasMeasure(fontFamily: string | undefined) {
  const ctx = document.createElement("canvas").getContext("2d");
  const measure = (font: string) => (s: string) => {
    if (!ctx) return s.length * 8;
    ctx.font = `${font} ${fontFamily ?? "sans-serif"}`;
    return ctx.measureText(s).width;
  };
  return { text: measure(GRID_SIZES.baseFontStyle!), header: measure(GRID_SIZES.headerFontStyle!) };
}

export default function DataGrid<T>({
  rows,
  columns: given,
  rowKey,
  onEdit,
  onSelect,
  label,
  maxHeight = 640,
}: GridProps<T>) {
  const ref = useRef<DataEditorRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [frameWidth, setFrameWidth] = useState(Number.POSITIVE_INFINITY);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setFrameWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const data = useRef(rows);
  const { theme } = useGridTheme(GRID_SIZES);
  const pageBg = theme.bgCell ?? "#ffffff";
  const pageText = theme.textDark ?? "#000000";
  // A cell that leads somewhere (a column's `href`) is drawn in the page's link colour, as the table's anchors are.
  const linkColours = useMemo(() => ({ fg: theme.linkColor ?? pageText }), [theme.linkColor, pageText]);
  const [selection, setSelection] = useState<GridSelection>({
    columns: CompactSelection.empty(),
    rows: CompactSelection.empty(),
  });

  // Each column as wide as its longest text: a time shows whole, the actions are never clipped. A table wider than its
  // box puts its names, status, time and actions first and its ids last (columns.ts), so what is in view is what a
  // person looks for.
  const { columns, gridColumns } = useMemo(() => {
    const widths = fitWidths(given, rows, canvasMeasure(theme.fontFamily), (c) => (c.icon ? ICON_SIZE + 6 : 0));
    const sized = given.map((c, i) => ({ c, width: widths[i] }));
    const fits = widths.reduce((a, b) => a + b, ROW_MARKER_WIDTH) <= frameWidth;
    const shown = fits ? sized : byPriority(sized.map((s) => ({ ...s, priority: s.c.priority })));
    return {
      columns: shown.map((s) => s.c),
      gridColumns: shown.map<GridColumn>((s) => ({ id: s.c.id, title: s.c.title, width: s.width })),
    };
  }, [given, rows, theme.fontFamily, frameWidth]);

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

  const getCellContent = useCallback(
    ([c, r]: Item): GridCell => {
      const col = columns[c];
      const row = data.current[r];
      if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
      const v = col.value(row);
      const href = col.href?.(row);
      const colors: { fg?: string; bg?: string } | undefined = col.colors?.(row) ?? (href ? linkColours : undefined);
      // A tone or a link colour drawn readable (WCAG AA) over its tint and the cell.
      const themeOverride = colors
        ? {
            textDark: readable(colors.fg ?? pageText, colors.bg, pageBg),
            ...(colors.bg ? { bgCell: colors.bg } : {}),
          }
        : undefined;
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
        ...(href ? { cursor: "pointer" } : {}),
      };
    },
    [columns, pageBg, pageText, linkColours],
  );

  // A cell that leads somewhere goes there on a click, or on Enter once selected (glide's activation).
  const navigate = useNavigate();
  const follow = useCallback(
    ([c, r]: Item) => {
      const row = data.current[r];
      const href = row ? columns[c]?.href?.(row) : null;
      if (href) navigate(href);
    },
    [columns, navigate],
  );
  const links = columns.some((c) => c.href);

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
      const value =
        cell.kind === GridCellKind.Number ? (cell.data ?? null) : cell.kind === GridCellKind.Text ? cell.data : null;
      onEdit(row, col.id, value as string | number | null);
    },
    [columns, onEdit],
  );

  const height = Math.min(maxHeight, gridHeight(TABLE_GRID, rowCount));

  return (
    <div ref={frame} className="grid-frame" role="region" aria-label={label} data-testid="canvas-grid">
      <DataEditor
        ref={ref}
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        drawCell={columns.some((c) => c.icon) ? drawCell : undefined}
        onCellEdited={onEdit ? onCellEdited : undefined}
        onCellClicked={links ? follow : undefined}
        onCellActivated={links ? follow : undefined}
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
