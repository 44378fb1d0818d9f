// The servers API's roster ingestion inside workerd with the real D1 and live room: status and roster, the joins and
// leaves derived from them, late observations, a server going offline, and the 400s.
import { describe, expect, it } from "vitest";
import type { ServerJoin, ServerLeave, ServerStatus } from "#contract/servers";
import { eos, withServerTables } from "./cron-fixtures";
import { audits, count, DAY, listen, MINUTE, player, session } from "./servers-api-fixtures";

withServerTables();

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

    const joins = await json<ServerJoin[]>("/api/joinlog/2573");
    expect(joins.body).toHaveLength(4);
    expect(joins.body.find((j) => j.eosId === eos(1))).toEqual({
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
    expect(joins.body.find((j) => j.eosId === eos(2))?.isTribeMember).toBe(false);

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

    const status = await json<ServerStatus>("/api/eoserver-status/2411");
    expect(status.body.currentPlayers.map((p) => p.eosId)).toEqual([eos(4), eos(5), eos(3)]);
    expect(status.body.currentPlayers[0].displayName).toBe("Renamed");

    const leaves = await json<ServerLeave[]>("/api/leavelog/2411");
    expect(leaves.body.map((l) => l.eosId).sort()).toEqual([eos(1), eos(2)]);
    const leaver = leaves.body.find((l) => l.eosId === eos(1));
    expect(leaver).toMatchObject({
      leaveTime: t2,
      memberName: "Member1",
      isTribeMember: true,
      lastArkLaunch: "2026-05-01T18:00:00.000Z",
    });
    expect(leaver?.steamProfileLink).toBe("https://steamcommunity.com/profiles/76561198000000001");
    expect(leaver).not.toHaveProperty("joinTime");

    const joins = await json<ServerJoin[]>("/api/joinlog/2411");
    expect(joins.body[0]).toMatchObject({ eosId: eos(5), joinTime: t2 });
    expect(joins.body.map((j) => j.joinTime)).toEqual([t2, t1, t1, t1, t1]);

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
    expect((await json<ServerStatus>("/api/eoserver-status/2411")).body.currentPlayers).toHaveLength(4);
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
