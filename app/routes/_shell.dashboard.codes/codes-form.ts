// The Codes page's form schema (the Edit Code form and the grid's in-place edits): the action parses with it, and the
// browser loads it after the first paint (route.tsx), so zod is not part of the page's first load.
import { z } from "zod";
import { codeCompleted, codeText, codeUpdate } from "#contract/codes";
import { objectIdSchema, versionSchema } from "#contract/ids";
import { parseForm } from "#app/utils/parse-form";
import { codeWording } from "./codes";

/** Empty text clears a field (the API takes null for that). */
const text = z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v), codeText);

/**
 * The Edit Code form and the grid's in-place edits, checked in the browser and in the action: the whole code (the
 * API's PUT carries the full code object), every field free text within the API's rules (contract/codes.ts),
 * completed Yes or No.
 */
export const codeForm = z.object({
  _id: objectIdSchema,
  id: codeUpdate.shape.id,
  /** The version the form was filled from: a save based on an older one is refused (409), not applied over it. */
  version: versionSchema,
  username: text,
  code: text,
  server: text,
  avatar: text,
  mainserver: text,
  location: text,
  user: text,
  completed: codeCompleted,
});

/** A submitted Edit Code form (or a grid edit's fields) read by the schema, in the page's words. */
export const checkCode = (data: FormData | URLSearchParams) => parseForm(data, codeForm, codeWording);
