// The one-minute cron inside workerd with the real D1 and live room: scheduled() against local copies of the
// official server list and of an upstream host's rosters. Snapshots stored per minute, rosters diffed into joins and
// leaves, events published, overlapping runs, failing sources, retention, the official list stand-in.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database, SYSTEM } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import { standinServerList } from "#worker/sources/official-standin";
import { listen, signedIn } from "./helpers";
import {
  call,
  count,
  DAY,
  envWith,
  eos,
  hostEnv,
  hostPlayer,
  listEnv,
  MINUTE,
  officialEntry,
  rows,
  runCron,
  world,
  fakeOutside,
  withSnapshotWorld,
} from "./cron-fixtures";

const hooks = withSnapshotWorld();

/** A minute boundary a little in the past, plus some seconds: the cron's scheduled time. */
const tick = (minutesAgo: number) => Math.floor(Date.now() / MINUTE) * MINUTE - minutesAgo * MINUTE + 17_000;
const minuteOf = (t: number) => Math.floor(t / MINUTE) * MINUTE;

const statusOf = async (id: string) =>
  (await rows("select * from server_status where server_id = ?", id))[0] as Record<string, any> | undefined;

/** The next live event of this type for this server (events of the other servers are passed over). */
async function nextFor(live: Awaited<ReturnType<typeof listen>>, type: string, serverId: string) {
  for (;;) {
    const event = await live.next(type);
    if (event.serverId === serverId) return event;
  }
}

describe("scheduled(): the official server list", () => {
  it("stores one snapshot per tracked server, keyed to the minute, with counts read leniently", async () => {
    const t = tick(1);
    await runCron(listEnv(), t);
    expect(world.listCalls).toBe(1); // once per run, for every server

    const snaps = await rows("select * from server_snapshots order by server_id");
    expect(snaps.map((s) => [s.server_id, s.taken_at, s.online, s.player_count, s.max_players, s.source])).toEqual([
      ["2411", minuteOf(t), 1, 41, 70, "official-list+ingest"],
      ["2446", minuteOf(t), 1, 12, 70, "official-list+ingest"],
      ["2573", minuteOf(t), 1, 67, 70, "official-list+ingest"],
    ]);
    expect(await statusOf("2411")).toMatchObject({
      status: "online",
      player_count: 41,
      map_name: "TheCenter_WP",
      last_updated: minuteOf(t),
    });
    // The roster pushed through ingestion (none yet) is the roster of record: the list's look records the status only,
    // and leaves the roster and its time to the collector.
    const audits = await rows("select * from audit_log where entity = 'server_status' order by entity_id");
    expect(audits.map((a) => [a.entity_id, a.action, a.actor])).toEqual([
      ["2411", "snapshot", SYSTEM.id],
      ["2446", "snapshot", SYSTEM.id],
      ["2573", "snapshot", SYSTEM.id],
    ]);
  });

  it("marks a server missing from the list offline, and takes map and capacity from the list", async () => {
    world.list = [
      officialEntry("NA-PVP-TheCenter2411", " 38 ", "TheCenter_WP", "72"),
      officialEntry("NA-PVP-Astraeos2573", "n/a", "Astraeos_WP"),
    ];
    await runCron(listEnv(), tick(1));
    expect(await statusOf("2411")).toMatchObject({ status: "online", player_count: 38, max_players: 72 });
    // A count that is not a number: online, and the count falls back to the last known one (none: 0).
    expect(await statusOf("2573")).toMatchObject({ status: "online", player_count: 0 });
    expect(await statusOf("2446")).toMatchObject({
      status: "offline",
      player_count: 0,
      error_details: "Server 2446 is not in the official server list",
    });
  });

  it("publishes eoserver_status_update with the serverId for every tracked server (real socket)", async () => {
    const live = await listen(await signedIn());
    await runCron(listEnv(), tick(1));
    const got = await Promise.all([
      live.next("eoserver_status_update"),
      live.next("eoserver_status_update"),
      live.next("eoserver_status_update"),
    ]);
    expect(got.map((e) => e.serverId).sort()).toEqual(["2411", "2446", "2573"]);
    live.close();
  });

  it("tracks only TRACKED_SERVERS", async () => {
    await runCron(listEnv({ TRACKED_SERVERS: "2573" }), tick(1));
    expect((await rows("select server_id from server_snapshots")).map((r) => r.server_id)).toEqual(["2573"]);
  });
});

