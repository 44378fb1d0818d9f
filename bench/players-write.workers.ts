// Deriving sessions against recording a roster snapshot (issue target: at most 10 % more). The same snapshot, with the
// same churn, is recorded on two servers in turn: on one in full, on the other with the session statements (sessions,
// players, tribe hours) dropped from its batch: the snapshot alone, the floor. Printed by bench/players-write.mjs.
import { env } from "cloudflare:test";
import { it } from "vitest";
import type { BatchItem } from "drizzle-orm/batch";
import { databaseOf, SYSTEM, type Db, type Deps } from "#worker/domain/context";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import type { ServerId } from "#contract/servers";

const ROSTER = 60;
const CHURN = 5;
const WARM = 50;
const SAMPLES = 301;
const SESSION_TABLES = /"(player_sessions|players|tribe_hours)"/;

// workerd's clock moves in whole milliseconds, at I/O: a look's time is a whole number, so the mean of many is the figure.
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const player = (n: number) => ({
  eosId: n.toString(16).padStart(32, "0"),
  displayName: `Survivor${n}`,
  name: `Member${n}`,
  status: n % 3 === 0 ? "-1" : "1",
  tribe: n % 3 === 0 ? "RAID" : "ALLY",
  platform: "steam",
});

it("prints the cost of the session statements in a snapshot's batch", async () => {
  const db = databaseOf(env.DB);
  const withoutSessions = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== "batch") return Reflect.get(target, key, receiver);
      return (items: BatchItem<"sqlite">[]) =>
        target.batch(
          items.filter((i) => !SESSION_TABLES.test((i as unknown as { toSQL(): { sql: string } }).toSQL().sql)) as [
            BatchItem<"sqlite">,
          ],
        );
    },
  }) as Db;
  const deps = (d: Db): Deps => ({ db: d, env, actor: SYSTEM, announce: async () => {} });
  const full = deps(db);
  const floor = deps(withoutSessions);
  const start = Date.now() - (WARM + SAMPLES + 10) * 60_000;
  // Each look: the roster moves on by CHURN players (CHURN leave, CHURN join), a minute after the one before.
  const rosterAt = (i: number) => Array.from({ length: ROSTER }, (_, k) => player(1 + i * CHURN + k));
  const look = (deps: Deps, serverId: ServerId, i: number) =>
    recordSnapshot(
      deps,
      serverId,
      { online: true, source: "ingest", roster: rosterAt(i), observedAt: start + i * 60_000 },
      "ingest",
    );
  const fullMs: number[] = [];
  const floorMs: number[] = [];
  for (let i = 0; i < WARM + SAMPLES; i++) {
    // Alternate which goes first: the machine's noise falls on both alike.
    const order: [Deps, ServerId, number[]][] = [
      [full, "2411", fullMs],
      [floor, "2573", floorMs],
    ];
    if (i % 2) order.reverse();
    for (const [d, serverId, out] of order) {
      const t = performance.now();
      await look(d, serverId, i);
      if (i >= WARM) out.push(performance.now() - t);
    }
  }
  const sessions = await env.DB.prepare("select count(*) as n from player_sessions").first<{ n: number }>();
  const f = mean(fullMs);
  const s = mean(floorMs);
  console.log(
    JSON.stringify({
      samples: SAMPLES,
      roster: ROSTER,
      churn: CHURN,
      sessions: sessions?.n,
      full: f,
      floor: s,
      ratio: f / s,
    }),
  );
});
