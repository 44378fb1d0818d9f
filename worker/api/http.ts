// HTTP conventions of the host API: validation answers, not-found answers, the caller.
import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import { z, type ZodError, type ZodSchema } from "zod";
import { MAX_QUERY } from "#contract/search";
import type { Deps } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import type { WorkerEnv } from "#worker/types";
import { strict, unknownFields } from "./strict";

type Issue = { field: string; message: string };

/** A validation answer's body (400): the first bad field named, and every problem listed. */
const invalid = (issues: [Issue, ...Issue[]]) => ({
  error: "validation",
  message: `${issues[0].field}: ${issues[0].message}`,
  field: issues[0].field,
  issues,
});

/** 400 with the first bad field named, and every problem listed. */
export function validationError(error: ZodError) {
  const [first, ...rest] = error.issues
    .flatMap(unknownFields)
    .map((i) => ({ field: i.path.join(".") || "body", message: i.message }));
  return invalid([first, ...rest]);
}

/** Hono's zod validator, answering 400 JSON that names the field and the reason; a JSON body's unknown field too. */
export const valid = <T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, target === "json" ? strict(schema) : schema, (result, c) => {
    if (!result.success) return c.json(validationError(result.error as ZodError), 400);
  });

/** 400 in the shape of valid()'s answers, for rules that need the stored record (or the path) to check. */
export const fieldError = (c: Context, field: string, message: string) => c.json(invalid([{ field, message }]), 400);

export const notFound = (c: Context, what: string, id: string) =>
  c.json({ error: "not_found", message: `No ${what} with id ${id}.` }, 404);

/** The request's execution context (absent when a test calls the app without one). */
export function executionContext(c: Context<WorkerEnv>) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** The domain's view of this request: database, env, and who is acting; its events go out after its answer. */
export function deps(c: Context<WorkerEnv>): Deps {
  const ctx = executionContext(c);
  return domainDeps(c.env, c.get("caller"), ctx && { waitUntil: (p) => ctx.waitUntil(p), answered: c.get("answered") });
}

export const blankIsMissing = (v: unknown) => (v === "" ? undefined : v);

/** A whole number from a query string: "abc" is "must be a whole number", not zod's "received nan". */
const wholeNumber = () =>
  z.coerce.number({ invalid_type_error: "must be a whole number" }).int("must be a whole number");

/** A page size from 1 to 100, `fallback` when absent. */
export const pageSize = (fallback: number) =>
  z.preprocess(
    blankIsMissing,
    wholeNumber().min(1, "must be 1 or more").max(100, "must be at most 100").default(fallback),
  );

/** A paged search's query (GET .../search): `q`, `page` (from 1) and `size` (1 to 100, default 25). */
export const pageQuery = z.object({
  q: z.string().max(MAX_QUERY, `must be at most ${MAX_QUERY} characters`).default(""),
  page: z.preprocess(blankIsMissing, wholeNumber().min(1, "must be 1 or more").default(1)),
  size: pageSize(25),
});
