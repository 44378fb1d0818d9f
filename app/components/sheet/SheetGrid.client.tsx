// A sheet on canvas (glide-data-grid), loaded only in the browser after hydration: the engine under 2411 Stock and the
// breeder list. The sheet's own colours come from its `look`; pending and refused edits, saved text colours, pictures
// and editors are the engine's.
// - Rows, columns and pending edits live in refs read by a stable getCellContent; when new rows arrive (an edit, a
//   live update from another officer, a save) only the cells whose text or colours changed are repainted
//   (updateCells), and cells changed by someone else flash briefly.
// - A click opens the cell's editor (a drag selects a range, Ctrl/Shift+click adds to the selection instead); Enter
//   commits, Escape cancels, a click outside commits, Tab / Shift+Tab commit and open the next / previous editable
//   column of the row, wrapping around. A column with a select editor (TRUE/FALSE, a status) opens a select instead, and
//   a choice commits at once.
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
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { cellTextOf, editStart, nextEditableColumn, textColourOf, type PendingValue, type SheetColumn, type SheetRow } from "./rules";
import { CELL_IMAGE_SIZE as IMAGE_SIZE, editorSize, gridHeight, STOCK_GRID } from "../grid/geometry";
import { useGridTheme } from "../grid/theme";
import { Options } from "../table/Options";

export type SelectionSummary = {
  /** Cells in the selected ranges plus every cell of the selected rows. */
  count: number;
  cells: { rowId: string; columnId: string }[];
  rows: string[];
};

/** A sheet's own colours for a cell (vault fill, dino type, stat colour) and the badge before a name. */
export type CellLook = { bg?: string; fg?: string; badge?: Badge };
/** A generated icon drawn before a name that has no picture (or whose picture does not load): initials on a colour. */
export type Badge = { text: string; colour: string };
export type SheetLook = (column: SheetColumn, row: SheetRow, dark: boolean) => CellLook | undefined;

export type SheetGridProps = {
  columns: SheetColumn[];
  /** Display rows: the server's rows in display order with pending edits applied. */
  rows: SheetRow[];
  /** Pending cells per row id. */
  pending: ReadonlyMap<string, Record<string, PendingValue>>;
  /** Rows whose last save was refused. */
  conflicts: ReadonlySet<string>;
  onEdit: (row: SheetRow, column: SheetColumn, text: string) => void;
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

const EMPTY_SELECTION: GridSelection = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };

/** The stock sheet's sizes on the page's theme. */
const GRID_SIZES: Partial<Theme> = {
  bgSearchResult: "rgba(240, 140, 0, 0.25)",
  baseFontStyle: "13px",
  headerFontStyle: "600 12px",
  editorFontSize: "13px",
};

type Look = { text: string; bg?: string; fg?: string; image?: string; badge?: Badge; bold?: boolean };

/** A cell's text and colours: the sheet's own look, pending and refused edits, the saved text colours. */
function lookOf(
  sheetLook: SheetLook | undefined,
  column: SheetColumn,
  row: SheetRow,
  pending: Record<string, PendingValue> | undefined,
  conflict: boolean,
  dark: boolean,
): Look {
  const own = sheetLook?.(column, row, dark);
  const look: Look = { text: cellTextOf(column, column.value(row)), bg: own?.bg, fg: textColourOf(row, column.id, own?.fg), badge: own?.badge };
  if (pending && column.id in pending) {
    look.bg = conflict ? "rgba(224, 49, 49, 0.35)" : "rgba(250, 176, 5, 0.62)";
    look.bold = true;
  }
  if (column.name && row.imageUrl) look.image = row.imageUrl;
  return look;
}

const sameLook = (a: Look, b: Look) =>
  a.text === b.text && a.bg === b.bg && a.fg === b.fg && a.image === b.image && a.bold === b.bold && a.badge?.text === b.badge?.text;

