// The host API (spec part 1 and part 2, section 7), mounted at /api, /kick and /avatar. Every request must name its
// caller: the signed-in session cookie, `Authorization: Bearer <API token>`, or the BFF's in-process call.
import { Hono } from "hono";
import { getConfig } from "../platform/config";
import { SAFE_METHODS } from "../platform/gate";
import { clientAddress, overLimit } from "../platform/limits";
import { search } from "../domain/search";
import { resolveToken } from "../domain/tokens";
import { pageQuery, valid } from "./http";
import { database } from "../domain/context";
import type { Caller, WorkerEnv } from "../types";
import { breederApi } from "./breeder";
import { communityApi } from "./community";
import { serversApi } from "./servers";
import { stockApi } from "./stock";
import { tokensApi } from "./tokens";
import { vouchesApi } from "./vouches";

export const hostApi = new Hono<WorkerEnv>();

// Called in-process by the BFF, the outer middleware has not run: the settings are read here too. The live events a
// write raises wait until its answer is made (`answered`, worker/platform/deps.ts).
hostApi.use("*", async (c, next) => {
  if (!c.get("config")) c.set("config", getConfig(c.env));
  let answer = () => {};
  c.set("answered", new Promise<void>((resolve) => (answer = resolve)));
  try {
    await next();
  } finally {
    answer();
  }
});

/** Requests the BFF makes in-process, with the caller it already resolved. Not reachable from outside. */
const inProcess = new WeakMap<Request, Caller>();
export function callInProcess(request: Request, caller: Caller, env: Env, ctx: ExecutionContext) {
  inProcess.set(request, caller);
  return hostApi.fetch(request, env, ctx);
}

const unauthorized = { error: "unauthorized", message: "Sign in, or send an API token as a Bearer token." } as const;

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.use(path, async (c, next) => {
    const internal = inProcess.get(c.req.raw);
    if (internal) {
      c.set("caller", internal);
      return next();
    }
    const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
    if (bearer) {
      const token = await resolveToken(database(c.env), bearer.trim());
      // Wrong tokens are counted per address (guessing), right ones per token, and a token's changes per member
      // (ADR 031).
      if (!token) {
        const refused = await overLimit(c, "BAD_TOKEN_LIMIT", clientAddress(c.req.raw));
        return refused ?? c.json({ error: "unauthorized", message: "This API token is unknown or revoked." }, 401);
      }
      const refused =
        (await overLimit(c, "TOKEN_LIMIT", token.id)) ?? (SAFE_METHODS.has(c.req.method) ? null : await overLimit(c, "WRITE_LIMIT", token.userId));
      if (refused) return refused;
      c.set("caller", { kind: "token", id: `token:${token.id}`, name: token.name, userId: token.userId, tokenId: token.id });
      return next();
    }
    // A signed-in session: the outer middleware resolved its caller (worker/index.ts).
    if (!c.get("caller")) return c.json(unauthorized, 401);
    return next();
  });
}

hostApi.get("/api/health", async (c) => {
  const row = await c.env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ status: "ok", database: row?.ok === 1 ? "ok" : "unavailable", time: new Date().toISOString() });
});

// The same search text as every list's search (contract/search.ts MAX_QUERY): the page cuts what is typed to it.
hostApi.get("/api/search", valid("query", pageQuery.pick({ q: true })), async (c) =>
  c.json({ results: await search(database(c.env), c.req.valid("query").q) }),
);

hostApi.route("/api/tokens", tokensApi);
hostApi.route("/api/vouches", vouchesApi);
hostApi.route("/", communityApi);
hostApi.route("/", stockApi);
hostApi.route("/", breederApi);
hostApi.route("/", serversApi);

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.all(path, (c) => c.json({ error: "not_found", message: `No such API route: ${c.req.method} ${c.req.path}` }, 404));
}
