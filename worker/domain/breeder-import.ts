// A tribe's sheet imported into the breeder list in one go: rows changed (each at the version its preview read) and
// rows added, in one D1 batch with one audit entry and one live event. A row that moved on since the preview refuses
// the whole import, so nothing is half applied.
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { breederList, itemImages, roleMappings } from "#drizzle/schema";
import { objectIdSchema } from "#contract/ids";
import { MAX_IMPORT_ROWS } from "#contract/import";
import type { Deps } from "./context";
import { commit, versionGuard } from "./context";
import { findBreeders, newBreederRow, nextPlace } from "./breeder";
import { LIST_EVENT, planPatch, searchColumns } from "./breeder-rows";
import { breederCreateSchema, breederPatchSchema } from "./breeder-input";
import { chunk, KEYS_PER_STATEMENT } from "./d1-chunks";

export const breederImportSchema = z
  .object({
    create: z.array(breederCreateSchema).max(MAX_IMPORT_ROWS, `has at most ${MAX_IMPORT_ROWS} rows`).default([]),
    update: z
      .array(
        z.object({
          _id: objectIdSchema,
          version: z
            .number({ required_error: "is required" })
            .int("must be a whole number")
            .positive("must be positive"),
          fields: breederPatchSchema,
        }),
      )
      .max(MAX_IMPORT_ROWS, `has at most ${MAX_IMPORT_ROWS} rows`)
      .default([]),
  })
  .refine((b) => b.create.length + b.update.length > 0, { message: "names no row to add or change", path: ["create"] })
  .refine((b) => new Set(b.update.map((u) => u._id)).size === b.update.length, {
    message: "changes a row twice",
    path: ["update"],
  });
export type BreederImport = z.infer<typeof breederImportSchema>;

export type ImportResult =
  | { status: "ok"; created: number; updated: number }
  | { status: "not_found"; ids: string[] }
  | { status: "conflict"; names: string[] };

export async function importBreeders(deps: Deps, body: BreederImport): Promise<ImportResult> {
  const stored = new Map(
    (
      await findBreeders(
        deps.db,
        body.update.map((u) => u._id),
      )
    ).map((r) => [r._id, r]),
  );
  const missing = body.update.filter((u) => !stored.has(u._id)).map((u) => u._id);
  if (missing.length) return { status: "not_found", ids: missing };
  const moved = body.update.filter((u) => stored.get(u._id)!.version !== u.version);
  if (moved.length) return { status: "conflict", names: moved.map((u) => stored.get(u._id)!.Dino) };

  const writes = [];
  const at = new Date();
  for (const { _id, version, fields } of body.update) {
    const row = stored.get(_id)!;
    const change = planPatch(row, fields);
    const values = { ...row.values, ...Object.fromEntries(change.values) };
    const fieldColors = { ...row.fieldColors };
    for (const [column, colour] of change.colours) {
      if (colour === null) delete fieldColors[column];
      else fieldColors[column] = colour;
    }
    const patched = { ...row, ...change.columns, values };
    // The whole row is written from the one it was planned on; the guard makes any write in between abort the batch.
    writes.push(versionGuard(deps.db, breederList, _id, version));
    writes.push(
      deps.db
        .update(breederList)
        .set({
          ...change.columns,
          values,
          fieldColors,
          ...searchColumns(patched),
          version: version + 1,
          lastUpdated: at,
        })
        .where(eq(breederList._id, _id)),
    );
  }

  if (body.create.length) {
    const dinos = [...new Set(body.create.map((c) => c.Dino as string))];
    const images = new Map<string, string>();
    const roles = new Map<string, string>();
    for (const some of chunk(dinos, KEYS_PER_STATEMENT)) {
      for (const image of await deps.db.select().from(itemImages).where(inArray(itemImages.name, some))) {
        if (image.scope === "dino") images.set(image.name, image.imageUrl);
      }
      for (const mapping of await deps.db.select().from(roleMappings).where(inArray(roleMappings.dino, some)))
        roles.set(mapping.dino, mapping.roleId);
    }
    let place = await nextPlace(deps.db);
    for (const line of body.create) {
      const dino = line.Dino as string;
      writes.push(
        deps.db
          .insert(breederList)
          .values(newBreederRow(line, place++, images.get(dino) ?? null, roles.get(dino) ?? null)),
      );
    }
  }

  const created = body.create.length;
  const updated = body.update.length;
  try {
    await commit(
      deps,
      writes as never,
      [{ entity: "breeder_list", entityId: null, action: "import", after: { created, updated } }],
      [{ ...LIST_EVENT, message: `Breeder list: ${created + updated} rows imported`, count: created + updated }],
    );
  } catch (error) {
    const now = await findBreeders(
      deps.db,
      body.update.map((u) => u._id),
    );
    const raced = now.filter((r) => r.version !== stored.get(r._id)!.version);
    if (raced.length === 0 && now.length === body.update.length) throw error;
    return { status: "conflict", names: raced.map((r) => r.Dino) };
  }
  return { status: "ok", created, updated };
}
