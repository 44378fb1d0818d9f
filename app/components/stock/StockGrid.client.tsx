// The stock sheet on canvas (glide-data-grid), loaded only in the browser after hydration.
// - Rows, columns and pending edits live in refs read by a stable getCellContent; when new rows arrive (an edit, a
//   live update from another officer, a save) only the cells whose text or colours changed are repainted
//   (updateCells), and cells changed by someone else flash briefly.
// - A click opens the cell's editor (a drag selects a range, Ctrl/Shift+click adds to the selection instead); Enter
//   commits, Escape cancels, a click outside commits, Tab / Shift+Tab commit and open the next / previous editable
//   column of the row, wrapping around.
// - Cell selection: click, drag a range, Ctrl adds ranges; the row marker selects whole rows; its handle drags a row.
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
  type Item,
  type Theme,
} from "@glideapps/glide-data-grid";
import "@glideapps/glide-data-grid/dist/index.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  cellText,
  editText,
  nextEditableColumn,
  typeColour,
  type PendingValue,
  type StockColumn,
  type StockRow,
} from "./rules";
import { vaultCellState } from "../../../contract/stock";
import { CELL_IMAGE_SIZE as IMAGE_SIZE, editorSize, gridHeight, STOCK_GRID } from "../grid/geometry";
import { useGridTheme } from "../grid/theme";

export type SelectionSummary = {
  /** Cells in the selected ranges plus every cell of the selected rows. */
  count: number;
  cells: { rowId: string; columnId: string }[];
  rows: string[];
};

export type StockGridProps = {
  columns: StockColumn[];
  /** Display rows: the server's rows in display order with pending edits applied. */
  rows: StockRow[];
  /** Pending cells per row id. */
  pending: ReadonlyMap<string, Record<string, PendingValue>>;
  /** Rows whose last save was refused. */
  conflicts: ReadonlySet<string>;
  onEdit: (row: StockRow, column: StockColumn, text: string) => void;
  onSelection: (selection: SelectionSummary) => void;
  onRowMoved: (from: number, to: number) => void;
  /** Changing it clears the selection (after a colour was saved, after a tab switch). */
  selectionKey: number;
  label: string;
};

const EMPTY_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

/** The stock sheet's sizes on the page's theme. */
const GRID_SIZES: Partial<Theme> = {
  bgSearchResult: "rgba(240, 140, 0, 0.25)",
  baseFontStyle: "13px",
  headerFontStyle: "600 12px",
  editorFontSize: "13px",
};

type Look = { text: string; bg?: string; fg?: string; image?: string; bold?: boolean };

/** A cell's text and colours: vault fill state, dino type, pending and refused edits, the saved text colours. */
function lookOf(column: StockColumn, row: StockRow, pending: Record<string, PendingValue> | undefined, conflict: boolean, dark: boolean): Look {
  const value = column.value(row);
  const look: Look = { text: cellText(column, value) };
  const alpha = dark ? 0.32 : 0.22;
  if (column.role === "count") {
    const state = vaultCellState(typeof value === "number" ? value : null);
    if (state === "full") look.bg = `rgba(47, 158, 68, ${alpha})`;
    else if (state === "empty") look.bg = `rgba(134, 142, 150, ${alpha + 0.08})`;
    else if (state === "partial") look.bg = `rgba(240, 140, 0, ${alpha})`;
  }
  if (column.role === "type") {
    const colour = typeColour(look.text);
    look.fg = colour;
    look.bg = `${colour}${dark ? "33" : "22"}`;
  }
  if (column.role === "history") look.bg = dark ? "rgba(28, 126, 214, 0.22)" : "rgba(28, 126, 214, 0.1)";
  const saved = row.fieldColors?.[column.id] ?? row.textColor ?? undefined;
  if (saved && column.role !== "type") look.fg = saved;
  if (pending && column.id in pending) {
    look.bg = conflict ? "rgba(224, 49, 49, 0.35)" : "rgba(250, 176, 5, 0.62)";
    look.bold = true;
  }
  if (column.role === "name" && row.imageUrl) look.image = row.imageUrl;
  return look;
}

const sameLook = (a: Look, b: Look) =>
  a.text === b.text && a.bg === b.bg && a.fg === b.fg && a.image === b.image && a.bold === b.bold;

