// The page-side view of the session the Worker resolved (worker/platform/session.ts): the signed-in user, a redirect to
// /login, or a 403 when their access level does not reach the page (contract/access.ts).
import { redirect } from "@remix-run/cloudflare";
import { can, pageNeed, refusal, type Level, type Section } from "#contract/access";
import type { SessionState } from "#worker/platform/session";
import { loginPath, type LoginReason } from "./redirect";

type SignedIn = Extract<SessionState, { status: "ok" }>;

/** The signed-in user (whatever their access), or a redirect to /login that says why and comes back here afterwards. */
export function requireSignedIn(request: Request, auth: SessionState) {
  if (auth.status === "ok") return { user: auth.user, sessionId: auth.sessionId, access: auth.access };
  const url = new URL(request.url);
  const reason: LoginReason = auth.status === "invalid" ? "expired" : "unauthenticated";
  // Data requests (fetchers, client navigations) carry _data; send the user back to the page itself.
  url.searchParams.delete("_data");
  // The Worker clears an invalid session cookie on the way out (worker/index.ts).
  throw redirect(loginPath(reason, url.pathname + url.search));
}

/**
 * The signed-in user, when their access reaches the page: its section's view level to read it, edit to post to it
 * (contract/access.ts pageNeed, by the request's path and method). Otherwise a 403 that says what they lack.
 */
export function requireUser(request: Request, auth: SessionState) {
  const signedIn = requireSignedIn(request, auth);
  const need = pageNeed(new URL(request.url).pathname, request.method);
  if (need !== "signed-in" && !can(signedIn.access, need.section, need.level)) throw forbidden(refusal(need));
  return signedIn;
}

/** A further check inside a page: an action that needs more than the page's own level (a kick, say). */
export function requireLevel(auth: SessionState, section: Section, level: Exclude<Level, "none">) {
  const access = (auth as SignedIn).access;
  if (!access || !can(access, section, level)) throw forbidden(refusal({ section, level }));
}

const forbidden = (message: string) =>
  new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
