// The one Worker. Hono routes each request: the Discord stand-in (development only), the live room's sockets, the host
// API, and everything else to Remix. Static assets never get here: wrangler's [assets] serves them first.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePartykitRequest } from "partyserver";
import { liveSections } from "#contract/access";
import { LIVE_MEMBER_HEADER, LIVE_SECTIONS_HEADER, publish } from "#party/live";
import { callInProcess, hostApi } from "./api";
import { scheduled } from "./cron";
import { discordStandin } from "./discord-standin";
import { ConfigError, configErrorPage, getConfig } from "./platform/config";
import { countD1Queries } from "./platform/d1-count";
import { d1Sessions } from "./platform/d1-session";
import { isApiPath, requestGate } from "./platform/gate";
import { securityHeaders } from "./platform/headers";
import { services } from "./platform/services";
import { rateLimits } from "./platform/limits";
import { clearSessionCookie, readSession, sessionCaller, SESSION_COOKIE } from "./platform/session";
import type { GetLoadContext, WorkerEnv } from "./types";

export { Live } from "#party/live";

/** The Remix server build, whose entry also exports the app's getLoadContext (app/load-context.ts). */
type AppBuild = ServerBuild & { entry: { module: { getLoadContext: GetLoadContext } } };

/**
 * The Remix app, loaded on the first page request: API, socket and cron paths never need it (and the API tests run
 * without a build). `remix vite:build` must have run before the Worker is bundled.
 */
let remix: Promise<{ handle: ReturnType<typeof createRequestHandler>; getLoadContext: GetLoadContext }> | undefined;
const loadRemix = () =>
  // @ts-ignore - produced by `remix vite:build`
  (remix ??= import("../build/server/index.js").then((build: AppBuild) => ({
    handle: createRequestHandler(build),
    getLoadContext: build.entry.module.getLoadContext,
  })));

export const app = new Hono<WorkerEnv>();

app.onError((error, c) => {
  if (error instanceof HTTPException) {
    // Malformed JSON and the like: a clear 400, as JSON on the API.
    const message = error.message || "Bad request";
    return isApiPath(c.req.path)
      ? c.json({ error: "bad_request", message }, error.status)
      : c.text(message, error.status);
  }
  if (error instanceof ConfigError) {
    return isApiPath(c.req.path)
      ? c.json({ error: "configuration", problems: error.problems }, 500)
      : c.html(configErrorPage(error), 500);
  }
  console.error(error);
  const message = "Something went wrong on our side. Please try again.";
  return isApiPath(c.req.path) ? c.json({ error: "internal", message }, 500) : c.text(message, 500);
});

// The security headers of every answer, refusals and errors included, and this request's script nonce (ADR 030).
app.use("*", securityHeaders());

// Configuration is checked on the first request (and cached per env): a bad setting gives one readable page.
app.use("*", async (c, next) => {
  c.set("config", getConfig(c.env));
  await next();
});

app.route("/__discord", discordStandin);

// Every request reads and writes D1 through one session of D1's Sessions API: reads near the member, its own writes
// seen by its next request through the bookmark it carries (ADR 036).
app.use("*", d1Sessions());

// Development only: how many D1 round trips each answer made, for the load benchmark.
app.use("*", countD1Queries());

// The request gate (ADR 028): other origins, wrong content types, oversized bodies and anything but a socket on the
// live room's path are refused here, before a session is read.
app.use("*", requestGate());

// Who is asking, resolved once per request. On the way out, a session whose expiry slid forward gets its cookie
// refreshed, and a cookie that names no valid session is cleared (unless the response already sets the session).
app.use("*", async (c, next) => {
  const ctx = c.executionCtx as ExecutionContext | undefined;
  const auth = await readSession(c.req.raw, c.env, c.get("config"), ctx && ((p) => ctx.waitUntil(p)));
  c.set("auth", auth);
  const caller = sessionCaller(auth);
  if (caller) c.set("caller", caller);
  await next();
  if (c.res.status === 101 || setsSessionCookie(c.res)) return;
  const cookie =
    auth.status === "ok"
      ? auth.setCookie
      : auth.status === "invalid"
        ? await clearSessionCookie(c.req.raw, c.get("config"))
        : undefined;
  if (!cookie) return;
  const res = new Response(c.res.body, c.res);
  res.headers.append("Set-Cookie", cookie);
  c.res = res;
});

const setsSessionCookie = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));

// Rate limits (ADR 031): sign-in per address, a session's API calls and its member's changes. Token callers are
// counted by the host API's token check.
app.use("*", rateLimits());

app.all("/parties/*", async (c) => {
  const response = await routePartykitRequest(c.req.raw, c.env, {
    onBeforeConnect: (req) => {
      const auth = c.get("auth");
      if (auth.status !== "ok") return new Response("Sign in to receive live updates.", { status: 401 });
      // The room sends this socket only the events of sections its member may view (party/live.ts). The connection id
      // (partyserver's `_pk`, also a tag of the socket) is the Worker's choice, never the browser's.
      const url = new URL(req.url);
      url.searchParams.set("_pk", crypto.randomUUID());
      const upgrade = new Request(url, req);
      upgrade.headers.set(LIVE_SECTIONS_HEADER, liveSections(auth.access).join(","));
      // Who the socket is, for the sheets' presence (contract/presence.ts).
      const member = { id: auth.user.id, name: auth.user.displayName || auth.user.username };
      upgrade.headers.set(LIVE_MEMBER_HEADER, encodeURIComponent(JSON.stringify(member)));
      return upgrade;
    },
    onBeforeRequest: () => new Response("Not found", { status: 404 }),
  });
  return response ?? c.text("Not found", 404);
});

app.route("/", hostApi);

app.all("*", async (c) => {
  const env = c.env;
  const ctx = c.executionCtx as ExecutionContext;
  const caller = c.get("caller");
  const { handle, getLoadContext } = await loadRemix();
  const context = getLoadContext({
    env,
    ctx,
    config: c.get("config"),
    auth: c.get("auth"),
    origin: new URL(c.req.url).origin,
    nonce: c.get("nonce"),
    api: async (request) => (caller ? callInProcess(request, caller, env, ctx) : hostApi.fetch(request, env, ctx)),
    publish: (event) => publish(env, event),
    services,
  });
  const res = await handle(c.req.raw, context);
  if (c.get("config").ENVIRONMENT !== "development") return res;
  // In development: how many host reads the page made and how many reached the host (the rest were edge-cache hits),
  // for the browser's devtools and bench/run.mjs.
  const { reads, fetched } = context.host.counts();
  const timed = new Response(res.body, res);
  timed.headers.append("Server-Timing", `host;desc="reads=${reads} fetched=${fetched}"`);
  return timed;
});

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