export default function StockGrid({ columns, rows, pending, conflicts, onEdit, onSelection, onRowMoved, selectionKey, label }: StockGridProps) {
  const ref = useRef<DataEditorRef>(null);
  const frame = useRef<HTMLDivElement>(null);
  const { theme, dark } = useGridTheme(GRID_SIZES);

  // Everything getCellContent reads lives in refs, so its identity never changes and glide never repaints all cells.
  const state = useRef({ rows, columns, pending, conflicts, dark });
  const looks = useRef<Look[][]>([]);
  const flashes = useRef(new Map<string, number>());
  const [rowCount, setRowCount] = useState(rows.length);
  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  const selectionRef = useRef(selection);
  const editingCell = useRef<Item | null>(null);
  /** What the editor held when Enter, Tab, Escape or a click outside ended it. */
  const editorEnd = useRef<{ value: string; commit: boolean } | null>(null);
  const painted = useRef(false);

  const computeLooks = () => {
    const s = state.current;
    return s.rows.map((row) => s.columns.map((col) => lookOf(col, row, s.pending.get(row._id), s.conflicts.has(row._id), s.dark)));
  };

  // New data: repaint only the cells that look different; a changed value nobody here is editing flashes.
  useEffect(() => {
    const previous = state.current;
    state.current = { rows, columns, pending, conflicts, dark };
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
    if (damaged.length) ref.current?.updateCells(damaged);
    if (el) {
      el.dataset.lastRepaint = String(damaged.length);
      el.dataset.updates = String(Number(el.dataset.updates ?? 0) + 1);
    }
  }, [rows, columns, pending, conflicts, dark]); // eslint-disable-line react-hooks/exhaustive-deps

  // First render: the looks of the initial data.
  if (looks.current.length === 0 && rows.length > 0) looks.current = computeLooks();

  useEffect(() => {
    selectionRef.current = EMPTY_SELECTION;
    setSelection(EMPTY_SELECTION);
    onSelection({ count: 0, cells: [], rows: [] });
  }, [selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const gridColumns = useMemo<GridColumn[]>(() => columns.map((c) => ({ id: c.id, title: c.title, width: c.width })), [columns]);

  const getCellContent = useCallback(([c, r]: Item): GridCell => {
    const { rows, columns, pending, conflicts, dark } = state.current;
    const col = columns[c];
    const row = rows[r];
    if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
    const look = looks.current[r]?.[c] ?? lookOf(col, row, pending.get(row._id), conflicts.has(row._id), dark);
    const flashed = flashes.current.get(`${row._id}:${col.id}`);
    const cell = {
      kind: GridCellKind.Text,
      data: editText(col.value(row)),
      displayData: look.text,
      allowOverlay: col.editable,
      readonly: !col.editable,
      contentAlign: col.role === "name" || col.role === "text" || col.role === "type" ? undefined : "right",
      // Only the colours this cell sets: an undefined key would blank the theme's own.
      themeOverride:
        look.bg || look.fg || look.bold
          ? {
              ...(look.bg ? { bgCell: look.bg } : {}),
              ...(look.fg ? { textDark: look.fg } : {}),
              ...(look.bold ? { baseFontStyle: "700 13px" } : {}),
            }
          : undefined,
      lastUpdated: flashed,
      stockImage: look.image,
    } as GridCell;
    return cell;
  }, []);

  const onCellsEdited = useCallback(
    (edits: readonly EditListItem[]) => {
      const { rows, columns } = state.current;
      for (const { location, value } of edits) {
        const row = rows[location[1]];
        const col = columns[location[0]];
        if (!row || !col?.editable || value.kind !== GridCellKind.Text) continue;
        onEdit(row, col, value.data);
      }
      return true;
    },
    [onEdit],
  );

  const summarize = useCallback(
    (s: GridSelection): SelectionSummary => {
      const { rows, columns } = state.current;
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
      const selectedRows = s.rows.toArray().map((r) => rows[r]?._id).filter((id): id is string => !!id);
      return { count: cells.length + selectedRows.length * columns.length, cells, rows: selectedRows };
    },
    [],
  );

  const onGridSelectionChange = useCallback(
    (s: GridSelection) => {
      selectionRef.current = s;
      setSelection(s);
      onSelection(summarize(s));
    },
    [onSelection, summarize],
  );

  // The editor opens on the selected cell: remember which one, for Tab's move.
  const provideEditor = useCallback(() => {
    editingCell.current = selectionRef.current.current?.cell ?? null;
    return undefined;
  }, []);

  /**
   * Opens the editor of the selected cell as Enter does. Deferred a frame: the grid moves its focus to the canvas
   * after a click, and an editor opened before that would lose the keys typed next to it.
   */
  const openEditor = useCallback(() => {
    window.requestAnimationFrame(() =>
      window.setTimeout(() => {
        if (document.querySelector("#portal textarea, #portal input")) return; // already open
        const canvas = frame.current?.querySelector<HTMLCanvasElement>("canvas[data-testid=data-grid-canvas]");
        if (!canvas) return;
        canvas.focus({ preventScroll: true });
        canvas.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", code: "Enter", bubbles: true, cancelable: true }));
      }, 0),
    );
  }, []);

  const openEditorAt = useCallback(
    (cell: Item) => {
      const next: GridSelection = {
        ...EMPTY_SELECTION,
        current: { cell, range: { x: cell[0], y: cell[1], width: 1, height: 1 }, rangeStack: [] },
      };
      selectionRef.current = next;
      setSelection(next);
      ref.current?.scrollTo(cell[0], cell[1]);
      openEditor();
    },
    [openEditor],
  );

  // A click opens the clicked cell's editor; Ctrl, Cmd or Shift + click only select (a drag is not a click).
  const onCellClicked = useCallback(
    ([c]: Item, event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; preventDefault: () => void }) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        event.preventDefault();
        return;
      }
      if (c < 0 || !state.current.columns[c]?.editable) return;
      openEditor();
    },
    [openEditor],
  );

  // The editor's own text at the moment editing ends. glide sometimes ends an edit to an empty text without the
  // value (its editor had not registered the change yet); the committed text is then taken from here.
  useEffect(() => {
    const inEditor = (t: EventTarget | null): t is HTMLTextAreaElement | HTMLInputElement =>
      (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement) && !!t.closest("#portal");
    const onKey = (e: KeyboardEvent) => {
      if (!inEditor(e.target)) return;
      if (e.key === "Escape") editorEnd.current = { value: e.target.value, commit: false };
      else if ((e.key === "Enter" && !e.shiftKey) || e.key === "Tab") editorEnd.current = { value: e.target.value, commit: true };
    };
    const onDown = (e: MouseEvent) => {
      const input = document.querySelector<HTMLTextAreaElement | HTMLInputElement>("#portal textarea, #portal input");
      if (input && !(e.target as Element | null)?.closest?.("#portal")) editorEnd.current = { value: input.value, commit: true };
    };
    document.addEventListener("keydown", onKey, true);
    document.addEventListener("mousedown", onDown, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("mousedown", onDown, true);
    };
  }, []);

  const onFinishedEditing = useCallback(
    (value: GridCell | undefined, [dx]: Item) => {
      const from = editingCell.current;
      const end = editorEnd.current;
      editingCell.current = null;
      editorEnd.current = null;
      if (!value && from && end?.commit) {
        const row = state.current.rows[from[1]];
        const col = state.current.columns[from[0]];
        if (row && col?.editable) onEdit(row, col, end.value);
      }
      if (!from || dx === 0) return;
      const target = nextEditableColumn(state.current.columns, from[0], dx > 0 ? 1 : -1);
      openEditorAt([target, from[1]]);
    },
    [openEditorAt, onEdit],
  );

  const drawCell = useCallback<DrawCellCallback>((args, drawContent) => {
    if (!painted.current) {
      painted.current = true;
      performance.mark("stock-grid-paint");
      window.setTimeout(() => {
        if (frame.current) frame.current.dataset.painted = "true";
      }, 0);
    }
    const url = (args.cell as { stockImage?: string }).stockImage;
    if (!url) return drawContent();
    // The item's picture left of its name; a picture that fails to load is simply not drawn (spec: broken images
    // are hidden).
    const image = args.imageLoader.loadOrGetImage(url, args.col, args.row);
    if (!image) return drawContent();
    const { ctx, rect } = args;
    const w = "width" in image ? image.width : IMAGE_SIZE;
    const h = "height" in image ? image.height : IMAGE_SIZE;
    const scale = Math.min(IMAGE_SIZE / (w || IMAGE_SIZE), IMAGE_SIZE / (h || IMAGE_SIZE));
    ctx.drawImage(image, rect.x + 6, rect.y + (rect.height - h * scale) / 2, w * scale, h * scale);
    const { x, width } = rect;
    rect.x = x + IMAGE_SIZE + 8;
    rect.width = width - IMAGE_SIZE - 8;
    drawContent();
    rect.x = x;
    rect.width = width;
  }, []);

  const height = Math.min(
    typeof window === "undefined" ? 640 : Math.max(320, window.innerHeight - 260),
    gridHeight(STOCK_GRID, rowCount),
  );

  return (
    <div className="stock-grid-frame" ref={frame} role="region" aria-label={label} data-testid="stock-grid">
      <DataEditor
        ref={ref}
        columns={gridColumns}
        rows={rowCount}
        getCellContent={getCellContent}
        onCellsEdited={onCellsEdited}
        provideEditor={provideEditor}
        onFinishedEditing={onFinishedEditing}
        onCellClicked={onCellClicked}
        cellActivationBehavior="double-click"
        rangeSelect="multi-rect"
        rowSelect="multi"
        columnSelect="none"
        rowMarkers={{ kind: "both", width: STOCK_GRID.rowMarkerWidth }}
        onRowMoved={onRowMoved}
        freezeColumns={1}
        drawCell={drawCell}
        {...editorSize(STOCK_GRID, height)}
        theme={theme}
        smoothScrollX
        smoothScrollY
        gridSelection={selection}
        onGridSelectionChange={onGridSelectionChange}
        getCellsForSelection
      />
    </div>
  );
}
