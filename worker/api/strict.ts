// The JSON API refuses a field it does not know (400, naming it): contract schemas strip unknown keys for the pages'
// forms, so at the API's door every object schema is made strict, however deep; passthrough ones stay so (ADR 035).
import { z, type ZodTypeAny } from "zod";

const cache = new WeakMap<ZodTypeAny, ZodTypeAny>();

/** The same schema, with every stripping object in it refusing unknown keys. */
export function strict<T extends ZodTypeAny>(schema: T): T {
  let done = cache.get(schema);
  if (!done) {
    done = rebuild(schema);
    cache.set(schema, done);
  }
  return done as T;
}

/** A copy of `schema` whose definition has `changes`; the schema itself when nothing changed. */
function withDef(schema: ZodTypeAny, changes: Record<string, unknown>): ZodTypeAny {
  const def = schema._def as Record<string, unknown>;
  if (Object.entries(changes).every(([k, v]) => def[k] === v)) return schema;
  const Schema = schema.constructor as new (def: unknown) => ZodTypeAny;
  return new Schema({ ...def, ...changes });
}

function rebuild(schema: ZodTypeAny): ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, ZodTypeAny>).map(([k, v]) => [k, strict(v)]),
    );
    const strictKeys = schema._def.unknownKeys === "strip" ? "strict" : schema._def.unknownKeys;
    return new z.ZodObject({ ...schema._def, shape: () => shape, unknownKeys: strictKeys });
  }
  if (schema instanceof z.ZodArray) return withDef(schema, { type: strict(schema._def.type) });
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodCatch
  ) {
    return withDef(schema, { innerType: strict(schema._def.innerType) });
  }
  if (schema instanceof z.ZodEffects) return withDef(schema, { schema: strict(schema._def.schema) });
  if (schema instanceof z.ZodPipeline)
    return withDef(schema, { in: strict(schema._def.in), out: strict(schema._def.out) });
  if (schema instanceof z.ZodUnion) return withDef(schema, { options: schema._def.options.map(strict) });
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const options = schema._def.options.map(strict);
    const optionsMap = new Map(
      [...schema._def.optionsMap].map(([key, option]) => [key, options[schema._def.options.indexOf(option)]]),
    );
    return withDef(schema, { options, optionsMap });
  }
  if (schema instanceof z.ZodIntersection)
    return withDef(schema, { left: strict(schema._def.left), right: strict(schema._def.right) });
  return schema;
}

/** Zod's one "unrecognized keys" problem as one problem per field, in the API's words. */
export const unknownFields = (issue: z.ZodIssue) =>
  issue.code === z.ZodIssueCode.unrecognized_keys
    ? issue.keys.map((key) => ({ path: [...issue.path, key], message: `unknown field "${key}"` }))
    : [issue];
