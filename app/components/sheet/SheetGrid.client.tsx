// A sheet on canvas (glide-data-grid), loaded only in the browser after hydration: the engine under 2411 Stock and the
// breeder list, with the habits of a spreadsheet (docs/product/sheets.md). Rows, columns and pending edits live in refs
// that getCellContent reads; new rows repaint only the cells that changed (updateCells), which flash.
import {
  DataEditor,
  GridCellKind,
  type DataEditorRef,
  type DrawCellCallback,
  type GridCell,
  type GridColumn,
  type GridSelection,
  type Item,
} from "@glideapps/glide-data-grid";
import { useCallback, useMemo, useRef, useState, useEffect } from "react";
import type { BatchKind } from "./batch";
import { editStart, type PendingValue, type SheetColumn, type SheetRow } from "./rules";
import { editorSize, gridHeight, STOCK_GRID } from "#app/components/grid/geometry";
import { useGridTheme } from "#app/components/grid/theme";
import { readable } from "#app/utils/contrast";
import type { Presence } from "#contract/presence";

import { summarize, type SelectionSummary } from "./selection";
import { useCellLooks } from "./use-cell-looks";
import { EMPTY_SELECTION, EXPERIMENTAL, GRID_SIZES, KEYBINDINGS } from "./grid-options";
import { useGridEdits } from "./use-grid-edits";
import { useEditorEnd } from "./use-editor-end";
import { useOthers } from "./use-others";
import { drawCellContent, drawNameTag, lookOf, selectEditor, type SheetLook } from "./cells";

export { SheetBar } from "./SheetBars";

export type SheetGridProps = {
  columns: SheetColumn[];
  /** Display rows: the server's rows in display order with pending edits applied. */
  rows: SheetRow[];
  /** Pending cells per row id. */
  pending: ReadonlyMap<string, Record<string, PendingValue>>;
  /** Rows whose last save was refused. */
  conflicts: ReadonlySet<string>;
  /** Cells ("rowId:columnId") the last paste or fill refused. */
  refused: ReadonlySet<string>;
  /** The sheet's name in the live room's presence: where this browser is goes there, and the others come back. */
  presence: string;
  onOthers: (people: readonly Presence[]) => void;
  onEdit: (row: SheetRow, column: SheetColumn, text: string) => void;
  onEdits: (
    inputs: { row: SheetRow; column: SheetColumn; text: string; rowNumber: number }[],
    kind: BatchKind,
    rowsPastEnd?: number,
  ) => void;
  onSelection: (selection: SelectionSummary) => void;
  onRowMoved: (from: number, to: number) => void;
  /** Changing it clears the selection (after a colour was saved, after a tab switch). */
  selectionKey: number;
  label: string;
  look?: SheetLook;
  testId?: string;
  /** The width of the table the grid replaces, so the first frame draws at once instead of after a resize observation. */
  initialWidth?: number;
};

