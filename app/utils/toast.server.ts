// One-shot messages from an action to the next page ("flash"), carried in a short-lived cookie so they show with
// JavaScript off too. The shell reads and clears it.
import { redirect } from "@remix-run/cloudflare";
import { isToast, type Toast } from "./toast";

const COOKIE = "__toast";

export function toastCookie(toast: Toast) {
  const value = btoa(unescape(encodeURIComponent(JSON.stringify(toast))));
  return `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function readToast(request: Request): { toast: Toast | null; clear?: string } {
  const raw = request.headers
    .get("Cookie")
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return { toast: null };
  const clear = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed = JSON.parse(decodeURIComponent(escape(atob(raw))));
    return { toast: isToast(parsed) ? parsed : null, clear };
  } catch {
    return { toast: null, clear };
  }
}

/** Redirects and shows a toast on the page it lands on. */
export function redirectWithToast(to: string, toast: Toast, init?: { headers?: HeadersInit }) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(to, { headers });
}
