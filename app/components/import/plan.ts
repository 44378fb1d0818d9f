// Importing a tribe's sheet (CSV, XLSX or pasted) into a stock tab or the Breeder List: column mapping, row matching
// by ID or unique name, typed cell checks and a per-row preview. Pure; planned again before applying (ADR 065).
import Papa from "papaparse";
import type { CellCheck } from "#app/components/sheet/batch";
import type { StoredValue } from "#app/components/sheet/pending";
import { cellTextOf, sameValue, type PendingValue, type SheetColumn, type SheetRow } from "#app/components/sheet/rules";
import { ID_FIELD, type Mapping } from "./fields";

/** The file's rows as text: tab-separated when its first line has a tab (pasted from a sheet), else comma-separated. */
export function readTable(text: string): string[][] {
  const trimmed = text.replace(/^\uFEFF/, "");
  const firstLine = trimmed.slice(0, trimmed.search(/\r?\n|$/));
  const { data } = Papa.parse<string[]>(trimmed, {
    delimiter: firstLine.includes("\t") ? "\t" : ",",
    skipEmptyLines: "greedy",
  });
  return data.map((row) => row.map((cell) => (cell ?? "").trim()));
}

/** Cells back to text for the next post (the preview's hidden field): tab-separated, with Papa's quoting. */
export const writeTable = (rows: readonly (readonly string[])[]) =>
  Papa.unparse(rows as string[][], { delimiter: "\t", newline: "\n" });

const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Each header's field: its column's title or id, case, spaces and signs aside; "ID" or "_id" is the row's id. */
export function guessMapping(headers: readonly string[], columns: readonly SheetColumn[]): Mapping {
  const byKey = new Map<string, string>();
  for (const c of columns) {
    byKey.set(key(c.title), c.id);
    if (!byKey.has(key(c.id))) byKey.set(key(c.id), c.id);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const k = key(header);
    const field = k === "id" || k === "_id" ? ID_FIELD : byKey.get(k);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

export type PlannedRow = {
  /** The line in the file (the header is line 1). */
  line: number;
  kind: "update" | "create";
  /** The stored row an update changes. */
  row?: SheetRow;
  name: string;
  changes: { column: string; before: string; after: string }[];
  cells: Record<string, PendingValue>;
};
export type ImportPlan = {
  headers: string[];
  mapping: Mapping;
  rows: PlannedRow[];
  refused: { line: number; name: string; reason: string }[];
  unchanged: number;
};

export type ImportSheet = {
  /** The sheet's editable columns, the name column first. */
  columns: readonly SheetColumn[];
  /** The sheet (or tab) as stored now. */
  rows: readonly SheetRow[];
  check: CellCheck;
  stored: StoredValue;
  /** The name a row is matched by when the file has no ID column, and shown by in the preview. */
  nameOf: (row: SheetRow) => string;
  /** Whether a row that matches none is added (the breeder list) or refused (a stock tab's items are fixed). */
  creates: boolean;
  noMatch: string;
};

export function planImport(table: readonly (readonly string[])[], mapping: Mapping, sheet: ImportSheet): ImportPlan {
  const [headers = [], ...lines] = table;
  const plan: ImportPlan = { headers: [...headers], mapping, rows: [], refused: [], unchanged: 0 };
  const byId = new Map(sheet.rows.map((r) => [r._id, r]));
  const byName = new Map<string, SheetRow[]>();
  for (const r of sheet.rows) {
    const k = sheet.nameOf(r).trim().toLowerCase();
    if (k) byName.set(k, [...(byName.get(k) ?? []), r]);
  }
  const columns = new Map(sheet.columns.map((c) => [c.id, c]));
  const nameColumn = sheet.columns[0];
  const idAt = mapping.indexOf(ID_FIELD);
  const nameAt = mapping.indexOf(nameColumn.id);
  const seen = new Set<string>();

  lines.forEach((cells, i) => {
    const line = i + 2;
    const name = nameAt >= 0 ? (cells[nameAt] ?? "") : "";
    const refuse = (reason: string) => plan.refused.push({ line, name, reason });
    const id = idAt >= 0 ? (cells[idAt] ?? "").trim() : "";
    let row: SheetRow | undefined;
    if (id) {
      row = byId.get(id);
      if (!row) return refuse(`no row has the ID ${id}`);
    } else if (name.trim()) {
      const named = byName.get(name.trim().toLowerCase()) ?? [];
      if (named.length > 1)
        return refuse(`${named.length} rows are named ${name.trim()}: add an ID column to say which`);
      row = named[0];
    }
    if (row && seen.has(row._id)) return refuse("the same row is already changed by an earlier line");
    if (!row && !sheet.creates) return refuse(sheet.noMatch);
    if (!row && !name.trim()) return refuse(`${nameColumn.title} is empty`);

    const values: Record<string, PendingValue> = {};
    for (const [at, field] of mapping.entries()) {
      const column = field ? columns.get(field) : undefined;
      if (!column) continue;
      const verdict = sheet.check(column, cells[at] ?? "");
      if ("error" in verdict) return refuse(`${column.title} ${verdict.error}`);
      values[column.id] = verdict.value;
    }
    if (row) seen.add(row._id);
    const changes: PlannedRow["changes"] = [];
    const changed: Record<string, PendingValue> = {};
    for (const [field, value] of Object.entries(values)) {
      const before = row ? sheet.stored(row, field) : null;
      // An unchanged cell, or an empty one on a new line, is no change.
      if (sameValue(before, value)) continue;
      const column = columns.get(field)!;
      changed[field] = value;
      changes.push({ column: column.title, before: cellTextOf(column, before), after: cellTextOf(column, value) });
    }
    if (changes.length === 0) {
      plan.unchanged++;
      return;
    }
    plan.rows.push({
      line,
      kind: row ? "update" : "create",
      row,
      name: row ? sheet.nameOf(row) : name.trim(),
      changes,
      cells: changed,
    });
  });
  return plan;
}
