// The Logs page's tabs and entries (Logs page), for the loader and the page.

export const LOG_TABS = ["join-log", "leave-log"] as const;
export type LogTab = (typeof LOG_TABS)[number];

export const isLogTab = (v: unknown): v is LogTab =>
  typeof v === "string" && (LOG_TABS as readonly string[]).includes(v);
