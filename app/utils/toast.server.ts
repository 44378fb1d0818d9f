// One-shot messages from an action to the next page ("flash"), carried in a short-lived signed cookie so they show
// with JavaScript off too. The shell's loader (app/routes/_shell.tsx) is the one place that reads and clears it.
import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { readCookie } from "./cookies";
import { isToast, type Toast } from "./toast";

export const TOAST_COOKIE = "__toast";

/** The flash cookie, signed with the session secrets (like the session's, worker/platform/session.ts). */
export function toastCookie(secrets: string[], requestUrl?: string) {
  const hostname = requestUrl ? new URL(requestUrl).hostname : "localhost";
  const local = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
  return createCookie(TOAST_COOKIE, { httpOnly: true, sameSite: "lax", secure: !local, path: "/", maxAge: 60, secrets });
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
  return { toast: isToast(value) ? value : null, clear: await cookie.serialize("", { maxAge: 0, expires: new Date(0) }) };
}

/** Redirects and shows a toast on the page it lands on. */
export async function redirectWithToast(
  context: Context,
  request: Request,
  to: string,
  toast: Toast,
  init?: { headers?: HeadersInit },
) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastSetCookie(context, request, toast));
  return redirect(to, { headers });
}