export default function SheetGrid({
  columns,
  rows,
  pending,
  conflicts,
  refused,
  presence,
  onOthers,
  onEdit,
  onEdits,
  onSelection,
  onRowMoved,
  selectionKey,
  label,
  look: sheetLook,
  testId = "stock-grid",
  initialWidth,
}: SheetGridProps) {
  const ref = useRef<DataEditorRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { theme, dark } = useGridTheme(GRID_SIZES);
  // The page's cell colour and text colour, under every tint: a cell's text is drawn readable over them.
  const page = useRef({ bg: theme.bgCell ?? "#ffffff", text: theme.textDark ?? "#000000" });
  page.current = { bg: theme.bgCell ?? "#ffffff", text: theme.textDark ?? "#000000" };

  // Everything getCellContent reads lives in refs (use-cell-looks.ts); `version` changes once per change of the data.
  const { state, looks, flashes, version, rowCount } = useCellLooks(
    { rows, columns, pending, conflicts, refused, dark, sheetLook },
    ref,
    frame,
  );
  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  const selectionRef = useRef(selection);
  const editingCell = useRef<Item | null>(null);
  /** What the editor held when Enter, Tab, Escape or a click outside ended it. */
  const editorEnd = useRef<{ value: string; commit: boolean } | null>(null);
  const painted = useRef(false);

  useEffect(() => {
    selectionRef.current = EMPTY_SELECTION;
    setSelection(EMPTY_SELECTION);
    onSelection({ count: 0, cells: [], rows: [] });
  }, [selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps -- clears only when the key changes, not when the callback does

  const gridColumns = useMemo<GridColumn[]>(
    () => columns.map((c) => ({ id: c.id, title: c.title, width: c.width })),
    [columns],
  );

  const getCellContent = useCallback(
    ([c, r]: Item): GridCell => {
      const { rows, columns, pending, conflicts, refused, dark, sheetLook } = state.current;
      const col = columns[c];
      const row = rows[r];
      if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
      const look =
        looks.current[r]?.[c] ??
        lookOf(
          sheetLook,
          col,
          row,
          pending.get(row._id),
          conflicts.has(row._id),
          refused.has(`${row._id}:${col.id}`),
          dark,
        );
      const flashed = flashes.current.get(`${row._id}:${col.id}`);
      const cell = {
        kind: GridCellKind.Text,
        data: editStart(col, row),
        displayData: look.text,
        allowOverlay: col.editable,
        readonly: !col.editable,
        contentAlign: col.align === "right" ? "right" : undefined,
        // Only the colours this cell sets: an undefined key would blank the theme's own. A picked or tinted colour is
        // drawn readable (WCAG AA) over what is behind it; the stored colour is kept.
        themeOverride:
          look.bg || look.fg || look.bold
            ? {
                ...(look.bg ? { bgCell: look.bg } : {}),
                ...(look.bg || look.fg
                  ? { textDark: readable(look.fg ?? page.current.text, look.bg, page.current.bg) }
                  : {}),
                ...(look.bold ? { baseFontStyle: "700 13px" } : {}),
              }
            : undefined,
        lastUpdated: flashed,
        stockImage: look.image,
        stockBadge: look.badge,
      } as GridCell;
      return cell;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` gives a new identity per data change: glide repaints
    [version, looks, flashes, state],
  );

  // onCellsEdited, onDelete and onKeyDown: typing, pasting, filling and deleting in the grid.
  const edits = useGridEdits({ state, editingCell, selectionRef, frame, onEdit, onEdits });

  const onGridSelectionChange = useCallback(
    (s: GridSelection) => {
      selectionRef.current = s;
      setSelection(s);
      onSelection(summarize(s, state.current.rows, state.current.columns));
    },
    [onSelection, state],
  );

  // The editor opens on the selected cell: remember which one, for Tab's move. A select column gets its select.
  const selectEditors = useMemo(
    () =>
      new Map(
        columns.flatMap((c) =>
          c.editor?.kind === "select" ? [[c.id, selectEditor(c.editor.options, c.title)] as const] : [],
        ),
      ),
    [columns],
  );
  const provideEditor = useCallback(() => {
    const cell = selectionRef.current.current?.cell ?? null;
    editingCell.current = cell;
    setEditing(true);
    const column = cell ? state.current.columns[cell[0]] : undefined;
    return column ? selectEditors.get(column.id) : undefined;
  }, [selectEditors, state]);

  useEditorEnd(editorEnd);

  // Enter and Tab commit and move the selection (glide moves it), as in Google Sheets.
  const onFinishedEditing = useCallback(
    (value: GridCell | undefined) => {
      const from = editingCell.current;
      const end = editorEnd.current;
      editingCell.current = null;
      editorEnd.current = null;
      setEditing(false);
      if (!value && from && end?.commit) {
        const row = state.current.rows[from[1]];
        const col = state.current.columns[from[0]];
        if (row && col?.editable) onEdit(row, col, end.value);
      }
    },
    [onEdit, state],
  );

  const [editing, setEditing] = useState(false);
  const { othersAt, highlights } = useOthers({ presence, selection, rows, columns, pending, editing, onOthers });

  const drawCell = useCallback<DrawCellCallback>(
    (args, drawContent) => {
      if (!painted.current) {
        painted.current = true;
        performance.mark(`${testId}-paint`);
        window.setTimeout(() => {
          if (frame.current) frame.current.dataset.painted = "true";
        }, 0);
      }
      drawCellContent(args, drawContent);
      const other = othersAt.current.get(`${args.col}:${args.row}`);
      if (other) drawNameTag(args.ctx, other, args.rect);
    },
    [testId, othersAt],
  );

  // A click selects; a double-click edits. On a touch screen, a tap selects and a second tap edits.
  const activation =
    typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches ? "second-click" : "double-click";

  const height = Math.min(
    typeof window === "undefined" ? 640 : Math.max(320, window.innerHeight - 260),
    gridHeight(STOCK_GRID, rowCount),
  );

  return (
    <div className="stock-grid-frame" ref={frame} role="region" aria-label={label} data-testid={testId}>
      <DataEditor
        ref={ref}
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        {...edits}
        provideEditor={provideEditor}
        onFinishedEditing={onFinishedEditing}
        keybindings={KEYBINDINGS}
        fillHandle
        cellActivationBehavior={activation}
        rangeSelect="multi-rect"
        rowSelect="multi"
        columnSelect="none"
        rowMarkers={{ kind: "both", width: STOCK_GRID.rowMarkerWidth }}
        onRowMoved={onRowMoved}
        freezeColumns={1}
        drawCell={drawCell}
        {...editorSize(STOCK_GRID, height)}
        initialSize={initialWidth ? [initialWidth, height] : undefined}
        theme={theme}
        smoothScrollX
        smoothScrollY
        experimental={EXPERIMENTAL}
        gridSelection={selection}
        onGridSelectionChange={onGridSelectionChange}
        getCellsForSelection
        highlightRegions={highlights}
      />
    </div>
  );
}
