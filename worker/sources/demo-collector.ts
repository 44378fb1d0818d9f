// A stand-in for the tribe's roster collectors, for local development only (DEMO_COLLECTORS=true, refused in
// production): each cron run pushes a moved roster for every tracked server that is online, as POST
// /api/ingest/servers/{id}/roster would, so `npm start` shows joins, leaves, enemies and a moving chart.
import { collectorOf } from "#contract/sources";
import type { ServerId } from "#contract/servers";
import { MINUTE_MS } from "#contract/time";
import type { Actor } from "#worker/domain/context";
import { recordSnapshot, type IngestPlayer } from "#worker/domain/servers/snapshots";
import { storedState } from "#worker/domain/servers/status";
import { touchSource } from "#worker/domain/sources";
import { domainDeps } from "#worker/platform/deps";
import { NAME_FIRST, NAME_SECOND, seeded } from "./seeded";

const DEMO_COLLECTOR: Actor = { id: "system:demo-collector", name: "Demo collector (stand-in)" };

/** Who joins: the tribe, friends, neutrals, enemies (codes -1 to -3) and players nobody has classified yet. */
const KINDS: [number, { status: string; tribes: string[] }][] = [
  [0.3, { status: "2", tribes: ["GC"] }],
  [0.15, { status: "1", tribes: ["ALLY", "ALPHA", ""] }],
  [0.15, { status: "0", tribes: ["", "SOLO", "NOMADS"] }],
  [0.08, { status: "-1", tribes: ["RAID", "TOXIC"] }],
  [0.05, { status: "-2", tribes: ["ANGRY", "RAID"] }],
  [0.02, { status: "-3", tribes: ["TOXIC"] }],
  [0.25, { status: "unknown", tribes: [""] }],
];
const PLATFORMS = ["steam", "xbl", "psn", "epic"];

function joiner(r: ReturnType<typeof seeded>): IngestPlayer {
  let roll = r.next();
  const kind = KINDS.find(([p]) => (roll -= p) < 0)?.[1] ?? KINDS[KINDS.length - 1][1];
  const name = `${r.pick(NAME_FIRST)}${r.pick(NAME_SECOND)}${Math.floor(r.next() * 900) + 100}`;
  const eosId = Array.from({ length: 32 }, () => r.pick([..."0123456789abcdef"])).join("");
  return {
    eosId,
    displayName: name,
    name: r.next() < 0.5 ? name : null,
    status: kind.status,
    tribe: r.pick(kind.tribes) || null,
    platform: r.pick(PLATFORMS),
  };
}

/** Pushes this minute's moved roster of every tracked server that is not offline, just before the cron's snapshot. */
export async function moveDemoRosters(env: Env, at: number, servers: readonly ServerId[]) {
  const deps = domainDeps(env, DEMO_COLLECTOR);
  const observedAt = at - 1000; // a second before the cron's minute: its own snapshot is the minute's
  const minute = Math.floor(at / MINUTE_MS);
  for (const serverId of servers) {
    const { status, roster } = await storedState(deps.db, serverId);
    if (status && status.status !== "online") continue;
    const r = seeded(`${serverId}:${minute}`);
    const stayed: IngestPlayer[] = roster.filter(() => r.next() > 0.06);
    const joins = Math.floor(r.next() * 4);
    for (let i = 0; i < joins && stayed.length < 70; i++) stayed.push(joiner(r));
    await recordSnapshot(deps, serverId, { online: true, roster: stayed, source: "ingest", observedAt }, "ingest");
    await touchSource(deps.db, collectorOf(serverId), { at: Date.now(), observedAt });
  }
}