describe("scheduled(): rosters", () => {
  const enemy = hostPlayer(2, "-1", "RAID", "psn");
  const first = [hostPlayer(1, "2", "GC"), enemy, hostPlayer(3, "1", "ALPHA", "xbl")];

  it("diffs consecutive host rosters into joins and leaves, and publishes the events with serverId", async () => {
    const browser = await signedIn();
    world.rosters["2411"] = first;
    const t1 = tick(2);
    await runCron(hostEnv(), t1);
    expect(world.hostCalls.sort()).toEqual(["2411", "2446", "2573"]);
    expect(
      await count("select count(*) as n from server_events where event_type = 'join' and event_time = ?", minuteOf(t1)),
    ).toBe(3);

    const live = await listen(browser);
    // The tribemember and the enemy leave; a GC player with an enemy code and an unknown join; the friendly stays.
    const gcEnemyCode = hostPlayer(4, "-2", "GC");
    const unknown = hostPlayer(5, "", "");
    world.rosters["2411"] = [first[2], gcEnemyCode, unknown];
    // This minute's read: the answer lists the roster while it is within the roster host's interval (2 minutes, issue
    // 15), whatever second the test runs at. A read a minute back turned "late" when the minute turned during the test.
    const t2 = tick(0);
    await runCron(hostEnv(), t2);

    const events = await rows(
      "select event_type, eos_id from server_events where event_time = ? order by event_type, eos_id",
      minuteOf(t2),
    );
    expect(events.map((e) => `${e.event_type}:${e.eos_id}`)).toEqual([
      `join:${eos(4)}`,
      `join:${eos(5)}`,
      `leave:${eos(1)}`,
      `leave:${eos(2)}`,
    ]);
    for (const type of [
      "eoserver_status_update",
      "joinlog_update",
      "leavelog_update",
      "tribemembers_update",
      "enemies_update",
      "unknowns_update",
    ]) {
      await expect(nextFor(live, type, "2411"), type).resolves.toMatchObject({ type, serverId: "2411" });
    }
    // A GC player is a tribemember whatever the code, and a leaving enemy is no alert: no enemy_online this time.
    await new Promise((r) => setTimeout(r, 100));
    expect(live.received.filter((e) => e.type === "enemy_online")).toEqual([]);
    live.close();

    const status = await (await browser.fetch("/api/eoserver-status/2411")).json<any>();
    expect(status.currentPlayers.map((p: any) => p.eosId)).toEqual([eos(3), eos(4), eos(5)]);
    expect(status.playerCount).toBe(41); // the official list's count, not the roster's length
  });

  it("warns every signed-in browser once per enemy who comes online", async () => {
    const live = await listen(await signedIn());
    world.rosters["2573"] = [
      hostPlayer(1, "0", ""),
      { ...hostPlayer(7, "-3", "RAID"), displayName: "Spino" },
      hostPlayer(8, "-1", ""),
    ];
    await runCron(hostEnv(), tick(2));
    const a = await live.next("enemy_online");
    const b = await live.next("enemy_online");
    expect([a, b].map((e) => e.message).sort()).toEqual([
      "Enemy Spino (RAID) came online on 2573",
      "Enemy Survivor8 came online on 2573",
    ]);
    expect(a.serverId).toBe("2573");
    // The same roster a minute later: they are still online, not coming online.
    await runCron(hostEnv(), tick(1));
    await nextFor(live, "eoserver_status_update", "2573");
    await new Promise((r) => setTimeout(r, 100));
    expect(live.received.filter((e) => e.type === "enemy_online")).toEqual([]);
    live.close();
  });

  it("reads the roster pushed through ingestion when no host is configured, without inventing joins", async () => {
    const db = database(env);
    await recordSnapshot({ ...domainDeps(env, SYSTEM), db }, "2446", {
      online: true,
      source: "ingest",
      roster: [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", "")],
      observedAt: tick(5),
    });
    const t = tick(1);
    await runCron(listEnv(), t);
    expect(await count("select count(*) as n from server_events")).toBe(2);
    expect(await statusOf("2446")).toMatchObject({ status: "online", player_count: 12, last_updated: minuteOf(t) });
    expect(
      (await rows("select eos_id from rosters where server_id = '2446' order by position")).map((r) => r.eos_id),
    ).toEqual([eos(1), eos(2)]);
    expect(
      (await rows("select entity from audit_log where entity_id = '2446' and action = 'snapshot'"))[0].entity,
    ).toBe("server_roster");
  });

  it("links players to our tribelists by name or display name, case-insensitively", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "insert into tribelist_entries (_id, server, name, rank, \"order\") values ('a00000000000000000000001', '2573', 'member1', 'Owner', 1)",
      ),
      env.DB.prepare(
        "insert into tribelist_entries (_id, server, name, rank, \"order\") values ('a00000000000000000000002', '2411', 'MEMBER1', 'Admin', 1)",
      ),
      env.DB.prepare(
        "insert into tribelist_entries (_id, server, name, rank) values ('a00000000000000000000003', '2446', ' survivor2 ', null)",
      ),
    ]);
    world.rosters["2411"] = [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", ""), hostPlayer(3, "0", "")];
    await runCron(hostEnv(), tick(0)); // this minute's read, so the roster is within its interval when the status is read
    const browser = await signedIn();
    const status = await (await browser.fetch("/api/eoserver-status/2411")).json<any>();
    expect(status.currentPlayers.map((p: any) => p.tribelistMatch)).toEqual([
      { server: "2411", name: "MEMBER1", rank: "Admin" }, // its own server's list wins
      { server: "2446", name: " survivor2 ", rank: null }, // by display name
      null,
    ]);
  });
});

