// The servers API inside workerd with the real D1 and live room: status, manual refresh, auth, 400s and 404s. Roster
// ingestion is in api-servers-roster.test.ts, the event lists in api-servers-events.test.ts.
import { describe, expect, it } from "vitest";
import type { ServerStatus } from "#contract/servers";
import { eos, withServerTables } from "./cron-fixtures";
import { Browser, ORIGIN, pageFetch } from "./helpers";
import { audits, count, player, session } from "./servers-api-fixtures";

withServerTables();

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

    const status = await json<ServerStatus>("/api/eoserver-status/2411");
    expect(status.body).toMatchObject({ status: "online", playerCount: 40, lastUpdated: t1 });
    expect(status.body.currentPlayers.map((p) => p.eosId)).toEqual([eos(1), eos(2)]);
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
