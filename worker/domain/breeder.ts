// The breeder list (spec part 2, "Breeder page"): one row per breed line. The sheet's columns live under their spec
// names; Days since / Days sincetwo are computed on every read. Writes bump the row's version (optimistic locking),
// are audited, and raise breeder_list_update; a write of Dino, Server or `values` also writes the row's search
// columns (searchColumns).
import { and, asc, eq, getTableColumns, inArray, max, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { breederList, itemImages, roleMappings } from "../../drizzle/schema";
import type { LiveEvent } from "../../contract/events";
import type { AuditEntry, Db, Deps } from "./context";
import { commit, newObjectId, newPlaces, RACE_RETRIES, versionGuard } from "./context";
import { SEARCH_SEPARATOR } from "./paging";
import { DISCORD_ID, objectIdSchema } from "../../contract/ids";
import {
  BREEDER_SERVERS,
  COLOURABLE_COLUMNS,
  DATE_COLUMNS,
  daysSince,
  daysSinceDay,
  DAYS_SINCE_COLUMNS,
  EDITABLE_COLUMNS,
  NUMERIC_COLUMNS,
  sheetDay,
  TEXT_COLUMNS,
  VALUE_COLUMNS,
} from "../../contract/breeder";

type BreederRow = typeof breederList.$inferSelect;
type Value = string | number | null;

// ---- Search columns ---------------------------------------------------------------------------------------------

/** Which stored column keeps the day of each Days since's date (migrations/0006). */
export const DAY_COLUMNS = { "Days since": "dateDay", "Days sincetwo": "datetwoDay" } as const satisfies Record<
  keyof typeof DAYS_SINCE_COLUMNS,
  keyof BreederRow
>;
type SearchColumns = Pick<BreederRow, (typeof DAY_COLUMNS)[keyof typeof DAY_COLUMNS] | "searchText">;

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
    Object.entries(DAY_COLUMNS).map(([shown, column]) => [column, sheetDay(values[DAYS_SINCE_COLUMNS[shown as keyof typeof DAY_COLUMNS]])]),
  ) as Omit<SearchColumns, "searchText">;
  return { ...days, searchText: texts.join(SEARCH_SEPARATOR) };
}

/** A row as the rules of this module read it: its search columns are only written, its row_key only by a trigger. */
type RowFields = Omit<BreederRow, keyof SearchColumns | "rowKey">;

/** The columns a read for breederJson selects: all but the search's text and key, which are long and never sent. */
export const ROW_FIELDS = (({ searchText: _text, rowKey: _key, ...fields }) => fields)(getTableColumns(breederList));
export const LIST_EVENT: LiveEvent = { type: "breeder_list_update", message: "Breeder list updated! Live update received." };

/** Each Days since column with the date it counts from, listed once (breederJson runs for every row of a page). */
const DAYS_SINCE_ENTRIES = Object.entries(DAYS_SINCE_COLUMNS) as [keyof typeof DAY_COLUMNS, string][];

/**
 * The API's JSON for a row: the `values` columns flattened into the row, every known column present. A row read with
 * its day numbers (ROW_FIELDS) counts its Days since from them: they hold what parseSheetDate reads from the dates
 * (searchColumns), so a page's dates are not parsed again; a row without them (none kept, or not read) parses its
 * dates. Built in one object, in the key order the API has always answered: the row's fields, the known columns, any
 * other stored key, then the counts and the version.
 */
export function breederJson(row: RowFields & Partial<Pick<BreederRow, (typeof DAY_COLUMNS)[keyof typeof DAY_COLUMNS]>>, now: Date = new Date()) {
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
  return json as BreederJson;
}
/** A row as the API answers it (breederJson). */
export type BreederJson = {
  _id: string;
  order: number;
  Dino: string;
  imageUrl: string | null;
  Server: string;
  textColor: string | null;
  fieldColors: Record<string, string>;
  lastUpdated: string;
  roleId: string | null;
  "Days since": number | null;
  "Days sincetwo": number | null;
  version: number;
} & Record<(typeof VALUE_COLUMNS)[number], Value>;

