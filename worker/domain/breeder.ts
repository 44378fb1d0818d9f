// The breeder list: one row per breed line, columns under the names the API keeps, Days since / Days sincetwo
// computed on read. Writes bump the row's version, are audited, raise breeder_list_update and keep the search columns.
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import { breederList, itemImages, roleMappings } from "#drizzle/schema";
import type { AuditEntry, Db, Deps } from "./context";
import { commit, deleteAudited, newObjectId, newPlaces, RACE_RETRIES, versionGuard } from "./context";
import { VALUE_COLUMNS, type BreederListRow } from "#contract/breeder";

import type { BreederPatch } from "./breeder-input";
import { chunk, inChunks, KEYS_PER_STATEMENT } from "./d1-chunks";
import {
  breederJson,
  isEmptyChange,
  jsonMerge,
  LIST_EVENT,
  planPatch,
  ROW_FIELDS,
  searchColumns,
  type BreederRow,
  type Value,
} from "./breeder-rows";

// ---- Reads -------------------------------------------------------------------------------------------------------

export async function listBreeders(db: Db, now = new Date()) {
  const rows = await db.select(ROW_FIELDS).from(breederList).orderBy(asc(breederList.order), asc(breederList._id));
  return rows.map((r) => breederJson(r, now));
}

export const findBreeder = (db: Db, _id: string) => db.query.breederList.findFirst({ where: eq(breederList._id, _id) });

/** Rows by id, in chunks (D1 binds at most 100 parameters per statement). */
export async function findBreeders(db: Db, ids: string[]): Promise<BreederRow[]> {
  return inChunks(ids, (part) => db.select().from(breederList).where(inArray(breederList._id, part)));
}

// ---- Writes ------------------------------------------------------------------------------------------------------

const bump = () => ({ version: sql`${breederList.version} + 1`, lastUpdated: new Date() });

/** `field` set to `value` on every one of `rows` (a dino's rows): the updates, in chunks of ids, and an audit row each. */
function setOnRows<K extends "imageUrl" | "roleId">(
  deps: Deps,
  rows: BreederRow[],
  field: K,
  value: BreederRow[K],
  action: string,
) {
  const change = { [field]: value } as Pick<BreederRow, K>;
  const writes = chunk(
    rows.map((t) => t._id),
    KEYS_PER_STATEMENT,
  ).map((part) =>
    deps.db
      .update(breederList)
      .set({ ...change, ...bump() })
      .where(inArray(breederList._id, part)),
  );
  const audit: AuditEntry[] = rows.map((t) => ({
    entity: "breeder_list",
    entityId: t._id,
    action,
    before: { [field]: t[field] },
    after: change,
  }));
  return { writes, audit };
}

export type PatchResult =
  { status: "not_found" } | { status: "conflict"; current: BreederListRow } | { status: "ok"; row: BreederListRow };

/**
 * Applies a validated PATCH. With `version`, a stale version answers conflict and changes nothing. Values are merged
 * into the JSON columns in SQL, so two people editing different cells of one row do not overwrite each other.
 */
export async function patchBreeder(deps: Deps, _id: string, patch: BreederPatch, attempt = 0): Promise<PatchResult> {
  const row = await findBreeder(deps.db, _id);
  if (!row) return { status: "not_found" };
  if (patch.version !== undefined && patch.version !== row.version)
    return { status: "conflict", current: breederJson(row) };
  const change = planPatch(row, patch);
  if (isEmptyChange(change)) return { status: "ok", row: breederJson(row) };

  // The search columns of the row as patched: the version guard below makes it the row this change was planned on.
  const patched = { ...row, ...change.columns, values: { ...row.values, ...Object.fromEntries(change.values) } };
  const set: Record<string, unknown> = { ...change.columns, ...searchColumns(patched), ...bump() };
  if (change.values.length) set.values = jsonMerge(breederList.values, change.values, false);
  if (change.colours.length) set.fieldColors = jsonMerge(breederList.fieldColors, change.colours, true);
  try {
    const [, updated] = (await commit(
      deps,
      // The update applies only to the row as it was read: a write that gets in between aborts the whole batch,
      // audit row included.
      [
        versionGuard(deps.db, breederList, _id, row.version),
        deps.db.update(breederList).set(set).where(eq(breederList._id, _id)).returning(),
      ],
      [{ entity: "breeder_list", entityId: _id, action: "update", before: change.before, after: change.after }],
      [LIST_EVENT],
    )) as [unknown, BreederRow[]];
    return { status: "ok", row: breederJson(updated[0]) };
  } catch (error) {
    const current = await findBreeder(deps.db, _id);
    if (current?.version === row.version) throw error; // not a race: a real failure
    if (!current) return { status: "not_found" };
    if (patch.version !== undefined) return { status: "conflict", current: breederJson(current) };
    // Without a version the change is merged into whatever is stored now: plan it again from the new row; a write
    // that keeps losing is answered as a conflict with the row as it now is.
    if (attempt < RACE_RETRIES) return patchBreeder(deps, _id, patch, attempt + 1);
    return { status: "conflict", current: breederJson(current) };
  }
}

