// What the breeder list's API accepts ("Breeder page"): the PATCH and create bodies, batch colours, order,
// image and role. Unknown keys are refused by name; read-only ones say who sets them.
import { z } from "zod";
import { DISCORD_ID, objectIdSchema } from "#contract/ids";
import { BREEDER_SERVERS, COLOURABLE_COLUMNS, DATE_COLUMNS, NUMERIC_COLUMNS, TEXT_COLUMNS } from "#contract/breeder";

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

const numeric = z
  .number({ invalid_type_error: "must be a number or null" })
  .finite("must be a finite number")
  .nullable();
const dateText = z
  .string({ invalid_type_error: "must be a date text (m/d/yyyy) or null" })
  .trim()
  .max(40, "is at most 40 characters")
  .nullable();
const freeText = z
  .string({ invalid_type_error: "must be text or null" })
  .max(2000, "is at most 2000 characters")
  .nullable();
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
        message:
          readOnly[key] ??
          (key.startsWith("fieldColors.") ? `"${key.slice(12)}" is not a known column` : `unknown column "${key}"`),
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
  version: z
    .number({ invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .positive("must be positive"),
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
  order: z
    .number({ invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .optional(),
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
  order: z
    .number({ required_error: "is required", invalid_type_error: "must be a whole number" })
    .int("must be a whole number")
    .min(0, "must be 0 or more"),
});
export const imageSchema = z.object({ imageUrl: httpUrl, updateAllMatching: z.boolean().default(false) });
export const roleSchema = z.object({ roleId: snowflake });
