// Server stats: who is online on 2411 (the tribe's home), 2573 and 2446 now, 90 days of joins and leaves, 7 days of
// snapshots every 10 minutes, and the weekly members. About 1,000 join/leave rows a server in the last 30 days at
// scale 1, 35,650 at scale 100, and 1,400 a server per unit of scale before that (1,000,000+ in all at scale 200).
import { DAY, SERVERS, eosId, insert, rng, steamId, survivor } from "./lib.mjs";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MAPS = { 2411: "TheCenter_WP", 2573: "Astraeos_WP", 2446: "Aberration_WP" };
const MAX_PLAYERS = 70;
/** 2446 went offline this long ago: its last roster is kept, its status says why. */
const OFFLINE_FOR = 2 * HOUR;
const OFFLINE = { 2446: "NA-PVP-Aberration2446 is missing from the official server list (last answered 2 hours ago)" };
/** Typical players online at the evening peak. */
const PEAK = { 2411: 46, 2573: 38, 2446: 30 };

const PLATFORMS = [
  ["steam", 0.4],
  ["xbl", 0.2],
  ["psn", 0.25],
  ["epic", 0.15],
];
/** Outsiders' status codes (tribemembers come from the tribe pool). */
const OUTSIDER_CODES = [
  ["1", 0.16],
  ["0", 0.18],
  ["-1", 0.14],
  ["-2", 0.09],
  ["-3", 0.06],
  ["unknown", 0.2],
  ["Unknown", 0.07],
  ["", 0.1],
];
/** The share of a server's sessions played by the tribe. */
const TRIBE_SHARE = { 2411: 0.7, 2573: 0.2, 2446: 0.15 };

const weighted = (r, list) => {
  let roll = r.next();
  for (const [value, p] of list) if ((roll -= p) < 0) return value;
  return list[list.length - 1][0];
};

function tribeOf(r, status) {
  if (status === "1") return r.pick(["ALPHA", "ALLY", ""]);
  if (status === "0") return r.pick(["", "SOLO", "NOMADS"]);
  if (status.startsWith("-")) return r.pick(["RAID", "ANGRY", "ALPHA", "TOXIC"]);
  return r.chance(0.15) ? r.pick(["RAID", "ANGRY"]) : "";
}

/** Share of the peak online at an hour of the day (UTC): busiest at 20:00, quietest at 08:00. */
const curve = (at) => {
  const hour = (at % DAY) / HOUR;
  return 0.3 + 0.7 * (0.5 + 0.5 * Math.cos((2 * Math.PI * (hour - 20)) / 24));
};

/** A session's length: 15 minutes to 5 hours, mostly short (110 minutes on average). */
const MEAN_SESSION_MINUTES = 110;
const sessionLength = (r, fit) => Math.round((15 + Math.pow(r.next(), 2) * 285) * MINUTE * fit);
/**
 * What a server's sessions' lengths are multiplied by so that `sessionsPerDay` of them keep about 35 players on at
 * once on average (about 55 at the evening peak), within the 70 slots of an official server: 1 up to about 450
 * sessions a day, shorter sessions above (the high scales the benchmarks use).
 */
const fitFor = (sessionsPerDay) => Math.min(1, (35 * 24 * 60) / (sessionsPerDay * MEAN_SESSION_MINUTES));

/**
 * Finished sessions from 90 to 30 days ago, the players' profiles' and tribes' history: 1,400 events a server per unit
 * of scale (pushed onto `out`), so scale 200 holds over 1,000,000 join and leave events over 90 days (the players'
 * benchmark).
 */
function olderHistory(r, stored, pool, before, scale, out) {
  const from = before - 60 * DAY;
  const fit = fitFor((1400 * scale) / 2 / 60);
  for (let n = 0; n < 1400 * scale; n += 2) {
    let start;
    do start = from + Math.floor(r.next() * (before - from - 6 * HOUR));
    while (!r.chance(curve(start)));
    const p = r.pick(pool);
    const length = sessionLength(r, fit);
    out.push(stored(p, "join", start, r), stored(p, "leave", start + length, r));
  }
}

/**
 * Players with a weekly rhythm, so the profile and tribe heatmaps say something: the enemy tribe VOID (five players)
 * raids 2573 on weekday evenings (19:00 to about 23:00 UTC) and long weekend afternoons, and sleeps 04:00-13:00; three
 * tribemembers play their own evenings. 90 days of it, sessions ending before the roster's time.
 */
