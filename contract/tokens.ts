// API tokens (docs/api.md): the body of POST /api/tokens. The host API validates with this schema; Settings' Create
// token form validates with the same one, in the browser and in the action.
import { z } from "zod";
import { LEVELS, SECTIONS } from "./access";

export const tokenCreate = z.object({
  name: z.string().trim().min(1, "is required").max(60, "is at most 60 characters"),
  /**
   * What the token may do, per section (contract/access.ts), never more than its maker may; a section left out is
   * none. Left out entirely: what its maker may do when it is made.
   */
  scopes: z.record(z.enum(SECTIONS), z.enum(LEVELS, { message: `must be one of ${LEVELS.join(", ")}` })).optional(),
});
export type TokenCreate = z.output<typeof tokenCreate>;
