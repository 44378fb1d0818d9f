// Manual Refresh (POST /api/eoserver-refresh/{serverId}) runs the cron's snapshot job for one server, now, as the
// caller: the same sources, the same diff and events, a failing source marking the server offline.
import { describe, expect, it } from "vitest";
import type { ServerStatus } from "#contract/servers";
import { listen, memberWithToken, ORIGIN, pageFetch, stamped } from "./helpers";
import { call, count, eos, hostEnv, hostPlayer, listEnv, rows, withSnapshotWorld, world } from "./cron-fixtures";

withSnapshotWorld();

const MESSAGE = { message: "Manual refresh triggered! Server data will be updated shortly." };

const member = () => memberWithToken();

const refresh = (e: Env, id: string, headers: Record<string, string> = {}) =>
  call(e, `/api/eoserver-refresh/${id}`, { method: "POST", headers });
const statusOf = async (id: string) => (await rows("select * from server_status where server_id = ?", id))[0];

describe("POST /api/eoserver-refresh/{serverId}", () => {
  it("reads the sources now for that one server, records it as the caller, and publishes", async () => {
    const { browser, bearer } = await member();
    const live = await listen(browser);
    world.rosters["2411"] = [hostPlayer(1, "2", "GC"), hostPlayer(2, "-1", "RAID")];
    const before = Date.now();
    const res = await refresh(hostEnv(), "2411", bearer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(MESSAGE);

    expect(world.listCalls).toBe(1);
    expect(world.hostCalls).toEqual(["2411"]); // only this server
    const snaps = await rows("select * from server_snapshots");
    expect(snaps).toHaveLength(1);
    expect(snaps[0]).toMatchObject({ server_id: "2411", online: 1, player_count: 41, source: "manual-refresh" });
    expect(snaps[0].taken_at).toBeGreaterThanOrEqual(before); // now, not rounded to the minute
    expect(await count("select count(*) as n from server_events where event_type = 'join'")).toBe(2);
    const [audit] = await rows("select * from audit_log where entity = 'server_roster'");
    expect(audit).toMatchObject({ entity_id: "2411", action: "refresh", actor: expect.stringMatching(/^token:/) });

    expect(await live.next("eoserver_status_update")).toMatchObject({ serverId: "2411" });
    expect(await live.next("enemy_online")).toEqual(
      stamped({ type: "enemy_online", serverId: "2411", message: "Enemy Survivor2 (RAID) came online on 2411" }),
    );
    live.close();

    // A signed-in browser may refresh too.
    const again = await call(hostEnv(), "/api/eoserver-refresh/2411", {
      method: "POST",
      headers: { Cookie: browser.cookieHeader() },
    });
    expect(again.status).toBe(200);
    expect(await count("select count(*) as n from server_snapshots")).toBe(2);
    expect(await count("select count(*) as n from server_events")).toBe(2); // the same roster: no new joins
  });

  it("answers 200 when a source fails, with the server marked offline and the reason stored", async () => {
    const { bearer } = await member();
    world.list = "500";
    const res = await refresh(listEnv(), "2573", bearer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(MESSAGE);
    expect(await statusOf("2573")).toMatchObject({
      status: "offline",
      error_details: "Official server list unreachable: HTTP 500 Internal Server Error",
    });
    const status = await (await call(listEnv(), "/api/eoserver-status/2573", { headers: bearer })).json<ServerStatus>();
    expect(status).toMatchObject({
      status: "offline",
      errorDetails: "Official server list unreachable: HTTP 500 Internal Server Error",
      currentPlayers: [],
    });
  });

  it("answers 401 without credentials, 404 for an unknown server and 400 for a malformed id, changing nothing", async () => {
    const { bearer } = await member();
    const anonymous = await refresh(listEnv(), "2411");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "unauthorized" });
    const unknown = await refresh(listEnv(), "9999", bearer);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "not_found", message: "No server with id 9999." });
    const malformed = await refresh(listEnv(), "24x1", bearer);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "validation", field: "serverId" });
    expect(world.listCalls).toBe(0);
    expect(await count("select count(*) as n from server_snapshots")).toBe(0);
    expect(await count("select count(*) as n from audit_log where entity like 'server%'")).toBe(0);
  });

  it("works through the Worker's own bindings too (SELF), from what collectors pushed", async () => {
    const { bearer } = await member();
    await pageFetch(`${ORIGIN}/api/ingest/servers/2446/roster`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ online: true, observedAt: Date.now() - 60_000, players: [hostPlayer(1, "2", "GC")] }),
    });
    const res = await pageFetch(`${ORIGIN}/api/eoserver-refresh/2446`, { method: "POST", headers: bearer });
    expect(res.status).toBe(200);
    // Which source the test bindings name (none, or a local .dev.vars stand-in) decides the count; the roster stays.
    expect((await rows("select eos_id from rosters where server_id = '2446'")).map((r) => r.eos_id)).toEqual([eos(1)]);
    // The push's own point, and the refresh's (with collectors the only source, it leaves the status to them).
    expect(await count("select count(*) as n from server_snapshots where server_id = '2446'")).toBe(2);
  });
});
