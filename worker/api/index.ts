// The host API, mounted at /api, /kick and /avatar. Every request must name its
// caller: the signed-in session cookie, `Authorization: Bearer <API token>`, or the BFF's in-process call.
import { Hono, type Context, type Next } from "hono";
import { apiNeed, can, FULL_ACCESS, meets, refusal, toAccess, within } from "#contract/access";
import { accessFor, refreshRoles, ROLE_REFRESH_MS } from "#worker/platform/access";
import { getConfig } from "#worker/platform/config";
import { SAFE_METHODS } from "#worker/platform/gate";
import { pingDatabase } from "#worker/platform/health";
import { jsonAnswer } from "#worker/platform/in-process-answer";
import { isShared, jsonOf } from "#contract/shared-json";
import { clientAddress, overLimit } from "#worker/platform/limits";
import { search, SEARCH_SECTIONS } from "#worker/domain/search";
import { resolveToken } from "#worker/domain/tokens";
import { ingestSourceOf, touchSource } from "#worker/domain/sources";
import { executionContext, pageQuery, valid } from "./http";
import { database } from "#worker/domain/context";
import type { Caller, WorkerEnv } from "#worker/types";
import { auditApi } from "./audit";
import { breederApi } from "./breeder";
import { communityApi } from "./community";
import { serversApi } from "./servers";
import { playersApi } from "./players";
import { alertsApi, sourcesApi } from "./sources";
import { stockApi } from "./stock";
import { tokensApi } from "./tokens";
import { vouchesApi } from "./vouches";

export const hostApi = new Hono<WorkerEnv>();

/** Requests the BFF makes in-process, with the caller it already resolved. Not reachable from outside. */
const inProcess = new WeakMap<Request, Caller>();
export function callInProcess(request: Request, caller: Caller, env: Env, ctx: ExecutionContext) {
  inProcess.set(request, caller);
  return hostApi.fetch(request, env, ctx);
}

// Called in-process by the BFF, the outer middleware has not run: the settings are read here too, and a JSON answer
// hands the BFF its value rather than text to parse (ADR 048). The live events a write raises wait until its answer is
// made (`answered`, worker/platform/deps.ts).
hostApi.use("*", async (c, next) => {
  if (!c.get("config")) c.set("config", getConfig(c.env));
  if (inProcess.has(c.req.raw)) {
    c.json = ((value: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) =>
      jsonAnswer(value, (body) =>
        c.body(body ?? "null", arg as 200, { "Content-Type": "application/json", ...headers }),
      )) as typeof c.json;
  } else {
    // A shared answer (one kept for many requests, ADR 060) is written out once, not for every request.
    const json = c.json;
    c.json = ((value: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) =>
      isShared(value)
        ? c.body(jsonOf(value), arg as 200, { "Content-Type": "application/json", ...headers })
        : json(value, arg as 200, headers)) as typeof c.json;
  }
  let answer = () => {};
  c.set("answered", new Promise<void>((resolve) => (answer = resolve)));
  try {
    await next();
  } finally {
    answer();
  }
});

const unauthorized = { error: "unauthorized", message: "Sign in, or send an API token as a Bearer token." } as const;

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.use(path, async (c, next) => {
    const internal = inProcess.get(c.req.raw);
    if (internal) {
      c.set("caller", internal);
      return allowed(c, next);
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
        (await overLimit(c, "TOKEN_LIMIT", token.id)) ??
        (SAFE_METHODS.has(c.req.method) ? null : await overLimit(c, "WRITE_LIMIT", token.userId));
      if (refused) return refused;
      // What the token may do: its scopes, within what its maker may do now (contract/access.ts). The maker's roles are
      // read from Discord like a session's: now when never read, after the answer when older than ROLE_REFRESH_MS, so a
      // token outlives no demotion, kick or departure of a maker who never signs in again by more than that.
      const origin = new URL(c.req.url).origin;
      let makerRoles = token.makerRoles;
      if (!makerRoles || !token.makerRolesCheckedAt)
        makerRoles = await refreshRoles(c.env.DB, c.get("config"), origin, token.userId);
      else if (Date.now() - token.makerRolesCheckedAt.getTime() >= ROLE_REFRESH_MS) {
        executionContext(c)?.waitUntil(refreshRoles(c.env.DB, c.get("config"), origin, token.userId));
      }
      const maker = await accessFor(c.env.DB, c.get("config"), token.userId, makerRoles);
      const access = within(token.scopes ? toAccess(token.scopes) : FULL_ACCESS, maker);
      c.set("caller", {
        kind: "token",
        id: `token:${token.id}`,
        name: token.name,
        userId: token.userId,
        tokenId: token.id,
        access,
      });
      return allowed(c, next);
    }
    // A signed-in session: the outer middleware resolved its caller (worker/index.ts).
    if (!c.get("caller")) return c.json(unauthorized, 401);
    return allowed(c, next);
  });
}

/** Every call needs its section's level (contract/access.ts apiNeed): 403 with the reason, or on to the handler. */
function allowed(c: Context<WorkerEnv>, next: Next) {
  const need = apiNeed(c.req.path, c.req.method);
  if (meets(c.get("caller").access, need)) return next();
  return c.json({ error: "forbidden", message: refusal(need as Exclude<typeof need, "signed-in">) }, 403);
}

/**
 * A collector's or the bot's push is a contact with its source: recorded once the handler has answered (one
 * upsert, before the answer is sent, so the Sources page never lags the push) with the time the push said its figures
 * were observed (the handler's `observedAt`, else now), or with the refusal as its last error.
 */
hostApi.use("/api/ingest/*", async (c, next) => {
  await next();
  const source = ingestSourceOf(c.req.path);
  if (!source || c.req.method !== "POST") return;
  const at = Date.now();
  let error: string | null = null;
  if (c.res.status >= 400) {
    const body = await c.res
      .clone()
      .json<{ message?: string }>()
      .catch(() => null);
    error = `HTTP ${c.res.status} on ${c.req.path}${body?.message ? `: ${body.message}` : ""}`;
  }
  await touchSource(database(c.env), source, { at, observedAt: c.get("observedAt") ?? at, error });
});

// The database as its last ping found it: this request's own, or one finished under a second ago while another runs.
hostApi.get("/api/health", async (c) => {
  const ping = await pingDatabase(c.env.DB);
  return c.json({
    status: "ok",
    database: ping.ok ? "ok" : "unavailable",
    checkedAt: new Date(ping.at).toISOString(),
    time: new Date().toISOString(),
  });
});

// The same search text as every list's search (contract/search.ts MAX_QUERY): the page cuts what is typed to it.
hostApi.get("/api/search", valid("query", pageQuery.pick({ q: true })), async (c) => {
  const access = c.get("caller").access;
  const results = await search(database(c.env), c.req.valid("query").q);
  return c.json({ results: results.filter((r) => can(access, SEARCH_SECTIONS[r.list], "view")) });
});

hostApi.route("/api/tokens", tokensApi);
hostApi.route("/api/vouches", vouchesApi);
hostApi.route("/", communityApi);
hostApi.route("/", stockApi);
hostApi.route("/", breederApi);
hostApi.route("/", serversApi);
hostApi.route("/", playersApi);
hostApi.route("/", auditApi);
hostApi.route("/", sourcesApi);
hostApi.route("/", alertsApi);

for (const path of ["/api/*", "/kick/*", "/avatar/*"]) {
  hostApi.all(path, (c) =>
    c.json({ error: "not_found", message: `No such API route: ${c.req.method} ${c.req.path}` }, 404),
  );
}
