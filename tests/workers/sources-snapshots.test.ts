// Sources inside workerd: honest snapshots with collectors as the only source (a silent collector never looks alive),
// late pushes, and each source's last contact (docs/product/sources-and-audit.md).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { memberWithToken, ORIGIN, signedIn, toastOf } from "./helpers";
import { count, eos, hostPlayer, listEnv, MINUTE, rows, runCron, withSnapshotWorld, world } from "./cron-fixtures";
import type { ServerStatus } from "#contract/servers";
import { minuteAgo, ingestOnly, push, statusRow, api } from "./sources-fixtures";

withSnapshotWorld();

describe("honest snapshots when collectors are the only source", () => {
  it("records the population point from the collector's push and leaves its status and time alone", async () => {
    const pushedAt = minuteAgo(1) - 20_000;
    await push("2411", pushedAt);
    await runCron(ingestOnly(), minuteAgo(0) + 5_000);

    const status = await statusRow("2411");
    expect(status).toMatchObject({ status: "online", last_updated: pushedAt, roster_observed_at: pushedAt });
    const [snapshot] = await rows(
      "select * from server_snapshots where server_id = '2411' and taken_at = ?",
      minuteAgo(0),
    );
    expect(snapshot).toMatchObject({ online: 1, player_count: 2, known: 1, source: "ingest" });
    // Nothing was re-recorded: no audit row of the cron's look, no joins invented.
    expect(await count("select count(*) as n from audit_log where entity_id = '2411' and action = 'snapshot'")).toBe(0);
  });

  it("makes a collector silent past its interval unknown: no roster, the reason and since when, a gap in the chart", async () => {
    const pushedAt = minuteAgo(10);
    await push("2411", pushedAt);
    await runCron(ingestOnly(), minuteAgo(0) + 5_000);

    const [snapshot] = await rows(
      "select * from server_snapshots where server_id = '2411' and taken_at = ?",
      minuteAgo(0),
    );
    expect(snapshot).toMatchObject({ online: 0, player_count: null, known: 0 });
    expect(snapshot.error_details).toMatch(
      /^No report from the roster collector for 1\d minutes \(expected every 2 min\)$/,
    );

    const browser = await signedIn();
    const status = await api<ServerStatus>(browser, "/api/eoserver-status/2411");
    expect(status.status).toBe("unknown");
    expect(status.currentPlayers).toEqual([]);
    expect(status.errorDetails).toMatch(/^No report from the roster collector for 10 minutes/);
    expect(status.lastUpdated).toBe(pushedAt);
    expect(status.roster).toMatchObject({
      source: "collector:2411",
      observedAt: pushedAt,
      intervalMs: 2 * MINUTE,
      freshness: "silent",
    });

    const population = await api<{ points: { t: number; players: number | null }[] }>(
      browser,
      "/api/eoserver-population/2411?range=24h",
    );
    expect(population.points.at(-1)).toEqual({ t: minuteAgo(0), players: null });
    expect(population.points.find((p) => p.t === pushedAt)?.players).toBe(2);

    // The page: the server Unknown, the roster's age in red with since when, and why nobody is listed.
    const html = await (await browser.fetch("/dashboard/server-stats-2411")).text();
    expect(html).toMatch(/data-testid="server-status"[^>]*>Unknown</);
    expect(html).toMatch(/data-testid="roster-age" data-freshness="silent"/);
    expect(html).toContain("no report since");
    expect(html).toContain("Roster unknown");
  });

  it("is amber (late) past one interval and red (silent) past three, by the interval an admin set", async () => {
    await push("2411", Date.now() - 4 * MINUTE);
    const owner = await signedIn();
    expect((await api<ServerStatus>(owner, "/api/eoserver-status/2411")).roster.freshness).toBe("late");

    // Expected every 30 minutes: four minutes is fresh, and the server is online with its roster.
    const set = await owner.fetch("/api/sources/collector:2411/interval", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intervalMs: 30 * MINUTE }),
    });
    expect(set.status).toBe(200);
    const status = await api<ServerStatus>(owner, "/api/eoserver-status/2411");
    expect(status).toMatchObject({ status: "online", roster: { freshness: "fresh", intervalMs: 30 * MINUTE } });
    expect(status.currentPlayers).toHaveLength(2);

    // Out of range or unknown: a clear refusal, nothing changed.
    const bad = await owner.fetch("/api/sources/collector:2411/interval", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intervalMs: 1000 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ message: string }>()).message).toMatch(/^intervalMs: must be at least 60000/);
    expect(
      (
        await owner.fetch("/api/sources/nowhere/interval", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(400);

    // The Sources page's form says what an interval may be, in minutes, and changes nothing.
    const form = await owner.post("/dashboard/sources", {
      intent: "interval",
      source: "collector:2411",
      minutes: "50000",
    });
    expect(form.status).toBe(302);
    expect((await toastOf(owner))?.message).toBe(
      "The interval is a whole number of minutes, from 1 to 43200 (30 days).",
    );
    expect((await api<ServerStatus>(owner, "/api/eoserver-status/2411")).roster.intervalMs).toBe(30 * MINUTE);
  });

  it("takes a push that lands in the cron's minute, observed just before it, with its joins", async () => {
    await push("2411", minuteAgo(1) - 30_000, [hostPlayer(1, "2", "GC")]);
    // The official list's look at this minute is stored first; the collector's push, observed two seconds before the
    // minute, arrives after it.
    await runCron(listEnv(), minuteAgo(0) + 5_000);
    expect((await statusRow("2411")).last_updated).toBe(minuteAgo(0));
    const late = await push("2411", minuteAgo(0) - 2_000, [hostPlayer(1, "2", "GC"), hostPlayer(2, "-1", "RAID")]);
    expect(late.stale).toBe(false);
    expect(
      (await rows("select eos_id from rosters where server_id = '2411' order by position")).map((r) => r.eos_id),
    ).toEqual([eos(1), eos(2)]);
    expect(
      await count(
        "select count(*) as n from server_events where server_id = '2411' and event_type = 'join' and eos_id = ?",
        eos(2),
      ),
    ).toBe(1);
    // The status stays the official list's (newer); the roster keeps its own time.
    expect(await statusRow("2411")).toMatchObject({
      last_updated: minuteAgo(0),
      roster_observed_at: minuteAgo(0) - 2_000,
      player_count: 41,
    });

    // A push older than the stored roster is still a late retry: its snapshot only.
    const older = await push("2411", minuteAgo(0) - 20_000, []);
    expect(older.stale).toBe(true);
    expect(await count("select count(*) as n from rosters where server_id = '2411'")).toBe(2);
  });
});