export type BatchColourResult =
  { status: "not_found"; id: string } | { status: "ok"; updatedRows: number; updatedCells: number };

/** Gives every named cell the colour (null clears it), all or nothing: an unknown row changes nothing. */
export async function batchColour(
  deps: Deps,
  cells: { rowId: string; columnKey: string }[],
  color: string | null,
): Promise<BatchColourResult> {
  const byRow = new Map<string, Set<string>>();
  for (const { rowId, columnKey } of cells) {
    if (!byRow.has(rowId)) byRow.set(rowId, new Set());
    byRow.get(rowId)!.add(columnKey);
  }
  const ids = [...byRow.keys()];
  const rows = new Map((await findBreeders(deps.db, ids)).map((r) => [r._id, r]));
  const missing = ids.find((id) => !rows.has(id));
  if (missing) return { status: "not_found", id: missing };

  const writes = [];
  const audit: AuditEntry[] = [];
  let updatedCells = 0;
  for (const [id, columns] of byRow) {
    const row = rows.get(id)!;
    const entries = [...columns].map((c) => [c, color] as [string, string | null]);
    updatedCells += entries.length;
    writes.push(
      deps.db
        .update(breederList)
        .set({ fieldColors: jsonMerge(breederList.fieldColors, entries, true) as never, ...bump() })
        .where(eq(breederList._id, id)),
    );
    audit.push({
      entity: "breeder_list",
      entityId: id,
      action: "color",
      before: Object.fromEntries([...columns].map((c) => [`fieldColors.${c}`, row.fieldColors?.[c] ?? null])),
      after: Object.fromEntries([...columns].map((c) => [`fieldColors.${c}`, color])),
    });
  }
  await commit(deps, writes as never, audit, [LIST_EVENT]);
  return { status: "ok", updatedRows: byRow.size, updatedCells };
}

/**
 * POST /api/breeder-list/order: the whole list's order at once (every row exactly once, newPlaces), in one batch with
 * one event. Versions stay: a pending cell edit in another browser is not refused because rows moved.
 */
export async function reorderBreeders(deps: Deps, ids: string[]) {
  const rows = await deps.db.select({ _id: breederList._id, order: breederList.order }).from(breederList);
  const places = newPlaces(rows, ids);
  if ("mismatch" in places) return places;
  const { moved } = places;
  if (moved.length > 0) {
    await commit(
      deps,
      moved.map(({ row, to }) =>
        deps.db.update(breederList).set({ order: to }).where(eq(breederList._id, row._id)),
      ) as never,
      moved.map(({ row, to }) => ({
        entity: "breeder_list",
        entityId: row._id,
        action: "order",
        before: { order: row.order },
        after: { order: to },
      })),
      [LIST_EVENT],
    );
  }
  return { moved: moved.length } as const;
}

export async function setBreederOrder(deps: Deps, _id: string, order: number) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  if (row.order === order) return breederJson(row);
  const [updated] = (await commit(
    deps,
    [
      deps.db
        .update(breederList)
        .set({ order, ...bump() })
        .where(eq(breederList._id, _id))
        .returning(),
    ],
    [{ entity: "breeder_list", entityId: _id, action: "order", before: { order: row.order }, after: { order } }],
    [LIST_EVENT],
  )) as [BreederRow[]];
  return breederJson(updated[0]);
}

/**
 * Sets the row's image, or with updateAllMatching every row of the same Dino, and remembers it for the dino
 * (item_images, scope "dino") so rows added later get it.
 */
