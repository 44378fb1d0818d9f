// A page's remembered tab (tribelists, 2411 stock, each server's stats): kept in local storage (the page's key) and in
// a cookie, so the server renders the remembered tab on first paint and a page opened without ?tab= shows it.
// The loader reads and sets the cookie (readRememberedTab); the page keeps local storage in step (useRememberedTab).
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { readCookie } from "#contract/cookies";
import { withParams } from "./table";

type TabGuard<T extends string> = (v: unknown) => v is T;

/** The cookie that remembers a page's tab for a year, sent only to that page. */
export const rememberedTabCookie = (cookie: string, tab: string, path: string) =>
  `${cookie}=${tab}; Path=${path}; Max-Age=31536000; SameSite=Lax`;

/**
 * The tab of a page request: the one asked for (?tab=), else the one the cookie remembers, else the default.
 * `headers` (for the loader's answer) remember a tab asked for when the cookie does not hold it yet.
 */
export function readRememberedTab<T extends string>(
  request: Request,
  options: { cookie: string; path: string; isTab: TabGuard<T>; fallback: T },
): { tab: T; hasTabParam: boolean; headers: Record<string, string> } {
  const param = new URL(request.url).searchParams.get("tab");
  const saved = readCookie(request.headers.get("Cookie"), options.cookie);
  if (options.isTab(param)) {
    const headers: Record<string, string> =
      param === saved ? {} : { "Set-Cookie": rememberedTabCookie(options.cookie, param, options.path) };
    return { tab: param, hasTabParam: true, headers };
  }
  return { tab: options.isTab(saved) ? saved : options.fallback, hasTabParam: false, headers: {} };
}

/**
 * Keeps the active tab in local storage under `storageKey`. Opened without ?tab= and with another (valid) tab stored
 * here, the page switches to it, dropping the `reset` parameters (a filter or page of the old tab).
 */
export function useRememberedTab<T extends string>(options: {
  storageKey: string;
  tab: T;
  hasTabParam: boolean;
  isTab: TabGuard<T>;
  here: string;
  reset?: readonly string[];
}) {
  const { storageKey, tab, hasTabParam, isTab, here, reset = [] } = options;
  const navigate = useNavigate();
  useEffect(() => {
    const saved = localStorage.getItem(storageKey);
    if (!hasTabParam && isTab(saved) && saved !== tab) {
      const cleared = Object.fromEntries(reset.map((name) => [name, null]));
      navigate(withParams(here, { tab: saved, ...cleared }), { replace: true, preventScrollReset: true });
      return;
    }
    localStorage.setItem(storageKey, tab);
  }, [storageKey, tab, hasTabParam]); // eslint-disable-line react-hooks/exhaustive-deps -- on a tab change only, not each time `here` or the callers' arrays change
}
