// The 2411 stock sheet, one set of calls per tab at the tab's base path (see TABS):
// GET {base}, GET {base}/history, PUT {base}/{id}, POST {base}/batch, PUT {base}/{id}/order, POST {base}/order,
// PATCH {base}/{id} (colours), PUT {base}/{id}/image. Mounted at the root; routes carry their full paths.
import { Hono } from "hono";
import { getRow, listHistory, listRows } from "#worker/domain/stock";
import { reorder, saveRows, setColours, setImage, setOrder } from "#worker/domain/stock-writes";
import {
  batchBody,
  colourBody,
  historyQuery,
  idParam,
  imageBody,
  orderBody,
  reorderBody,
  saveBody,
} from "#worker/domain/stock-input";
import { STOCK_TABS, TABS } from "#contract/stock";
import type { WorkerEnv } from "#worker/types";
import { deps, fieldError, notFound, valid } from "./http";

export const stockApi = new Hono<WorkerEnv>();

for (const tab of STOCK_TABS) {
  const { path: base, label, kind } = TABS[tab];
  const what = `${label} row`;

  stockApi.get(base, async (c) => c.json(await listRows(deps(c).db, tab)));

  stockApi.get(`${base}/history`, valid("query", historyQuery), async (c) =>
    c.json(await listHistory(deps(c).db, tab, c.req.valid("query"))),
  );

  stockApi.post(`${base}/batch`, valid("json", batchBody(kind)), async (c) => {
    const body = c.req.valid("json");
    const d = deps(c);
    return c.json(await saveRows(d, tab, body.rows, body.displayName || d.actor.name));
  });

  stockApi.post(`${base}/order`, valid("json", reorderBody), async (c) => {
    const result = await reorder(deps(c), tab, c.req.valid("json").ids);
    if ("mismatch" in result) {
      return fieldError(c, "ids", `must list every row of ${label} exactly once (${result.mismatch} rows)`);
    }
    return c.json(result.rows);
  });

  stockApi.put(`${base}/:id/order`, valid("param", idParam), valid("json", orderBody), async (c) => {
    const { id } = c.req.valid("param");
    const row = await setOrder(deps(c), tab, id, c.req.valid("json").order);
    return row ? c.json(row) : notFound(c, what, id);
  });

  stockApi.put(`${base}/:id/image`, valid("param", idParam), valid("json", imageBody), async (c) => {
    const { id } = c.req.valid("param");
    const { imageUrl, updateAllMatching } = c.req.valid("json");
    const result = await setImage(deps(c), tab, id, imageUrl, updateAllMatching);
    return result ? c.json(result) : notFound(c, what, id);
  });

  stockApi.put(`${base}/:id`, valid("param", idParam), valid("json", saveBody(kind)), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const d = deps(c);
    const result = await saveRows(d, tab, [{ _id: id, ...body }], body.displayName || d.actor.name);
    if (result.failed.length > 0) return notFound(c, what, id);
    const [conflict] = result.conflicts;
    if (conflict) return c.json({ error: "conflict", message: conflict.message, current: conflict.current }, 409);
    return c.json(await getRow(d.db, tab, id));
  });

  stockApi.patch(`${base}/:id`, valid("param", idParam), valid("json", colourBody), async (c) => {
    const { id } = c.req.valid("param");
    const row = await setColours(deps(c), tab, id, c.req.valid("json"));
    return row ? c.json(row) : notFound(c, what, id);
  });
}