describe("scheduled(): the audit trail", () => {
  it("audits what changed, not every minute's look at an unchanged server", async () => {
    world.rosters["2411"] = [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", "")];
    await runCron(hostEnv(), tick(3));
    await runCron(hostEnv(), tick(2)); // nothing changed anywhere
    expect(await count("select count(*) as n from server_snapshots")).toBe(6);
    expect(await count("select count(*) as n from audit_log where action = 'snapshot'")).toBe(3);

    world.rosters["2411"] = [hostPlayer(1, "2", "GC")]; // one left
    await runCron(hostEnv(), tick(1));
    expect(await count("select count(*) as n from server_snapshots")).toBe(9);
    expect(
      (await rows("select entity_id from audit_log where action = 'snapshot' order by id"))
        .map((r) => r.entity_id)
        .slice(3),
    ).toEqual(["2411"]);
  });
});

describe("scheduled(): overlapping runs", () => {
  it("two concurrent runs of the same minute record each server once and count each join once", async () => {
    const browser = await signedIn();
    world.rosters["2411"] = [hostPlayer(1, "2", "GC"), hostPlayer(2, "-1", "RAID")];
    world.rosters["2573"] = [hostPlayer(3, "-2", "")];
    const live = await listen(browser);
    const t = tick(1);
    await Promise.all([runCron(hostEnv(), t), runCron(hostEnv(), t)]);

    expect(
      await rows("select server_id, count(*) as n from server_snapshots group by server_id order by server_id"),
    ).toEqual([
      { server_id: "2411", n: 1 },
      { server_id: "2446", n: 1 },
      { server_id: "2573", n: 1 },
    ]);
    expect(await count("select count(*) as n from server_events")).toBe(3);
    expect(await count("select count(*) as n from audit_log where action = 'snapshot'")).toBe(3);
    await live.next("enemy_online");
    await live.next("enemy_online");
    await new Promise((r) => setTimeout(r, 150));
    expect(live.received.filter((e) => e.type === "enemy_online")).toEqual([]);
    expect(live.received.filter((e) => e.type === "joinlog_update" && e.serverId === "2411")).toHaveLength(1);
    live.close();
  });

  it("a writer that lost the race to the same server writes nothing, even at another time", async () => {
    const deps = domainDeps(env, SYSTEM);
    const at = tick(1);
    const roster = [hostPlayer(1, "2", "GC"), hostPlayer(2, "-1", "RAID")];
    const results = await Promise.all([
      recordSnapshot(deps, "2411", { online: true, source: "test", roster, observedAt: at }, "snapshot", {
        exclusive: true,
      }),
      recordSnapshot(deps, "2411", { online: true, source: "test", roster, observedAt: at + 1000 }, "snapshot", {
        exclusive: true,
      }),
    ]);
    expect(results.reduce((n, r) => n + r.joins, 0)).toBe(2);
    expect(await count("select count(*) as n from server_events")).toBe(2);
    expect(await count("select count(*) as n from rosters")).toBe(2);
  });

  it("a later minute is a new snapshot", async () => {
    const [earlier, later] = [tick(2), tick(1)];
    await runCron(listEnv(), earlier);
    await runCron(listEnv(), later);
    await runCron(listEnv(), later + 20_000);
    expect(await count("select count(*) as n from server_snapshots where server_id = '2411'")).toBe(2);
  });
});

describe("scheduled(): failing sources", () => {
  it.each([
    ["500", "Official server list unreachable: HTTP 500 Internal Server Error"],
    ["hang", "Official server list unreachable: timeout after 300 ms"],
    ["html", "Official server list unreadable: the answer is not JSON"],
    [{ servers: "none" }, "Official server list unreadable: the answer is not a list of servers"],
  ])("list %j: every server offline with the reason, the run succeeds", async (list, reason) => {
    world.list = list;
    const t = tick(1);
    await expect(runCron(listEnv(), t)).resolves.toBeUndefined();
    for (const id of ["2411", "2573", "2446"]) {
      expect(await statusOf(id)).toMatchObject({
        status: "offline",
        error_details: reason,
        player_count: 0,
        last_updated: minuteOf(t),
      });
    }
    expect(
      await count("select count(*) as n from server_snapshots where online = 0 and error_details = ?", reason),
    ).toBe(3);
  });

  it("keeps the roster of a server whose source failed: no leaves invented, no joins when it is back", async () => {
    world.rosters["2411"] = [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", "")];
    await runCron(hostEnv(), tick(3));
    world.list = "500";
    await runCron(hostEnv(), tick(2));
    expect(await statusOf("2411")).toMatchObject({ status: "offline" });
    world.list = [officialEntry("NA-PVP-TheCenter2411", 41, "TheCenter_WP")];
    await runCron(hostEnv(), tick(1));
    expect(await statusOf("2411")).toMatchObject({ status: "online" });
    expect(await count("select count(*) as n from server_events")).toBe(2);
  });

  it("a failing roster host marks only its server offline", async () => {
    world.rosters["2411"] = [hostPlayer(1, "2", "GC")];
    world.rosters["2573"] = "503";
    await runCron(hostEnv(), tick(1));
    expect(await statusOf("2411")).toMatchObject({ status: "online" });
    expect(await statusOf("2573")).toMatchObject({
      status: "offline",
      error_details: "Roster host unreachable: HTTP 503 Service Unavailable",
    });
  });

  it("a roster host that never answers times out", async () => {
    hooks.outbound.mockRestore();
    hooks.outbound = fakeOutside();
    const real = hooks.outbound.getMockImplementation()!;
    hooks.outbound.mockImplementation((input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (request.url.startsWith("https://host.test/api/eoserver-status/2446")) {
        return new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason)),
        );
      }
      return real(request);
    });
    await runCron(hostEnv(), tick(1));
    expect(await statusOf("2446")).toMatchObject({
      status: "offline",
      error_details: "Roster host unreachable: timeout after 300 ms",
    });
    expect(await statusOf("2411")).toMatchObject({ status: "online" });
  });
});

