// The bodies the tribelist API accepts (Tribelists page). The host API validates with these
// schemas; the page's forms validate with the same ones, in the action and (loaded after the first paint) the browser.
import { z } from "zod";
import { discordIdSchema, versionSchema } from "./ids";
import { NATIONALITIES, RANKS } from "./tribelists";

const blankToNull = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v;
/** One of the options, matched case-insensitively and stored as the option is written; empty means none. */
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(
    (v) => {
      const s = blankToNull(v);
      return typeof s === "string" ? (options.find((o) => o.toLowerCase() === s.toLowerCase()) ?? s) : s;
    },
    z
      .enum(options, { errorMap: () => ({ message: `must be ${options.join(", ")} or empty` }) })
      .nullable()
      .optional(),
  );

const fields = {
  username: z.preprocess(blankToNull, z.string().max(100, "is at most 100 characters").nullable().optional()),
  discordId: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : blankToNull(v)),
    discordIdSchema.nullable().optional(),
  ),
  rank: choice(RANKS),
  nationality: choice(NATIONALITIES),
  order: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v)) : v),
    z.number({ message: "must be a number" }).int("must be a whole number").min(0).max(1_000_000).nullable().optional(),
  ),
};
const name = z.string({ message: "is required" }).trim().min(1, "is required").max(100, "is at most 100 characters");

/** POST's body: name (required), discordId, rank, nationality; username and order optional. */
export const entryCreate = z.object({ name, ...fields });
/**
 * PUT's body: the whole edited entry. Absent fields keep their value; _id may ride along but cannot change. With the
 * version it was read at, a save based on an older one is refused (409) instead of overwriting a newer edit.
 */
export const entryUpdate = z.object({ _id: z.string().optional(), version: versionSchema, name, ...fields });
export type EntryCreate = z.output<typeof entryCreate>;
export type EntryUpdate = z.output<typeof entryUpdate>;
