// The breeder part of the host API (docs/api/breeder.md), mounted at the root; routes carry their full
// paths. The breeder list, the FFA raising and codes-given side tables, claim sessions and session statistics, and
// the Discord bot's ingestion of the last two.
import { Hono } from "hono";
import { breederImportSchema, importBreeders } from "#worker/domain/breeder-import";
import { BREEDER_SERVERS, CLAIM_FILTERS } from "#contract/breeder";
import { MAX_QUERY } from "#contract/search";
import { isTimeZone } from "#contract/zones";
import { objectIdSchema } from "#contract/ids";
import { z, type ZodSchema } from "zod";
import {
  batchColour,
  createBreeder,
  deleteBreeder,
  listBreeders,
  patchBreeder,
  reorderBreeders,
  setBreederImage,
  setBreederOrder,
  setBreederRole,
} from "#worker/domain/breeder";
import {
  batchColourSchema,
  type BreederPatch,
  breederCreateSchema,
  breederPatchSchema,
  imageSchema,
  orderSchema,
  reorderSchema,
  roleSchema,
} from "#worker/domain/breeder-input";
import {
  listClaimSessions,
  searchClaimSessions,
  listSessionStats,
  searchSessionStats,
} from "#worker/domain/breeder-sessions";
import {
  claimSessionsIngestSchema,
  ingestClaimSessions,
  ingestSessionStats,
  sessionStatsIngestSchema,
} from "#worker/domain/breeder-sessions-ingest";
import {
  codeCreateSchema,
  codePatchSchema,
  codesGivenTo,
  ffaCreateSchema,
  ffaPatchSchema,
  ffaRaisings,
} from "#worker/domain/breeder-tables";
import { breederDinos, searchBreeders } from "#worker/domain/breeder-search";
import type { WorkerEnv } from "#worker/types";
import { blankIsMissing, deps, fieldError, notFound, pageQuery, pageSize, valid } from "./http";

const idParam = z.object({ id: objectIdSchema });
/** The breeder list's page (100 rows unless `size` says otherwise) and its optional server filter. */
const breederPageQuery = pageQuery.extend({
  size: pageSize(100),
  server: z.preprocess(
    blankIsMissing,
    z.enum(BREEDER_SERVERS, { message: `must be ${BREEDER_SERVERS.join(", ")}` }).optional(),
  ),
});

/** The claim sessions' page: the tab's own search, a summary card's filter and the viewer's zone (for "today" and dates). */
const claimPageQuery = pageQuery.extend({
  cq: z.string().max(MAX_QUERY, `must be at most ${MAX_QUERY} characters`).default(""),
  filter: z.preprocess(
    blankIsMissing,
    z.enum(CLAIM_FILTERS, { message: `must be ${CLAIM_FILTERS.join(", ")}` }).optional(),
  ),
  tz: z.preprocess(blankIsMissing, z.string().max(64).refine(isTimeZone, "is not a known time zone").default("UTC")),
});

/**
 * A side table's routes at `path`: its whole list, its page (searched, counted and paged in SQL; the whole list stays
 * for old clients), and adding, editing one field of, and deleting a row (`noun` names one in the answers).
 */
function sideTableApi(
  path: string,
  table: typeof ffaRaisings | typeof codesGivenTo,
  createSchema: ZodSchema<Record<string, unknown>>,
  patchSchema: ZodSchema<Record<string, unknown>>,
  noun: string,
) {
  return new Hono<WorkerEnv>()
    .get(path, async (c) => c.json(await table.list(deps(c).db)))
    .get(`${path}/search`, valid("query", pageQuery), async (c) =>
      c.json(await table.search(deps(c).db, c.req.valid("query"))),
    )
    .post(path, valid("json", createSchema), async (c) => c.json(await table.create(deps(c), c.req.valid("json")), 201))
    .patch(`${path}/:id`, valid("param", idParam), valid("json", patchSchema), async (c) => {
      const { id } = c.req.valid("param");
      const row = await table.patch(deps(c), id, c.req.valid("json"));
      return row ? c.json(row) : notFound(c, noun, id);
    })
    .delete(`${path}/:id`, valid("param", idParam), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await table.remove(deps(c), id))) return notFound(c, noun, id);
      return c.json({ message: `${noun[0].toUpperCase()}${noun.slice(1)} deleted.` });
    });
}

