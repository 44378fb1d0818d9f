// The Discord alerts' outbox end to end through the Discord stand-in: messages, retries, the per-channel pace, what is
// queued, and the webhook's secrecy (docs/product/sources-and-audit.md).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHANNEL_PER_MINUTE, MAX_ATTEMPTS, retryDelay } from "#contract/alerts";
import { database, SYSTEM } from "#worker/domain/context";
import { deliverAlerts, queueAlerts } from "#worker/domain/alerts";
import { recordSnapshot } from "#worker/domain/servers/snapshots";
import { domainDeps } from "#worker/platform/deps";
import { Browser, fromPage, ORIGIN, signedIn } from "./helpers";
import { count, hostPlayer, MINUTE, rows, withSnapshotWorld } from "./cron-fixtures";
import { addRow, vault } from "./stock-fixtures";
import { push, api } from "./sources-fixtures";

withSnapshotWorld();

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
/** An alert_deliveries row, with the columns the tests do arithmetic on. */
type Delivery = Record<string, unknown> & { next_attempt_at: number };
const deliveries = () => rows<Delivery>("select * from alert_deliveries order by id");
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