const RHYTHM_SERVER = "2573";
const RHYTHM_DAYS = 90;
function rhythm(r, stored, members, until) {
  const event = (p, type, at) => stored(p, type, at, r);
  const out = [];
  const start = Math.floor((until - RHYTHM_DAYS * DAY) / DAY) * DAY;
  const enemies = Array.from({ length: 5 }, () => makePlayer(r, { status: "-1", tribe: "VOID" }));
  for (let day = start; day < until - DAY; day += DAY) {
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    for (const p of enemies) {
      if (!r.chance(weekend ? 0.9 : 0.8)) continue;
      const from = day + (weekend ? 14 : 19) * HOUR + r.int(-20, 40) * MINUTE;
      const length = (weekend ? r.int(6, 10) : r.int(3, 4)) * HOUR + r.int(0, 50) * MINUTE;
      out.push(event(p, "join", from), event(p, "leave", from + length));
    }
    members.forEach((p, i) => {
      if (!r.chance(0.7)) return;
      const from = day + (17 + i * 2) * HOUR + r.int(0, 45) * MINUTE;
      out.push(event(p, "join", from), event(p, "leave", from + r.int(60, 150) * MINUTE));
    });
  }
  return out;
}

function makePlayer(r, { status, tribe, memberName }) {
  const platform = weighted(r, PLATFORMS);
  return {
    eosId: eosId(r),
    displayName: survivor(r),
    name: memberName ?? (r.chance(0.3) ? survivor(r) : null),
    status,
    tribe,
    platform,
    steamProfileLink: platform === "steam" ? `https://steamcommunity.com/profiles/${steamId(r)}` : null,
  };
}