describe("the sources' last contact", () => {
  it("records a collector's push with its observation time, and a refused one as the last error", async () => {
    const { bearer } = await memberWithToken();
    const observedAt = Date.now() - 30_000;
    const ok = await SELF.fetch(`${ORIGIN}/api/ingest/servers/2573/roster`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ online: true, players: [hostPlayer(5, "0", "")], observedAt }),
    });
    expect(ok.status).toBe(200);
    const refused = await SELF.fetch(`${ORIGIN}/api/ingest/servers/2573/roster`, {
      method: "POST",
      headers: { ...bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ online: "yes", players: [] }),
    });
    expect(refused.status).toBe(400);

    const { sources } = await api<{
      sources: {
        id: string;
        lastObservedAt: number | null;
        lastError: string | null;
        label: string;
        active: boolean;
      }[];
    }>(await signedIn(), "/api/sources");
    const collector = sources.find((s) => s.id === "collector:2573")!;
    expect(collector).toMatchObject({ label: "Roster collector 2573", lastObservedAt: observedAt });
    expect(collector.lastError).toMatch(
      /^HTTP 400 on \/api\/ingest\/servers\/2573\/roster: online: must be true or false/,
    );
    expect(sources.map((s) => s.id)).toEqual([
      "official-list",
      "roster-host",
      "collector:2411",
      "collector:2573",
      "collector:2446",
      "discord-bot",
      "weekly-collector",
    ]);
    // The test bindings configure no official list and no roster host: the Sources page says those are not used here.
    expect(Object.fromEntries(sources.map((s) => [s.id, s.active]))).toMatchObject({
      "official-list": false,
      "roster-host": false,
      "collector:2573": true,
    });
  });

  it("records the official list's failure on each run, and its recovery", async () => {
    world.list = "500";
    await runCron(listEnv(), minuteAgo(1) + 5_000);
    const failed = (await rows("select * from sources where id = 'official-list'"))[0];
    expect(failed.last_error).toMatch(/500/);
    world.reset();
    await runCron(listEnv(), minuteAgo(0) + 5_000);
    const recovered = (
      await rows<Record<string, unknown> & { last_contact_at: number; last_error_at: number }>(
        "select * from sources where id = 'official-list'",
      )
    )[0];
    // The error is kept, older than the last contact: the page says the source recovered since.
    expect(recovered).toMatchObject({ last_error: failed.last_error, last_observed_at: minuteAgo(0) });
    expect(recovered.last_contact_at).toBeGreaterThan(recovered.last_error_at);
  });
});
