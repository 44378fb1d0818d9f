// What the stock calls accept, as zod schemas: typed cells become numbers by the
// sheet's rules, each tab takes its own fields, derived columns sent by old clients are dropped (the server computes
// them).
import { MAX_IMPORT_ROWS } from "#contract/import";
import { z } from "zod";
import {
  HEX_COLOUR,
  KINDS,
  fieldOfKind,
  MAX_NAME_LENGTH,
  MAX_TODO_LENGTH,
  MAX_TYPE_LENGTH,
  parseStockNumber,
  type Cell,
  type StockField,
  type TabKind,
} from "#contract/stock";
import { reduceImageUrl } from "#contract/images";
import { objectIdSchema } from "#contract/ids";

export const objectId = objectIdSchema;

/** A typed cell: a number, text (non-numeric text becomes 0, empty text stays empty) or null. */
export const numberCell = z
  .union([z.number(), z.string().max(64), z.null()], {
    errorMap: () => ({ message: "must be a number, text or null" }),
  })
  .transform(parseStockNumber);

/** Up to `n` typed cells; a shorter list is padded with empty cells. */
export const cells = (n: number) =>
  z
    .array(numberCell)
    .max(n, `has at most ${n} columns`)
    .transform((list): Cell[] => Array.from({ length: n }, (_, i) => list[i] ?? null));

const name = z.string().trim().min(1, "is required").max(MAX_NAME_LENGTH, `is at most ${MAX_NAME_LENGTH} characters`);
const todo = z
  .union([z.string().max(MAX_TODO_LENGTH, `is at most ${MAX_TODO_LENGTH} characters`), z.number(), z.null()])
  .transform((v) => (v === null || String(v).trim() === "" ? null : String(v).trim()));
const dinoType = z
  .union([z.string().trim().max(MAX_TYPE_LENGTH, `is at most ${MAX_TYPE_LENGTH} characters`), z.null()])
  .transform((v) => (v ? v : null));
const lastSync = z
  .union([
    z.number().int().nonnegative(),
    z.string().datetime({ offset: true, message: "must be an ISO date-time" }),
    z.null(),
  ])
  .transform((v) => (v === null ? null : new Date(v).toISOString()));

/** The schema of each type of stored field (contract/stock.ts). */
const fieldSchema = (field: StockField): z.ZodTypeAny => {
  switch (field.type) {
    case "name":
      return name;
    case "number":
      return numberCell;
    case "text":
      return todo;
    case "type":
      return dinoType;
    case "datetime":
      return lastSync;
    case "cells":
      return cells(field.length);
  }
};

/** The editable fields of each kind of tab (the save bodies of docs/api/stock.md, less the derived figures). */
const fieldsOf = (kind: TabKind) => Object.fromEntries(KINDS[kind].fields.map((f) => [f.key, fieldSchema(f)]));

export const editableFields = (kind: TabKind) => Object.keys(fieldsOf(kind));

const displayName = z.string().trim().max(100, "is at most 100 characters").optional();
const version = z.number().int("must be a whole number").positive().optional();

/** The tab's derived columns (Current Stock of a vault, Total Raised of a dino): the old clients send them back. */
const derivedOf = (kind: TabKind) =>
  KINDS[kind].columns.filter((c) => !fieldOfKind(kind, c.key)).map((c) => [c.key, z.unknown().optional()] as const);

/**
 * One row's save: the tab's fields (each optional; what is sent replaces what is stored), version, displayName. A
 * derived column, and isEmpty, are accepted for the old clients' sake and dropped: the server computes them. Any other
 * field is refused (the API's door makes this object strict).
 */
function rowObject(kind: TabKind) {
  const shape = Object.fromEntries(Object.entries(fieldsOf(kind)).map(([k, s]) => [k, s.optional()])) as Record<
    string,
    z.ZodTypeAny
  >;
  return z.object({
    ...Object.fromEntries(derivedOf(kind)),
    ...shape,
    version,
    displayName,
    isEmpty: z.boolean().optional(),
  });
}

export type RowSave = { fields: Record<string, unknown>; version?: number; displayName?: string };

