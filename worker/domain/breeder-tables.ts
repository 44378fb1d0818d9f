// The breeder page's two side tables: FFA raisings and codes given to breeders. Each edit changes one field and is
// saved at once; statuses are free text with a default. Writes raise breeder_update.
import { asc, eq } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { codesGiven, ffaRaising } from "#drizzle/schema";
import type { LiveEvent } from "#contract/events";
import { CODE_FIELD_LENGTHS, CODE_STATUSES, FFA_FIELD_LENGTHS, FFA_STATUSES } from "#contract/breeder";
import type { Db, Deps } from "./context";
import { commit, deleteAudited, newObjectId } from "./context";
import { anyColumnLike, countedRows, type PageQuery } from "./paging";
import type { SearchPage } from "#contract/search";

export const BREEDER_EVENT: LiveEvent = {
  type: "breeder_update",
  message: "A breeder entry was updated! Live update received.",
};

type FfaRow = typeof ffaRaising.$inferSelect;
type CodeRow = typeof codesGiven.$inferSelect;

export const ffaJson = (r: FfaRow) => ({
  _id: r._id,
  breeder: r.breeder,
  creature: r.creature,
  server: r.server,
  status: r.status,
  startDate: r.startDate,
  expectedCompletion: r.expectedCompletion,
  notes: r.notes,
});

export const codeJson = (r: CodeRow) => ({
  _id: r._id,
  breeder: r.breeder,
  code: r.code,
  server: r.server,
  dateGiven: r.dateGiven,
  status: r.status,
  notes: r.notes,
});

const text = (maxLength: number) =>
  z
    .string({ invalid_type_error: "must be text or null" })
    .trim()
    .max(maxLength, `is at most ${maxLength} characters`)
    .nullable();
const required = (maxLength: number) =>
  z
    .string({ required_error: "is required", invalid_type_error: "must be text" })
    .trim()
    .min(1, "is required")
    .max(maxLength, `is at most ${maxLength} characters`);
/** Any status text; blank or null falls back to the table's default. */
const status = (fallback: string, maxLength: number) =>
  z
    .string({ invalid_type_error: "must be text or null" })
    .trim()
    .max(maxLength, `is at most ${maxLength} characters`)
    .nullable()
    .transform((s) => (s ? s : fallback));

/** Every field as text of at most its length, the status falling back to the table's default. */
function fieldsOf<K extends string>(lengths: Record<K, number>, fallback: string) {
  const entries = Object.entries<number>(lengths).map(([key, max]) => [
    key,
    key === "status" ? status(fallback, max) : text(max),
  ]);
  return Object.fromEntries(entries) as Record<K, z.ZodTypeAny>;
}
const ffaFields = fieldsOf(FFA_FIELD_LENGTHS, FFA_STATUSES[0]);
const codeFields = fieldsOf(CODE_FIELD_LENGTHS, CODE_STATUSES[0]);

/** A body that changes exactly one known field (an unknown one is refused by name: worker/api/strict.ts). */
function singleField<T extends z.ZodRawShape>(fields: T) {
  const known = Object.keys(fields);
  return z
    .object(fields)
    .partial()
    .strict()
    .superRefine((body, ctx) => {
      if (Object.keys(body).length !== 1) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [],
          message: `must change exactly one field (${known.join(", ")})`,
        });
      }
    });
}

function creation<T extends z.ZodRawShape>(fields: T, requiredFields: Partial<Record<keyof T, z.ZodTypeAny>>) {
  const shape = Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, (s as z.ZodTypeAny).optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
  return z.object({ ...shape, ...requiredFields }).strict();
}

export const ffaPatchSchema = singleField(ffaFields);
export const codePatchSchema = singleField(codeFields);
export const ffaCreateSchema = creation(ffaFields, { breeder: required(100), creature: required(100) });
export const codeCreateSchema = creation(codeFields, { breeder: required(100), code: required(100) });

/** One side table: its Drizzle table, JSON shape, searched columns (every shown field), defaults and audit name. */
function sideTable<Row extends { _id: string }>(opts: {
  table: typeof ffaRaising | typeof codesGiven;
  entity: string;
  json: (row: Row) => Record<string, unknown>;
  searched: SQLiteColumn[];
  defaults: Record<string, unknown>;
}) {
  const t = opts.table;
  const find = async (db: Db, _id: string) => (await db.select().from(t).where(eq(t._id, _id)))[0] as Row | undefined;

  return {
    /** In the order they were added (ids start with their creation time), so edits never move rows. */
    async list(db: Db) {
      const rows = (await db.select().from(t).orderBy(asc(t._id))) as Row[];
      return rows.map(opts.json);
    },

    /**
     * One page of the table in its order, `q` a substring of any shown field, with the count found and the whole
     * table's (`all`): the count, the table's count and the page asked for in one round trip.
     */
    async search(
      db: Db,
      { q = "", page = 1, size = 25 }: PageQuery,
    ): Promise<SearchPage<Record<string, unknown>> & { all: number }> {
      const found = await countedRows(db, t, anyColumnLike(opts.searched, q), [asc(t._id)], { page, size });
      return { ...found, rows: (found.rows as unknown as Row[]).map(opts.json) };
    },

    async patch(deps: Deps, _id: string, change: Record<string, unknown>) {
      const row = await find(deps.db, _id);
      if (!row) return null;
      const [field, value] = Object.entries(change)[0];
      const current = (row as Record<string, unknown>)[field];
      if (current === value) return opts.json(row);
      const [updated] = (await commit(
        deps,
        [
          deps.db
            .update(t)
            .set({ [field]: value, updatedAt: new Date() })
            .where(eq(t._id, _id))
            .returning(),
        ],
        [
          {
            entity: opts.entity,
            entityId: _id,
            action: "update",
            before: { [field]: current },
            after: { [field]: value },
          },
        ],
        [BREEDER_EVENT],
      )) as [Row[]];
      return opts.json(updated[0]);
    },

    async create(deps: Deps, body: Record<string, unknown>) {
      const row = { ...opts.defaults, ...body, _id: newObjectId(), updatedAt: new Date() };
      const [inserted] = (await commit(
        deps,
        [
          deps.db
            .insert(t)
            .values(row as never)
            .returning(),
        ],
        [{ entity: opts.entity, entityId: row._id, action: "create", after: body }],
        [BREEDER_EVENT],
      )) as [Row[]];
      return opts.json(inserted[0]);
    },

    async remove(deps: Deps, _id: string) {
      const row = await find(deps.db, _id);
      if (!row) return null;
      await deleteAudited(deps, t, _id, { entity: opts.entity, before: opts.json(row) }, BREEDER_EVENT);
      return row;
    },
  };
}

export const ffaRaisings = sideTable<FfaRow>({
  table: ffaRaising,
  entity: "ffa_raising",
  json: ffaJson,
  searched: [
    ffaRaising.breeder,
    ffaRaising.creature,
    ffaRaising.server,
    ffaRaising.status,
    ffaRaising.startDate,
    ffaRaising.expectedCompletion,
    ffaRaising.notes,
  ],
  defaults: { status: FFA_STATUSES[0] },
});

export const codesGivenTo = sideTable<CodeRow>({
  table: codesGiven,
  entity: "codes_given",
  json: codeJson,
  searched: [
    codesGiven.breeder,
    codesGiven.code,
    codesGiven.server,
    codesGiven.dateGiven,
    codesGiven.status,
    codesGiven.notes,
  ],
  defaults: { status: CODE_STATUSES[0] },
});
