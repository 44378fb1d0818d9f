// Column definitions shared by the canvas grid and its server-rendered HTML table.

export type CellValue = string | number | boolean | null | undefined;

export type GridColumnDef<T> = {
  id: string;
  title: string;
  /** The width of an image column, and of any column in a table with no rows yet; others fit their text (columns.ts). */
  width?: number;
  /** 1: what a person looks for first (a name, a status, a time, the actions); 3: ids and hashes; 2 (default): the rest.
   * A phone's card lists the cells in this order. */
  priority?: 1 | 2 | 3;
  /** text (default), number, image (a URL), badge (coloured text). */
  kind?: "text" | "number" | "image" | "badge";
  value: (row: T) => CellValue;
  /** The cell in a CSV export, where it differs from `value` (a link's address rather than its words). */
  csv?: (row: T) => CellValue;
  /** Editable in place on the canvas (the HTML table edits through its row form). */
  editable?: boolean;
  /** A glyph drawn before the text on the canvas: an SVG path in a 24-unit box, stroked in the text colour. */
  icon?: (row: T) => string | null;
  /** Text and background colour for a badge or a highlighted cell. */
  colors?: (row: T) => { fg?: string; bg?: string } | undefined;
  /**
   * Where the cell leads (a player's profile, a tribe's page): on the canvas the cell is drawn as a link and a click or
   * Enter on it goes there; the HTML table's `render` draws the same link as an anchor.
   */
  href?: (row: T) => string | null;
  /** The HTML table's cell (HtmlTable); the value as text when omitted. */
  render?: (row: T) => React.ReactNode;
  /** The HTML table's class of the column's cells, and of its header cell. */
  className?: string;
  headerClassName?: string;
};

export type GridProps<T> = {
  rows: T[];
  columns: GridColumnDef<T>[];
  rowKey: (row: T) => string;
  /** An in-place edit, committed by the grid's editor. */
  onEdit?: (row: T, columnId: string, value: string | number | null) => void;
  /** The row the user selected (by its marker or a cell), or null. */
  onSelect?: (row: T | null) => void;
  /** A label for screen readers and tests. */
  label: string;
  maxHeight?: number;
};

/** The columns a member who may only read sees: no Actions column, and no cell editable in place. */
export const readOnlyColumns = <T>(columns: GridColumnDef<T>[]): GridColumnDef<T>[] =>
  columns.filter((c) => c.id !== "actions").map((c) => (c.editable ? { ...c, editable: false } : c));