export async function setBreederImage(deps: Deps, _id: string, imageUrl: string, updateAllMatching: boolean) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  const targets = updateAllMatching
    ? await deps.db.select().from(breederList).where(eq(breederList.Dino, row.Dino))
    : [row];
  const rows = setOnRows(deps, targets, "imageUrl", imageUrl, "image");
  const writes: unknown[] = [...rows.writes];
  const previous = await deps.db.query.itemImages.findFirst({
    where: and(eq(itemImages.scope, "dino"), eq(itemImages.name, row.Dino)),
  });
  writes.push(
    deps.db.delete(itemImages).where(and(eq(itemImages.scope, "dino"), eq(itemImages.name, row.Dino))),
    deps.db.insert(itemImages).values({ scope: "dino", name: row.Dino, imageUrl }),
  );
  await commit(
    deps,
    writes as never,
    [
      ...rows.audit,
      {
        entity: "item_image",
        entityId: `dino:${row.Dino}`,
        action: "set",
        before: previous?.imageUrl ?? null,
        after: imageUrl,
      },
    ],
    [LIST_EVENT],
  );
  return { updatedCount: targets.length, itemName: row.Dino };
}

/** Maps the row's dino to a Discord role: the role_mappings row, and the roleId of every row of that dino. */
export async function setBreederRole(deps: Deps, _id: string, roleId: string) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  const targets = await deps.db.select().from(breederList).where(eq(breederList.Dino, row.Dino));
  const previous = await deps.db.query.roleMappings.findFirst({ where: eq(roleMappings.dino, row.Dino) });
  const rows = setOnRows(
    deps,
    targets.filter((t) => t.roleId !== roleId),
    "roleId",
    roleId,
    "role",
  );
  const writes: unknown[] = [...rows.writes];
  if (previous?.roleId !== roleId) {
    writes.push(
      deps.db
        .insert(roleMappings)
        .values({ dino: row.Dino, roleId })
        .onConflictDoUpdate({ target: roleMappings.dino, set: { roleId, updatedAt: new Date() } }),
    );
  }
  if (writes.length) {
    await commit(
      deps,
      writes as never,
      [
        ...rows.audit,
        ...(previous?.roleId !== roleId
          ? [
              {
                entity: "role_mapping",
                entityId: row.Dino,
                action: "set",
                before: previous?.roleId ?? null,
                after: roleId,
              },
            ]
          : []),
      ],
      [LIST_EVENT],
    );
  }
  return breederJson((await findBreeder(deps.db, _id))!);
}

/** Adds a row at the end (or at `order`); a dino with a known image or role mapping gets them. */
/** A new row from a validated create body: the next place, and the Dino's picture and role when it has them. */
export function newBreederRow(
  body: Record<string, unknown>,
  order: number,
  imageUrl: string | null,
  roleId: string | null,
): Omit<BreederRow, "rowKey"> {
  const Dino = body.Dino as string;
  const Server = (body.Server as string | null | undefined) ?? null;
  const values: Record<string, Value> = {};
  for (const c of VALUE_COLUMNS) if (body[c] !== undefined) values[c] = body[c] as Value;
  return {
    _id: newObjectId(),
    order: (body.order as number | undefined) ?? order,
    Dino,
    Server,
    imageUrl: (body.imageUrl as string | null | undefined) ?? imageUrl,
    textColor: (body.textColor as string | null | undefined) ?? null,
    fieldColors: Object.fromEntries(
      Object.entries((body.fieldColors as Record<string, string | null> | undefined) ?? {}).filter(
        ([, v]) => v !== null,
      ),
    ) as Record<string, string>,
    roleId: (body.roleId as string | null | undefined) ?? roleId,
    values,
    ...searchColumns({ Dino, Server, values }),
    version: 1,
    lastUpdated: new Date(),
  };
}

/** The place after the list's last row. */
export async function nextPlace(db: Db) {
  const [{ last }] = await db.select({ last: max(breederList.order) }).from(breederList);
  return last === null ? 0 : last + 1;
}

export async function createBreeder(deps: Deps, body: Record<string, unknown>) {
  const Dino = body.Dino as string;
  const image = await deps.db.query.itemImages.findFirst({
    where: and(eq(itemImages.scope, "dino"), eq(itemImages.name, Dino)),
  });
  const mapping = await deps.db.query.roleMappings.findFirst({ where: eq(roleMappings.dino, Dino) });
  const row = newBreederRow(body, await nextPlace(deps.db), image?.imageUrl ?? null, mapping?.roleId ?? null);
  await commit(
    deps,
    [deps.db.insert(breederList).values(row)],
    [{ entity: "breeder_list", entityId: row._id, action: "create", after: breederJson(row) }],
    [LIST_EVENT],
  );
  return breederJson(row);
}

export async function deleteBreeder(deps: Deps, _id: string) {
  const row = await findBreeder(deps.db, _id);
  if (!row) return null;
  await deleteAudited(deps, breederList, _id, { entity: "breeder_list", before: breederJson(row) }, LIST_EVENT);
  return row;
}
