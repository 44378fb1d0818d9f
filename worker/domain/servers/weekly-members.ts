// Weekly members: who of the tribe was active this week, from collectors' ingestion and from the event
// log (refreshWeeklyMembers); the whole list for old clients, and the page's tab searched and paged in SQL.
import { and, asc, count, desc, eq, gte, inArray, max, not, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { serverEvents, weeklyMembers } from "#drizzle/schema";
import type { Db, Deps } from "#worker/domain/context";
import { commit } from "#worker/domain/context";
import { anyColumnLike, askedPage, settlePage, type PageQuery } from "#worker/domain/paging";
import type { SearchPage } from "#contract/search";
import { LOG_WINDOW_DAYS, weeklyActivity } from "#worker/domain/servers-rules";
import {
  PLATFORMS,
  platformOf,
  SERVER_IDS,
  STATUS_LABELS,
  TRIBE_TAG,
  WEEKLY_ACTIVITY_LABELS,
  isTribeMember,
  type WeeklyActivity,
  type WeeklyMember,
} from "#contract/servers";
import { DAY_MS } from "#contract/time";
import { jsonSelect } from "./json-rows";

type WeeklyRow = typeof weeklyMembers.$inferSelect;

export const weeklyJson = (r: WeeklyRow): WeeklyMember => ({
  eosId: r.eosId,
  displayName: r.displayName,
  memberName: r.memberName,
  isActiveThisWeek: r.isActiveThisWeek,
  isTribeMember: r.isTribeMember,
  tribe: r.tribe,
  platform: r.platform,
  eventType: r.eventType,
  eventTime: r.eventTime,
  lastArkLaunch: r.lastArkLaunch,
  steamProfileLink: r.steamProfileLink,
});

/**
 * The list's order: active first, then by latest activity, newest first (none last), then by name without case, and
 * the EOS id last so that equal names and times keep one order from page to page. The weekly_members_order index
 * (migrations/0007) is these terms as written here.
 */
const WEEKLY_ORDER = [
  desc(weeklyMembers.isActiveThisWeek),
  sql`${weeklyMembers.eventTime} is null`,
  desc(weeklyMembers.eventTime),
  asc(sql`coalesce(${weeklyMembers.memberName}, ${weeklyMembers.displayName}, ${weeklyMembers.eosId}) collate nocase`),
  asc(weeklyMembers.eosId),
];

/** GET /api/weeklymembers: the whole list, in its order. */
export async function listWeeklyMembers(db: Db) {
  const rows = await db
    .select()
    .from(weeklyMembers)
    .orderBy(...WEEKLY_ORDER);
  return rows.map(weeklyJson);
}

/** The Status badge a weekly member shows is Tribemember for the flag or the tribe tag, else Unknown (no code is kept). */
const tribemember = or(
  eq(weeklyMembers.isTribeMember, true),
  sql`coalesce(trim(${weeklyMembers.tribe}), '') = ${TRIBE_TAG}`,
)!;

/**
 * `q` as a case-insensitive substring of what a row shows that is stored: EOS id, display name, member name, tribe,
 * the platform as stored and as shown, the Status badge and the Event Type badge. A badge or platform name is one of
 * a few words written in contract/servers.ts: which of them hold `q` is decided here, the page's way, and becomes a
 * condition on the stored value. Event Time and Last Ark Launch are shown formatted in the viewer's time zone, which the
 * host does not know: they are not searched (ADR 020). Undefined (no condition) for a blank `q` or when the tab's own
 * Event Type word holds it.
 */
function weeklyMatch(q: string, tab: WeeklyActivity): SQL | undefined {
  const text = q.trim();
  const holds = (label: string) => label.toLowerCase().includes(text.toLowerCase());
  if (!text || holds(WEEKLY_ACTIVITY_LABELS[tab])) return undefined;
  const t = weeklyMembers;
  const platforms = Object.keys(PLATFORMS).filter((code) => holds(PLATFORMS[code].label));
  const byLabel = [
    platforms.length ? inArray(sql`lower(trim(${t.platform}))`, platforms) : undefined,
    holds(platformOf(null).label) ? sql`coalesce(trim(${t.platform}), '') = ''` : undefined,
    holds(STATUS_LABELS.tribemembers) ? tribemember : undefined,
    holds(STATUS_LABELS.unknowns) ? not(tribemember) : undefined,
  ];
  return or(anyColumnLike([t.eosId, t.displayName, t.memberName, t.tribe, t.platform], text), ...byLabel);
}

export type WeeklySearch = PageQuery & { tab?: WeeklyActivity };
export type WeeklyPage = SearchPage<WeeklyMember> & {
  counts: { total: number; active: number; inactive: number };
};

/**
 * GET /api/weeklymembers/search: one page of a tab (active or inactive, by the stored flag, which is what the page
 * reads first) in the whole list's order, searched and counted in SQL, with the whole list's counts per tab. The counts
 * (one grouped scan: each tab's rows and its matches) and the page asked for are read in one round trip; only a page
 * past the end costs a second read, of the last page.
 */
export async function searchWeeklyMembers(
  db: Db,
  { tab = "active", q = "", page = 1, size = 25 }: WeeklySearch,
): Promise<WeeklyPage> {
  const t = weeklyMembers;
  const match = weeklyMatch(q, tab);
  const inTab = and(eq(t.isActiveThisWeek, tab === "active"), match);
  const pageAt = (n: number) =>
    db
      .select()
      .from(t)
      .where(inTab)
      .orderBy(...WEEKLY_ORDER)
      .limit(size)
      .offset((n - 1) * size);
  const asked = askedPage(page);
  // Named columns: D1 answers a batch by column name, so two unnamed count(*) would come back as one.
  const found = match ? sql<number>`count(case when ${match} then 1 end)` : count();
  const [groups, first] = await db.batch([
    db
      .select({ active: t.isActiveThisWeek, rows: count().as("rows"), found: found.as("found") })
      .from(t)
      .groupBy(t.isActiveThisWeek),
    pageAt(asked),
  ]);
  const counts = { total: 0, active: 0, inactive: 0 };
  let total = 0;
  for (const g of groups) {
    const activity: WeeklyActivity = g.active ? "active" : "inactive";
    counts[activity] += g.rows;
    counts.total += g.rows;
    if (activity === tab) total += Number(g.found);
  }
  const shown = await settlePage(total, asked, size, first, pageAt);
  return { ...shown, rows: shown.rows.map(weeklyJson), total, size, counts };
}

/** A member as collectors send them: omitted fields keep their stored value (or a default for a new member). */
export type WeeklyMemberInput = {
  eosId: string;
  displayName?: string | null;
  memberName?: string | null;
  status?: string | null;
  isActiveThisWeek?: boolean;
  isTribeMember?: boolean;
  tribe?: string | null;
  platform?: string | null;
  eventType?: WeeklyActivity;
  eventTime?: number | null;
  lastArkLaunch?: string | null;
  steamProfileLink?: string | null;
};

/** Merges an ingested member with what is stored: the row to store. Pure. */
export function mergeWeeklyMember(input: WeeklyMemberInput, stored: Omit<WeeklyRow, "updatedAt"> | undefined) {
  const pick = <K extends keyof WeeklyMemberInput & keyof WeeklyRow>(k: K) =>
    (input[k] !== undefined ? input[k] : (stored?.[k] ?? null)) as WeeklyRow[K] | null;
  const active =
    input.isActiveThisWeek ?? (input.eventType ? input.eventType === "active" : (stored?.isActiveThisWeek ?? false));
  const tribe = pick("tribe");
  return {
    eosId: input.eosId,
    displayName: pick("displayName"),
    memberName: pick("memberName"),
    isActiveThisWeek: active,
    isTribeMember: input.isTribeMember ?? stored?.isTribeMember ?? isTribeMember(input.status, tribe),
    tribe,
    platform: pick("platform"),
    eventType: active ? ("active" as const) : ("inactive" as const),
    eventTime: pick("eventTime"),
    lastArkLaunch: pick("lastArkLaunch"),
    steamProfileLink: pick("steamProfileLink"),
  };
}

const WEEKLY_FIELDS = [
  "eosId",
  "displayName",
  "memberName",
  "isActiveThisWeek",
  "isTribeMember",
  "tribe",
  "platform",
  "eventType",
  "eventTime",
  "lastArkLaunch",
  "steamProfileLink",
] as const;

/** POST /api/ingest/weekly-members: bulk upsert on eosId. */
export async function ingestWeeklyMembers(deps: Deps, members: WeeklyMemberInput[], now = Date.now()) {
  const { db } = deps;
  const ids = JSON.stringify(members.map((m) => m.eosId));
  const stored = new Map(
    (
      await db
        .select()
        .from(weeklyMembers)
        .where(sql`${weeklyMembers.eosId} in (select value from json_each(${ids}))`)
    ).map((r) => [r.eosId, r]),
  );
  const rows = members.map((m) => mergeWeeklyMember(m, stored.get(m.eosId)));
  const inserted = rows.filter((r) => !stored.has(r.eosId)).length;
  const result = { received: members.length, inserted, updated: members.length - inserted };
  const data = rows.map((r) => WEEKLY_FIELDS.map((f) => (typeof r[f] === "boolean" ? Number(r[f]) : r[f])));
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const upsert = db
    .insert(weeklyMembers)
    .select(jsonSelect(weeklyMembers, WEEKLY_FIELDS, data, { updatedAt: now }))
    .onConflictDoUpdate({
      target: weeklyMembers.eosId,
      set: {
        displayName: excluded("display_name"),
        memberName: excluded("member_name"),
        isActiveThisWeek: excluded("is_active_this_week"),
        isTribeMember: excluded("is_tribe_member"),
        tribe: excluded("tribe"),
        platform: excluded("platform"),
        eventType: excluded("event_type"),
        eventTime: excluded("event_time"),
        lastArkLaunch: excluded("last_ark_launch"),
        steamProfileLink: excluded("steam_profile_link"),
        updatedAt: excluded("updated_at"),
      },
    });
  await commit(
    deps,
    [upsert],
    [{ entity: "weekly_members", entityId: null, action: "ingest", after: result }],
    [{ type: "weeklymembers_update" }],
  );
  return result;
}

/**
 * POST /api/weeklymembers-refresh: every known member with a join or leave on any server in the last 7 days is
 * active, everyone else inactive. eventTime becomes the member's latest join or leave of the last 30 days (the
 * logs' window), or stays as it was when there is none.
 */
export async function refreshWeeklyMembers(deps: Deps, now = Date.now()) {
  const { db } = deps;
  const [members, recent] = await Promise.all([
    db
      .select({
        eosId: weeklyMembers.eosId,
        isActiveThisWeek: weeklyMembers.isActiveThisWeek,
        eventTime: weeklyMembers.eventTime,
      })
      .from(weeklyMembers),
    db
      .select({ eosId: serverEvents.eosId, latest: max(serverEvents.eventTime) })
      .from(serverEvents)
      .where(
        and(
          inArray(serverEvents.serverId, [...SERVER_IDS]),
          gte(serverEvents.eventTime, now - LOG_WINDOW_DAYS * DAY_MS),
        ),
      )
      .groupBy(serverEvents.eosId),
  ]);
  const latest = new Map(recent.map((r) => [r.eosId, r.latest]));
  let active = 0;
  const changed: [string, number, string, number | null][] = [];
  for (const m of members) {
    const last = latest.get(m.eosId);
    const activity = weeklyActivity(last, now);
    const eventTime = last ?? m.eventTime;
    if (activity.isActiveThisWeek) active++;
    if (activity.isActiveThisWeek !== m.isActiveThisWeek || eventTime !== m.eventTime) {
      changed.push([m.eosId, Number(activity.isActiveThisWeek), activity.eventType, eventTime]);
    }
  }
  const inactive = members.length - active;
  const writes: BatchItem<"sqlite">[] = changed.length
    ? [
        db
          .update(weeklyMembers)
          .set({
            isActiveThisWeek: sql`json_extract(j.value, '$[1]')`,
            eventType: sql`json_extract(j.value, '$[2]')`,
            eventTime: sql`json_extract(j.value, '$[3]')`,
            updatedAt: new Date(now),
          })
          .from(sql`json_each(${JSON.stringify(changed)}) as j`)
          .where(sql`${weeklyMembers.eosId} = json_extract(j.value, '$[0]')`),
      ]
    : [];
  await commit(
    deps,
    writes,
    [
      {
        entity: "weekly_members",
        entityId: null,
        action: "refresh",
        after: { members: members.length, active, inactive, changed: changed.length },
      },
    ],
    [{ type: "weeklymembers_update" }],
  );
  return { message: `Weekly members refreshed: ${active} active, ${inactive} inactive.`, active, inactive };
}