export default function seed({ r, scale, now, people }) {
  const eventsPerServer = Math.round(350 * scale + 650);
  const since = now - 30 * DAY;
  const weekAgo = now - 7 * DAY;

  // The tribe: GC members, named after the Discord members; about a third did not play this week.
  const tribe = Array.from({ length: Math.round(150 * Math.sqrt(scale)) }, (_, i) => ({
    ...makePlayer(r, { status: "2", tribe: "GC", memberName: people[i % people.length].displayName }),
    inactive: r.chance(0.3),
    home: r.chance(0.75) ? "2411" : r.pick(SERVERS),
  }));

  const status = [];
  const rosters = [];
  const events = [];
  const snapshots = [];

  for (const server of SERVERS) {
    const until = OFFLINE[server] ? now - OFFLINE_FOR : now;
    const outsiders = Array.from({ length: Math.round(90 * Math.sqrt(scale)) }, () => {
      const code = weighted(r, OUTSIDER_CODES);
      return makePlayer(r, { status: code, tribe: tribeOf(r, code) });
    });
    const regulars = tribe.filter((p) => p.home === server);
    const visitors = tribe.filter((p) => p.home !== server);
    const pickTribe = () => (regulars.length && r.chance(0.8) ? r.pick(regulars) : r.pick(visitors));
    const pick = () => (r.chance(TRIBE_SHARE[server]) ? pickTribe() : r.pick(outsiders));

    // `rr`: the history before the last 30 days and the weekly rhythm draw from their own generators, so the rest of
    // the demo is the same whatever they hold.
    const event = (p, eventType, eventTime, rr = r) => ({
      server_id: server,
      event_type: eventType,
      eos_id: p.eosId,
      display_name: p.displayName,
      member_name: p.name,
      status: p.status,
      tribe: p.tribe,
      platform: p.platform,
      event_time: eventTime,
      last_ark_launch: new Date(
        eventTime - (eventType === "join" ? rr.int(1, 90) * MINUTE : rr.int(1, 6) * HOUR),
      ).toISOString(),
      steam_profile_link: p.steamProfileLink,
    });

    // Who is online now (or was, when 2446 went down): joined within the last hours, not left yet.
    const online = new Map();
    const rosterSize = r.int(10, 45);
    for (let guard = 0; online.size < rosterSize && guard < 10_000; guard++) {
      const p = pick();
      if (!p.inactive) online.set(p.eosId, p);
    }
    [...online.values()].forEach((p, i) => {
      const joined = until - r.int(5, 240) * MINUTE;
      events.push(event(p, "join", joined));
      rosters.push({
        server_id: server,
        eos_id: p.eosId,
        display_name: p.displayName,
        name: p.name,
        status: p.status,
        tribe: p.tribe,
        platform: p.platform,
        position: i + 1,
        seen_at: until,
      });
    });

    // Finished sessions over 30 days: a join and a leave each, busier in the evening.
    const fit = fitFor(eventsPerServer / 2 / 30);
    for (let n = online.size; n < eventsPerServer; n += 2) {
      let start;
      do start = since + Math.floor(r.next() * (until - since));
      while (!r.chance(curve(start)));
      const length = sessionLength(r, fit);
      if (start + length > until - 5 * MINUTE) start = until - 5 * MINUTE - length;
      let p = pick();
      // Online players have no session ending after their join; inactive members did not play this week.
      for (
        let guard = 0;
        (online.has(p.eosId) && start + length > until - 4 * HOUR) || (p.inactive && start + length >= weekAgo);
        guard++
      ) {
        p = guard < 20 ? pick() : r.pick(outsiders.filter((o) => !online.has(o.eosId)));
      }
      events.push(event(p, "join", start), event(p, "leave", start + length));
    }

    if (server === RHYTHM_SERVER) events.push(...rhythm(rng(53), event, tribe.slice(0, 3), until));
    olderHistory(rng(9000 + Number(server)), event, [...outsiders, ...regulars], since, scale, events);

    // Snapshots every 10 minutes over 7 days, following the daily curve; the newest matches the roster.
    const first = Math.ceil((now - 7 * DAY) / (10 * MINUTE)) * 10 * MINUTE;
    const last = Math.floor(now / (10 * MINUTE)) * 10 * MINUTE;
    for (let t = first; t <= last; t += 10 * MINUTE) {
      const up = t <= until;
      const count = Math.min(MAX_PLAYERS, Math.max(0, Math.round(PEAK[server] * curve(t) + r.int(-4, 4))));
      snapshots.push({
        server_id: server,
        taken_at: t,
        online: up,
        player_count: up ? (t + 10 * MINUTE > until ? online.size : count) : 0,
        max_players: MAX_PLAYERS,
        error_details: up ? null : OFFLINE[server],
        source: "ingest",
      });
    }

    status.push({
      server_id: server,
      status: OFFLINE[server] ? "offline" : "online",
      error_details: OFFLINE[server] ?? null,
      last_updated: last,
      // When the collector last saw the roster: the last look, or (offline) when the server went down.
      roster_observed_at: OFFLINE[server] ? until : last,
      map_name: MAPS[server],
      player_count: OFFLINE[server] ? 0 : online.size,
      max_players: MAX_PLAYERS,
      source: "ingest",
    });
  }

  // Weekly members: the tribe, active when they joined or left anywhere in the last 7 days.
  const latest = new Map();
  for (const e of events) {
    const seen = latest.get(e.eos_id);
    if (!seen || e.event_time > seen.event_time) latest.set(e.eos_id, e);
  }
  const weekly = tribe.map((p) => {
    const last = latest.get(p.eosId);
    const active = last != null && last.event_time >= weekAgo;
    return {
      eos_id: p.eosId,
      display_name: p.displayName,
      member_name: p.name,
      is_active_this_week: active,
      is_tribe_member: true,
      tribe: p.tribe,
      platform: p.platform,
      event_type: active ? "active" : "inactive",
      event_time: last?.event_time ?? null,
      last_ark_launch: last?.last_ark_launch ?? null,
      steam_profile_link: p.steamProfileLink,
      updated_at: now,
    };
  });

  return [
    ...insert("server_status", status),
    ...insert("rosters", rosters),
    ...insert("server_events", events, { orIgnore: true }),
    ...insert("server_snapshots", snapshots, { orIgnore: true }),
    ...insert("weekly_members", weekly),
    // The collectors' and the weekly report's last pushes: the demo's figures have an age from the start.
    ...insert("sources", [
      ...SERVERS.map((server) => ({
        id: `collector:${server}`,
        last_contact_at: now,
        last_observed_at: status.find((s) => s.server_id === server).roster_observed_at,
      })),
      { id: "weekly-collector", last_contact_at: now, last_observed_at: now },
    ]),
  ];
}