describe("scheduled(): retention", () => {
  it("prunes snapshots older than SNAPSHOT_RETENTION_DAYS, once, with an audit row", async () => {
    const now = Date.now();
    const insert = (server: string, takenAt: number) =>
      env.DB.prepare(
        "insert into server_snapshots (server_id, taken_at, online, player_count, max_players, source) values (?, ?, 1, 10, 70, 'seed')",
      ).bind(server, takenAt);
    await env.DB.batch([
      insert("2411", now - 31 * DAY),
      insert("2573", now - 40 * DAY),
      insert("2446", now - 30 * DAY - 2 * 3600_000),
      insert("2411", now - 29 * DAY),
      insert("2411", now - 8 * DAY),
    ]);
    await runCron(listEnv(), tick(2));
    expect(await count("select count(*) as n from server_snapshots where taken_at < ?", now - 30 * DAY)).toBe(0);
    expect(await count("select count(*) as n from server_snapshots where source = 'seed'")).toBe(2);
    const [audit] = await rows("select * from audit_log where entity = 'server_snapshots'");
    expect(audit).toMatchObject({ action: "prune", actor: SYSTEM.id });
    expect(JSON.parse(audit.after)).toMatchObject({ pruned: 3 });

    // A shorter retention prunes more; nothing left to prune writes no audit row.
    await runCron(listEnv({ SNAPSHOT_RETENTION_DAYS: "7" }), tick(1));
    expect(await count("select count(*) as n from server_snapshots where source = 'seed'")).toBe(0);
    const last = tick(0);
    await runCron(listEnv({ SNAPSHOT_RETENTION_DAYS: "7" }), last);
    expect(await count("select count(*) as n from audit_log where entity = 'server_snapshots'")).toBe(2);
    // A run that recorded nothing (its minute was taken) does not prune.
    await env.DB.prepare(
      "insert into server_snapshots (server_id, taken_at, online, source) values ('2411', ?, 1, 'seed')",
    )
      .bind(now - 9 * DAY)
      .run();
    await runCron(listEnv({ SNAPSHOT_RETENTION_DAYS: "7" }), last + 1000);
    expect(await count("select count(*) as n from server_snapshots where source = 'seed'")).toBe(1);
  });
});

