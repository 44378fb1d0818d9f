// The tribelists of the three official servers. One table with a server column; each list is sorted by order
// ascending with entries without an order last (then by name).
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { TRIBELIST_SERVERS, tribelistEntries, type TribelistServer } from "../../drizzle/schema";
import type { Db, Deps } from "./context";
import { commit, newObjectId } from "./context";
import { discordIdSchema } from "../../contract/ids";

export const RANKS = ["Admin", "Owner"] as const;
export const NATIONALITIES = ["Chinese", "English"] as const;
export { SERVER_NAMES } from "../../contract/servers";

/** The collection path of a server's list: 2411 uses the bare path, the others are suffixed (spec part 1, section 7). */
export const tribelistPath = (server: TribelistServer) => (server === "2411" ? "/api/tribelist" : `/api/tribelist-${server}`);
export { TRIBELIST_SERVERS };

type EntryRow = typeof tribelistEntries.$inferSelect;

/** The API's JSON: _id, name, username, discordId, rank, nationality, and order only when the entry has one. */
export function entryJson(row: EntryRow) {
  const { _id, name, username, discordId, rank, nationality, order } = row;
  return { _id, name, username, discordId, rank, nationality, ...(order === null ? {} : { order }) };
}
export type EntryJson = ReturnType<typeof entryJson>;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v);
/** One of the options, matched case-insensitively and stored as written in the spec; empty means none. */
const choice = <T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess((v) => {
    const s = blankToNull(v);
    return typeof s === "string" ? (options.find((o) => o.toLowerCase() === s.toLowerCase()) ?? s) : s;
  }, z.enum(options, { errorMap: () => ({ message: `must be ${options.join(", ")} or empty` }) }).nullable().optional());

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
/** PUT's body: the whole edited entry. Absent fields keep their value; _id may ride along but cannot change. */
export const entryUpdate = z.object({ _id: z.string().optional(), name, ...fields });
export type EntryCreate = z.output<typeof entryCreate>;
export type EntryUpdate = z.output<typeof entryUpdate>;

export async function listEntries(db: Db, server: TribelistServer) {
  const t = tribelistEntries;
  const rows = await db
    .select()
    .from(t)
    .where(eq(t.server, server))
    .orderBy(sql`${t.order} is null`, asc(t.order), sql`${t.name} collate nocase`, asc(t.createdAt), asc(t._id));
  return rows.map(entryJson);
}

const findEntry = async (db: Db, server: TribelistServer, _id: string) =>
  (await db.query.tribelistEntries.findFirst({
    where: and(eq(tribelistEntries._id, _id), eq(tribelistEntries.server, server)),
  })) ?? null;

export async function addEntry(deps: Deps, server: TribelistServer, input: EntryCreate) {
  const now = new Date();
  const row: EntryRow = {
    _id: newObjectId(),
    server,
    name: input.name,
    username: input.username ?? null,
    discordId: input.discordId ?? null,
    rank: input.rank ?? null,
    nationality: input.nationality ?? null,
    order: input.order ?? null,
    createdAt: now,
    updatedAt: now,
  };
  await commit(
    deps,
    [deps.db.insert(tribelistEntries).values(row)],
    [{ entity: "tribelist_entry", entityId: row._id, action: "create", after: { server, ...entryJson(row) } }],
    [{ type: "tribelist_added", message: `Added entry: ${row.name}.` }],
  );
  return entryJson(row);
}

/** Null when the server's list has no such entry. A save that changes nothing writes nothing. */
export async function updateEntry(deps: Deps, server: TribelistServer, _id: string, input: EntryUpdate) {
  const before = await findEntry(deps.db, server, _id);
  if (!before) return null;
  const { _id: _ignored, ...given } = input;
  const patch = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<EntryRow>;
  const after: EntryRow = { ...before, ...patch };
  if (!(Object.keys(patch) as (keyof EntryRow)[]).some((k) => before[k] !== after[k])) return entryJson(before);
  after.updatedAt = new Date();
  await commit(
    deps,
    [deps.db.update(tribelistEntries).set({ ...patch, updatedAt: after.updatedAt }).where(eq(tribelistEntries._id, _id))],
    [{ entity: "tribelist_entry", entityId: _id, action: "update", before: { server, ...entryJson(before) }, after: { server, ...entryJson(after) } }],
    [{ type: "tribelist_updated", message: `Updated entry: ${after.name}.` }],
  );
  return entryJson(after);
}

export async function deleteEntry(deps: Deps, server: TribelistServer, _id: string) {
  const before = await findEntry(deps.db, server, _id);
  if (!before) return null;
  await commit(
    deps,
    [deps.db.delete(tribelistEntries).where(eq(tribelistEntries._id, _id))],
    [{ entity: "tribelist_entry", entityId: _id, action: "delete", before: { server, ...entryJson(before) } }],
    [{ type: "tribelist_deleted", message: `Removed entry: ${before.name}.` }],
  );
  return entryJson(before);
}

/** Empties a server's list; one audit row keeps every removed entry. Answers how many were removed. */
export async function clearEntries(deps: Deps, server: TribelistServer) {
  const before = await listEntries(deps.db, server);
  if (before.length === 0) return 0;
  await commit(
    deps,
    [deps.db.delete(tribelistEntries).where(eq(tribelistEntries.server, server))],
    [{ entity: "tribelist", entityId: server, action: "clear", before }],
    [{ type: "tribelist_deleted", message: `Cleared the ${server} tribelist (${before.length} entries).` }],
  );
  return before.length;
}
