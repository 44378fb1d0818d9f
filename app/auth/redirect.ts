// Where sign-in sends people, and why. Shared by server and browser: no secrets here.

export const LOGIN_REASONS = {
  unauthenticated: "You are not authenticated. Please log in.",
  expired: "Session expired or invalid. Please log in again.",
  failed: "Sign-in with Discord did not complete. Please try again.",
  "signed-out": "You have been signed out.",
} as const;
export type LoginReason = keyof typeof LOGIN_REASONS;

export const isLoginReason = (v: unknown): v is LoginReason =>
  typeof v === "string" && Object.prototype.hasOwnProperty.call(LOGIN_REASONS, v);

/**
 * A redirect target that stays on our origin: a path starting with a single "/" and no scheme, host or backslash
 * tricks. Anything else becomes the fallback.
 */
export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) return fallback;
  try {
    const base = "http://origin.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

export function loginPath(reason?: LoginReason, redirectTo?: string) {
  const params = new URLSearchParams();
  if (reason) params.set("reason", reason);
  const target = redirectTo ? safeRedirect(redirectTo, "") : "";
  if (target && target !== "/dashboard") params.set("redirectTo", target);
  const qs = params.toString();
  return qs ? `/login?${qs}` : "/login";
}