// ---- Validation -----------------------------------------------------------------------------------------------

export const hexColour = z
  .string({ invalid_type_error: "must be a hex colour like #ff0000" })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour like #ff0000");
export const snowflake = z
  .string({ required_error: "is required", invalid_type_error: "must be a Discord id (17 to 20 digits)" })
  .trim()
  .regex(DISCORD_ID, "must be a Discord id (17 to 20 digits)");
const httpUrl = z
  .string({ required_error: "is required", invalid_type_error: "must be a URL" })
  .trim()
  .min(1, "is required")
  .max(2000, "is at most 2000 characters")
  .url("must be a URL")
  .refine((u) => /^https?:\/\//i.test(u), "must be an http or https URL");

const numeric = z.number({ invalid_type_error: "must be a number or null" }).finite("must be a finite number").nullable();
const dateText = z.string({ invalid_type_error: "must be a date text (m/d/yyyy) or null" }).trim().max(40, "is at most 40 characters").nullable();
const freeText = z.string({ invalid_type_error: "must be text or null" }).max(2000, "is at most 2000 characters").nullable();
const negative = z.preprocess(
  (v) => (typeof v === "boolean" ? (v ? "TRUE" : "FALSE") : typeof v === "string" ? v.trim().toUpperCase() : v),
  z.enum(["TRUE", "FALSE"], { errorMap: () => ({ message: "must be TRUE or FALSE" }) }).nullable(),
);
const server = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
  z.enum(BREEDER_SERVERS, { errorMap: () => ({ message: "must be 2411, 2573 or 2446" }) }).nullable(),
);
const dino = z
  .string({ required_error: "is required", invalid_type_error: "must be text" })
  .trim()
  .min(1, "is required")
  .max(100, "is at most 100 characters");

const columnSchemas: Record<string, z.ZodTypeAny> = {
  Dino: dino,
  Server: server,
  Negative: negative,
  ...Object.fromEntries(NUMERIC_COLUMNS.map((c) => [c, numeric])),
  ...Object.fromEntries(DATE_COLUMNS.map((c) => [c, dateText])),
  ...Object.fromEntries(TEXT_COLUMNS.map((c) => [c, freeText])),
};

const fieldColoursObject = z.record(z.string(), hexColour.nullable());

/** Why a key is refused, for keys that are real but not writable here. */
const READ_ONLY: Record<string, string> = {
  _id: "cannot be changed",
  order: "is changed with PUT /api/breeder-list/{id}/order",
  imageUrl: "is changed with PUT /api/breeder-list/{id}/image",
  roleId: "is changed with PUT /api/breeder-list/{id}/role",
  lastUpdated: "is set by the server",
  "Days since": "is computed from Last Claims",
  "Days sincetwo": "is computed from Last Mut",
};

function refuseUnknownKeys(allowed: Set<string>, readOnly: Record<string, string>) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(body)) {
      if (allowed.has(key)) continue;
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [key],
        message: readOnly[key] ?? (key.startsWith("fieldColors.") ? `"${key.slice(12)}" is not a known column` : `unknown column "${key}"`),
      });
    }
    const colours = body.fieldColors;
    if (colours && typeof colours === "object") {
      for (const key of Object.keys(colours)) {
        if (!COLOURABLE_COLUMNS.includes(key)) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fieldColors", key], message: `unknown column "${key}"` });
        }
      }
    }
  };
}

const patchShape: Record<string, z.ZodTypeAny> = {
  ...columnSchemas,
  textColor: hexColour.nullable(),
  fieldColors: fieldColoursObject,
  ...Object.fromEntries(COLOURABLE_COLUMNS.map((c) => [`fieldColors.${c}`, hexColour.nullable()])),
  version: z.number({ invalid_type_error: "must be a whole number" }).int("must be a whole number").positive("must be positive"),
};
const patchKeys = new Set(Object.keys(patchShape));

