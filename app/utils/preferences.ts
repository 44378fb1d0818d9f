// Display preferences that live in cookies, so the server renders them on first paint and they work without JavaScript.
import { readCookie } from "#contract/cookies";
import { isOneOf } from "#contract/one-of";

export const THEME_KEY = "vite-ui-theme";
export const SIDEBAR_KEY = "sidebar-collapsed";
export const TIMEZONE_KEY = "tz";
/** The What's New version this browser has read (ADR 067): the server decides from it whether the dialog opens. */
export const CHANGELOG_KEY = "changelog-seen";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const isTheme = (v: unknown): v is Theme => isOneOf(THEMES, v);

export const SIDEBAR_WIDTH = 240;
export const SIDEBAR_COLLAPSED_WIDTH = 70;
export const MOBILE_BREAKPOINT = 768;

export function readPreferences(request: Request) {
  const header = request.headers.get("Cookie");
  const theme = readCookie(header, THEME_KEY);
  return {
    theme: isTheme(theme) ? theme : ("system" as Theme),
    sidebarCollapsed: readCookie(header, SIDEBAR_KEY) === "true",
    timeZone: readCookie(header, TIMEZONE_KEY),
    changelogSeen: readCookie(header, CHANGELOG_KEY),
  };
}

/** A year-long, readable cookie (the browser's script updates it too). */
export const preferenceCookie = (name: string, value: string) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
