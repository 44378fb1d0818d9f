// Rate limits on Cloudflare's rate-limiting binding (counts in wrangler.toml): sign-ins per address, API calls per
// token and session, wrong tokens per address, changes per member; past a limit, 429 with Retry-After. The BFF's
// in-process host calls are not counted again (ADR 031).
import type { Context, MiddlewareHandler } from "hono";
import type { WorkerEnv } from "#worker/types";
import { carriesToken, isApiPath, refuse, SAFE_METHODS } from "./gate";

/**
 * Every limit counts over one minute: the binding's period (wrangler.toml's `period` must stay 60), and the
 * Retry-After a refusal gives.
 */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

/** What each limit (its binding's name) counts, in the words of its refusal. */
const COUNTED = {
  SIGN_IN_LIMIT: "Too many sign-in attempts from this address",
  BAD_TOKEN_LIMIT: "Too many requests with an unknown or revoked API token from this address",
  TOKEN_LIMIT: "Too many API calls with this token",
  SESSION_API_LIMIT: "Too many API calls from this session",
  WRITE_LIMIT: "Too many changes in a short time",
} as const;

export type LimitName = keyof typeof COUNTED;
/** The bindings' names, as wrangler.toml's [[ratelimits]] and worker/env.d.ts declare them. */
export const LIMIT_NAMES = Object.keys(COUNTED) as LimitName[];

/** The address a request came from, as Cloudflare's edge states it (a client cannot set it there). */
export const clientAddress = (request: Request) => request.headers.get("CF-Connecting-IP") ?? "unknown";

/**
 * Counts one request against a limit under `key`: null while under it, else the 429 to answer. A limit whose binding
 * is missing (a deployment that left it out) does not count: the request passes, and a warning is logged.
 */
export async function overLimit(c: Context<WorkerEnv>, name: LimitName, key: string): Promise<Response | null> {
  const limiter = c.env[name];
  if (!limiter) {
    console.warn(`rate limit ${name} has no binding: not counted`);
    return null;
  }
  const { success } = await limiter.limit({ key });
  if (success) return null;
  return refuse(c, {
    status: 429,
    error: "rate_limited",
    message: `${COUNTED[name]}. Wait a minute, then try again.`,
    headers: { "Retry-After": String(RATE_LIMIT_PERIOD_SECONDS) },
  });
}

/** The sign-in flow's two steps: the start (the sign-in form's POST) and Discord's return. */
const SIGN_IN_PATHS = new Set(["/auth/discord", "/auth/callback"]);

/**
 * The limits the Worker can count before routing: sign-in per address, and for a signed-in session its API calls and
 * its changes. Token callers are counted by the host API's token check (worker/api/index.ts), which knows the token.
 */
export const rateLimits = (): MiddlewareHandler<WorkerEnv> => async (c, next) => {
  const path = c.req.path;
  if (SIGN_IN_PATHS.has(path)) return (await overLimit(c, "SIGN_IN_LIMIT", clientAddress(c.req.raw))) ?? next();
  const auth = c.get("auth");
  // A request with an API token is the token's, whatever cookie comes with it.
  if (auth.status !== "ok" || carriesToken(c.req.raw)) return next();
  if (isApiPath(path)) {
    const refused = await overLimit(c, "SESSION_API_LIMIT", auth.sessionId);
    if (refused) return refused;
  }
  if (!SAFE_METHODS.has(c.req.method)) {
    const refused = await overLimit(c, "WRITE_LIMIT", auth.user.id);
    if (refused) return refused;
  }
  return next();
};
