// A page's remembered tab, kept in local storage and in a cookie, so the server renders it on first paint and a page
// opened without ?tab= shows it. The loader reads and sets the cookie (readRememberedTab); the page keeps local
// storage in step (useRememberedTab). Each page declares its TabMemory once, for both.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { readCookie } from "#contract/cookies";
import { withParams } from "./table";

type TabGuard<T extends string> = (v: unknown) => v is T;

/** The cookie that remembers a page's tab for a year, sent only to that page. */
export const rememberedTabCookie = (cookie: string, tab: string, path: string) =>
  `${cookie}=${tab}; Path=${path}; Max-Age=31536000; SameSite=Lax`;

/**
 * How a page remembers its tab: under `storageKey` in local storage and in `cookie` (sent only to `path`), among the
 * tabs `isTab` accepts, `fallback` else; `reset` names the parameters of the old tab that a switch drops.
 */
export type TabMemory<T extends string> = {
  storageKey: string;
  cookie: string;
  path: string;
  isTab: TabGuard<T>;
  fallback: T;
  reset?: readonly string[];
};

export type RememberedTab<T extends string> = { tab: T; hasTabParam: boolean; headers: Record<string, string> };

/**
 * The tab of a page request: the one asked for (?tab=), else the one the cookie remembers, else the default.
 * `headers` (for the loader's answer) remember a tab asked for when the cookie does not hold it yet.
 */
export function readRememberedTab<T extends string>(
  request: Request,
  memory: Pick<TabMemory<T>, "cookie" | "path" | "isTab" | "fallback">,
): RememberedTab<T> {
  const param = new URL(request.url).searchParams.get("tab");
  const saved = readCookie(request.headers.get("Cookie"), memory.cookie);
  if (memory.isTab(param)) {
    const headers: Record<string, string> =
      param === saved ? {} : { "Set-Cookie": rememberedTabCookie(memory.cookie, param, memory.path) };
    return { tab: param, hasTabParam: true, headers };
  }
  return { tab: memory.isTab(saved) ? saved : memory.fallback, hasTabParam: false, headers: {} };
}

/**
 * Keeps the active tab in local storage. Opened without ?tab= and with another (valid) tab stored there, the page
 * switches to it, dropping the memory's `reset` parameters (a filter or page of the old tab).
 */
export function useRememberedTab<T extends string>(
  memory: TabMemory<T>,
  { tab, hasTabParam, here }: { tab: T; hasTabParam: boolean; here: string },
) {
  const { storageKey, isTab, reset = [] } = memory;
  const navigate = useNavigate();
  useEffect(() => {
    const saved = localStorage.getItem(storageKey);
    if (!hasTabParam && isTab(saved) && saved !== tab) {
      const cleared = Object.fromEntries(reset.map((name) => [name, null]));
      navigate(withParams(here, { tab: saved, ...cleared }), { replace: true, preventScrollReset: true });
      return;
    }
    localStorage.setItem(storageKey, tab);
  }, [storageKey, tab, hasTabParam]); // eslint-disable-line react-hooks/exhaustive-deps -- on a tab change only, not each time `here` or the memory's arrays change
}