/** PATCH /api/breeder-list/{id}: a map of column to new value, textColor, fieldColors.<column>, optional version. */
export const breederPatchSchema = z
  .object(patchShape)
  .partial()
  .passthrough()
  .superRefine(refuseUnknownKeys(patchKeys, READ_ONLY))
  .superRefine((body, ctx) => {
    if (!Object.keys(body).some((k) => k !== "version")) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: "names no column to change" });
    }
  });
export type BreederPatch = Record<string, unknown> & { version?: number };

const createShape: Record<string, z.ZodTypeAny> = {
  ...Object.fromEntries(Object.entries(columnSchemas).map(([k, s]) => [k, s.optional()])),
  Dino: dino,
  order: z.number({ invalid_type_error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more").optional(),
  imageUrl: httpUrl.nullable().optional(),
  roleId: snowflake.nullable().optional(),
  textColor: hexColour.nullable().optional(),
  fieldColors: fieldColoursObject.optional(),
};
const { order: _o, imageUrl: _i, roleId: _r, ...rest } = READ_ONLY;
const createReadOnly = { ...rest, version: "is set by the server" };

/** POST /api/breeder-list: Dino required, any other column optional. */
export const breederCreateSchema = z
  .object(createShape)
  .passthrough()
  .superRefine(refuseUnknownKeys(new Set(Object.keys(createShape)), createReadOnly));

export const batchColourSchema = z.object({
  cells: z
    .array(
      z.object({
        rowId: objectIdSchema,
        columnKey: z.string().refine((c) => COLOURABLE_COLUMNS.includes(c), "is not a known column"),
      }),
    )
    .min(1, "names no cell")
    .max(5000, "names at most 5000 cells"),
  color: hexColour.nullable(),
});

export const reorderSchema = z.object({
  ids: z
    .array(objectIdSchema)
    .min(1, "is required")
    .max(50_000, "lists at most 50000 rows")
    .refine((ids) => new Set(ids).size === ids.length, "lists a row twice"),
});

export const orderSchema = z.object({
  order: z.number({ required_error: "is required", invalid_type_error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more"),
});
export const imageSchema = z.object({ imageUrl: httpUrl, updateAllMatching: z.boolean().default(false) });
export const roleSchema = z.object({ roleId: snowflake });

// ---- Pure change rules ------------------------------------------------------------------------------------------

/** JSON path of a top-level key, quoted so names like "Curent # of 0/0's" work. */
const jsonPath = (key: string) => `$."${key.replace(/"/g, '\\"')}"`;

/** SQL that sets (or, for null, removes) keys of a JSON text column without reading it first: no lost updates. */
function jsonMerge(column: SQL | typeof breederList.values | typeof breederList.fieldColors, entries: [string, Value][], removeNulls: boolean) {
  let expr: SQL = sql`${column}`;
  const sets = entries.filter(([, v]) => !(removeNulls && v === null));
  const removes = entries.filter(([, v]) => removeNulls && v === null);
  if (sets.length) expr = sql`json_set(${expr}, ${sql.join(sets.map(([k, v]) => sql`${jsonPath(k)}, ${v}`), sql`, `)})`;
  if (removes.length) expr = sql`json_remove(${expr}, ${sql.join(removes.map(([k]) => sql`${jsonPath(k)}`), sql`, `)})`;
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

export const isEmptyChange = (c: PlannedChange) => !Object.keys(c.columns).length && !c.values.length && !c.colours.length;

// ---- Reads -------------------------------------------------------------------------------------------------------

export async function listBreeders(db: Db, now = new Date()) {
  const rows = await db.select(ROW_FIELDS).from(breederList).orderBy(asc(breederList.order), asc(breederList._id));
  return rows.map((r) => breederJson(r, now));
}

export const findBreeder = (db: Db, _id: string) => db.query.breederList.findFirst({ where: eq(breederList._id, _id) });

/** Rows by id, in chunks (D1 binds at most 100 parameters per statement). */
export async function findBreeders(db: Db, ids: string[]) {
  const out: BreederRow[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    out.push(...(await db.select().from(breederList).where(inArray(breederList._id, ids.slice(i, i + 90)))));
  }
  return out;
}

// ---- Writes ------------------------------------------------------------------------------------------------------

const bump = () => ({ version: sql`${breederList.version} + 1`, lastUpdated: new Date() });

export type PatchResult =
  | { status: "not_found" }
  | { status: "conflict"; current: BreederJson }
  | { status: "ok"; row: BreederJson };

/**
 * Applies a validated PATCH. With `version`, a stale version answers conflict and changes nothing. Values are merged
 * into the JSON columns in SQL, so two people editing different cells of one row do not overwrite each other.
 */
export async function patchBreeder(deps: Deps, _id: string, patch: BreederPatch, attempt = 0): Promise<PatchResult> {
  const row = await findBreeder(deps.db, _id);
  if (!row) return { status: "not_found" };
  if (patch.version !== undefined && patch.version !== row.version) return { status: "conflict", current: breederJson(row) };
  const change = planPatch(row, patch);
  if (isEmptyChange(change)) return { status: "ok", row: breederJson(row) };

  // The search columns of the row as patched: the version guard below makes it the row this change was planned on.
  const patched = { ...row, ...change.columns, values: { ...row.values, ...Object.fromEntries(change.values) } };
  const set: Record<string, unknown> = { ...change.columns, ...searchColumns(patched), ...bump() };
  if (change.values.length) set.values = jsonMerge(breederList.values, change.values, false);
  if (change.colours.length) set.fieldColors = jsonMerge(breederList.fieldColors, change.colours, true);
  try {
    const [, updated] = (await commit(
      deps,
      // The update applies only to the row as it was read: a write that gets in between aborts the whole batch,
      // audit row included.
      [versionGuard(deps.db, breederList, _id, row.version), deps.db.update(breederList).set(set).where(eq(breederList._id, _id)).returning()],
      [{ entity: "breeder_list", entityId: _id, action: "update", before: change.before, after: change.after }],
      [LIST_EVENT],
    )) as [unknown, BreederRow[]];
    return { status: "ok", row: breederJson(updated[0]) };
  } catch (error) {
    const current = await findBreeder(deps.db, _id);
    if (current?.version === row.version) throw error; // not a race: a real failure
    if (!current) return { status: "not_found" };
    if (patch.version !== undefined) return { status: "conflict", current: breederJson(current) };
    // Without a version the change is merged into whatever is stored now: plan it again from the new row; a write
    // that keeps losing is answered as a conflict with the row as it now is.
    if (attempt < RACE_RETRIES) return patchBreeder(deps, _id, patch, attempt + 1);
    return { status: "conflict", current: breederJson(current) };
  }
}

export type BatchColourResult = { status: "not_found"; id: string } | { status: "ok"; updatedRows: number; updatedCells: number };

/** Gives every named cell the colour (null clears it), all or nothing: an unknown row changes nothing. */
export async function batchColour(
  deps: Deps,
  cells: { rowId: string; columnKey: string }[],
  color: string | null,
): Promise<BatchColourResult> {
  const byRow = new Map<string, Set<string>>();
  for (const { rowId, columnKey } of cells) {
    if (!byRow.has(rowId)) byRow.set(rowId, new Set());
    byRow.get(rowId)!.add(columnKey);
  }
  const ids = [...byRow.keys()];
  const rows = new Map((await findBreeders(deps.db, ids)).map((r) => [r._id, r]));
  const missing = ids.find((id) => !rows.has(id));
  if (missing) return { status: "not_found", id: missing };

  const writes = [];
  const audit: AuditEntry[] = [];
  let updatedCells = 0;
  for (const [id, columns] of byRow) {
    const row = rows.get(id)!;
    const entries = [...columns].map((c) => [c, color] as [string, string | null]);
    updatedCells += entries.length;
    writes.push(
      deps.db
        .update(breederList)
        .set({ fieldColors: jsonMerge(breederList.fieldColors, entries, true) as never, ...bump() })
        .where(eq(breederList._id, id)),
    );
    audit.push({
      entity: "breeder_list",
      entityId: id,
      action: "color",
      before: Object.fromEntries([...columns].map((c) => [`fieldColors.${c}`, row.fieldColors?.[c] ?? null])),
      after: Object.fromEntries([...columns].map((c) => [`fieldColors.${c}`, color])),
    });
  }
  await commit(deps, writes as never, audit, [LIST_EVENT]);
  return { status: "ok", updatedRows: byRow.size, updatedCells };
}

/**
 * POST /api/breeder-list/order: the whole list's order at once (every row exactly once, newPlaces), in one batch with
 * one event. Versions stay: a pending cell edit in another browser is not refused because rows moved.
 */
export async function reorderBreeders(deps: Deps, ids: string[]) {
  const rows = await deps.db.select({ _id: breederList._id, order: breederList.order }).from(breederList);
  const places = newPlaces(rows, ids);
  if ("mismatch" in places) return places;
  const { moved } = places;
  if (moved.length > 0) {
    await commit(
      deps,
      moved.map(({ row, to }) => deps.db.update(breederList).set({ order: to }).where(eq(breederList._id, row._id))) as never,
      moved.map(({ row, to }) => ({ entity: "breeder_list", entityId: row._id, action: "order", before: { order: row.order }, after: { order: to } })),
      [LIST_EVENT],
    );
  }
  return { moved: moved.length } as const;
}

export async function setBreederOrder(deps: Deps, _id: string, order: number) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  if (row.order === order) return breederJson(row);
  const [updated] = (await commit(
    deps,
    [deps.db.update(breederList).set({ order, ...bump() }).where(eq(breederList._id, _id)).returning()],
    [{ entity: "breeder_list", entityId: _id, action: "order", before: { order: row.order }, after: { order } }],
    [LIST_EVENT],
  )) as [BreederRow[]];
  return breederJson(updated[0]);
}

/**
 * Sets the row's image, or with updateAllMatching every row of the same Dino, and remembers it for the dino
 * (item_images, scope "dino") so rows added later get it.
 */
export async function setBreederImage(deps: Deps, _id: string, imageUrl: string, updateAllMatching: boolean) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  const targets = updateAllMatching
    ? await deps.db.select().from(breederList).where(eq(breederList.Dino, row.Dino))
    : [row];
  const ids = targets.map((t) => t._id);
  const writes = [];
  for (let i = 0; i < ids.length; i += 90) {
    writes.push(deps.db.update(breederList).set({ imageUrl, ...bump() }).where(inArray(breederList._id, ids.slice(i, i + 90))));
  }
  const previous = await deps.db.query.itemImages.findFirst({
    where: and(eq(itemImages.scope, "dino"), eq(itemImages.name, row.Dino)),
  });
  writes.push(
    deps.db.delete(itemImages).where(and(eq(itemImages.scope, "dino"), eq(itemImages.name, row.Dino))),
    deps.db.insert(itemImages).values({ scope: "dino", name: row.Dino, imageUrl }),
  );
  await commit(
    deps,
    writes as never,
    [
      ...targets.map((t) => ({
        entity: "breeder_list",
        entityId: t._id,
        action: "image",
        before: { imageUrl: t.imageUrl },
        after: { imageUrl },
      })),
      { entity: "item_image", entityId: `dino:${row.Dino}`, action: "set", before: previous?.imageUrl ?? null, after: imageUrl },
    ],
    [LIST_EVENT],
  );
  return { updatedCount: targets.length, itemName: row.Dino };
}

/** Maps the row's dino to a Discord role: the role_mappings row, and the roleId of every row of that dino. */
export async function setBreederRole(deps: Deps, _id: string, roleId: string) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  const targets = await deps.db.select().from(breederList).where(eq(breederList.Dino, row.Dino));
  const previous = await deps.db.query.roleMappings.findFirst({ where: eq(roleMappings.dino, row.Dino) });
  const changed = targets.filter((t) => t.roleId !== roleId);
  const writes = [];
  if (changed.length) {
    const ids = changed.map((t) => t._id);
    for (let i = 0; i < ids.length; i += 90) {
      writes.push(deps.db.update(breederList).set({ roleId, ...bump() }).where(inArray(breederList._id, ids.slice(i, i + 90))));
    }
  }
  if (previous?.roleId !== roleId) {
    writes.push(
      deps.db
        .insert(roleMappings)
        .values({ dino: row.Dino, roleId })
        .onConflictDoUpdate({ target: roleMappings.dino, set: { roleId, updatedAt: new Date() } }),
    );
  }
  if (writes.length) {
    await commit(
      deps,
      writes as never,
      [
        ...changed.map((t) => ({ entity: "breeder_list", entityId: t._id, action: "role", before: { roleId: t.roleId }, after: { roleId } })),
        ...(previous?.roleId !== roleId
          ? [{ entity: "role_mapping", entityId: row.Dino, action: "set", before: previous?.roleId ?? null, after: roleId }]
          : []),
      ],
      [LIST_EVENT],
    );
  }
  return breederJson((await findBreeder(deps.db, _id))!);
}

/** Adds a row at the end (or at `order`); a dino with a known image or role mapping gets them. */
/** A new row from a validated create body: the next place, and the Dino's picture and role when it has them. */
export function newBreederRow(body: Record<string, unknown>, order: number, imageUrl: string | null, roleId: string | null): Omit<BreederRow, "rowKey"> {
  const Dino = body.Dino as string;
  const Server = (body.Server as string | null | undefined) ?? null;
  const values: Record<string, Value> = {};
  for (const c of VALUE_COLUMNS) if (body[c] !== undefined) values[c] = body[c] as Value;
  return {
    _id: newObjectId(),
    order: (body.order as number | undefined) ?? order,
    Dino,
    Server,
    imageUrl: (body.imageUrl as string | null | undefined) ?? imageUrl,
    textColor: (body.textColor as string | null | undefined) ?? null,
    fieldColors: Object.fromEntries(
      Object.entries((body.fieldColors as Record<string, string | null> | undefined) ?? {}).filter(([, v]) => v !== null),
    ) as Record<string, string>,
    roleId: (body.roleId as string | null | undefined) ?? roleId,
    values,
    ...searchColumns({ Dino, Server, values }),
    version: 1,
    lastUpdated: new Date(),
  };
}

/** The place after the list's last row. */
export async function nextPlace(db: Db) {
  const [{ last }] = await db.select({ last: max(breederList.order) }).from(breederList);
  return last === null ? 0 : last + 1;
}

export async function createBreeder(deps: Deps, body: Record<string, unknown>) {
  const Dino = body.Dino as string;
  const image = await deps.db.query.itemImages.findFirst({ where: and(eq(itemImages.scope, "dino"), eq(itemImages.name, Dino)) });
  const mapping = await deps.db.query.roleMappings.findFirst({ where: eq(roleMappings.dino, Dino) });
  const row = newBreederRow(body, await nextPlace(deps.db), image?.imageUrl ?? null, mapping?.roleId ?? null);
  await commit(
    deps,
    [deps.db.insert(breederList).values(row)],
    [{ entity: "breeder_list", entityId: row._id, action: "create", after: breederJson(row) }],
    [LIST_EVENT],
  );
  return breederJson(row);
}

export async function deleteBreeder(deps: Deps, _id: string) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  await commit(
    deps,
    [deps.db.delete(breederList).where(eq(breederList._id, _id))],
    [{ entity: "breeder_list", entityId: _id, action: "delete", before: breederJson(row) }],
    [LIST_EVENT],
  );
  return row;
}
