import { createCookie } from "@remix-run/cloudflare";

/** Where to go after sign-in, kept for the ten minutes a trip to Discord may take. Read back through safeRedirect. */
export const redirectToCookie = (request: Request) =>
  createCookie("__redirectTo", {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/auth",
    maxAge: 10 * 60,
  });
