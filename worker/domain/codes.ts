// Member codes: who holds which code on which server. Every field is free text, sorted by id.
import { asc, eq, sql } from "drizzle-orm";
import type { Code, CodeFields } from "#contract/codes";
import { completedLabel } from "#contract/codes-display";
import { codes } from "#drizzle/schema";
import type { Db, Deps, VersionedSave } from "./context";
import { commit, deleteAudited, mapSave, newObjectId, nullWhereAbsent, updateVersioned } from "./context";
import { anyColumnLike, countedRows, type PageQuery } from "./paging";
import type { SearchPage } from "#contract/search";

type CodeRow = typeof codes.$inferSelect;

/** The API's JSON for a code: _id, id, username, code, server, avatar, completed, mainserver, location, user. */
export function codeJson(row: CodeRow): Code {
  const { updatedAt: _u, ...rest } = row;
  return rest;
}

export async function listCodes(db: Db) {
  return (await db.select().from(codes).orderBy(asc(codes.id))).map(codeJson);
}

/** The columns the Codes page shows, as it shows them (search matches every displayed column). */
const SEARCHED_COLUMNS = [
  sql`cast(${codes.id} as text)`,
  codes.username,
  codes.code,
  codes.server,
  sql`case when ${codes.completed} then ${completedLabel(true)} else ${completedLabel(false)} end`,
  codes.mainserver,
  codes.location,
  codes.user,
];

/**
 * One page of codes sorted by id, whose displayed columns contain `q`, counted and paged in SQL; `all` counts every
 * code (the page's subtitle). A page past the end answers the last page.
 */
export async function searchCodes(
  db: Db,
  { q = "", page = 1, size = 25 }: PageQuery,
): Promise<SearchPage<Code> & { all: number }> {
  const found = await countedRows(db, codes, anyColumnLike(SEARCHED_COLUMNS, q), [asc(codes.id)], { page, size });
  return { ...found, rows: found.rows.map(codeJson) };
}

/** Adds a code with the next id (the highest plus one). */
export async function createCode(deps: Deps, input: CodeFields) {
  for (let attempt = 0; ; attempt++) {
    const [{ max }] = await deps.db.select({ max: sql<number | null>`max(${codes.id})` }).from(codes);
    const row: CodeRow = {
      _id: newObjectId(),
      id: (max ?? 0) + 1,
      ...nullWhereAbsent(input, ["username", "code", "server", "avatar", "mainserver", "location", "user"]),
      completed: input.completed ?? false,
      version: 1,
      updatedAt: new Date(),
    };
    try {
      await commit(
        deps,
        [deps.db.insert(codes).values(row)],
        [{ entity: "code", entityId: row._id, action: "create", after: codeJson(row) }],
        [{ type: "codes_update", message: `Code ${row.id} added.` }],
      );
      return codeJson(row);
    } catch (error) {
      // Another writer took the same id between our read and write: read the highest id again, once.
      if (
        attempt === 0 &&
        /UNIQUE constraint/i.test(`${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`)
      )
        continue;
      throw error;
    }
  }
}

export async function findCode(db: Db, _id: string) {
  return (await db.query.codes.findFirst({ where: eq(codes._id, _id) })) ?? null;
}

/**
 * Applies the given fields under the code's version (see updateVersioned): with `version`, a save based on an older one
 * is a conflict and changes nothing. Null for an unknown code; a change that changes nothing writes nothing.
 */
export async function updateCode(
  deps: Deps,
  _id: string,
  input: CodeFields,
  version?: number,
  known?: CodeRow,
): Promise<VersionedSave<Code>> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<CodeRow>;
  const saved = await updateVersioned(
    deps,
    codes,
    _id,
    () => findCode(deps.db, _id),
    patch,
    version,
    (before, after) => ({
      audit: { entity: "code", entityId: _id, action: "update", before: codeJson(before), after: codeJson(after) },
      event: { type: "codes_update", message: `Code ${before.id} updated.` },
    }),
    known,
  );
  return mapSave(saved, codeJson);
}

export async function deleteCode(deps: Deps, _id: string) {
  const before = await findCode(deps.db, _id);
  if (!before) return null;
  await deleteAudited(
    deps,
    codes,
    _id,
    { entity: "code", before: codeJson(before) },
    {
      type: "codes_update",
      message: `Code ${before.id} deleted.`,
    },
  );
  return codeJson(before);
}
