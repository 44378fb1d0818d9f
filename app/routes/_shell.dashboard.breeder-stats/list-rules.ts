// The Breeder List tab's rules ("Breeder page", sections 3 to 9), pure for the loader, the action, the
// grid and the HTML table: the sheet's columns from contract/breeder.ts (which are editable and how), how a typed text
// becomes a cell, a row shown with its pending cells, the summary card and the server filter, and every text.
import {
  BREEDER_COLUMNS,
  BREEDER_SERVERS,
  COLOURED_STATS,
  daysSince,
  DAYS_SINCE_COLUMNS,
  EDITABLE_COLUMNS,
  NEGATIVE_VALUES,
  ZERO_COLUMN,
  type BreederColumn,
  type BreederListRow,
  type BreederServer,
  type BreederSummary,
} from "#contract/breeder";
import {
  SHEET_TEXTS,
  type CellValue,
  type PendingValue,
  type SheetColumn,
  type SheetRow,
  type SheetTexts,
} from "#app/components/sheet/rules";
import { isOneOf } from "#contract/one-of";

/** A row as GET /api/breeder-list answers it, as the sheet holds it. */
export type BreederRow = SheetRow & BreederListRow;

/** The breeder list starts at 100 rows a page (the other sizes are the tables' 25 and 50). */
export const LIST_PAGE_SIZE = 100;
export const MAX_DINO_LENGTH = 100;
export const MAX_DATE_LENGTH = 40;
export const MAX_TEXT_LENGTH = 2000;

export const LIST_TEXTS: SheetTexts & {
  title: string;
  empty: string;
  loadFailed: string;
  loading: string;
  mutHidden: string;
} = {
  title: "Good Comms Breed Lines",
  loadFailed: "Failed to load the breeder list",
  empty: "No breeders found",
  loading: "Loading breeders...",
  mutHidden:
    "Mutation columns are hidden. Press Mut Details to show Mut Hp, Mut Stam, Mut Oxy, Mut Food, Mut Weight and Mut Dmg.",
  ...SHEET_TEXTS,
  saved: (n) => `Successfully saved ${n} ${n === 1 ? "change" : "changes"}!`,
  // The breeder list's own alerts.
  partial: () => "Some changes could not be saved. Please try again.",
  failed: "An error occurred while saving changes.",
};

/** A refused colour save names the host's status. */
export const colourFailed = (status: number, body: string, cells: boolean) =>
  cells
    ? `Failed to save color. Status: ${status}. ${body}`.trim()
    : `Failed to save text color. Status: ${status}. Please try again.`;

const editable = new Set<string>(EDITABLE_COLUMNS);

const asCell = (v: unknown): CellValue =>
  typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" ? v : null;

/** What a phone's card shows of a line beside its dino: who breeds it, where, and the coloured stats. */
const PHONE_COLUMNS = new Set<string>(["Breeder", "Server", ...COLOURED_STATS]);

function sheetColumn(c: BreederColumn): SheetColumn {
  const base: SheetColumn = {
    id: c.key,
    title: c.title,
    width: c.width ?? 110,
    editable: editable.has(c.key),
    value: (row) => asCell(row[c.key]),
    ...(PHONE_COLUMNS.has(c.key) ? { phone: true } : {}),
  };
  switch (c.kind) {
    case "name":
      return { ...base, name: true };
    case "number":
      return { ...base, align: "right", editor: { kind: "number" } };
    case "server":
      return { ...base, editor: { kind: "select", options: BREEDER_SERVERS } };
    case "boolean":
      return { ...base, editor: { kind: "select", options: NEGATIVE_VALUES } };
    case "days":
      // Whole days to today, '-' when the date is not a date.
      return { ...base, align: "right", text: (v) => (v === null || v === undefined ? "-" : String(v)) };
    default:
      return { ...base, editor: { kind: "text" } };
  }
}

export type ColumnToggles = { base: boolean; mut: boolean };

/** The columns shown: the base stats while "Base Stats Details" is on, the mutations while "Mut Details" is on. */
export const listColumns = (toggles: ColumnToggles): SheetColumn[] =>
  BREEDER_COLUMNS.filter((c) => (c.group === "base" ? toggles.base : c.group === "mut" ? toggles.mut : true)).map(
    sheetColumn,
  );