function toRowSave(kind: TabKind, body: Record<string, unknown>): RowSave {
  const fields: Record<string, unknown> = {};
  for (const key of editableFields(kind)) if (body[key] !== undefined) fields[key] = body[key];
  return { fields, version: body.version as number | undefined, displayName: body.displayName as string | undefined };
}

const hasFields = (kind: TabKind) => (body: Record<string, unknown>) =>
  editableFields(kind).some((k) => body[k] !== undefined);
const noFields = (kind: TabKind) => `has none of the fields ${editableFields(kind).join(", ")}`;

/** PUT {base}/{id}. */
export const saveBody = (kind: TabKind) =>
  rowObject(kind)
    .refine(hasFields(kind), { message: noFields(kind) })
    .transform((body) => toRowSave(kind, body));

/** POST {base}/batch: {rows: [{_id, version?, ...fields}], displayName}. */
export const batchBody = (kind: TabKind) =>
  z
    .object({
      rows: z
        .array(
          rowObject(kind)
            .extend({ _id: objectId })
            .refine(hasFields(kind), { message: noFields(kind) }),
        )
        .min(1, "has no rows")
        // A tribe's sheet imported into a tab is one batch (app/components/import/).
        .max(MAX_IMPORT_ROWS, `has at most ${MAX_IMPORT_ROWS} rows`),
      displayName,
    })
    .superRefine((body, ctx) => {
      const seen = new Set<string>();
      body.rows.forEach((row, i) => {
        if (seen.has(row._id)) ctx.addIssue({ code: "custom", path: ["rows", i, "_id"], message: "appears twice" });
        seen.add(row._id);
      });
    })
    .transform((body) => ({
      displayName: body.displayName,
      rows: body.rows.map((row) => ({ _id: row._id, ...toRowSave(kind, row) })),
    }));

export const idParam = z.object({ id: objectId });

export const orderBody = z.object({
  order: z
    .number({ required_error: "is required", invalid_type_error: "must be a number" })
    .int("must be a whole number")
    .min(0)
    .max(100_000),
});

export const reorderBody = z.object({
  ids: z
    .array(objectId)
    .min(1, "is required")
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, "lists a row twice"),
});

const colour = z
  .string()
  .regex(HEX_COLOUR, "must be a colour like #rrggbb")
  .transform((c) => c.toLowerCase());
const column = z.string().regex(/^[A-Za-z0-9_ -]{1,40}$/, "must be a column key (letters, digits, _ - or space)");

/**
 * PATCH {base}/{id}: {fieldColors: {column: colour | null}} and/or {textColor: colour | null}. The old client's
 * dotted form {"fieldColors.<column>": colour} is accepted too. null removes a column's colour.
 */
export const colourBody = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const body: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
    for (const key of Object.keys(body)) {
      if (!key.startsWith("fieldColors.")) continue;
      const nested =
        body.fieldColors && typeof body.fieldColors === "object" ? (body.fieldColors as Record<string, unknown>) : {};
      body.fieldColors = { ...nested, [key.slice("fieldColors.".length)]: body[key] };
      delete body[key];
    }
    return body;
  },
  z
    .object({ fieldColors: z.record(column, colour.nullable()).optional(), textColor: colour.nullable().optional() })
    .refine((b) => b.fieldColors !== undefined || b.textColor !== undefined, {
      message: "has neither fieldColors nor textColor",
    }),
);

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const imageBody = z.object({
  imageUrl: z
    .string({ required_error: "is required" })
    .transform(reduceImageUrl)
    .pipe(
      z
        .string()
        .min(1, "is required")
        .max(2048, "is at most 2048 characters")
        .refine(isHttpUrl, "must be an http or https URL"),
    ),
  updateAllMatching: z.boolean().optional().default(false),
});

export const historyQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().default(100),
  /** `0`: the snapshots without their items (the Version History select). */
  items: z
    .enum(["0", "1"], { message: "must be 0 or 1" })
    .optional()
    .default("1")
    .transform((v) => v === "1"),
  /** One snapshot (a list of it, or empty when the tab has none by that id). */
  id: z.coerce
    .number({ invalid_type_error: "must be a snapshot id" })
    .int("must be a snapshot id")
    .min(1, "must be a snapshot id")
    .optional(),
});
