// API tokens (docs/api.md): the body of POST /api/tokens. The host API validates with this schema; Settings' Create
// token form validates with the same one, in the browser and in the action.
import { z } from "zod";

export const tokenCreate = z.object({ name: z.string().trim().min(1, "is required").max(60, "is at most 60 characters") });
export type TokenCreate = z.output<typeof tokenCreate>;
