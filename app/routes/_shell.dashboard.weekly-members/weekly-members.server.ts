// The Weekly Members page's server flow (spec part 2: "Weekly Members page", sections 3, 7 and 8). The loader reads
// GET /api/weeklymembers through the host client, splits it into the active and inactive tabs, searches and pages it
// on the server, and shapes the rows like the server stats tables'; the action is Refresh Data
// (POST /api/weeklymembers-refresh), a fetcher with JavaScript and a form with a redirect and a toast without it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { requireUser } from "../../auth/session.server";
import { failureReason, host } from "../../host/client.server";
import { backTo, reply } from "../../utils/action.server";
import { formatDateTime, timeZoneOr } from "../../utils/dates";
import { readPreferences } from "../../utils/preferences";
import { readRememberedTab } from "../../utils/remembered-tab";
import { matches, pageSizeFrom, paginate } from "../../utils/table";
import { formatLaunch, platformOf, statusBadge } from "../server-stats-page/servers";
import { safeLink, text, toMs } from "../server-stats-page/stats.server";
import { ACTIVITY, DEFAULT_TAB, emptyText, isTab, PAGE_PATH, TAB_STORAGE_KEY, TEXTS, type Tab, type WeeklyRow } from "./weekly-members";

/** A member as GET /api/weeklymembers answers (docs/api/servers.md). */
export type WeeklyMember = {
  eosId?: string | null;
  displayName?: string | null;
  memberName?: string | null;
  isActiveThisWeek?: boolean | null;
  isTribeMember?: boolean | null;
  tribe?: string | null;
  platform?: string | null;
  eventType?: string | null;
  eventTime?: number | string | null;
  lastArkLaunch?: string | null;
  steamProfileLink?: string | null;
};

/** The member's tab: the activity flag, else the event type. */
export const activityOf = (m: WeeklyMember): Tab =>
  typeof m.isActiveThisWeek === "boolean" ? (m.isActiveThisWeek ? "active" : "inactive") : m.eventType === "active" ? "active" : "inactive";

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
  };
}

/** Search: a case-insensitive substring of any shown column. */
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

export async function loadWeeklyMembers(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const { tab, hasTabParam, headers } = readRememberedTab(request, { cookie: TAB_STORAGE_KEY, path: PAGE_PATH, isTab, fallback: DEFAULT_TAB });
  const q = (url.searchParams.get("q") ?? "").trim();
  const size = pageSizeFrom(url.searchParams.get("size"));
  const pageNumber = Number(url.searchParams.get("page") ?? 1);
  const timeZone = timeZoneOr(readPreferences(request).timeZone);

  let members: WeeklyMember[] = [];
  let error: { title: string; message: string } | null = null;
  let staleAsOf: number | null = null;
  try {
    const answer = await host(context).get<WeeklyMember[]>("/api/weeklymembers");
    if (answer.stale) staleAsOf = answer.asOf;
    members = Array.isArray(answer.data) ? answer.data : [];
  } catch (e) {
    console.error("weekly members: load failed", e);
    error = { title: TEXTS.loadError, message: failureReason(e) };
  }

  const counts = { total: members.length, active: 0, inactive: 0 };
  for (const m of members) counts[activityOf(m)]++;
  const inTab = members.filter((m) => activityOf(m) === tab);
  // The ID column numbers the rows of the whole searched tab, in the host's order (active first, latest first).
  const rows = inTab
    .map((m, i) => weeklyRow(m, i, timeZone))
    .filter((r) => matches(r, q, SEARCHED))
    .map((r, i) => ({ ...r, id: i + 1 }));
  const page = paginate(rows, pageNumber, size);

  return json(
    {
      tab,
      hasTabParam,
      q,
      size,
      counts,
      view: rows.length,
      error,
      staleAsOf,
      timeZone,
      page,
      empty: error ? null : emptyText({ total: members.length, inTab: inTab.length, shown: rows.length, tab, q }),
    },
    { headers },
  );
}

/** Refresh Data (spec section 7): POST /api/weeklymembers-refresh, then the page's data reloads. */
export async function weeklyMembersAction(request: Request, context: AppLoadContext) {
  requireUser(request, context.auth);
  const form = await request.formData();
  const io = { request, context, form };
  const back = backTo(form, PAGE_PATH);
  if (form.get("intent") !== "refresh") return reply(io, back, { type: "error", message: "Unknown action." }, { status: 400 });
  try {
    const answer = await host(context).send<{ message?: string }>("POST", "/api/weeklymembers-refresh");
    return reply(io, back, { type: "success", message: text(answer?.message) ?? TEXTS.refreshed });
  } catch (error) {
    console.error("weekly members: refresh failed", error);
    return reply(io, back, { type: "error", message: TEXTS.refreshFailed(failureReason(error)) });
  }
}

export type WeeklyMembersData = Awaited<ReturnType<typeof loadWeeklyMembers>>;
