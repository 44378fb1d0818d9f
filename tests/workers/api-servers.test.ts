// The servers API inside workerd with the real D1 and live room: status, roster ingestion and its derived joins and
// leaves, manual refresh, the join/leave logs and activity tabs, bulk event ingestion, auth, 400s and 404s.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { statusClass } from "#contract/servers";
import { eos, hostPlayer, withServerTables } from "./cron-fixtures";
import { Browser, MEMBER, ORIGIN, pageFetch } from "./helpers";

withServerTables();

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Player = {
  eosId: string;
  displayName: string;
  name: string;
  status: string;
  tribe: string;
  platform: string;
  lastArkLaunch?: string;
  steamProfileLink?: string;
};
const player = (n: number, status: string, tribe = "", platform = "xbl"): Player =>
  hostPlayer(n, status, tribe, platform);

/** A signed-in member with an API token (the collectors' credential) and a socket on the live room. */
async function session() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  const created = await browser.fetch("/api/tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "collector" }),
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const api = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    if (init.body) headers.set("Content-Type", "application/json");
    return pageFetch(new URL(path, ORIGIN), { ...init, headers });
  };
  const json = async <T = any>(path: string, init?: RequestInit) => {
    const res = await api(path, init);
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = (path: string, body?: unknown) =>
    json(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  return { browser, token, api, json, post };
}

async function listen(browser: Browser) {
  const res = await pageFetch(`${ORIGIN}/parties/live/main`, {
    headers: { Upgrade: "websocket", Cookie: browser.cookieHeader(), Origin: ORIGIN },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  socket.accept();
  const messages: { type: string; serverId?: string }[] = [];
  socket.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
  });
  return {
    messages,
    /** Waits until every named event arrived (with this serverId), then a moment more for any stragglers. */
    async received(types: string[], serverId?: string) {
      const has = () => types.every((t) => messages.some((m) => m.type === t && m.serverId === serverId));
      for (let i = 0; i < 200 && !has(); i++) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 50));
      return messages.filter((m) => m.serverId === serverId).map((m) => m.type);
    },
    clear: () => messages.splice(0),
    close: () => socket.close(),
  };
}

const count = async (sql: string, ...bind: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...bind)
    .first<{ n: number }>())!.n;
const audits = async (entity: string): Promise<Record<string, any>[]> =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id").bind(entity).all<Record<string, any>>()
  ).results.map((r) => ({
    ...r,
    after: r.after ? JSON.parse(r.after) : null,
  }));

