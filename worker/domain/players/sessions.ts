// Sessions kept with the join and leave events (ADR 079): the statements that go into the same D1 batch as the events
// a roster's change implies, and the derivation from stored events for pushes that may come out of order.
import { lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { DAY_MS } from "#contract/time";
import { players, playerSessions, tribeHours } from "#drizzle/schema";
import type { Db } from "#worker/domain/context";
import type { NewServerEvent } from "#worker/domain/servers/events";

/** A tribe's hours are kept this far back (the heatmap reads the last 28 days). */
export const TRIBE_HOURS_DAYS = 90;
/** Inlined, not bound: D1 binds numbers as reals, and an hour must be an integer division. */
const HOUR = sql.raw("3600000");

const ids = (rows: { eosId: string }[]) => JSON.stringify([...new Set(rows.map((r) => r.eosId))]);
const tribeOf = sql`nullif(trim(coalesce(json_extract(j.value, '$.tribe'), '')), '')`;

/**
 * Closes the open sessions of players who left at `at`. When the roster's source had been silent (its previous roster
 * is from `silentSince`), when they left is known only within [silentSince, at]: the session ends "silent" with that
 * range. Each closed session's hours are added to its tribe's.
 */
export function closeSessions(
  db: Db,
  serverId: string,
  left: { eosId: string }[],
  at: number,
  silentSince: number | null,
) {
  if (!left.length) return [];
  const list = ids(left);
  const end = silentSince ?? at;
  const close = db
    .update(playerSessions)
    .set({
      endAt: sql`max(start_at, ${end})`,
      endBy: silentSince === null ? null : at,
      endKind: silentSince === null ? "left" : "silent",
    })
    .where(sql`server_id = ${serverId} and end_kind is null and eos_id in (select value from json_each(${list}))`);
  return [
    close,
    tribeHoursOf(
      db,
      sql`server_id = ${serverId} and eos_id in (select value from json_each(${list}))
      and end_kind in ('left', 'silent') and coalesce(end_by, end_at) = ${at}`,
      at,
    ),
  ];
}

/**
 * Opens a session for each player who joined at `at`. An open session of theirs on this server means its leave was
 * missed: it ends "missed", counting no time, with this join as the latest it can have ended.
 */
export function openSessions(db: Db, serverId: string, joined: NewServerEvent[], at: number) {
  if (!joined.length) return [];
  const missed = db
    .update(playerSessions)
    .set({ endAt: sql`start_at`, endBy: at, endKind: "missed" })
    .where(
      sql`server_id = ${serverId} and end_kind is null and start_at < ${at}
        and eos_id in (select value from json_each(${ids(joined)}))`,
    );
  const data = JSON.stringify(joined.map(eventJson));
  // Every column in the table's order (drizzle's insert-select writes them all).
  const open = db
    .insert(playerSessions)
    .select(
      sql`select null, ${serverId}, json_extract(j.value, '$.eosId'), ${at}, null, null, null,
        json_extract(j.value, '$.displayName'), json_extract(j.value, '$.memberName'), ${tribeOf},
        json_extract(j.value, '$.status'), json_extract(j.value, '$.platform')
      from json_each(${data}) as j where true`,
    )
    .onConflictDoNothing();
  return [missed, open];
}

const eventJson = (e: NewServerEvent) => ({
  eosId: e.eosId,
  displayName: e.displayName,
  memberName: e.memberName,
  tribe: e.tribe,
  status: e.status,
  platform: e.platform,
  eventTime: e.eventTime,
});

/** Each player's latest names, tribe and status, and first and last seen, from events just stored or pushed. */
export function seePlayers(db: Db, events: NewServerEvent[]) {
  if (!events.length) return [];
  const latest = new Map<string, NewServerEvent & { first: number }>();
  for (const e of events) {
    const seen = latest.get(e.eosId);
    if (!seen) latest.set(e.eosId, { ...e, first: e.eventTime });
    else {
      const first = Math.min(seen.first, e.eventTime);
      latest.set(e.eosId, e.eventTime >= seen.eventTime ? { ...e, first } : { ...seen, first });
    }
  }
  const data = JSON.stringify([...latest.values()].map((e) => ({ ...eventJson(e), first: e.first })));
  const newer = (column: string) =>
    sql.raw(`iif(excluded.last_seen >= players.last_seen, excluded.${column}, players.${column})`);
  return [
    db
      .insert(players)
      .select(
        sql`select json_extract(j.value, '$.eosId'), json_extract(j.value, '$.displayName'),
          json_extract(j.value, '$.memberName'), ${tribeOf}, json_extract(j.value, '$.status'),
          json_extract(j.value, '$.platform'), json_extract(j.value, '$.first'), json_extract(j.value, '$.eventTime')
        from json_each(${data}) as j where true`,
      )
      .onConflictDoUpdate({
        target: players.eosId,
        set: {
          displayName: newer("display_name"),
          memberName: newer("member_name"),
          tribe: newer("tribe"),
          status: newer("status"),
          platform: newer("platform"),
          firstSeen: sql`min(players.first_seen, excluded.first_seen)`,
          lastSeen: sql`max(players.last_seen, excluded.last_seen)`,
        },
      }),
  ];
}

/** Adds the hours of the closed sessions `where` picks to their tribes' (those of the last TRIBE_HOURS_DAYS days). */
function tribeHoursOf(db: Db, where: SQL, now: number) {
  const since = sql.raw(String(Math.floor((now - TRIBE_HOURS_DAYS * DAY_MS) / 3_600_000)));
  return db
    .insert(tribeHours)
    .select(
      sql`with recursive h(tribe, hour, last) as (
        select tribe, max(start_at / ${HOUR}, ${since}), (end_at - 1) / ${HOUR} from player_sessions
        where ${where} and tribe is not null and end_at > start_at
        union all select tribe, hour + 1, last from h where hour < last)
      select tribe, hour from h where true`,
    )
    .onConflictDoNothing();
}

/**
 * Sessions worked out again from the stored events of some players on one server: a join opens a session, the next
 * event (a leave first when both have one time) closes it: "left" when it is a leave, "missed" when it is a join; a
 * join with no next event is open. A leave with no join before it is not a session. Used for pushed events (which
 * may arrive late and out of order), and by migrations/0018 (the same statement) for the events stored before.
 */
export function deriveSessions(
  db: Db,
  serverId: string,
  players: { eosId: string }[],
  now: number,
): BatchItem<"sqlite">[] {
  if (!players.length) return [];
  const list = ids(players);
  const mine = sql`server_id = ${serverId} and eos_id in (select value from json_each(${list}))`;
  return [
    db.delete(playerSessions).where(mine),
    db.insert(playerSessions).select(sql`
      select null, server_id, eos_id, event_time,
        iif(next_type = 'leave', next_time, iif(next_type = 'join', event_time, null)),
        iif(next_type = 'join', next_time, null),
        iif(next_type = 'leave', 'left', iif(next_type = 'join', 'missed', null)),
        display_name, member_name, nullif(trim(coalesce(tribe, '')), ''), status, platform
      from (
        select *, lead(event_type) over w as next_type, lead(event_time) over w as next_time from server_events
        where ${mine}
        window w as (partition by server_id, eos_id order by event_time, event_type = 'join', id))
      where event_type = 'join'`),
    tribeHoursOf(db, sql`${mine} and end_kind = 'left'`, now),
  ];
}

/** Removes the tribe hours older than TRIBE_HOURS_DAYS, which no heatmap reads. It scans the table, so the cron runs it
 *  once a day. */
export async function pruneTribeHours(db: Db, now: number) {
  await db.delete(tribeHours).where(lt(tribeHours.hour, Math.floor((now - TRIBE_HOURS_DAYS * DAY_MS) / 3_600_000)));
}
