// Issue 15 inside workerd: every figure's source and age, honest snapshots when collectors are the only source (the cron
// never makes a silent collector look alive; a silent collector's roster is unknown and its chart has a gap), a late push
// compared with its own observation time, the Sources page's data, and the Discord alerts' outbox end to end through the
// Discord stand-in (queued once, paced per channel, retried with backoff, marked failed).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHANNEL_PER_MINUTE, MAX_ATTEMPTS, retryDelay } from "#contract/alerts";
import { database, SYSTEM } from "#worker/domain/context";
import { deliverAlerts, queueAlerts } from "#worker/domain/alerts";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import { domainDeps } from "#worker/platform/deps";
import { Browser, fromPage, memberWithToken, ORIGIN, signedIn, toastOf } from "./helpers";
import {
  count,
  envWith,
  eos,
  hostPlayer,
  listEnv,
  MINUTE,
  rows,
  runCron,
  withSnapshotWorld,
  world,
} from "./cron-fixtures";
import { addRow, vault } from "./stock-fixtures";

withSnapshotWorld();

/** The start of the current minute, `minutes` ago. */
const minuteAgo = (minutes: number) => Math.floor(Date.now() / MINUTE) * MINUTE - minutes * MINUTE;
const ingestOnly = () => envWith({});

const push = (serverId: string, observedAt: number, players = [hostPlayer(1, "2", "GC"), hostPlayer(2, "1", "")]) =>
  recordSnapshot(
    domainDeps(env, SYSTEM),
    serverId as "2411",
    { online: true, source: "ingest", roster: players, observedAt },
    "ingest",
  );

const statusRow = async (id: string) => (await rows("select * from server_status where server_id = ?", id))[0];
const api = async <T>(browser: Browser, path: string) => (await browser.fetch(path)).json<T>();

type StatusAnswer = {
  status: string;
  errorDetails: string | null;
  lastUpdated: number;
  currentPlayers: unknown[];
  roster: { source: string; observedAt: number; intervalMs: number; freshness: string; unknownReason: string | null };
};

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
    const status = await api<StatusAnswer>(browser, "/api/eoserver-status/2411");
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
    expect((await api<StatusAnswer>(owner, "/api/eoserver-status/2411")).roster.freshness).toBe("late");

    // Expected every 30 minutes: four minutes is fresh, and the server is online with its roster.
    const set = await owner.fetch("/api/sources/collector:2411/interval", {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intervalMs: 30 * MINUTE }),
    });
    expect(set.status).toBe(200);
    const status = await api<StatusAnswer>(owner, "/api/eoserver-status/2411");
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
    expect((await api<StatusAnswer>(owner, "/api/eoserver-status/2411")).roster.intervalMs).toBe(30 * MINUTE);
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
    const recovered = (await rows("select * from sources where id = 'official-list'"))[0];
    // The error is kept, older than the last contact: the page says the source recovered since.
    expect(recovered).toMatchObject({ last_error: failed.last_error, last_observed_at: minuteAgo(0) });
    expect(recovered.last_contact_at).toBeGreaterThan(recovered.last_error_at);
  });
});

const WEBHOOK = `${ORIGIN}/__discord/api/webhooks/1234567890/alerts-token-abcdefghijklmnop`;
const FAILING = `${ORIGIN}/__discord/api/webhooks/1234567891/fail-token-abcdefghijklmnopq`;

async function addChannel(owner: Browser, url: string, kinds: string[], name = "#raid-alerts") {
  const res = await owner.fetch("/api/alerts/channels", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, url, kinds }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ id: number }>()).id;
}

const received = async (url: string) => (await SELF.fetch(`${url}/messages`)).json<{ content: string }[]>();
const deliveries = () => rows("select * from alert_deliveries order by id");
const send = (request: Request) => SELF.fetch(request);