describe("GET /api/eoserver-status/{serverId}", () => {
  it("answers offline with 'No data received yet' for a server never heard from", async () => {
    const { json } = await session();
    const { status, body } = await json("/api/eoserver-status/2446");
    expect(status).toBe(200);
    expect(body).toEqual({
      serverId: "2446",
      status: "offline",
      errorDetails: "No data received yet",
      lastUpdated: null,
      mapName: "Aberration_WP",
      playerCount: 0,
      maxPlayers: 70,
      currentPlayers: [],
      source: null,
      recordedAt: null,
      roster: {
        source: "collector:2446",
        observedAt: null,
        intervalMs: null,
        freshness: "never",
        unknownReason: "No data received yet",
      },
    });
  });

  it("answers 404 for an unknown server and 400 for a malformed id, on every server route", async () => {
    const { api } = await session();
    const routes: [string, string][] = [
      ["GET", "eoserver-status"],
      ["POST", "eoserver-refresh"],
      ["GET", "joinlog"],
      ["GET", "leavelog"],
      ["GET", "tribemembers"],
      ["GET", "unknowns"],
      ["GET", "enemies"],
      ["GET", "friendlys"],
    ];
    for (const [method, base] of routes) {
      const missing = await api(`/api/${base}/9999`, { method });
      expect(missing.status, `${method} ${base}`).toBe(404);
      expect(await missing.json()).toEqual({ error: "not_found", message: "No server with id 9999." });
      const bad = await api(`/api/${base}/abc`, { method });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: "validation", field: "serverId" });
    }
    for (const path of ["roster", "events"]) {
      const res = await api(`/api/ingest/servers/9999/${path}`, {
        method: "POST",
        body: JSON.stringify({ online: true, players: [], events: [] }),
      });
      expect(res.status).toBe(404);
    }
    expect(await count("select count(*) as n from server_status")).toBe(0);
    expect(await count("select count(*) as n from audit_log where entity like 'server%'")).toBe(0);
  });

  it("answers 401 JSON on every route without credentials, and refuses an unknown token", async () => {
    const anonymous = new Browser();
    const routes: [string, string][] = [
      ["GET", "/api/eoserver-status/2411"],
      ["POST", "/api/eoserver-refresh/2411"],
      ["GET", "/api/joinlog/2411"],
      ["GET", "/api/leavelog/2411"],
      ["GET", "/api/tribemembers/2411"],
      ["GET", "/api/unknowns/2411"],
      ["GET", "/api/enemies/2411"],
      ["GET", "/api/friendlys/2411"],
      ["GET", "/api/weeklymembers"],
      ["GET", "/api/weeklymembers/search"],
      ["POST", "/api/weeklymembers-refresh"],
      ["POST", "/api/ingest/servers/2411/roster"],
      ["POST", "/api/ingest/servers/2411/events"],
      ["POST", "/api/ingest/weekly-members"],
    ];
    for (const [method, path] of routes) {
      const res = await anonymous.fetch(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toMatchObject({ error: "unauthorized" });
    }
    const forged = await pageFetch(`${ORIGIN}/api/eoserver-status/2411`, {
      headers: { Authorization: "Bearer atd_nope" },
    });
    expect(forged.status).toBe(401);
  });

  it("serves a signed-in browser session too", async () => {
    const { browser } = await session();
    const res = await browser.fetch("/api/eoserver-status/2411");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "offline", mapName: "TheCenter_WP" });
  });
});