export const breederApi = new Hono<WorkerEnv>()
  // ---- The breeder list --------------------------------------------------------------------------------------------
  .get("/api/breeder-list", async (c) => c.json(await listBreeders(deps(c).db)))
  // One page, searched, filtered and counted in SQL, with the summary card; each dino's first row (before /:id routes).
  .get("/api/breeder-list/search", valid("query", breederPageQuery), async (c) =>
    c.json(await searchBreeders(deps(c).db, c.req.valid("query"))),
  )
  .get("/api/breeder-list/dinos", async (c) => c.json(await breederDinos(deps(c).db)))
  .post("/api/breeder-list", valid("json", breederCreateSchema), async (c) =>
    c.json(await createBreeder(deps(c), c.req.valid("json") as Record<string, unknown>), 201),
  )
  // A tribe's sheet imported at once: rows changed at the versions the preview read, and rows added.
  .post("/api/breeder-list/import", valid("json", breederImportSchema), async (c) => {
    const result = await importBreeders(deps(c), c.req.valid("json"));
    if (result.status === "not_found")
      return c.json({ error: "not_found", message: `No breeder row with id ${result.ids[0]}.`, ids: result.ids }, 404);
    if (result.status === "conflict") {
      const [first, ...others] = result.names;
      const more = others.length ? ` and ${others.length} more` : "";
      return c.json(
        {
          error: "conflict",
          message: `${first}${more} changed since the preview: preview the import again.`,
          names: result.names,
        },
        409,
      );
    }
    return c.json({ created: result.created, updated: result.updated });
  })
  // The whole order at once (the sheet's Save Order), before the /:id routes.
  .post("/api/breeder-list/order", valid("json", reorderSchema), async (c) => {
    const result = await reorderBreeders(deps(c), c.req.valid("json").ids);
    if ("mismatch" in result) {
      return fieldError(c, "ids", `must list every breeder entry exactly once (${result.mismatch} rows)`);
    }
    return c.json({ message: "Order saved.", moved: result.moved });
  })
  // Before /:id routes, so "batch-color" is never taken for an id.
  .post("/api/breeder-list/batch-color", valid("json", batchColourSchema), async (c) => {
    const { cells, color } = c.req.valid("json");
    const result = await batchColour(deps(c), cells, color);
    if (result.status === "not_found") return notFound(c, "breeder entry", result.id);
    return c.json({ message: "Colour saved.", updatedRows: result.updatedRows, updatedCells: result.updatedCells });
  })
  .patch("/api/breeder-list/:id", valid("param", idParam), valid("json", breederPatchSchema), async (c) => {
    const { id } = c.req.valid("param");
    const result = await patchBreeder(deps(c), id, c.req.valid("json") as BreederPatch);
    if (result.status === "not_found") return notFound(c, "breeder entry", id);
    if (result.status === "conflict") {
      return c.json(
        {
          error: "conflict",
          message: `The breeder entry changed since version ${(c.req.valid("json") as BreederPatch).version}; it is now at version ${result.current.version}. Reload and try again.`,
          current: result.current,
        },
        409,
      );
    }
    return c.json(result.row);
  })
  .delete("/api/breeder-list/:id", valid("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteBreeder(deps(c), id))) return notFound(c, "breeder entry", id);
    return c.json({ message: "Breeder entry deleted." });
  })
  .put("/api/breeder-list/:id/order", valid("param", idParam), valid("json", orderSchema), async (c) => {
    const { id } = c.req.valid("param");
    const row = await setBreederOrder(deps(c), id, c.req.valid("json").order);
    return row ? c.json(row) : notFound(c, "breeder entry", id);
  })
  .put("/api/breeder-list/:id/image", valid("param", idParam), valid("json", imageSchema), async (c) => {
    const { id } = c.req.valid("param");
    const { imageUrl, updateAllMatching } = c.req.valid("json");
    const result = await setBreederImage(deps(c), id, imageUrl, updateAllMatching);
    if (!result) return notFound(c, "breeder entry", id);
    const what = result.updatedCount === 1 ? "1 entry" : `${result.updatedCount} entries`;
    return c.json({ message: `Image updated for ${what} named ${result.itemName}.`, ...result });
  })
  .put("/api/breeder-list/:id/role", valid("param", idParam), valid("json", roleSchema), async (c) => {
    const { id } = c.req.valid("param");
    const row = await setBreederRole(deps(c), id, c.req.valid("json").roleId);
    return row ? c.json(row) : notFound(c, "breeder entry", id);
  })

  // ---- The side tables: FFA raising, codes given to ----------------------------------------------------------------
  .route("/", sideTableApi("/api/ffa-raising", ffaRaisings, ffaCreateSchema, ffaPatchSchema, "FFA raising"))
  .route("/", sideTableApi("/api/codes-given-to", codesGivenTo, codeCreateSchema, codePatchSchema, "code given"))

  // ---- Claim sessions and statistics -------------------------------------------------------------------------------
  .get("/api/breeder-claim-sessions", async (c) => c.json(await listClaimSessions(deps(c).db)))
  // The tab's page: cards, filter, both searches and paging in SQL (the whole list above stays for old clients).
  .get("/api/breeder-claim-sessions/search", valid("query", claimPageQuery), async (c) =>
    c.json(await searchClaimSessions(deps(c).db, c.req.valid("query"))),
  )
  .get("/api/breeder-session-stats", async (c) => c.json(await listSessionStats(deps(c).db)))
  // The leaderboard's page: each row's place, its breeder's avatar, the search and paging (the whole list stays above).
  .get("/api/breeder-session-stats/search", valid("query", pageQuery), async (c) =>
    c.json(await searchSessionStats(deps(c).db, c.req.valid("query"))),
  )
  .post("/api/ingest/breeder/claim-sessions", valid("json", claimSessionsIngestSchema), async (c) =>
    c.json(await ingestClaimSessions(deps(c), c.req.valid("json"))),
  )
  .post("/api/ingest/breeder/session-stats", valid("json", sessionStatsIngestSchema), async (c) =>
    c.json(await ingestSessionStats(deps(c), c.req.valid("json"))),
  );
