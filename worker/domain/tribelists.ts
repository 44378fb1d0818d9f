// The tribelists of the three official servers. One table with a server column; each list is sorted by order
// ascending with entries without an order last (then by name).
import { and, asc, eq, sql } from "drizzle-orm";
import { tribelistEntries } from "#drizzle/schema";
import type { EntryCreate, EntryUpdate } from "#contract/tribelist-input";
import type { TribelistEntry, TribelistServer } from "#contract/tribelists";
import type { Db, Deps, VersionedSave } from "./context";
import { commit, deleteAudited, mapSave, newObjectId, nullWhereAbsent, updateVersioned } from "./context";

type EntryRow = typeof tribelistEntries.$inferSelect;

/** The API's JSON: _id, name, username, discordId, rank, nationality, order only when the entry has one, and the
 * version a save sends back. */
export function entryJson(row: EntryRow): TribelistEntry {
  const { _id, name, username, discordId, rank, nationality, order, version } = row;
  return { _id, name, username, discordId, rank, nationality, ...(order === null ? {} : { order }), version };
}

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
    ...nullWhereAbsent(input, ["username", "discordId", "rank", "nationality", "order"]),
    version: 1,
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

/**
 * Applies the edit under the entry's version (see updateVersioned): with `version`, a save based on an older one is a
 * conflict and changes nothing. Null when the server's list has no such entry. A save that changes nothing writes
 * nothing.
 */
export async function updateEntry(
  deps: Deps,
  server: TribelistServer,
  _id: string,
  input: EntryUpdate,
): Promise<VersionedSave<TribelistEntry>> {
  const { _id: _ignored, version, ...given } = input;
  const patch = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Partial<EntryRow>;
  const saved = await updateVersioned(
    deps,
    tribelistEntries,
    _id,
    () => findEntry(deps.db, server, _id),
    patch,
    version,
    (before, after) => ({
      audit: {
        entity: "tribelist_entry",
        entityId: _id,
        action: "update",
        before: { server, ...entryJson(before) },
        after: { server, ...entryJson(after) },
      },
      event: { type: "tribelist_updated", message: `Updated entry: ${after.name}.` },
    }),
  );
  return mapSave(saved, entryJson);
}

export async function deleteEntry(deps: Deps, server: TribelistServer, _id: string) {
  const before = await findEntry(deps.db, server, _id);
  if (!before) return null;
  await deleteAudited(
    deps,
    tribelistEntries,
    _id,
    { entity: "tribelist_entry", before: { server, ...entryJson(before) } },
    { type: "tribelist_deleted", message: `Removed entry: ${before.name}.` },
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