describe("POST /api/ingest/servers/{serverId}/roster", () => {
  const first = [
    {
      ...player(1, "2", "GC", "steam"),
      lastArkLaunch: "2026-05-01T18:00:00.000Z",
      steamProfileLink: "https://steamcommunity.com/profiles/76561198000000001",
    },
    player(2, "-1", "RAID", "psn"),
    player(3, "1", "ALPHA"),
    player(4, "unknown", ""),
  ];

  it("stores status and roster, derives joins, audits, and publishes per-server events", async () => {
    const { browser, post, json } = await session();
    const live = await listen(browser);
    // Within the collector's expected interval (2 minutes): the roster is known.
    const observedAt = Date.now() - MINUTE;
    const res = await post("/api/ingest/servers/2573/roster", { online: true, observedAt, players: first });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      serverId: "2573",
      status: "online",
      playerCount: 4,
      joins: 4,
      leaves: 0,
      stale: false,
      observedAt,
    });

    const status = await json("/api/eoserver-status/2573");
    expect(status.body).toEqual({
      serverId: "2573",
      status: "online",
      errorDetails: null,
      lastUpdated: observedAt,
      mapName: "Astraeos_WP",
      playerCount: 4,
      maxPlayers: 70,
      currentPlayers: first.map(({ eosId, displayName, name, status, tribe, platform }) => ({
        eosId,
        displayName,
        name,
        status,
        tribe,
        platform,
        tribelistMatch: null,
      })),
      source: "ingest",
      recordedAt: expect.any(Number),
      roster: { source: "collector:2573", observedAt, intervalMs: 2 * MINUTE, freshness: "fresh", unknownReason: null },
    });

    const joins = await json("/api/joinlog/2573");
    expect(joins.body).toHaveLength(4);
    expect(joins.body.find((j: any) => j.eosId === eos(1))).toEqual({
      id: expect.any(Number),
      eosId: eos(1),
      displayName: "Survivor1",
      memberName: "Member1",
      status: "2",
      tribe: "GC",
      platform: "steam",
      joinTime: observedAt,
      lastArkLaunch: "2026-05-01T18:00:00.000Z",
      isTribeMember: true,
      steamProfileLink: "https://steamcommunity.com/profiles/76561198000000001",
    });
    expect(joins.body.find((j: any) => j.eosId === eos(2)).isTribeMember).toBe(false);

    expect(
      await count("select count(*) as n from server_snapshots where server_id = '2573' and taken_at = ?", observedAt),
    ).toBe(1);
    const [audit] = await audits("server_roster");
    expect(audit).toMatchObject({ entity_id: "2573", action: "ingest", actor: expect.stringMatching(/^token:/) });
    expect(audit.after).toMatchObject({ status: "online", rosterSize: 4, joins: 4, leaves: 0, source: "ingest" });

    const types = await live.received(
      [
        "eoserver_status_update",
        "joinlog_update",
        "tribemembers_update",
        "enemies_update",
        "friendlys_update",
        "unknowns_update",
      ],
      "2573",
    );
    // An enemy among the joins also raises the enemy warning.
    expect(types.sort()).toEqual([
      "enemies_update",
      "enemy_online",
      "eoserver_status_update",
      "friendlys_update",
      "joinlog_update",
      "tribemembers_update",
      "unknowns_update",
    ]);
    live.close();
  });

  it("diffs the next roster into joins and leaves, publishing only the classes that changed", async () => {
    const { browser, post, json } = await session();
    // The second look is within the collector's interval (2 minutes), so its roster is listed.
    const t1 = Date.now() - 20 * MINUTE;
    const t2 = Date.now() - MINUTE;
    const live = await listen(browser);
    await post("/api/ingest/servers/2411/roster", { online: true, observedAt: t1, players: first });
    // The first roster's events go out after its answer: wait for them before the diff under test.
    await live.received(["eoserver_status_update", "joinlog_update"], "2411");
    live.clear();
    // The steam tribemember and the enemy leave; a friendly joins; the others stay (one renamed).
    const second = [{ ...first[3], displayName: "Renamed" }, player(5, "1", "ALPHA"), first[2]];
    const res = await post("/api/ingest/servers/2411/roster", { online: true, observedAt: t2, players: second });
    expect(res.body).toMatchObject({ joins: 1, leaves: 2, playerCount: 3 });

    const status = await json("/api/eoserver-status/2411");
    expect(status.body.currentPlayers.map((p: Player) => p.eosId)).toEqual([eos(4), eos(5), eos(3)]);
    expect(status.body.currentPlayers[0].displayName).toBe("Renamed");

    const leaves = await json("/api/leavelog/2411");
    expect(leaves.body.map((l: any) => l.eosId).sort()).toEqual([eos(1), eos(2)]);
    const leaver = leaves.body.find((l: any) => l.eosId === eos(1));
    expect(leaver).toMatchObject({
      leaveTime: t2,
      memberName: "Member1",
      isTribeMember: true,
      lastArkLaunch: "2026-05-01T18:00:00.000Z",
    });
    expect(leaver.steamProfileLink).toBe("https://steamcommunity.com/profiles/76561198000000001");
    expect(leaver).not.toHaveProperty("joinTime");

    const joins = await json("/api/joinlog/2411");
    expect(joins.body[0]).toMatchObject({ eosId: eos(5), joinTime: t2 });
    expect(joins.body.map((j: any) => j.joinTime)).toEqual([t2, t1, t1, t1, t1]);

    const types = await live.received(
      [
        "eoserver_status_update",
        "joinlog_update",
        "leavelog_update",
        "friendlys_update",
        "tribemembers_update",
        "enemies_update",
      ],
      "2411",
    );
    expect(types.sort()).toEqual([
      "enemies_update",
      "eoserver_status_update",
      "friendlys_update",
      "joinlog_update",
      "leavelog_update",
      "tribemembers_update",
    ]);
    expect(types).not.toContain("unknowns_update");
    live.close();
  });

  it("is idempotent: the same observation again adds no events and no snapshot", async () => {
    const { post } = await session();
    const observedAt = Date.now() - MINUTE;
    await post("/api/ingest/servers/2411/roster", { online: true, observedAt, players: first });
    const again = await post("/api/ingest/servers/2411/roster", { online: true, observedAt, players: first });
    expect(again.body).toMatchObject({ joins: 0, leaves: 0, stale: false });
    expect(await count("select count(*) as n from server_events")).toBe(4);
    expect(await count("select count(*) as n from server_snapshots")).toBe(1);
    expect(await count("select count(*) as n from rosters")).toBe(4);
  });

  it("keeps a late observation as a snapshot only: no roster rollback, no joins or leaves", async () => {
    const { post, json } = await session();
    const now = Date.now();
    await post("/api/ingest/servers/2411/roster", { online: true, observedAt: now - MINUTE, players: first });
    const late = await post("/api/ingest/servers/2411/roster", {
      online: true,
      observedAt: now - 30 * MINUTE,
      players: [player(9, "0")],
    });
    expect(late.body).toMatchObject({ stale: true, joins: 0, leaves: 0, status: "online", playerCount: 4 });
    expect((await json("/api/eoserver-status/2411")).body.currentPlayers).toHaveLength(4);
    expect(await count("select count(*) as n from server_snapshots")).toBe(2);
    expect(await count("select count(*) as n from server_events")).toBe(4);
    expect((await audits("server_snapshot"))[0]).toMatchObject({ action: "ingest-late" });
  });

  it("takes a server offline: everyone leaves, nobody is listed, the error is shown", async () => {
    const { post, json } = await session();
    await post("/api/ingest/servers/2446/roster", {
      online: true,
      observedAt: Date.now() - 2 * MINUTE,
      players: first,
    });
    const off = await post("/api/ingest/servers/2446/roster", {
      online: false,
      errorDetails: "Server not in the official list",
      players: [],
    });
    expect(off.body).toMatchObject({ status: "offline", playerCount: 0, leaves: 4 });
    const status = await json("/api/eoserver-status/2446");
    expect(status.body).toMatchObject({
      status: "offline",
      errorDetails: "Server not in the official list",
      playerCount: 0,
      currentPlayers: [],
    });
    expect((await json("/api/leavelog/2446")).body).toHaveLength(4);
  });

  it("answers 400 naming the field and changes nothing", async () => {
    const { post } = await session();
    const cases: [unknown, string][] = [
      [{ players: [] }, "online"],
      [{ online: "yes", players: [] }, "online"],
      [{ online: true }, "players"],
      [{ online: true, players: [{ ...first[0], eosId: "not-an-eos-id" }] }, "players.0.eosId"],
      [{ online: true, players: [first[0], first[1], first[0]] }, "players.2.eosId"],
      [{ online: false, players: [first[0]] }, "players"],
      [{ online: true, observedAt: Date.now() + DAY, players: [] }, "observedAt"],
      [{ online: true, observedAt: "last tuesday", players: [] }, "observedAt"],
      [{ online: true, playerCount: -1, players: [] }, "playerCount"],
      [
        { online: true, players: [{ ...first[0], steamProfileLink: "javascript:alert(1)" }] },
        "players.0.steamProfileLink",
      ],
      [{ online: true, players: [{ ...first[0], displayName: "x".repeat(101) }] }, "players.0.displayName"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/ingest/servers/2411/roster", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation", field });
    }
    const malformed = await post("/api/ingest/servers/2411/roster", undefined);
    expect(malformed.status).toBe(400);
    for (const table of ["server_status", "rosters", "server_events", "server_snapshots"]) {
      expect(await count(`select count(*) as n from ${table}`), table).toBe(0);
    }
    expect(await count("select count(*) as n from audit_log where entity like 'server%'")).toBe(0);
  });
});