describe("alerts in Discord", () => {
  it("posts one message to the channel when an enemy comes online, naming the server and the enemy", async () => {
    const owner = await signedIn();
    await addChannel(owner, WEBHOOK, ["enemy-online"]);
    const before = (await received(WEBHOOK)).length;
    await push("2411", Date.now() - 60_000, [hostPlayer(1, "2", "GC")]);
    const raider = { ...hostPlayer(7, "-1", "RAID"), name: "Raider Seven" };
    await push("2411", Date.now() - 30_000, [hostPlayer(1, "2", "GC"), raider]);
    // The same look again (a collector's retry): no second alert.
    await push("2411", Date.now() - 30_000, [hostPlayer(1, "2", "GC"), raider]);
    expect(await count("select count(*) as n from alert_deliveries")).toBe(1);

    expect(await deliverAlerts(database(env), send)).toMatchObject({ sent: 1, failed: 0 });
    const messages = (await received(WEBHOOK)).slice(before);
    expect(messages).toHaveLength(1);
    expect(messages[0].content).toBe("🚨 Enemy online on 2411 (NA-PVP-TheCenter2411): Raider Seven [RAID]");
    expect((await deliveries())[0]).toMatchObject({ status: "sent", attempts: 1, last_result: "HTTP 200" });
    // Nothing more to send.
    expect(await deliverAlerts(database(env), send)).toMatchObject({ sent: 0 });
  });

  it("retries a failing webhook with growing waits, shows why, and gives up after the last attempt", async () => {
    const owner = await signedIn();
    await addChannel(owner, FAILING, ["server-offline"], "#broken");
    await push("2446", Date.now() - 60_000);
    await recordSnapshot(
      domainDeps(env, SYSTEM),
      "2446",
      { online: false, source: "ingest", roster: [], observedAt: Date.now() - 30_000, errorDetails: "Crashed" },
      "ingest",
    );

    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverAlerts(database(env), send, now)).toMatchObject(
        attempt < MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 },
      );
      const [d] = await deliveries();
      expect(d).toMatchObject({ attempts: attempt, status: attempt < MAX_ATTEMPTS ? "pending" : "failed" });
      expect(d.last_result).toMatch(/^HTTP 500: .*this webhook always fails/);
      if (attempt < MAX_ATTEMPTS) {
        expect(d.next_attempt_at).toBe(now + retryDelay(attempt));
        // Not before its time.
        expect(await deliverAlerts(database(env), send, d.next_attempt_at - 1)).toMatchObject({
          sent: 0,
          retrying: 0,
          failed: 0,
        });
        now = d.next_attempt_at;
      }
    }
    expect((await deliveries())[0].content).toBe("🔴 2446 (NA-PVP-Aberration2446) went offline: Crashed");

    // The page's list shows it failing.
    const listed = await api<{ status: string; lastResult: string; channel: string }[]>(
      owner,
      "/api/alerts/deliveries",
    );
    expect(listed[0]).toMatchObject({ status: "failed", channel: "#broken" });
  });

  it("sends at most a few a minute to one channel; the rest wait their turn", async () => {
    const owner = await signedIn();
    const id = await addChannel(owner, WEBHOOK, ["member-left"]);
    const now = Date.now();
    await queueAlerts(
      { db: database(env) },
      Array.from({ length: CHANNEL_PER_MINUTE + 2 }, (_, i) => ({
        kind: "member-left" as const,
        key: `left:${i}`,
        content: `member ${i} left`,
      })),
      now,
    );
    expect(await deliverAlerts(database(env), send, now)).toMatchObject({ sent: CHANNEL_PER_MINUTE, waiting: 2 });
    expect(await deliverAlerts(database(env), send, now + MINUTE + 1)).toMatchObject({ sent: 2 });
    expect(await count("select count(*) as n from alert_deliveries where channel_id = ? and status = 'sent'", id)).toBe(
      CHANNEL_PER_MINUTE + 2,
    );
  });

  it("queues a member leaving the Discord, and stock saved below a channel's share of its target, once a day", async () => {
    const owner = await signedIn();
    const id = await addChannel(owner, WEBHOOK, ["member-left", "stock-low"]);
    await owner.fetch(`/api/alerts/channels/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ stockPercent: 40 }),
    });
    const post = (path: string, body: unknown) =>
      owner.fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    expect(
      (
        await post("/api/ingest/discord/leaves", [
          { id: "710000000000000042", displayName: "Alice", leftAt: Date.now() - 1000, leaveReason: "Left" },
        ])
      ).status,
    ).toBe(200);
    // Element at 30 % of its target is below the channel's 40 %; Metal at 50 % is not.
    const element = await addRow("war-room-vaults", vault("Element", [300], 1000));
    const metal = await addRow("war-room-vaults", vault("Metal", [500], 1000));
    const save = () =>
      post("/api/stock-2411/batch", {
        displayName: "Rex Rider",
        rows: [
          { _id: element, todo: "more" },
          { _id: metal, todo: "fine" },
        ],
      });
    expect((await save()).status).toBe(200);
    expect((await save()).status).toBe(200);

    const queued = (await deliveries()).map((d) => [d.kind, d.content]);
    expect(queued).toEqual([
      ["member-left", "👋 Alice left the Discord (Left)"],
      ["stock-low", "📦 War Room Vaults: Element is at 30% of its target"],
    ]);
  });

  it("keeps a webhook's address secret, refuses what is not a Discord webhook, and is for admins only", async () => {
    const owner = await signedIn();
    await addChannel(owner, WEBHOOK, ["enemy-online", "stock-low"]);
    const listed = await (await owner.fetch("/api/alerts/channels")).text();
    expect(listed).not.toContain("alerts-token-abcdefghijklmnop");
    expect(listed).toContain("••••mnop");

    for (const url of [
      "https://evil.example/api/webhooks/123456/abcdefghijklmnopqrstuv",
      "https://discord.com/api/webhooks/123456/short",
      `${WEBHOOK}?x=1`,
    ]) {
      const res = await owner.fetch("/api/alerts/channels", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "bad", url, kinds: ["enemy-online"] }),
      });
      expect(res.status, url).toBe(400);
      expect((await res.json<{ field: string }>()).field).toBe("url");
    }
    expect(await count("select count(*) as n from alert_channels")).toBe(1);

    const member = await signedIn("300000000000000004");
    expect((await member.fetch("/api/alerts/channels")).status).toBe(403);
    expect(
      (
        await member.fetch(
          "/api/alerts/channels",
          fromPage({ method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
        )
      ).status,
    ).toBe(403);
    // Every member's screens read the sources' ages.
    expect((await member.fetch("/api/sources")).status).toBe(200);
  });
});
