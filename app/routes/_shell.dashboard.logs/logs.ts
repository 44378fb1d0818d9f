// The Logs page's tabs and entries (Logs page), for the loader and the page.
import type { TabMemory } from "#app/utils/remembered-tab";

export const LOG_TABS = ["join-log", "leave-log"] as const;
export type LogTab = (typeof LOG_TABS)[number];

export const isLogTab = (v: unknown): v is LogTab =>
  typeof v === "string" && (LOG_TABS as readonly string[]).includes(v);

/** Where the active tab is remembered: local storage and a cookie, so the server renders it on first paint. */
export const TAB_MEMORY: TabMemory<LogTab> = {
  storageKey: "logs-active-tab",
  cookie: "logs-tab",
  path: "/dashboard/logs",
  isTab: isLogTab,
  fallback: "join-log",
  reset: ["q", "page"],
};
