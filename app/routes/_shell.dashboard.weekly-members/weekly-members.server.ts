// The Weekly Members page's server flow: the loader reads one page of the tab (GET /api/weeklymembers/search), or the
// whole list from an older host, shaped like the server stats tables' rows; the action is Refresh Data (ADR 020).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host } from "#app/host/client.server";
import { backTo, formOf, reply } from "#app/utils/action.server";
import { formatDateTime, timeZoneOr } from "#app/utils/dates";
import { searchText } from "#contract/search";
import type { WeeklyMember } from "#contract/servers";
import { searchCall } from "#app/utils/host-search.server";
import { sourceOf } from "#app/utils/sources.server";
import { readPreferences } from "#app/utils/preferences";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { matches, pageFrom, pageSizeFrom, paginate, placed, type Page } from "#app/utils/table";
import { formatLaunch, platformOf, statusBadge } from "#app/routes/server-stats-page/servers";
import { rowLinks, safeLink, text, toMs } from "#app/routes/server-stats-page/host-rows.server";
import { ACTIVITY, emptyText, PAGE_PATH, TAB_MEMORY, TEXTS, type Tab, type WeeklyRow } from "./weekly-members";

/**
 * The member's tab: the activity flag, else the event type. The host's search applies it in SQL, where the stored flag
 * is never missing (worker/domain/servers/weekly-members.ts).
 */
export const activityOf = (m: WeeklyMember): Tab =>
  typeof m.isActiveThisWeek === "boolean"
    ? m.isActiveThisWeek
      ? "active"
      : "inactive"
    : m.eventType === "active"
      ? "active"
      : "inactive";

/**
 * One row of the table. The API keeps no status code for a weekly member, only the tribemember flag: the Status badge
 * follows the server stats rule (the flag or the tribe tag first, then the code: none is Unknown).
 */
export function weeklyRow(m: WeeklyMember, index: number, timeZone: string): WeeklyRow {
  const eosId = text(m.eosId) ?? "";
  const tribe = text(m.tribe);
  const status = m.isTribeMember ? "2" : "";
  const badge = statusBadge(status, tribe);
  const platform = platformOf(m.platform);
  const activity = activityOf(m);
  return {
    key: eosId || `row-${index}`,
    id: index + 1,
    eosId,
    displayName: text(m.displayName),
    name: text(m.memberName),
    status,
    statusLabel: badge.label,
    statusTone: badge.tone,
    tribe,
    platform: platform.kind,
    platformLabel: platform.label,
    time: formatDateTime(toMs(m.eventTime), timeZone),
    eventType: null,
    eventTone: ACTIVITY[activity].tone,
    activity,
    lastArkLaunch: formatLaunch(m.lastArkLaunch, timeZone),
    steamProfileLink: safeLink(m.steamProfileLink),
    tribelist: null,
    ...rowLinks(eosId, tribe),
  };
}

/**
 * The whole list's search (an older host without the paged search): a case-insensitive substring of any shown column,
 * the formatted times included. The host's search covers the stored ones (ADR 020).
 */
const SEARCHED: ((r: WeeklyRow) => unknown)[] = [
  (r) => r.eosId,
  (r) => r.displayName,
  (r) => r.name,
  (r) => r.statusLabel,
  (r) => r.tribe,
  (r) => r.platformLabel,
  (r) => ACTIVITY[r.activity].label,
  (r) => r.time,
  (r) => r.lastArkLaunch,
];

type Counts = { total: number; active: number; inactive: number };
/** One page of a tab as GET /api/weeklymembers/search answers (docs/api/servers.md). */
type SearchAnswer = {
  rows: WeeklyMember[];
  total: number;
  page: number;
  pageCount: number;
  size: number;
  counts: Counts;
};
type TabQuery = { tab: Tab; q: string; page: number; size: number; timeZone: string };
type TabPage = { page: Page<WeeklyRow>; counts: Counts; staleAsOf: number | null };

/**
 * One page of the tab, searched, counted and paged by the host. The ID column numbers the rows of the whole searched
 * tab, so it goes on across pages.
 */
async function readTab(context: AppLoadContext, { tab, q, page, size, timeZone }: TabQuery): Promise<TabPage> {
  const found = await searchCall<SearchAnswer>(context, "/api/weeklymembers/search", { q, page, size, tab });
  if (found) {
    const { counts, ...answer } = found.data;
    const offset = (answer.page - 1) * answer.size;
    const rows = answer.rows.map((m, i) => weeklyRow(m, offset + i, timeZone));
    return { page: placed({ ...answer, rows }), counts, staleAsOf: found.stale };
  }
  // An older host (no search call) or a failing one: the whole list (edge-cached too), split, searched and paged here.
  const answer = await host(context).get<WeeklyMember[]>("/api/weeklymembers");
  const members = Array.isArray(answer.data) ? answer.data : [];
  const counts = { total: members.length, active: 0, inactive: 0 };
  for (const m of members) counts[activityOf(m)]++;
  // In the host's order (active first, latest first).
  const rows = members
    .filter((m) => activityOf(m) === tab)
    .map((m, i) => weeklyRow(m, i, timeZone))
    .filter((r) => matches(r, q, SEARCHED))
    .map((r, i) => ({ ...r, id: i + 1 }));
  return { page: paginate(rows, page, size), counts, staleAsOf: answer.stale ? answer.asOf : null };
}

export async function loadWeeklyMembers(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const { tab, hasTabParam, headers } = readRememberedTab(request, TAB_MEMORY);
  const q = searchText(url.searchParams.get("q"));
  const size = pageSizeFrom(url.searchParams.get("size"));
  const pageNumber = pageFrom(url.searchParams.get("page"));
  const timeZone = timeZoneOr(readPreferences(request).timeZone);

  let shown: TabPage = {
    page: paginate<WeeklyRow>([], 1, size),
    counts: { total: 0, active: 0, inactive: 0 },
    staleAsOf: null,
  };
  let error: { title: string; message: string } | null = null;
  // The weekly report's last push, to show the list's age.
  const source = sourceOf(context, "weekly-collector");
  try {
    shown = await readTab(context, { tab, q, page: pageNumber, size, timeZone });
  } catch (e) {
    console.error("weekly members: load failed", e);
    error = { title: TEXTS.loadError, message: failureReason(e) };
  }
  const { page, counts, staleAsOf } = shown;

  return json(
    {
      tab,
      hasTabParam,
      q,
      size,
      counts,
      view: page.total,
      error,
      staleAsOf,
      timeZone,
      source: await source,
      now: Date.now(),
      page,
      empty: error ? null : emptyText({ total: counts.total, inTab: counts[tab], shown: page.total, tab, q }),
    },
    { headers },
  );
}

/** Refresh Data: POST /api/weeklymembers-refresh, then the page's data reloads. */
export async function weeklyMembersAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const back = backTo(form, PAGE_PATH);
  if (form.get("intent") !== "refresh")
    return reply(io, back, { type: "error", message: "Unknown action." }, { status: 400 });
  try {
    const answer = await host(context).send<{ message?: string }>("POST", "/api/weeklymembers-refresh");
    return reply(io, back, { type: "success", message: text(answer?.message) ?? TEXTS.refreshed });
  } catch (error) {
    console.error("weekly members: refresh failed", error);
    return reply(io, back, { type: "error", message: TEXTS.refreshFailed(failureReason(error)) });
  }
}

export type WeeklyMembersData = Awaited<ReturnType<typeof loadWeeklyMembers>>;
