// The security headers of every answer (ADR 030): a nonce per request for Remix's inline scripts, then the content
// security policy, framing, sniffing, referrer, permissions, HSTS under https and a Cache-Control no shared cache
// stores. Hashed assets are served by wrangler's [assets] and never reach the Worker.
import type { MiddlewareHandler } from "hono";
import type { WorkerEnv } from "#worker/types";
import { discordUrls, type Config } from "./config";

/** Browser features no page of the dashboard uses, refused to the pages and to anything they embed. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()";

/** What a signed-in answer, and any answer that names no caching of its own, may be kept as: nothing shared. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Two years, subdomains included: the dashboard is only ever served over https in production. */
const HSTS = "max-age=63072000; includeSubDomains";

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The content security policy of an answer to `url`.
 * - Scripts: our own origin (the hashed bundles) and the inline scripts that carry this request's nonce.
 * - Styles: our own origin, and inline styles: the pages colour cells and icons with style attributes, which CSP can
 *   only allow all together. A style cannot run a script.
 * - Images: our own origin, data URLs and any https host. Dino and stock pictures are links members paste, from any
 *   host (ark.wiki.gg, Discord's CDN, imgur...); Discord's avatar host is one of them. An image cannot run a script.
 * - Connections: our own origin, its websocket included (the live room).
 * - Forms: our own origin, and Discord's authorize page, which the sign-in form's answer redirects to.
 * - No plugins, no <base> elsewhere, and no page may frame ours.
 */
export function contentSecurityPolicy(url: URL, nonce: string, config: Config | undefined): string {
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const authorize = config ? new URL(discordUrls(config, url.origin).authorize).origin : null;
  const forms = ["'self'", ...(authorize && authorize !== url.origin ? [authorize] : [])].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${forms}`,
    "frame-ancestors 'none'",
    ...(url.protocol === "https:" ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Whether a Cache-Control value already keeps the answer out of shared caches. */
const keptPrivate = (value: string | null) => value !== null && /\b(private|no-store)\b/i.test(value);

/** Writes the security headers on an answer to `request`; `signedIn` when a session asked or the answer sets a cookie. */
export function applySecurityHeaders(
  headers: Headers,
  url: URL,
  nonce: string,
  config: Config | undefined,
  signedIn: boolean,
) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(url, nonce, config));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  if (url.protocol === "https:") headers.set("Strict-Transport-Security", HSTS);
  const cache = headers.get("Cache-Control");
  if (cache === null || (signedIn && !keptPrivate(cache))) headers.set("Cache-Control", PRIVATE_NO_STORE);
}

/** The middleware: a nonce for this request, and the headers on whatever answers it (errors and refusals included). */
export const securityHeaders = (): MiddlewareHandler<WorkerEnv> => async (c, next) => {
  const nonce = newNonce();
  c.set("nonce", nonce);
  await next();
  // A websocket's 101 carries the socket itself: it is passed on untouched.
  if (c.res.status === 101) return;
  const url = new URL(c.req.url);
  const signedIn = c.get("auth")?.status === "ok" || c.res.headers.has("Set-Cookie");
  const config = c.get("config");
  try {
    applySecurityHeaders(c.res.headers, url, nonce, config, signedIn);
  } catch {
    // An answer passed on from elsewhere (a Durable Object, a fetch) has immutable headers: it is copied once.
    const res = new Response(c.res.body, c.res);
    applySecurityHeaders(res.headers, url, nonce, config, signedIn);
    c.res = res;
  }
};
