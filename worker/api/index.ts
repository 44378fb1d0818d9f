// The host API (spec section 7): mounted at /api, /kick and /avatar. Every request must be signed in; later issues add
// one Hono sub-app per resource here.
import { Hono } from "hono";
import type { WorkerEnv } from "../types";

export const hostApi = new Hono<WorkerEnv>();

const unauthorized = { error: "unauthorized", message: "Sign in to use this API." } as const;

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.use(path, async (c, next) => {
    if (c.get("auth").status !== "ok") return c.json(unauthorized, 401);
    await next();
  });
}

hostApi.get("/api/health", async (c) => {
  const row = await c.env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ status: "ok", database: row?.ok === 1 ? "ok" : "unavailable", time: new Date().toISOString() });
});

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.all(path, (c) => c.json({ error: "not_found", message: `No such API route: ${c.req.method} ${c.req.path}` }, 404));
}
