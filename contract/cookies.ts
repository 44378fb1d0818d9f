// The one reader of a request's Cookie header: the cookies the app writes by hand (display preferences, remembered
// tabs), the Worker's session and D1 bookmark cookies, and telling whether a signed cookie is there at all. Pure:
// server and browser.

/** The value of one cookie in a Cookie header (URI-decoded), or undefined. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
