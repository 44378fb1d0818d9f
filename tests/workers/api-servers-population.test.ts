// GET /api/eoserver-population/{serverId}?range=24h|7d: the population chart's data from the cron's snapshots.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { POPULATION_RANGES, type ServerPopulation } from "#contract/servers";
import { Browser, MEMBER, memberWithToken, ORIGIN, routeOutboundToSelf } from "./helpers";

let outbound: MockInstance;
beforeAll(async () => {
  const spy = routeOutboundToSelf();
  await new Browser().signIn(MEMBER); // the first sign-in loads the Remix build: not inside a timed test
  spy.mockRestore();
}, 30_000);
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["server_status", "server_snapshots", "audit_log", "api_tokens"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
});
afterEach(() => outbound.mockRestore());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Snap = { t: number; online: boolean; players: number | null; max?: number };
/** Stores snapshots in one statement (thousands of rows, one bound parameter). */
async function store(serverId: string, snaps: Snap[]) {
  const data = JSON.stringify(snaps.map((s) => [s.t, s.online ? 1 : 0, s.players, s.max ?? 70]));
  await env.DB.prepare(
    `insert into server_snapshots (server_id, taken_at, online, player_count, max_players, source)
     select ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), 'test'
     from json_each(?)`,
  )
    .bind(serverId, data)
    .run();
}

/** A population answer (an error's body is read only as a whole). */
async function get(path: string, headers: Record<string, string>) {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as ServerPopulation };
}

describe("GET /api/eoserver-population/{serverId}", () => {
  it("answers the last 24 hours by default: a point a minute, null while offline, the peak marked", async () => {
    const { bearer } = await memberWithToken();
    const now = Date.now();
    const base = Math.floor(now / MINUTE) * MINUTE - 3 * HOUR;
    const snaps: Snap[] = Array.from({ length: 180 }, (_, i) => ({
      t: base + i * MINUTE,
      online: true,
      players: 20 + (i % 30),
    }));
    snaps[10] = { t: base + 10 * MINUTE, online: false, players: 0 }; // offline: no count
    snaps[100] = { t: base + 100 * MINUTE, online: true, players: 64, max: 72 };
    snaps[150] = { t: base + 150 * MINUTE, online: true, players: 64, max: 70 }; // the same peak later: the later one wins
    snaps.push({ t: base + 20 * MINUTE + 30_000, online: true, players: 3 }); // a refresh in the same minute: the minute keeps its max
    snaps.push({ t: now - DAY - MINUTE, online: true, players: 69 }); // older than the range
    await store("2411", snaps);
    await store("2573", [{ t: base, online: true, players: 70 }]); // another server

    const { status, body } = await get("/api/eoserver-population/2411", bearer);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["maxPlayers", "peak", "points", "range", "serverId"]);
    expect(body).toMatchObject({ serverId: "2411", range: "24h", maxPlayers: 70 });
    expect(body.points).toHaveLength(180);
    expect(body.points[0]).toEqual({ t: base, players: 20 });
    expect(body.points[10]).toEqual({ t: base + 10 * MINUTE, players: null });
    expect(body.points[20]).toEqual({ t: base + 20 * MINUTE, players: 40 });
    expect(body.peak).toEqual({ t: base + 150 * MINUTE, players: 64 });
    const times = body.points.map((p) => p.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const explicit = await get("/api/eoserver-population/2411?range=24h", bearer);
    expect(explicit.body).toEqual(body);
  });

  it("downsamples 7 days to at most 300 points, each the highest count of its bucket", async () => {
    const { bearer } = await memberWithToken();
    const now = Date.now();
    // A snapshot every 5 minutes for 7 days: 2,016 rows; the server was down for a whole day in the middle.
    const snaps: Snap[] = [];
    for (let t = now - 7 * DAY + MINUTE; t <= now; t += 5 * MINUTE) {
      const down = t > now - 4 * DAY && t < now - 3 * DAY;
      snaps.push({ t, online: !down, players: down ? 0 : Math.round(35 + 30 * Math.sin(t / (3 * HOUR))) });
    }
    await store("2446", snaps);
    const { status, body } = await get("/api/eoserver-population/2446?range=7d", bearer);
    expect(status).toBe(200);
    expect(body.range).toBe("7d");
    expect(body.points.length).toBeGreaterThan(250);
    expect(body.points.length).toBeLessThanOrEqual(300);

    // Every point is the maximum of its 35-minute bucket (null only when the whole bucket was offline).
    const bucketMs = POPULATION_RANGES["7d"].bucketMs;
    const expected = new Map<number, number | null>();
    for (const s of snaps) {
      const key = Math.floor(s.t / bucketMs);
      const players = s.online ? s.players : null;
      const seen = expected.get(key);
      expected.set(key, seen === undefined ? players : players === null ? seen : Math.max(seen ?? -1, players));
    }
    expect(body.points.map((p) => p.players)).toEqual([...expected.values()]);
    for (const p of body.points) {
      const snap = snaps.find((s) => s.t === p.t);
      expect(snap, "each point is a real snapshot's time").toBeDefined();
    }
    expect(body.points.some((p) => p.players === null)).toBe(true);
    expect(body.peak?.players).toBe(Math.max(...snaps.filter((s) => s.online).map((s) => s.players!)));
  });

  it("answers no points and no peak for a server without snapshots, and no peak when it was never online", async () => {
    const { bearer } = await memberWithToken();
    expect((await get("/api/eoserver-population/2573?range=7d", bearer)).body).toEqual({
      serverId: "2573",
      range: "7d",
      points: [],
      peak: null,
      maxPlayers: 70,
    });
    await store("2573", [
      { t: Date.now() - 2 * MINUTE, online: false, players: 0 },
      { t: Date.now() - MINUTE, online: false, players: 0 },
    ]);
    const offline = await get("/api/eoserver-population/2573", bearer);
    expect(offline.body.points.map((p) => p.players)).toEqual([null, null]);
    expect(offline.body.peak).toBeNull();
  });

  it("answers 400 for an unknown range, 404 for an unknown server, 401 without credentials", async () => {
    const { bearer } = await memberWithToken();
    const bad = await get("/api/eoserver-population/2411?range=30d", bearer);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "validation", field: "range", message: "range: must be 24h or 7d" });
    expect((await get("/api/eoserver-population/9999", bearer)).status).toBe(404);
    expect((await get("/api/eoserver-population/x", bearer)).body).toMatchObject({
      error: "validation",
      field: "serverId",
    });
    const anonymous = await get("/api/eoserver-population/2411", {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: "unauthorized" });
  });
});
