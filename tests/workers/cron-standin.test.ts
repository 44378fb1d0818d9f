// The local stand-in of the official server list inside workerd: served only when enabled, refused in production,
// player counts that move over time, and the cron fed from it in-process; with the snapshot settings' checks.
import { describe, expect, it } from "vitest";
import { standinServerList } from "#worker/sources/official-standin";
import { call, envWith, MINUTE, rows, runCron, tick, world, withSnapshotWorld } from "./cron-fixtures";

withSnapshotWorld();

/** What /api/health answers when the settings are refused (worker/platform/config.ts). */
type ConfigProblems = { problems: { setting: string; message: string }[] };

describe("the official server list stand-in", () => {
  const standinEnv = (extra: Record<string, string> = {}) =>
    envWith({ OFFICIAL_SERVER_LIST_STANDIN: "true", ...extra });

  it("is served at /__official/servers.json only when enabled, in the real list's shape", async () => {
    expect((await call(envWith({}), "/__official/servers.json")).status).toBe(404);
    const res = await call(standinEnv(), "/__official/servers.json");
    expect(res.status).toBe(200);
    const list = await res.json<ReturnType<typeof standinServerList>>();
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
    const body = await refused.json<ConfigProblems>();
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
    const { problems } = await res.json<ConfigProblems>();
    expect(problems.map((p) => p.setting).sort()).toEqual([
      "OFFICIAL_LIST_TIMEOUT_MS",
      "SNAPSHOT_RETENTION_DAYS",
      "TRACKED_SERVERS",
    ]);
    expect(problems.find((p) => p.setting === "TRACKED_SERVERS")?.message).toBe(
      "must list server ids among 2411, 2573, 2446",
    );
  });
});
