// A breeder row ("Breeder page"): its search columns, its JSON view with the Days since computed, and
// the plan of a change to it (which columns, `values` keys and colours a PATCH writes).
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { breederList } from "#drizzle/schema";
import type { LiveEvent } from "#contract/events";
import { SEARCH_SEPARATOR } from "./paging";
import {
  daysSince,
  daysSinceDay,
  DAYS_SINCE_COLUMNS,
  sheetDay,
  VALUE_COLUMNS,
  type BreederListRow,
} from "#contract/breeder";

import { type BreederPatch } from "./breeder-input";

export type BreederRow = typeof breederList.$inferSelect;
export type Value = string | number | null;

// ---- Search columns ---------------------------------------------------------------------------------------------

/** Which stored column keeps the day of each Days since's date (migrations/0006). */
export const DAY_COLUMNS = { "Days since": "dateDay", "Days sincetwo": "datetwoDay" } as const satisfies Record<
  keyof typeof DAYS_SINCE_COLUMNS,
  keyof BreederRow
>;
export type SearchColumns = Pick<BreederRow, (typeof DAY_COLUMNS)[keyof typeof DAY_COLUMNS] | "searchText">;

/**
 * The columns the list's search reads (GET /api/breeder-list/search), so that it reads no JSON and parses no date:
 * each Days since's date as its day number, read by parseSheetDate (the one rule; null when not a date), and the texts
 * the row shows that do not change with the day (Dino, Server and each stored text or number, as the search has
 * always read them; a key's name is not a field) joined by SEARCH_SEPARATOR. Every write of Dino, Server or `values`
 * writes them; migrations/0006 computed them in SQL for the rows already there, with the same result.
 */
export function searchColumns(row: Pick<BreederRow, "Dino" | "Server" | "values">): SearchColumns {
  const values = row.values ?? {};
  const texts = [row.Dino, row.Server, ...Object.values(values)].flatMap((v) =>
    typeof v === "string" ? [v] : typeof v === "number" && Number.isFinite(v) ? [String(v)] : [],
  );
  const days = Object.fromEntries(
    Object.entries(DAY_COLUMNS).map(([shown, column]) => [
      column,
      sheetDay(values[DAYS_SINCE_COLUMNS[shown as keyof typeof DAY_COLUMNS]]),
    ]),
  ) as Omit<SearchColumns, "searchText">;
  return { ...days, searchText: texts.join(SEARCH_SEPARATOR) };
}

/** A row as the rules of this module read it: its search columns are only written, its row_key only by a trigger. */
export type RowFields = Omit<BreederRow, keyof SearchColumns | "rowKey">;

/** The columns a read for breederJson selects: all but the search's text and key, which are long and never sent. */
export const ROW_FIELDS = (({ searchText: _text, rowKey: _key, ...fields }) => fields)(getTableColumns(breederList));
export const LIST_EVENT: LiveEvent = {
  type: "breeder_list_update",
  message: "Breeder list updated! Live update received.",
};

/** Each Days since column with the date it counts from, listed once (breederJson runs for every row of a page). */
const DAYS_SINCE_ENTRIES = Object.entries(DAYS_SINCE_COLUMNS) as [keyof typeof DAY_COLUMNS, string][];

/**
 * The API's JSON for a row: the `values` columns flattened into the row, every known column present. A row read with
 * its day numbers (ROW_FIELDS) counts its Days since from them: they hold what parseSheetDate reads from the dates
 * (searchColumns), so a page's dates are not parsed again; a row without them (none kept, or not read) parses its
 * dates. Built in one object, in the key order the API has always answered: the row's fields, the known columns, any
 * other stored key, then the counts and the version.
 */
export function breederJson(
  row: RowFields & Partial<Pick<BreederRow, (typeof DAY_COLUMNS)[keyof typeof DAY_COLUMNS]>>,
  now: Date = new Date(),
): BreederListRow {
  const json: Record<string, unknown> = {
    _id: row._id,
    order: row.order,
    Dino: row.Dino,
    imageUrl: row.imageUrl,
    Server: row.Server,
    textColor: row.textColor,
    fieldColors: row.fieldColors ?? {},
    lastUpdated: row.lastUpdated.toISOString(),
    roleId: row.roleId,
  };
  for (const column of VALUE_COLUMNS) json[column] = null;
  Object.assign(json, row.values);
  for (const [column, date] of DAYS_SINCE_ENTRIES) {
    const day = row[DAY_COLUMNS[column]];
    json[column] = typeof day === "number" ? daysSinceDay(day, now) : daysSince(json[date], now);
  }
  json.version = row.version;
  return json as BreederListRow;
}

// ---- Pure change rules ------------------------------------------------------------------------------------------

/** JSON path of a top-level key, quoted so names like "Curent # of 0/0's" work. */
const jsonPath = (key: string) => `$."${key.replace(/"/g, '\\"')}"`;

/** SQL that sets (or, for null, removes) keys of a JSON text column without reading it first: no lost updates. */
export function jsonMerge(
  column: SQL | typeof breederList.values | typeof breederList.fieldColors,
  entries: [string, Value][],
  removeNulls: boolean,
) {
  let expr: SQL = sql`${column}`;
  const sets = entries.filter(([, v]) => !(removeNulls && v === null));
  const removes = entries.filter(([, v]) => removeNulls && v === null);
  if (sets.length)
    expr = sql`json_set(${expr}, ${sql.join(
      sets.map(([k, v]) => sql`${jsonPath(k)}, ${v}`),
      sql`, `,
    )})`;
  if (removes.length)
    expr = sql`json_remove(${expr}, ${sql.join(
      removes.map(([k]) => sql`${jsonPath(k)}`),
      sql`, `,
    )})`;
  return expr;
}

export type PlannedChange = {
  /** Plain columns to set. */
  columns: Partial<Pick<BreederRow, "Dino" | "Server" | "textColor">>;
  /** Keys of `values` to set. */
  values: [string, Value][];
  /** Cell colours to set (null removes). */
  colours: [string, string | null][];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

/** What a validated PATCH changes on a row: only the fields whose value differs. Pure. */
export function planPatch(row: RowFields, patch: BreederPatch): PlannedChange {
  const change: PlannedChange = { columns: {}, values: [], colours: [], before: {}, after: {} };
  const colours: Record<string, string | null> = { ...((patch.fieldColors as Record<string, string | null>) ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (key === "version" || key === "fieldColors") continue;
    if (key.startsWith("fieldColors.")) {
      colours[key.slice(12)] = value as string | null;
    } else if (key === "Dino" || key === "Server" || key === "textColor") {
      if (row[key] !== value) {
        (change.columns as Record<string, unknown>)[key] = value;
        change.before[key] = row[key];
        change.after[key] = value;
      }
    } else {
      const current = (row.values ?? {})[key] ?? null;
      if (current !== value) {
        change.values.push([key, value as Value]);
        change.before[key] = current;
        change.after[key] = value;
      }
    }
  }
  for (const [column, colour] of Object.entries(colours)) {
    const current = row.fieldColors?.[column] ?? null;
    if (current !== colour) {
      change.colours.push([column, colour]);
      change.before[`fieldColors.${column}`] = current;
      change.after[`fieldColors.${column}`] = colour;
    }
  }
  return change;
}

export const isEmptyChange = (c: PlannedChange) =>
  !Object.keys(c.columns).length && !c.values.length && !c.colours.length;
