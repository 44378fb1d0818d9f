// Weekly members inside workerd with the real D1 and live room: the list, bulk ingestion (upsert on eosId) and the
// refresh that recomputes activity from the last 7 days of joins and leaves.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WeeklyMember } from "#contract/servers";
import { eos, withServerTables } from "./cron-fixtures";
import { Browser, MEMBER, ORIGIN, pageFetch } from "./helpers";

withServerTables();

const DAY = 24 * 3600 * 1000;

async function session() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  const created = await browser.fetch("/api/tokens", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "collector" }),
  });
  const { token } = (await created.json()) as { token: string };
  const json = async <T = unknown>(path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    if (init.body) headers.set("Content-Type", "application/json");
    const res = await pageFetch(new URL(path, ORIGIN), { ...init, headers });
    return { status: res.status, body: (await res.json()) as T };
  };
  const post = (path: string, body?: unknown) =>
    json(path, { method: "POST", body: body === undefined ? undefined : JSON.stringify(body) });
  return { browser, json, post };
}

async function listen(browser: Browser) {
  const res = await pageFetch(`${ORIGIN}/parties/live/main`, {
    headers: { Upgrade: "websocket", Cookie: browser.cookieHeader(), Origin: ORIGIN },
  });
  const socket = res.webSocket!;
  socket.accept();
  const messages: { type: string }[] = [];
  socket.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)));
  });
  return {
    async received(type: string) {
      for (let i = 0; i < 200 && !messages.some((m) => m.type === type); i++)
        await new Promise((r) => setTimeout(r, 10));
      return messages.map((m) => m.type);
    },
    close: () => socket.close(),
  };
}

const audits = async (action: string): Promise<(Record<string, unknown> & { after: unknown })[]> =>
  (
    await env.DB.prepare("select * from audit_log where entity = 'weekly_members' and action = ? order by id")
      .bind(action)
      .all<Record<string, unknown>>()
  ).results.map((r) => ({ ...r, after: JSON.parse(String(r.after)) }));

const member = (n: number, extra: Record<string, unknown> = {}) => ({
  eosId: eos(n),
  displayName: `Survivor${n}`,
  memberName: `Member${n}`,
  tribe: "GC",
  platform: "steam",
  lastArkLaunch: "2026-05-01T18:00:00.000Z",
  steamProfileLink: `https://steamcommunity.com/profiles/7656119800000000${n}`,
  ...extra,
});

describe("POST /api/ingest/weekly-members and GET /api/weeklymembers", () => {
  it("upserts on eosId, keeps omitted fields, audits the batch and publishes weeklymembers_update", async () => {
    const { browser, json, post } = await session();
    expect((await json("/api/weeklymembers")).body).toEqual([]);
    const live = await listen(browser);
    const t = Date.now() - DAY;
    const first = await post("/api/ingest/weekly-members", {
      members: [
        member(1, { isActiveThisWeek: true, eventTime: t }),
        member(2, { tribe: "ALPHA", status: "2", platform: "xbl", steamProfileLink: null }),
      ],
    });
    expect(first).toEqual({ status: 200, body: { received: 2, inserted: 2, updated: 0 } });
    expect(await live.received("weeklymembers_update")).toContain("weeklymembers_update");
    live.close();

    const list = (await json<WeeklyMember[]>("/api/weeklymembers")).body;
    expect(list).toEqual([
      {
        eosId: eos(1),
        displayName: "Survivor1",
        memberName: "Member1",
        isActiveThisWeek: true,
        isTribeMember: true,
        tribe: "GC",
        platform: "steam",
        eventType: "active",
        eventTime: t,
        lastArkLaunch: "2026-05-01T18:00:00.000Z",
        steamProfileLink: "https://steamcommunity.com/profiles/76561198000000001",
      },
      {
        eosId: eos(2),
        displayName: "Survivor2",
        memberName: "Member2",
        isActiveThisWeek: false,
        isTribeMember: true,
        tribe: "ALPHA",
        platform: "xbl",
        eventType: "inactive",
        eventTime: null,
        lastArkLaunch: "2026-05-01T18:00:00.000Z",
        steamProfileLink: null,
      },
    ]);

    const second = await post("/api/ingest/weekly-members", {
      members: [{ eosId: eos(1).toUpperCase(), platform: "epic", eventType: "inactive" }, member(3)],
    });
    expect(second.body).toEqual({ received: 2, inserted: 1, updated: 1 });
    const after = (await json<WeeklyMember[]>("/api/weeklymembers")).body;
    expect(after.find((m) => m.eosId === eos(1))).toMatchObject({
      displayName: "Survivor1",
      platform: "epic",
      isActiveThisWeek: false,
      eventType: "inactive",
      eventTime: t,
    });
    expect(after).toHaveLength(3);
    expect((await audits("ingest")).map((a) => a.after)).toEqual([
      { received: 2, inserted: 2, updated: 0 },
      { received: 2, inserted: 1, updated: 1 },
    ]);
  });

  it("answers 400 naming the field and stores nothing", async () => {
    const { post } = await session();
    const cases: [unknown, string][] = [
      [{}, "members"],
      [{ members: [] }, "members"],
      [{ members: [member(1, { eosId: "zz" })] }, "members.0.eosId"],
      [{ members: [member(1), member(1)] }, "members.1.eosId"],
      [{ members: [member(1, { isActiveThisWeek: true, eventType: "inactive" })] }, "members.0.eventType"],
      [{ members: [member(1, { eventType: "lurking" })] }, "members.0.eventType"],
      [{ members: [member(1, { eventTime: Date.now() + 7 * DAY })] }, "members.0.eventTime"],
      [{ members: [member(1, { isTribeMember: "yes" })] }, "members.0.isTribeMember"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/ingest/weekly-members", body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation", field });
    }
    expect((await env.DB.prepare("select count(*) as n from weekly_members").first<{ n: number }>())!.n).toBe(0);
    expect(await audits("ingest")).toEqual([]);
  });
});

