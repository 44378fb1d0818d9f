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
import { cellTextOf, editStart, textColourOf, type PendingValue, type SheetColumn, type SheetRow } from "./rules";
import { CELL_IMAGE_SIZE as IMAGE_SIZE, editorSize, gridHeight, STOCK_GRID } from "../grid/geometry";
import { useGridTheme } from "../grid/theme";
import { readable } from "../../utils/contrast";
import type { Presence } from "../../../contract/presence";
import { usePresence } from "../../realtime/presence";

export { SheetBar } from "./SheetBars";
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
  /** Cells ("rowId:columnId") the last paste or fill refused. */
  refused: ReadonlySet<string>;
  /** The sheet's name in the live room's presence: where this browser is goes there, and the others come back. */
  presence: string;
  onOthers: (people: readonly Presence[]) => void;
  onEdit: (row: SheetRow, column: SheetColumn, text: string) => void;
  onEdits: (inputs: { row: SheetRow; column: SheetColumn; text: string; rowNumber: number }[], kind: BatchKind, rowsPastEnd?: number) => void;
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
const KEYBINDINGS = { activateCell: " |Enter|shift+Enter|F2", delete: "Backspace|Delete", downFill: true, rightFill: true, paste: false } as const;

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

const REFUSED_BG = "rgba(224, 49, 49, 0.35)";

type Look = { text: string; bg?: string; fg?: string; image?: string; badge?: Badge; bold?: boolean };

/** A cell's text and colours: the sheet's own look, pending and refused edits, the saved text colours. */
function lookOf(
  sheetLook: SheetLook | undefined,
  column: SheetColumn,
  row: SheetRow,
  pending: Record<string, PendingValue> | undefined,
  conflict: boolean,
  refused: boolean,
  dark: boolean,
): Look {
  const own = sheetLook?.(column, row, dark);
  const look: Look = { text: cellTextOf(column, column.value(row)), bg: own?.bg, fg: textColourOf(row, column.id, own?.fg), badge: own?.badge };
  if (pending && column.id in pending) {
    look.bg = conflict ? REFUSED_BG : "rgba(250, 176, 5, 0.62)";
    look.bold = true;
  }
  if (refused) look.bg = REFUSED_BG;
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

type DrawArgs = Parameters<DrawCellCallback>[0];

/** A cell's content, with the item's picture or the sheet's generated icon left of a name. */
function drawCellContent(args: DrawArgs, drawContent: () => void) {
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
}

/** Another person's name on the top right of the cell they have selected, on their colour. */
function drawNameTag(ctx: CanvasRenderingContext2D, other: Presence, rect: { x: number; y: number; width: number; height: number }) {
  const text = other.editing ? `${other.name} ✎` : other.name;
  ctx.save();
  ctx.font = "600 10px system-ui, sans-serif";
  const width = Math.min(ctx.measureText(text).width + 8, rect.width);
  const x = rect.x + rect.width - width;
  ctx.fillStyle = other.colour;
  ctx.fillRect(x, rect.y, width, 13);
  ctx.fillStyle = "#ffffff";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + 4, rect.y + 7, width - 8);
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

  // Everything getCellContent reads lives in refs. Its identity changes once per change of the data (`version`): glide
  // rebuilds its accessibility table only then, which screen readers (and the tests) read the cells from.
  const state = useRef({ rows, columns, pending, conflicts, refused, dark, sheetLook });
  const [version, setVersion] = useState(0);
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
    return s.rows.map((row) =>
      s.columns.map((col) =>
        lookOf(s.sheetLook, col, row, s.pending.get(row._id), s.conflicts.has(row._id), s.refused.has(`${row._id}:${col.id}`), s.dark),
      ),
    );
  };

  // New data: repaint only the cells that look different; a changed value nobody here is editing flashes.
  useEffect(() => {
    const previous = state.current;
    state.current = { rows, columns, pending, conflicts, refused, dark, sheetLook };
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
  }, [rows, columns, pending, conflicts, refused, dark]); // eslint-disable-line react-hooks/exhaustive-deps

  // First render: the looks of the initial data.
  if (looks.current.length === 0 && rows.length > 0) looks.current = computeLooks();

  useEffect(() => {
    selectionRef.current = EMPTY_SELECTION;
    setSelection(EMPTY_SELECTION);
    onSelection({ count: 0, cells: [], rows: [] });
  }, [selectionKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const gridColumns = useMemo<GridColumn[]>(() => columns.map((c) => ({ id: c.id, title: c.title, width: c.width })), [columns]);

  const getCellContent = useCallback(([c, r]: Item): GridCell => {
    const { rows, columns, pending, conflicts, refused, dark, sheetLook } = state.current;
    const col = columns[c];
    const row = rows[r];
    if (!col || !row) return { kind: GridCellKind.Loading, allowOverlay: false };
    const look =
      looks.current[r]?.[c] ?? lookOf(sheetLook, col, row, pending.get(row._id), conflicts.has(row._id), refused.has(`${row._id}:${col.id}`), dark);
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
              ...(look.bg || look.fg ? { textDark: readable(look.fg ?? page.current.text, look.bg, page.current.bg) } : {}),
              ...(look.bold ? { baseFontStyle: "700 13px" } : {}),
            }
          : undefined,
      lastUpdated: flashed,
      stockImage: look.image,
      stockBadge: look.badge,
    } as GridCell;
    return cell;
  }, [version]); // eslint-disable-line react-hooks/exhaustive-deps -- a new identity per data change, see `version`

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
        return row && column && value.kind === GridCellKind.Text ? [{ row, column, text: value.data, rowNumber: r + 1 }] : [];
      });
      const kind: BatchKind = clearing.current ? "clear" : "fill";
      clearing.current = false;
      if (inputs.length) onEdits(inputs, kind);
      return true;
    },
    [onEdit, onEdits],
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
  }, [onEdits]);

  // Ctrl+D / Ctrl+R on a single row or column take the cell above or to the left, as in Google Sheets (glide fills a
  // taller or wider range itself).
  const onKeyDown = useCallback(
    (event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; cancel: () => void; preventDefault?: () => void }) => {
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
    [onEdits],
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
    setEditing(true);
    const column = cell ? state.current.columns[cell[0]] : undefined;
    return column ? selectEditors.get(column.id) : undefined;
  }, [selectEditors]);

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
    [onEdit],
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

  const drawCell = useCallback<DrawCellCallback>((args, drawContent) => {
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
  }, [testId]);

  // A click selects; a double-click edits. On a touch screen, a tap selects and a second tap edits.
  const activation = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches ? "second-click" : "double-click";

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
