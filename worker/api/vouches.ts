// /api/vouches: the list, the dashboard's card cache, delete, and marking a kicked user's vouches Remove Pending.
import { Hono } from "hono";
import { z } from "zod";
import {
  cardCache,
  deleteVouch,
  listVouches,
  markRemovePending,
  searchVouches,
  vouchStats,
} from "#worker/domain/vouches";
import type { WorkerEnv } from "#worker/types";
import { deps, notFound, pageQuery, valid } from "./http";
import { discordIdSchema, objectIdSchema } from "#contract/ids";

const objectIdParam = z.object({ _id: objectIdSchema });
const discordIdParam = z.object({ vouchedId: discordIdSchema });

export const vouchesApi = new Hono<WorkerEnv>()
  .get("/", async (c) => c.json(await listVouches(deps(c).db)))
  .get("/card-cache", async (c) => c.json(await cardCache(deps(c).db)))
  .get("/stats", async (c) => c.json(await vouchStats(deps(c).db)))
  .post("/mark-remove-pending/:vouchedId", valid("param", discordIdParam), async (c) => {
    const { vouchedId } = c.req.valid("param");
    const updated = await markRemovePending(deps(c), vouchedId);
    if (updated === 0) return notFound(c, "vouches for the user", vouchedId);
    return c.json({ message: `Marked ${updated} vouch${updated === 1 ? "" : "es"} Remove Pending.`, updated });
  })
  .delete("/:_id", valid("param", objectIdParam), async (c) => {
    const { _id } = c.req.valid("param");
    if (!(await deleteVouch(deps(c), _id))) return notFound(c, "vouch", _id);
    return c.json({ message: "Vouch deleted." });
  });

/** The Vouches page's paged search: `q` over every displayed column, sorted by id (see docs/api.md). */
vouchesApi.get("/search", valid("query", pageQuery), async (c) =>
  c.json(await searchVouches(deps(c).db, c.req.valid("query"))),
);