/** Every editable column (the no-JavaScript row form's fields, whatever is toggled). */
export const editableListColumns = () => listColumns({ base: true, mut: true }).filter((c) => c.editable);

export const kindOf = (id: string) => BREEDER_COLUMNS.find((c) => c.key === id)?.kind ?? "text";

/**
 * A typed text as the column keeps it (undefined when refused): a number or empty; TRUE/FALSE; a server id; a date
 * text (kept as typed: Days since shows '-' for one that is not a date); a non-blank dino; other text or empty.
 */
export function parseBreederInput(column: Pick<SheetColumn, "id">, input: string): PendingValue | undefined {
  const text = (input ?? "").trim();
  switch (kindOf(column.id)) {
    case "name":
      return text === "" || text.length > MAX_DINO_LENGTH ? undefined : text;
    case "number": {
      if (text === "") return null;
      const n = Number(text.replace(/,/g, ""));
      return Number.isFinite(n) ? n : undefined;
    }
    case "boolean": {
      if (text === "") return null;
      const v = text.toUpperCase();
      return isOneOf(NEGATIVE_VALUES, v) ? v : undefined;
    }
    case "server":
      if (text === "") return null;
      return isOneOf(BREEDER_SERVERS, text) ? text : undefined;
    case "date":
      return text === "" ? null : text.length > MAX_DATE_LENGTH ? undefined : text;
    case "days":
      return undefined;
    default:
      return text === "" ? null : text.length > MAX_TEXT_LENGTH ? undefined : text;
  }
}

/** Why a column refused a text (the no-JavaScript form's message, after the column's title). */
export function breederRefusal(column: Pick<SheetColumn, "id">, input: string): string {
  switch (kindOf(column.id)) {
    case "name":
      return input.trim() === "" ? "is required" : `can be at most ${MAX_DINO_LENGTH} characters`;
    case "number":
      return "must be a number";
    case "boolean":
      return "must be TRUE or FALSE";
    case "server":
      return `must be ${BREEDER_SERVERS.join(", ")}`;
    case "date":
      return `can be at most ${MAX_DATE_LENGTH} characters`;
    default:
      return `can be at most ${MAX_TEXT_LENGTH} characters`;
  }
}

/** A pasted or filled text checked by the same rules as a typed one, with the reason when refused. */
export function checkBreederInput(
  column: Pick<SheetColumn, "id">,
  input: string,
): { value: PendingValue } | { error: string } {
  const value = parseBreederInput(column, input);
  return value === undefined ? { error: breederRefusal(column, input) } : { value };
}

export const storedBreederValue = (row: SheetRow, columnId: string): PendingValue => asCell(row[columnId]);

/** A row shown with its pending cells; Days since and Days sincetwo follow a pending date. */
export function displayBreeder<R extends SheetRow>(
  row: R,
  cells: Record<string, PendingValue> | undefined,
  now = new Date(),
): R {
  if (!cells || Object.keys(cells).length === 0) return row;
  const shown: Record<string, unknown> = { ...row, ...cells };
  for (const [days, from] of Object.entries(DAYS_SINCE_COLUMNS))
    if (from in cells) shown[days] = daysSince(cells[from], now);
  return shown as R;
}

/** One PATCH body per modified row: the map of column to new value. */
export const breederPayload = (_row: SheetRow, cells: Record<string, PendingValue>) => ({ ...cells });

export const rowName = (row: SheetRow) => String(row.Dino ?? "");

// ---------------------------------------------------------------------------------------------------------------
// Summary card and server filter

const zeros = (row: SheetRow) => (typeof row[ZERO_COLUMN] === "number" ? (row[ZERO_COLUMN] as number) : 0);

/** Total Breeders, Last Updated, each server's total of the 0/0 count and the total of all. */
export function summaryOf(rows: readonly BreederRow[]): BreederSummary {
  const servers = Object.fromEntries(BREEDER_SERVERS.map((id) => [id, 0])) as Record<BreederServer, number>;
  let total = 0;
  let last: string | null = null;
  for (const row of rows) {
    const n = zeros(row);
    total += n;
    if (row.Server && row.Server in servers) servers[row.Server as keyof typeof servers] += n;
    if (!last || row.lastUpdated > last) last = row.lastUpdated;
  }
  return { breeders: rows.length, servers, total, lastUpdated: last };
}

export const isBreederServer = (v: unknown): v is BreederServer => isOneOf(BREEDER_SERVERS, v);
