// One-shot messages from an action to the next page ("flash"), carried in a short-lived signed cookie so they show
// with JavaScript off too. The shell's loader (app/routes/_shell.tsx) is the one place that reads and clears it.
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { secureCookieFor } from "#worker/platform/session";
import { readCookie } from "#contract/cookies";
import { isToast, type Toast } from "./toast";

export const TOAST_COOKIE = "__toast";

/** The flash cookie, signed with the session secrets (like the session's, worker/platform/session.ts). */
export function toastCookie(secrets: string[], requestUrl = "http://localhost/") {
  return createCookie(TOAST_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookieFor(requestUrl),
    path: "/",
    maxAge: 60,
    secrets,
  });
}

type Context = Pick<AppLoadContext, "config">;

/** The Set-Cookie header that carries a toast to the next page. */
export const toastSetCookie = (context: Context, request: Request, toast: Toast) =>
  toastCookie(context.config.SESSION_SECRETS, request.url).serialize(toast);

/** The toast the request carries (a tampered or unreadable one counts as none), and the header that clears it. */
export async function readToast(request: Request, context: Context): Promise<{ toast: Toast | null; clear?: string }> {
  const header = request.headers.get("Cookie");
  if (readCookie(header, TOAST_COOKIE) === undefined) return { toast: null };
  const cookie = toastCookie(context.config.SESSION_SECRETS, request.url);
  const value = await cookie.parse(header).catch(() => null);
  return {
    toast: isToast(value) ? value : null,
    clear: await cookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  };
}