describe("POST /api/eoserver-refresh/{serverId}", () => {
  // With collectors the only source there is nothing to read again; a refresh records the population point
  // from the collector's last push and leaves its status and time to the collector, as the cron does.
  it("with collectors the only source, records a population point and leaves the collector's status alone", async () => {
    const { post, json } = await session();
    const t1 = Date.now() - 30_000;
    await post("/api/ingest/servers/2411/roster", {
      online: true,
      observedAt: t1,
      playerCount: 40,
      players: [player(1, "2", "GC"), player(2, "0")],
    });
    const res = await post("/api/eoserver-refresh/2411");
    expect(res).toEqual({
      status: 200,
      body: { message: "Manual refresh triggered! Server data will be updated shortly." },
    });

    const status = await json("/api/eoserver-status/2411");
    expect(status.body).toMatchObject({ status: "online", playerCount: 40, lastUpdated: t1 });
    expect(status.body.currentPlayers.map((p: Player) => p.eosId)).toEqual([eos(1), eos(2)]);
    expect(await count("select count(*) as n from server_snapshots where known = 1 and player_count = 40")).toBe(2);
    expect(await count("select count(*) as n from server_events")).toBe(2);
    expect((await audits("server_roster")).map((a) => a.action)).toEqual(["ingest"]);
  });

  it("keeps 'No data received yet' for a server never heard from, and records an unknown point", async () => {
    const { post, json } = await session();
    expect((await post("/api/eoserver-refresh/2573")).status).toBe(200);
    const status = await json("/api/eoserver-status/2573");
    expect(status.body).toMatchObject({
      status: "offline",
      errorDetails: "No data received yet",
      currentPlayers: [],
      lastUpdated: null,
    });
    expect(
      await count(
        "select count(*) as n from server_snapshots where server_id = '2573' and known = 0 and player_count is null",
      ),
    ).toBe(1);
  });
});

