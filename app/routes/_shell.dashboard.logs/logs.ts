// The Logs page's tabs and entries (Logs page), for the loader and the page.
import type { TabMemory } from "#app/utils/remembered-tab";
import { isOneOf } from "#contract/one-of";

export const LOG_TABS = ["join-log", "leave-log"] as const;
export type LogTab = (typeof LOG_TABS)[number];

export const isLogTab = (v: unknown): v is LogTab => isOneOf(LOG_TABS, v);

/** What each log is called: on its tab, over its table, and in a sentence ("Search join log...", "the join log"). */
export const LOG_NAMES: Record<LogTab, { tab: string; caption: string; name: string }> = {
  "join-log": { tab: "Join Log", caption: "Join log", name: "join log" },
  "leave-log": { tab: "Leave Log", caption: "Leave log", name: "leave log" },
};

/** Where the active tab is remembered: local storage and a cookie, so the server renders it on first paint. */
export const TAB_MEMORY: TabMemory<LogTab> = {
  storageKey: "logs-active-tab",
  cookie: "logs-tab",
  path: "/dashboard/logs",
  isTab: isLogTab,
  fallback: "join-log",
  reset: ["q", "page"],
};