describe("POST /api/weeklymembers-refresh", () => {
  it("makes members with a join or leave in the last 7 days active and everyone else inactive", async () => {
    const { browser, json, post } = await session();
    const now = Date.now();
    await post("/api/ingest/weekly-members", {
      members: [
        member(1),
        member(2, { isActiveThisWeek: true, eventTime: now - 20 * DAY }),
        member(3),
        member(4, { eventTime: now - 3 * DAY, eventType: "inactive" }),
      ],
    });
    const ev = (n: number, eventType: string, at: number) => ({
      eventType,
      eosId: eos(n),
      status: "2",
      tribe: "GC",
      eventTime: at,
    });
    await post("/api/ingest/servers/2411/events", {
      events: [ev(1, "join", now - 2 * DAY), ev(3, "join", now - 10 * DAY), ev(3, "leave", now - 9 * DAY)],
    });
    await post("/api/ingest/servers/2446/events", {
      events: [ev(4, "leave", now - DAY), ev(1, "leave", now - 2 * DAY + 3_600_000)],
    });

    const live = await listen(browser);
    const res = await post("/api/weeklymembers-refresh");
    expect(res).toEqual({
      status: 200,
      body: { message: "Weekly members refreshed: 2 active, 2 inactive.", active: 2, inactive: 2 },
    });
    expect(await live.received("weeklymembers_update")).toContain("weeklymembers_update");
    live.close();

    const list = new Map((await json<WeeklyMember[]>("/api/weeklymembers")).body.map((m) => [m.eosId, m]));
    // The latest event on any server is the member's event time.
    expect(list.get(eos(1))).toMatchObject({
      isActiveThisWeek: true,
      eventType: "active",
      eventTime: now - 2 * DAY + 3_600_000,
    });
    expect(list.get(eos(4))).toMatchObject({ isActiveThisWeek: true, eventType: "active", eventTime: now - DAY });
    // Older activity is inactive; its time is the latest event of the last 30 days, or what was stored.
    expect(list.get(eos(2))).toMatchObject({
      isActiveThisWeek: false,
      eventType: "inactive",
      eventTime: now - 20 * DAY,
    });
    expect(list.get(eos(3))).toMatchObject({
      isActiveThisWeek: false,
      eventType: "inactive",
      eventTime: now - 9 * DAY,
    });
    // Active first, newest activity first.
    expect((await json<WeeklyMember[]>("/api/weeklymembers")).body.map((m) => m.eosId)).toEqual([
      eos(4),
      eos(1),
      eos(3),
      eos(2),
    ]);

    const [audit] = await audits("refresh");
    expect(audit.after).toEqual({ members: 4, active: 2, inactive: 2, changed: 4 });
    expect(audit.actor).toMatch(/^token:/);

    // A second refresh changes nothing but is still recorded.
    expect((await post("/api/weeklymembers-refresh")).body).toMatchObject({ active: 2, inactive: 2 });
    expect((await audits("refresh"))[1].after).toMatchObject({ changed: 0 });
  });

  it("answers zero counts with no members", async () => {
    const { post } = await session();
    expect((await post("/api/weeklymembers-refresh")).body).toEqual({
      message: "Weekly members refreshed: 0 active, 0 inactive.",
      active: 0,
      inactive: 0,
    });
  });
});
