// The event log: join and leave events of each server, read as the join log, the leave log and the
// four activity tabs (the last LOG_WINDOW_DAYS days, at most LOG_LIMIT rows), and written by recordSnapshot's roster
// diff and by collectors' bulk ingestion (idempotent on the natural key: server, EOS id, type and time).
import { and, desc, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { LiveEvent } from "#contract/events";
import { serverEvents } from "#drizzle/schema";
import type { Db, Deps } from "#worker/domain/context";
import { commit } from "#worker/domain/context";
import { LOG_LIMIT, LOG_WINDOW_DAYS, eventsFor, type ActivityClass } from "#worker/domain/servers-rules";
import {
  ENEMY_CODES,
  TRIBE_TAG,
  UNKNOWN_CODES,
  isTribeMember,
  type RosterPlayer,
  type ServerActivity,
  type ServerEventEntry,
  type ServerId,
  type ServerJoin,
  type ServerLeave,
} from "#contract/servers";
import { DAY_MS } from "#contract/time";
import { jsonSelect } from "./json-rows";
import { deriveSessions, seePlayers } from "../players/sessions";
import { tellWatchers } from "../players/watches";

type EventRow = typeof serverEvents.$inferSelect;

/** A join or leave as stored: what the lists show of it, without its row id and the derived isTribeMember. */
export type NewServerEvent = Omit<ServerActivity, "id" | "isTribeMember">;

/** A roster player's join or leave at `eventTime`, with what the join log shows of them (when known). */
export const rosterEvent = (
  eventType: NewServerEvent["eventType"],
  p: RosterPlayer,
  eventTime: number,
  seen: { lastArkLaunch?: string | null; steamProfileLink?: string | null } | undefined,
): NewServerEvent => ({
  eventType,
  eosId: p.eosId,
  displayName: p.displayName,
  memberName: p.name,
  status: p.status,
  tribe: p.tribe,
  platform: p.platform,
  eventTime,
  lastArkLaunch: seen?.lastArkLaunch ?? null,
  steamProfileLink: seen?.steamProfileLink ?? null,
});

/** A live event about one server. */
export const serverEvent = (serverId: string, type: LiveEvent["type"]) => ({ type, serverId }) as LiveEvent;

const entryBase = (r: EventRow): ServerEventEntry => ({
  id: r.id,
  eosId: r.eosId,
  displayName: r.displayName,
  memberName: r.memberName,
  status: r.status,
  tribe: r.tribe,
  platform: r.platform,
  lastArkLaunch: r.lastArkLaunch,
  isTribeMember: isTribeMember(r.status, r.tribe),
  steamProfileLink: r.steamProfileLink,
});

export const joinJson = (r: EventRow): ServerJoin => ({ ...entryBase(r), joinTime: r.eventTime });
export const leaveJson = (r: EventRow): ServerLeave => ({ ...entryBase(r), leaveTime: r.eventTime });
export const activityJson = (r: EventRow): ServerActivity => ({
  ...entryBase(r),
  eventType: r.eventType,
  eventTime: r.eventTime,
});

// The status classes in SQL, mirroring statusClass() (contract/servers.ts); a test checks both agree on every code.
const statusText = sql`trim(coalesce(${serverEvents.status}, ''))`;
const tribeText = sql`trim(coalesce(${serverEvents.tribe}, ''))`;
const tribemember = sql`(${statusText} = '2' or ${tribeText} = ${TRIBE_TAG})`;

export function classFilter(cls: ActivityClass): SQL {
  if (cls === "tribemembers") return tribemember;
  const codes = cls === "friendlys" ? ["1"] : cls === "enemies" ? [...ENEMY_CODES] : ["", ...UNKNOWN_CODES];
  return sql`(not ${tribemember} and ${inArray(statusText, codes)})`;
}

/** The newest events of one server matching a filter: the last LOG_WINDOW_DAYS days, at most LOG_LIMIT rows. */
function recentEvents(db: Db, serverId: string, filter: SQL, now: number) {
  return db
    .select()
    .from(serverEvents)
    .where(
      and(eq(serverEvents.serverId, serverId), gte(serverEvents.eventTime, now - LOG_WINDOW_DAYS * DAY_MS), filter),
    )
    .orderBy(desc(serverEvents.eventTime), desc(serverEvents.id))
    .limit(LOG_LIMIT);
}

/** GET /api/joinlog/{serverId} and /api/leavelog/{serverId}, newest first. */
export async function listLog(db: Db, serverId: ServerId, type: "join" | "leave", now = Date.now()) {
  const rows = await recentEvents(db, serverId, eq(serverEvents.eventType, type), now);
  return type === "join" ? rows.map(joinJson) : rows.map(leaveJson);
}

/** GET /api/{tribemembers|unknowns|enemies|friendlys}/{serverId}: joins and leaves of one status class, newest first. */
export async function listActivity(db: Db, serverId: ServerId, cls: ActivityClass, now = Date.now()) {
  const rows = await recentEvents(db, serverId, classFilter(cls), now);
  return rows.map(activityJson);
}

const EVENT_FIELDS = [
  "eventType",
  "eosId",
  "displayName",
  "memberName",
  "status",
  "tribe",
  "platform",
  "eventTime",
  "lastArkLaunch",
  "steamProfileLink",
] as const;

/** Inserts join and leave rows; a row already stored (same server, EOS id, type and time) is left alone. */
export function insertEvents(db: Db, serverId: string, rows: NewServerEvent[]) {
  const data = rows.map((r) => EVENT_FIELDS.map((f) => r[f] ?? null));
  return db
    .insert(serverEvents)
    .select(jsonSelect(serverEvents, EVENT_FIELDS, data, { id: null, serverId }))
    .onConflictDoNothing();
}

export const eventKey = (e: { eosId: string; eventType: string; eventTime: number }) =>
  `${e.eosId}|${e.eventType}|${e.eventTime}`;

/** Which of these events are stored already (by the natural key, through its unique index). */
async function storedKeys(db: Db, serverId: string, rows: NewServerEvent[]) {
  if (rows.length === 0) return new Set<string>();
  const data = JSON.stringify(rows.map((r) => [r.eosId, r.eventType, r.eventTime]));
  const found = await db.all<{ eosId: string; eventType: string; eventTime: number }>(sql`
    select e.eos_id as eosId, e.event_type as eventType, e.event_time as eventTime
    from json_each(${data}) as j cross join server_events as e
    where e.server_id = ${serverId} and e.eos_id = json_extract(j.value, '$[0]')
      and e.event_type = json_extract(j.value, '$[1]') and e.event_time = json_extract(j.value, '$[2]')`);
  return new Set(found.map(eventKey));
}

/** What the latest events of these players on this server say about them (the roster does not keep it). */
export async function latestDetails(db: Db, serverId: string, eosIds: string[]) {
  const out = new Map<string, { lastArkLaunch: string | null; steamProfileLink: string | null }>();
  if (eosIds.length === 0) return out;
  // json_each first (CROSS JOIN keeps that order), so each player is one seek in the natural key's index.
  const rows = await db.all<{
    eosId: string;
    lastArkLaunch: string | null;
    steamProfileLink: string | null;
    eventTime: number;
  }>(sql`
    select e.eos_id as eosId, e.last_ark_launch as lastArkLaunch, e.steam_profile_link as steamProfileLink,
      e.event_time as eventTime
    from json_each(${JSON.stringify(eosIds)}) as j cross join server_events as e
    where e.server_id = ${serverId} and e.eos_id = j.value`);
  rows.sort((a, b) => b.eventTime - a.eventTime);
  for (const r of rows) {
    const seen = out.get(r.eosId) ?? { lastArkLaunch: null, steamProfileLink: null };
    out.set(r.eosId, {
      lastArkLaunch: seen.lastArkLaunch ?? r.lastArkLaunch,
      steamProfileLink: seen.steamProfileLink ?? r.steamProfileLink,
    });
  }
  return out;
}

/** POST /api/ingest/servers/{serverId}/events: bulk joins and leaves, idempotent on the natural key. */
export async function ingestEvents(deps: Deps, serverId: ServerId, events: NewServerEvent[]) {
  const unique = [...new Map(events.map((e) => [eventKey(e), e])).values()];
  const stored = await storedKeys(deps.db, serverId, unique);
  const fresh = unique.filter((e) => !stored.has(eventKey(e)));
  const result = { received: events.length, inserted: fresh.length, unchanged: events.length - fresh.length };
  if (fresh.length === 0) return result;
  const joins = fresh.filter((e) => e.eventType === "join").length;
  // Pushed events may come late and out of order: their players' sessions on this server are worked out again.
  await commit(
    deps,
    [
      insertEvents(deps.db, serverId, fresh),
      ...deriveSessions(deps.db, serverId, fresh, Date.now()),
      ...seePlayers(deps.db, fresh),
    ],
    [
      {
        entity: "server_events",
        entityId: serverId,
        action: "ingest",
        after: { ...result, joins, leaves: fresh.length - joins },
      },
    ],
    eventsFor(fresh).map((t) => serverEvent(serverId, t)),
  );
  await tellWatchers(
    deps,
    serverId,
    fresh.filter((e) => e.eventType === "join"),
  );
  return result;
}
