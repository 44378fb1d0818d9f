// The page-side view of the session the Worker resolved (worker/platform/session.ts): the signed-in user, or a
// redirect to /login.
import { redirect } from "@remix-run/cloudflare";
import type { SessionState } from "../../worker/platform/session";
import { loginPath, type LoginReason } from "./redirect";

// The session store's calls the pages make (sign-in, sign-out, Settings), through this .server module so that no
// route module reaches the store (and Drizzle) directly.
export { createSession, destroySession, listSessions, revokeSessions } from "../../worker/platform/session";

/** The signed-in user, or a redirect to /login that says why and comes back here afterwards. */
export function requireUser(request: Request, auth: SessionState) {
  if (auth.status === "ok") return { user: auth.user, sessionId: auth.sessionId };
  const url = new URL(request.url);
  const reason: LoginReason = auth.status === "invalid" ? "expired" : "unauthenticated";
  // Data requests (fetchers, client navigations) carry _data; send the user back to the page itself.
  url.searchParams.delete("_data");
  // The Worker clears an invalid session cookie on the way out (worker/index.ts).
  throw redirect(loginPath(reason, url.pathname + url.search));
}
