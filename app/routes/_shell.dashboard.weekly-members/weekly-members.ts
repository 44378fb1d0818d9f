// The Weekly Members page's constants and texts ("Weekly Members page"), shared
// by the loader, the action and the page. Pure.
import { WEEKLY_ACTIVITY, WEEKLY_ACTIVITY_LABELS, type WeeklyActivity } from "#contract/servers";
import type { StatsRow, Tone } from "#app/routes/server-stats-page/servers";
import type { TabMemory } from "#app/utils/remembered-tab";
import { isOneOf } from "#contract/one-of";

export const PAGE_PATH = "/dashboard/weekly-members";

/** The two tabs: members active this week and the others (the API's eventType values). */
export const TABS = WEEKLY_ACTIVITY;
export type Tab = WeeklyActivity;
export const DEFAULT_TAB: Tab = "active";
export const isTab = (v: unknown): v is Tab => isOneOf(TABS, v);
export const TAB_LABELS: Record<Tab, string> = { active: "Active Members", inactive: "Inactive Members" };
/** Where this browser remembers the tab: local storage, and the cookie that lets the server render it. */
export const TAB_MEMORY: TabMemory<Tab> = {
  storageKey: "weekly_members_active_tab",
  cookie: "weekly_members_active_tab",
  path: PAGE_PATH,
  isTab,
  fallback: DEFAULT_TAB,
  reset: ["page"],
};

/** The Event Type badge: active green, inactive grey (its words are the host search's too: contract/servers.ts). */
export const ACTIVITY: Record<Tab, { label: string; tone: Tone }> = {
  active: { label: WEEKLY_ACTIVITY_LABELS.active, tone: "green" },
  inactive: { label: WEEKLY_ACTIVITY_LABELS.inactive, tone: "grey" },
};

/** A row of the table: a server stats row (the same columns, badges and platforms) with the member's weekly activity. */
export type WeeklyRow = StatsRow & { activity: Tab };

export const TEXTS = {
  title: "Weekly Members",
  refresh: "Refresh Data",
  refreshing: "Refreshing...",
  search: "Search members...",
  totalMembers: "Total Members",
  currentView: "Current View",
  refreshed: "Weekly members refreshed.",
  refreshFailed: (message: string) => `Failed to refresh weekly members: ${message}`,
  loadError: "Error loading weekly members data",
  noData: "No weekly members data found",
  noTabData: (tab: Tab) => `No ${tab} members found`,
  noMatch: (tab: Tab, q: string) => `No ${tab} members match "${q}"`,
  noMatchText: "Try another search, or the other tab.",
} as const;

/** What the table says when it has no rows, or null when it has some. */
export function emptyText(args: { total: number; inTab: number; shown: number; tab: Tab; q: string }): string | null {
  if (args.shown > 0) return null;
  if (args.total === 0) return TEXTS.noData;
  if (args.inTab === 0 || !args.q.trim()) return TEXTS.noTabData(args.tab);
  return TEXTS.noMatch(args.tab, args.q.trim());
}
