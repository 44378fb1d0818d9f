// The one-minute cron inside workerd with the real D1: failing sources (the official list, an upstream host), the
// snapshots' retention, the audit trail's and the tribe hours'.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SYSTEM } from "#worker/domain/context";
import {
  count,
  DAY,
  hostEnv,
  hostPlayer,
  listEnv,
  minuteOf,
  officialEntry,
  rows,
  runCron,
  statusOf,
  tick,
  world,
  fakeOutside,
  withSnapshotWorld,
} from "./cron-fixtures";

const hooks = withSnapshotWorld();

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
    const [audit] = await rows<Record<string, unknown> & { after: string }>(
      "select * from audit_log where entity = 'server_snapshots'",
    );
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

describe("scheduled(): the tribe hours' retention", () => {
  it("at midnight UTC drops the hours older than the heatmaps read, once a day", async () => {
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const hour = (at: number) => Math.floor(at / 3_600_000);
    const insert = (tribe: string, at: number) =>
      env.DB.prepare("insert into tribe_hours (tribe, hour) values (?, ?)").bind(tribe, hour(at));
    await env.DB.batch([insert("OLD", midnight - 91 * DAY), insert("KEPT", midnight - 89 * DAY)]);
    await runCron(listEnv(), midnight + 1000);
    expect(await count("select count(*) as n from tribe_hours where tribe = 'OLD'")).toBe(0);
    expect(await count("select count(*) as n from tribe_hours where tribe = 'KEPT'")).toBe(1);
    // Any other minute leaves them: the prune scans the table.
    await insert("LATER", midnight - 91 * DAY).run();
    await runCron(listEnv(), midnight + 60_000 + 1000);
    expect(await count("select count(*) as n from tribe_hours where tribe = 'LATER'")).toBe(1);
  });
});