/** The generated icon: a rounded square of the colour with the initials in white. */
function drawBadge(ctx: CanvasRenderingContext2D, badge: Badge, x: number, y: number, size: number) {
  ctx.save();
  ctx.fillStyle = badge.colour;
  ctx.beginPath();
  ctx.roundRect(x, y, size, size, 5);
  ctx.fill();
  ctx.fillStyle = "#ffffff";
  ctx.font = `700 ${Math.round(size * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(badge.text, x + size / 2, y + size / 2 + 0.5);
  ctx.restore();
}

/** A select in place of the text editor: a choice commits at once, Escape leaves the value as it was. */
function selectEditor(options: readonly string[], title: string) {
  function SelectEditor({ value, onFinishedEditing }: { value: GridCell; onFinishedEditing: (v?: GridCell, movement?: readonly [-1 | 0 | 1, -1 | 0 | 1]) => void }) {
    const current = value.kind === GridCellKind.Text ? value.data : "";
    return (
      <select
        className="sheet-select-editor"
        aria-label={title}
        autoFocus
        defaultValue={current}
        onChange={(e) => onFinishedEditing({ ...value, data: e.target.value } as GridCell, [0, 0])}
        onKeyDown={(e) => {
          if (e.key === "Escape") onFinishedEditing(undefined, [0, 0]);
        }}
      >
        <Options options={options} value={current} />
      </select>
    );
  }
  return SelectEditor;
}

export default function SheetGrid({
  columns,
  rows,
  pending,
  conflicts,
  onEdit,
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

  // Everything getCellContent reads lives in refs, so its identity never changes and glide never repaints all cells.
  const state = useRef({ rows, columns, pending, conflicts, dark, sheetLook });
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
    return s.rows.map((row) => s.columns.map((col) => lookOf(s.sheetLook, col, row, s.pending.get(row._id), s.conflicts.has(row._id), s.dark)));
  };

  // New data: repaint only the cells that look different; a changed value nobody here is editing flashes.
  useEffect(() => {
    const previous = state.current;
    state.current = { rows, columns, pending, conflicts, dark, sheetLook };
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
    const { rows, columns, pending, conflicts, dark, sheetLook } = state.current;
    const col = columns[c];
    const row = rows[r];
    if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
    const look = looks.current[r]?.[c] ?? lookOf(sheetLook, col, row, pending.get(row._id), conflicts.has(row._id), dark);
    const flashed = flashes.current.get(`${row._id}:${col.id}`);
    const cell = {
      kind: GridCellKind.Text,
      data: editStart(col, row),
      displayData: look.text,
      allowOverlay: col.editable,
      readonly: !col.editable,
      contentAlign: col.align === "right" ? "right" : undefined,
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
      stockBadge: look.badge,
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

  // The editor opens on the selected cell: remember which one, for Tab's move. A select column gets its select.
  const selectEditors = useMemo(
    () =>
      new Map(
        columns.flatMap((c) => (c.editor?.kind === "select" ? [[c.id, selectEditor(c.editor.options, c.title)] as const] : [])),
      ),
    [columns],
  );
  const provideEditor = useCallback(() => {
    const cell = selectionRef.current.current?.cell ?? null;
    editingCell.current = cell;
    const column = cell ? state.current.columns[cell[0]] : undefined;
    return column ? selectEditors.get(column.id) : undefined;
  }, [selectEditors]);

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
      performance.mark(`${testId}-paint`);
      window.setTimeout(() => {
        if (frame.current) frame.current.dataset.painted = "true";
      }, 0);
    }
    const { stockImage: url, stockBadge: badge } = args.cell as { stockImage?: string; stockBadge?: Badge };
    if (!url && !badge) return drawContent();
    // The item's picture left of its name; a picture that fails to load is not drawn (spec: broken images are
    // hidden), and the sheet's generated icon (if it has one) stands in for it.
    const image = url ? args.imageLoader.loadOrGetImage(url, args.col, args.row) : undefined;
    if (!image && !badge) return drawContent();
    const { ctx, rect } = args;
    if (image) {
      const w = "width" in image ? image.width : IMAGE_SIZE;
      const h = "height" in image ? image.height : IMAGE_SIZE;
      const scale = Math.min(IMAGE_SIZE / (w || IMAGE_SIZE), IMAGE_SIZE / (h || IMAGE_SIZE));
      ctx.drawImage(image, rect.x + 6, rect.y + (rect.height - h * scale) / 2, w * scale, h * scale);
    } else if (badge) drawBadge(ctx, badge, rect.x + 6, rect.y + (rect.height - IMAGE_SIZE) / 2, IMAGE_SIZE);
    const { x, width } = rect;
    rect.x = x + IMAGE_SIZE + 8;
    rect.width = width - IMAGE_SIZE - 8;
    drawContent();
    rect.x = x;
    rect.width = width;
  }, [testId]);

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
        initialSize={initialWidth ? [initialWidth, height] : undefined}
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