describe("scheduled(): the audit trail's retention", () => {
  it("prunes changes older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    const now = Date.now();
    const insert = (at: number, id: string) =>
      env.DB.prepare(
        "insert into audit_log (at, actor, entity, entity_id, action) values (?, 'user:1', 'code', ?, 'update')",
      ).bind(at, id);
    await env.DB.batch([insert(now - 400 * DAY, "old"), insert(now - 100 * DAY, "kept"), insert(now - DAY, "recent")]);
    await runCron(listEnv(), tick(2));
    expect(await count("select count(*) as n from audit_log where entity_id = 'old'")).toBe(0);
    expect(await count("select count(*) as n from audit_log where entity_id in ('kept', 'recent')")).toBe(2);
    await runCron(listEnv({ AUDIT_RETENTION_DAYS: "30" }), tick(1));
    expect(await count("select count(*) as n from audit_log where entity_id in ('kept', 'recent')")).toBe(1);
  });
});

describe("the official server list stand-in", () => {
  const standinEnv = (extra: Record<string, string> = {}) =>
    envWith({ OFFICIAL_SERVER_LIST_STANDIN: "true", ...extra });

  it("is served at /__official/servers.json only when enabled, in the real list's shape", async () => {
    expect((await call(envWith({}), "/__official/servers.json")).status).toBe(404);
    const res = await call(standinEnv(), "/__official/servers.json");
    expect(res.status).toBe(200);
    const list = await res.json<any[]>();
    expect(list).toHaveLength(8);
    expect(Object.keys(list[0]).sort()).toEqual([
      "AllowDownloadChars",
      "AllowDownloadItems",
      "BuildId",
      "ClusterId",
      "DayTime",
      "IP",
      "IsOfficial",
      "LastUpdated",
      "MapName",
      "MaxPlayers",
      "MinorBuildId",
      "Name",
      "NumPlayers",
      "PlatformType",
      "Port",
      "ServerPing",
      "SessionID",
      "SessionIsPve",
      "SessionName",
    ]);
    expect(list.slice(0, 3).map((s) => s.Name)).toEqual([
      "NA-PVP-TheCenter2411",
      "NA-PVP-Astraeos2573",
      "NA-PVP-Aberration2446",
    ]);
  });

  it("moves player counts over time, the same within a minute", () => {
    const t = Date.UTC(2026, 4, 1, 18, 30, 5);
    const counts = (at: number) => standinServerList(at).map((s) => s.NumPlayers);
    expect(counts(t)).toEqual(counts(t + 50_000));
    const day = Array.from({ length: 48 }, (_, i) => counts(t + i * 30 * MINUTE)[0]);
    expect(new Set(day).size).toBeGreaterThan(5);
    for (const n of day) expect(n).toBeGreaterThanOrEqual(0);
    for (const n of day) expect(n).toBeLessThanOrEqual(70);
  });

  it("feeds the cron in-process when no URL is set", async () => {
    // The stand-in answers the list of the current minute (the run may straddle a minute boundary).
    const before = standinServerList(Date.now()).map((s) => s.NumPlayers);
    await runCron(standinEnv(), tick(0));
    const after = standinServerList(Date.now()).map((s) => s.NumPlayers);
    expect(world.listCalls).toBe(0); // in-process, not over the network
    const stored = await rows("select server_id, status, player_count from server_status order by server_id");
    expect(
      [before, after].map((c) => [
        ["2411", c[0]],
        ["2446", c[2]],
        ["2573", c[1]],
      ]),
    ).toContainEqual(stored.map((r) => [r.server_id, r.player_count]));
    expect(stored.every((r) => r.status === "online")).toBe(true);
    expect((await rows("select source from server_snapshots limit 1"))[0].source).toBe("official-list+ingest");
  });

  it("is refused in production, where the list's URL is required", async () => {
    const production = { ENVIRONMENT: "production", DISCORD_STANDIN: "false", DISCORD_BOT_TOKEN: "bot" };
    const refused = await call(envWith({ ...production, OFFICIAL_SERVER_LIST_STANDIN: "true" }), "/api/health");
    expect(refused.status).toBe(500);
    const body = await refused.json<any>();
    expect(body.problems).toEqual(
      expect.arrayContaining([
        {
          setting: "OFFICIAL_SERVER_LIST_STANDIN",
          message: "the local official server list stand-in cannot be enabled when ENVIRONMENT is production",
        },
        {
          setting: "OFFICIAL_SERVER_LIST_URL",
          message: "is required in production (the server snapshots read it every minute)",
        },
      ]),
    );
    const ok = await call(
      envWith({ ...production, OFFICIAL_SERVER_LIST_URL: "https://official.test/servers.json" }),
      "/__official/servers.json",
    );
    expect(ok.status).toBe(404);
  });

  it("rejects malformed snapshot settings with one readable message each", async () => {
    const res = await call(
      envWith({ TRACKED_SERVERS: "2411,9999", SNAPSHOT_RETENTION_DAYS: "0", OFFICIAL_LIST_TIMEOUT_MS: "soon" }),
      "/api/health",
    );
    const { problems } = await res.json<any>();
    expect(problems.map((p: any) => p.setting).sort()).toEqual([
      "OFFICIAL_LIST_TIMEOUT_MS",
      "SNAPSHOT_RETENTION_DAYS",
      "TRACKED_SERVERS",
    ]);
    expect(problems.find((p: any) => p.setting === "TRACKED_SERVERS").message).toBe(
      "must list server ids among 2411, 2573, 2446",
    );
  });
});