describe("POST /api/ingest/servers/{serverId}/events and the lists", () => {
  const CODES = ["2", "1", "0", "-1", "-2", "-3", "unknown", "Unknown", "", "7"];

  it("is idempotent on (server, EOS id, type, time) and counts what it did", async () => {
    const { browser, post } = await session();
    const live = await listen(browser);
    const t = Date.now() - DAY;
    const events = [
      { eventType: "join", ...player(1, "-2", "RAID"), eventTime: t },
      { eventType: "leave", ...player(1, "-2", "RAID"), eventTime: t + 30 * MINUTE },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: new Date(t).toISOString() },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: t }, // the same as the one before
    ];
    const res = await post("/api/ingest/servers/2446/events", { events });
    expect(res).toEqual({ status: 200, body: { received: 4, inserted: 3, unchanged: 1 } });
    const again = await post("/api/ingest/servers/2446/events", { events });
    expect(again.body).toEqual({ received: 4, inserted: 0, unchanged: 4 });
    expect(await count("select count(*) as n from server_events")).toBe(3);
    const rows = await audits("server_events");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entity_id: "2446", action: "ingest" });
    expect(rows[0].after).toEqual({ received: 4, inserted: 3, unchanged: 1, joins: 2, leaves: 1 });
    const types = await live.received(
      ["joinlog_update", "leavelog_update", "enemies_update", "tribemembers_update"],
      "2446",
    );
    expect(types.sort()).toEqual(["enemies_update", "joinlog_update", "leavelog_update", "tribemembers_update"]);
    live.close();
  });

  it("files every status code under the right activity tab, newest first, and GC under tribemembers", async () => {
    const { post, json } = await session();
    const base = Date.now() - 2 * DAY;
    const events = CODES.flatMap((status, i) => [
      { eventType: "join", ...player(i + 1, status, "ALPHA"), eventTime: base + i * MINUTE },
      { eventType: "leave", ...player(i + 1, status, "ALPHA"), eventTime: base + i * MINUTE + 30_000 },
    ]);
    events.push({ eventType: "join", ...player(99, "-1", "GC"), eventTime: base + 99 * MINUTE });
    events.push({
      eventType: "join",
      ...player(98, "unknown", ""),
      memberName: "Alias",
      name: "ignored",
      eventTime: base + 98 * MINUTE,
    } as any);
    expect((await post("/api/ingest/servers/2411/events", { events })).body.inserted).toBe(events.length);

    for (const cls of ["tribemembers", "unknowns", "enemies", "friendlys"] as const) {
      const list = (await json(`/api/${cls}/2411`)).body as any[];
      const expected = events
        .filter((e) => statusClass(e.status, e.tribe) === cls)
        .map((e) => ({ eosId: e.eosId, eventType: e.eventType, eventTime: e.eventTime }))
        .sort((a, b) => b.eventTime - a.eventTime);
      expect(
        list.map((e) => ({ eosId: e.eosId, eventType: e.eventType, eventTime: e.eventTime })),
        cls,
      ).toEqual(expected);
      expect(list.length, cls).toBeGreaterThan(0);
      for (const entry of list) {
        expect(Object.keys(entry).sort()).toEqual([
          "displayName",
          "eosId",
          "eventTime",
          "eventType",
          "id",
          "isTribeMember",
          "lastArkLaunch",
          "memberName",
          "platform",
          "status",
          "steamProfileLink",
          "tribe",
        ]);
      }
    }
    const tribe = (await json("/api/tribemembers/2411")).body as any[];
    expect(tribe[0]).toMatchObject({ eosId: eos(99), status: "-1", tribe: "GC", isTribeMember: true });
    expect(((await json("/api/enemies/2411")).body as any[]).some((e) => e.eosId === eos(99))).toBe(false);
    const unknowns = (await json("/api/unknowns/2411")).body as any[];
    expect(unknowns.find((e) => e.eosId === eos(98)).memberName).toBe("Alias");
    // '0' (neutral) and '7' (shown raw) belong to no activity tab but are in the logs.
    const joins = (await json("/api/joinlog/2411")).body as any[];
    expect(joins).toHaveLength(CODES.length + 2);
    expect(joins.map((j) => j.joinTime)).toEqual([...joins.map((j) => j.joinTime)].sort((a, b) => b - a));
    expect(((await json("/api/leavelog/2411")).body as any[]).length).toBe(CODES.length);
    // Other servers see none of it.
    expect((await json("/api/joinlog/2573")).body).toEqual([]);
  });

  it("lists only the last 30 days", async () => {
    const { post, json } = await session();
    const events = [
      { eventType: "join", ...player(1, "2", "GC"), eventTime: Date.now() - 31 * DAY },
      { eventType: "join", ...player(2, "2", "GC"), eventTime: Date.now() - 29 * DAY },
    ];
    await post("/api/ingest/servers/2411/events", { events });
    const joins = (await json("/api/joinlog/2411")).body as any[];
    expect(joins.map((j) => j.eosId)).toEqual([eos(2)]);
    expect(((await json("/api/tribemembers/2411")).body as any[]).map((j) => j.eosId)).toEqual([eos(2)]);
  });

  it("answers 400 naming the field and stores nothing", async () => {
    const { post } = await session();
    const ok = { eventType: "join", ...player(1, "2"), eventTime: Date.now() - MINUTE };
    const cases: [unknown, string][] = [
      [{}, "events"],
      [{ events: [] }, "events"],
      [{ events: [ok, { ...ok, eventType: "kick" }] }, "events.1.eventType"],
      [{ events: [{ ...ok, eosId: "123" }] }, "events.0.eosId"],
      [{ events: [{ ...ok, eventTime: undefined }] }, "events.0.eventTime"],
      [{ events: [{ ...ok, eventTime: "2026-13-45" }] }, "events.0.eventTime"],
      [{ events: Array.from({ length: 2001 }, () => ok) }, "events"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/ingest/servers/2411/events", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation", field });
    }
    expect(await count("select count(*) as n from server_events")).toBe(0);
    expect(await count("select count(*) as n from audit_log where entity = 'server_events'")).toBe(0);
  });
});
