// A submitted form read by its zod schema: the action's check, and the browser's once the page has loaded the form's
// schema after the first paint (utils/after-paint.ts). Apart from forms.ts so that zod stays out of first loads.
import { parseWithZod } from "@conform-to/zod";
import type { ZodIssue, ZodTypeAny } from "zod";
import type { Wording } from "./forms";

/**
 * A submitted form read by its schema, each field's first problem in the page's words (a problem of the form as a
 * whole under ""). Conform's coercion is off: texts reach the schema as typed, and the contract decides what a blank is.
 */
export function parseForm<S extends ZodTypeAny>(payload: FormData | URLSearchParams, schema: S, wording: Wording) {
  return parseWithZod(payload, {
    schema,
    disableAutoCoercion: true,
    formatError: (issues: ZodIssue[]) => {
      const field = issues[0].path.length ? String(issues[0].path[0]) : "";
      return [field ? wording(field, issues[0].message) : issues[0].message];
    },
  });
}
