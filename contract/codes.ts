// Member codes (Codes page): the bodies the API accepts. The host API validates with
// these schemas; the Codes page's Edit Code form and in-place edits validate with the same ones, in the browser and in
// the action (app/routes/_shell.dashboard.codes/codes.ts).
import { z } from "zod";
import { versionSchema } from "./ids";

/** Every field of a code is free text, up to 500 characters; null clears it. */
export const codeText = z.string().max(500, "is at most 500 characters").nullable().optional();

/** Completed is a boolean; forms and old clients may send "true"/"false" or the displayed "Yes"/"No". */
export const codeCompleted = z
  .union(
    [
      z.boolean(),
      z.enum(["true", "false", "Yes", "No", "yes", "no"]).transform((v) => v === "true" || v.toLowerCase() === "yes"),
    ],
    { errorMap: () => ({ message: "must be true or false" }) },
  )
  .optional();

/** The editable fields. Absent fields keep their value on PUT; null clears one. */
export const codeFields = z.object({
  username: codeText,
  code: codeText,
  server: codeText,
  avatar: codeText,
  completed: codeCompleted,
  mainserver: codeText,
  location: codeText,
  user: codeText,
});

/**
 * PUT's body: the full code object as the list gave it; _id and id may ride along but cannot change. With the version
 * it was read at, a save based on an older one is refused (409) instead of overwriting a newer edit.
 */
export const codeUpdate = codeFields.extend({
  _id: z.string().optional(),
  version: versionSchema,
  id: z.union([z.number(), z.string().regex(/^\d+$/, "must be a whole number").transform(Number)]).optional(),
});
export type CodeFields = z.output<typeof codeFields>;

/** A code as the API answers it (GET /api/codes, a save's answer). */
export type Code = {
  _id: string;
  id: number;
  username: string | null;
  code: string | null;
  server: string | null;
  avatar: string | null;
  completed: boolean;
  mainserver: string | null;
  location: string | null;
  user: string | null;
  /** Bumped by every save: a save sends back the version it read. */
  version: number;
};
