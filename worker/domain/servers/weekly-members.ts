// Weekly members (spec part 2): who of the tribe was active this week, from collectors' ingestion and from the event
// log (refreshWeeklyMembers).
import { and, asc, desc, gte, inArray, max, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { serverEvents, weeklyMembers } from "../../../drizzle/schema";
import type { Db, Deps } from "../context";
import { commit } from "../context";
import { LOG_WINDOW_DAYS, weeklyActivity } from "../servers-rules";
import { SERVER_IDS, isTribeMember, type WeeklyActivity } from "../../../contract/servers";
import { DAY_MS } from "../../../contract/time";
import { jsonSelect } from "./json-rows";

type WeeklyRow = typeof weeklyMembers.$inferSelect;

export const weeklyJson = (r: WeeklyRow) => ({
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

/** GET /api/weeklymembers: active first, then by latest activity, newest first, then by name. */
export async function listWeeklyMembers(db: Db) {
  const rows = await db
    .select()
    .from(weeklyMembers)
    .orderBy(
      desc(weeklyMembers.isActiveThisWeek),
      sql`${weeklyMembers.eventTime} is null`,
      desc(weeklyMembers.eventTime),
      asc(sql`coalesce(${weeklyMembers.memberName}, ${weeklyMembers.displayName}, ${weeklyMembers.eosId}) collate nocase`),
    );
  return rows.map(weeklyJson);
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
    (await db.select().from(weeklyMembers).where(sql`${weeklyMembers.eosId} in (select value from json_each(${ids}))`)).map(
      (r) => [r.eosId, r],
    ),
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
      .select({ eosId: weeklyMembers.eosId, isActiveThisWeek: weeklyMembers.isActiveThisWeek, eventTime: weeklyMembers.eventTime })
      .from(weeklyMembers),
    db
      .select({ eosId: serverEvents.eosId, latest: max(serverEvents.eventTime) })
      .from(serverEvents)
      .where(and(inArray(serverEvents.serverId, [...SERVER_IDS]), gte(serverEvents.eventTime, now - LOG_WINDOW_DAYS * DAY_MS)))
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
    [{ entity: "weekly_members", entityId: null, action: "refresh", after: { members: members.length, active, inactive, changed: changed.length } }],
    [{ type: "weeklymembers_update" }],
  );
  return { message: `Weekly members refreshed: ${active} active, ${inactive} inactive.`, active, inactive };
}
