// A sheet on canvas (glide-data-grid), loaded only in the browser after hydration: the engine under 2411 Stock and the
// breeder list, with the habits of a spreadsheet (docs/product/sheets.md). Rows, columns and pending edits live in refs
// that getCellContent reads; new rows repaint only the cells that changed (updateCells), which flash.
import {
  CompactSelection,
  DataEditor,
  GridCellKind,
  type DataEditorRef,
  type DrawCellCallback,
  type EditListItem,
  type GridCell,
  type GridColumn,
  type GridSelection,
  type Highlight,
  type Item,
  type Theme,
} from "@glideapps/glide-data-grid";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { pasteInputs, readPasted, type BatchKind } from "./batch";
import { editStart, type PendingValue, type SheetColumn, type SheetRow } from "./rules";
import { editorSize, gridHeight, STOCK_GRID } from "#app/components/grid/geometry";
import { useGridTheme } from "#app/components/grid/theme";
import { readable } from "#app/utils/contrast";
import type { Presence } from "#contract/presence";
import { usePresence } from "#app/realtime/presence";

import { summarize, type SelectionSummary } from "./selection";
import { useCellLooks } from "./use-cell-looks";
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

/**
 * Google Sheets' keys: F2 edits too, Backspace clears like Delete, Ctrl+D and Ctrl+R fill down and right. A paste is
 * read from the paste event by the grid's frame (glide's own waits on the async clipboard API).
 */
const KEYBINDINGS = {
  activateCell: " |Enter|shift+Enter|F2",
  delete: "Backspace|Delete",
  downFill: true,
  rightFill: true,
  paste: false,
} as const;

/**
 * Two buffers that scrolling copies between, as glide does for Safari, where its default copies the canvas onto itself:
 * a canvas drawn without a GPU (this machine's chromium) paid that copy in every frame, and a fling through the whole
 * Breeder List dropped frames (ADR 066, `npm run bench`).
 */
const EXPERIMENTAL = { renderStrategy: "double-buffer" } as const;

const EMPTY_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

/** The stock sheet's sizes on the page's theme. */
const GRID_SIZES: Partial<Theme> = {
  bgSearchResult: "rgba(240, 140, 0, 0.25)",
  baseFontStyle: "13px",
  headerFontStyle: "600 12px",
  editorFontSize: "13px",
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
  }, [selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps

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

  // One cell typed into its editor is an edit; anything else glide hands over at once (a fill, Delete on a range) is a
  // batch: checked cell by cell, and one step of undo.
  const clearing = useRef(false);
  const onCellsEdited = useCallback(
    (edits: readonly EditListItem[]) => {
      const { rows, columns } = state.current;
      const typed = editingCell.current;
      if (edits.length === 1 && typed && edits[0].location[0] === typed[0] && edits[0].location[1] === typed[1]) {
        const { location, value } = edits[0];
        const row = rows[location[1]];
        const col = columns[location[0]];
        if (row && col?.editable && value.kind === GridCellKind.Text) onEdit(row, col, value.data);
        return true;
      }
      const inputs = edits.flatMap(({ location: [c, r], value }) => {
        const row = rows[r];
        const column = columns[c];
        return row && column && value.kind === GridCellKind.Text
          ? [{ row, column, text: value.data, rowNumber: r + 1 }]
          : [];
      });
      const kind: BatchKind = clearing.current ? "clear" : "fill";
      clearing.current = false;
      if (inputs.length) onEdits(inputs, kind);
      return true;
    },
    [onEdit, onEdits, state],
  );
  const onDelete = useCallback(() => {
    clearing.current = true;
    return true;
  }, []);

  // A pasted rectangle (from Google Sheets, Excel or this grid) lands cell by cell from the selected cell; nothing is
  // added past the last row. The paste event's own text is read at once (glide would ask the async clipboard API,
  // which waits on the browser, 35-70 ms here, and in a browser's everyday settings asks the person for permission).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onPaste = (e: ClipboardEvent) => {
      const text = e.clipboardData?.getData("text/plain");
      const cell = selectionRef.current.current?.cell;
      if (!text || !cell) return;
      e.preventDefault();
      const { rows, columns } = state.current;
      const { inputs, rowsPastEnd } = pasteInputs(rows, columns, cell, readPasted(text), (i) => i + 1);
      onEdits(inputs, "paste", rowsPastEnd);
    };
    el.addEventListener("paste", onPaste);
    return () => el.removeEventListener("paste", onPaste);
  }, [onEdits, state]);

  // Ctrl+D / Ctrl+R on a single row or column take the cell above or to the left, as in Google Sheets (glide fills a
  // taller or wider range itself).
  const onKeyDown = useCallback(
    (event: {
      key: string;
      ctrlKey: boolean;
      metaKey: boolean;
      shiftKey: boolean;
      altKey: boolean;
      cancel: () => void;
      preventDefault?: () => void;
    }) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const key = event.key.toLowerCase();
      const range = selectionRef.current.current?.range;
      if (!range || (key !== "d" && key !== "r")) return;
      const down = key === "d";
      if ((down ? range.height : range.width) > 1) return;
      event.cancel();
      event.preventDefault?.();
      const { rows, columns } = state.current;
      const inputs: Parameters<typeof onEdits>[0] = [];
      for (let y = range.y; y < range.y + range.height; y++) {
        for (let x = range.x; x < range.x + range.width; x++) {
          const from = down ? [x, y - 1] : [x - 1, y];
          const source = rows[from[1]];
          const sourceColumn = columns[from[0]];
          if (!source || !sourceColumn || !rows[y] || !columns[x]) continue;
          inputs.push({ row: rows[y], column: columns[x], text: editStart(sourceColumn, source), rowNumber: y + 1 });
        }
      }
      if (inputs.length) onEdits(inputs, "fill");
    },
    [onEdits, state],
  );

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

  // The editor's own text at the moment editing ends. glide sometimes ends an edit to an empty text without the
  // value (its editor had not registered the change yet); the committed text is then taken from here.
  useEffect(() => {
    const inEditor = (t: EventTarget | null): t is HTMLTextAreaElement | HTMLInputElement =>
      (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement) && !!t.closest("#portal");
    const onKey = (e: KeyboardEvent) => {
      if (!inEditor(e.target)) return;
      if (e.key === "Escape") editorEnd.current = { value: e.target.value, commit: false };
      else if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab")
        editorEnd.current = { value: e.target.value, commit: true };
    };
    const onDown = (e: MouseEvent) => {
      const input = document.querySelector<HTMLTextAreaElement | HTMLInputElement>("#portal textarea, #portal input");
      if (input && !(e.target as Element | null)?.closest?.("#portal"))
        editorEnd.current = { value: input.value, commit: true };
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("mousedown", onDown, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("mousedown", onDown, true);
    };
  }, []);

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

  // Who else is on this sheet: this browser's cell, whether it edits it and its rows with unsaved edits go to the room;
  // the others' cells are outlined in their colour, with their name on the cell (a pencil while they edit it).
  const [editing, setEditing] = useState(false);
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
    [testId],
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
        onCellsEdited={onCellsEdited}
        provideEditor={provideEditor}
        onFinishedEditing={onFinishedEditing}
        onDelete={onDelete}
        onKeyDown={onKeyDown}
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
