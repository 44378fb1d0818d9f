// The Discord join log and removed members, and the Discord bot's idempotent ingestion of joins, leaves and vouches.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { snowflakeTime } from "#worker/domain/discord";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["join_log", "removed_members", "vouches", "audit_log", "api_tokens"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
});
afterEach(() => outbound.mockRestore());

const count = (table: string) => env.DB.prepare(`select count(*) as n from ${table}`).first<number>("n");
const post = (path: string, body: unknown, headers: Record<string, string>) =>
  pageFetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const ALICE = "710000000000000001";
const BOB = "710000000000000002";

describe("Discord joins", () => {
  const joins = [
    {
      id: BOB,
      displayName: "Bob the Tamer",
      username: "bobtamer",
      joinedAt: T0 + 5000,
      inviteCode: "arktribe",
      inviterId: MEMBER,
    },
    {
      id: ALICE,
      displayName: "Alice",
      username: "alice",
      avatarURL: "https://cdn.discordapp.com/embed/avatars/1.png",
      joinedAt: new Date(T0).toISOString(),
      createdAt: T0 - 1000,
    },
  ];

  it("are ingested once: re-sending the same batch changes nothing", async () => {
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const first = await post("/api/ingest/discord/joins", joins, bearer);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 2, inserted: 2, unchanged: 0 });
    expect(await live.next("discord_join")).toEqual(
      stamped({ type: "discord_join", message: "Bob the Tamer and 1 other joined the Discord" }),
    );
    await live.next("joined_members_update");

    const again = await post("/api/ingest/discord/joins", joins, bearer);
    expect(await again.json()).toEqual({ received: 2, inserted: 0, unchanged: 2 });
    // One new join among known ones: only it is added, and announced by name.
    const third = await post(
      "/api/ingest/discord/joins",
      [...joins, { id: ALICE, displayName: "Alice", joinedAt: T0 + 86_400_000 }],
      bearer,
    );
    expect(await third.json()).toEqual({ received: 3, inserted: 1, unchanged: 2 });
    expect(await live.next("discord_join")).toEqual(
      stamped({ type: "discord_join", message: "Alice joined the Discord" }),
    );
    live.close();
    expect(await count("join_log")).toBe(3);
    const audits = await env.DB.prepare("select * from audit_log where entity = 'join_log'").all<
      Record<string, string>
    >();
    expect(audits.results).toHaveLength(2);
    expect(audits.results[0]).toMatchObject({ action: "ingest", actor: expect.stringMatching(/^token:/) });
    expect(JSON.parse(audits.results[0].after).entries).toHaveLength(2);
  });

  it("are listed oldest first with the API's fields; the account's creation is read from the id when not sent", async () => {
    const { browser, bearer } = await memberWithToken();
    await post("/api/ingest/discord/joins", joins, bearer);
    const res = await browser.fetch("/api/join-log");
    expect(res.status).toBe(200);
    const list = await res.json<Record<string, unknown>[]>();
    expect(list).toEqual([
      {
        id: ALICE,
        displayName: "Alice",
        username: "alice",
        avatarURL: "https://cdn.discordapp.com/embed/avatars/1.png",
        joinedAt: T0,
        createdAt: T0 - 1000,
        inviteCode: null,
        inviterId: null,
      },
      {
        id: BOB,
        displayName: "Bob the Tamer",
        username: "bobtamer",
        avatarURL: null,
        joinedAt: T0 + 5000,
        createdAt: snowflakeTime(BOB),
        inviteCode: "arktribe",
        inviterId: MEMBER,
      },
    ]);
    expect((await pageFetch(`${ORIGIN}/api/join-log`)).status).toBe(401);
    expect((await post("/api/ingest/discord/joins", joins, {})).status).toBe(401);
  });

  it("refuses a malformed batch as a whole, naming the entry and field", async () => {
    const { bearer } = await memberWithToken();
    const cases: [unknown, string][] = [
      [[{ id: ALICE, joinedAt: Math.floor(T0 / 1000) }], "0.joinedAt"], // seconds, not milliseconds
      [[joins[0], { id: "alice", joinedAt: T0 }], "1.id"],
      [[{ id: ALICE, joinedAt: "yesterday" }], "0.joinedAt"],
      [[{ id: ALICE, joinedAt: T0, inviterId: "me" }], "0.inviterId"],
      [[], "body"],
      [{ id: ALICE, joinedAt: T0 }, "body"],
    ];
    for (const [body, field] of cases) {
      const res = await post("/api/ingest/discord/joins", body, bearer);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation", field });
    }
    expect(await count("join_log")).toBe(0);
  });
});

describe("Discord leaves", () => {
  async function seedVouch(vouched: string, id: number, by: string, byName: string) {
    await env.DB.prepare(
      `insert into vouches (_id, id, vouched, vouched_at, vouched_at_ms, vouched_by, vouched_by_username)
       values (?, ?, ?, '6/1/2025', ?, ?, ?)`,
    )
      .bind(id.toString(16).padStart(24, "0"), id, vouched, Date.UTC(2025, 5, 1), by, byName)
      .run();
  }

  it("are ingested once, with the voucher looked up in the vouches when the bot does not send one", async () => {
    await seedVouch(ALICE, 4, "720000000000000004", "oldvoucher");
    await seedVouch(ALICE, 9, "720000000000000009", "newvoucher");
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const leaves = [
      { id: ALICE, displayName: "Alice", leftAt: T0 + 10_000, joinedAt: T0 - 50_000, leaveReason: "Left" },
      { id: BOB, username: "bobtamer", leftAt: T0 + 20_000, leaveReason: "Kicked", voucherInfo: null },
      {
        id: "710000000000000003",
        displayName: "Cleo",
        leftAt: T0 + 30_000,
        joinedAt: T0,
        voucherInfo: { id: "77", vouchedBy: MEMBER, vouchedByUsername: "rexrider" },
      },
    ];
    const res = await post("/api/ingest/discord/leaves", leaves, bearer);
    expect(await res.json()).toEqual({ received: 3, inserted: 3, unchanged: 0 });
    expect(await live.next("discord_leave")).toEqual(
      stamped({ type: "discord_leave", message: "Alice and 2 others left the Discord" }),
    );
    await live.next("removed_members_update");
    live.close();
    expect(await (await post("/api/ingest/discord/leaves", leaves, bearer)).json()).toEqual({
      received: 3,
      inserted: 0,
      unchanged: 3,
    });

    const list = await (await browser.fetch("/api/removed-members")).json<Record<string, unknown>[]>();
    // joinedAt ascending, unknown join times last.
    expect(list.map((m) => m.id)).toEqual([ALICE, "710000000000000003", BOB]);
    expect(list[0]).toEqual({
      id: ALICE,
      displayName: "Alice",
      username: null,
      userAvatarURL: null,
      joinedAt: T0 - 50_000,
      leftAt: T0 + 10_000,
      leaveReason: "Left",
      voucherInfo: { id: "9", vouchedBy: "720000000000000009", vouchedByUsername: "newvoucher" },
    });
    expect(list[1].voucherInfo).toEqual({ id: "77", vouchedBy: MEMBER, vouchedByUsername: "rexrider" });
    expect(list[2].voucherInfo).toBeNull();
    expect(await count("audit_log where entity = 'removed_members' and action = 'ingest'")).toBe(1);
    expect((await pageFetch(`${ORIGIN}/api/removed-members`)).status).toBe(401);
  });

  it("refuses a leave before its join", async () => {
    const { bearer } = await memberWithToken();
    const res = await post("/api/ingest/discord/leaves", [{ id: ALICE, joinedAt: T0, leftAt: T0 - 1 }], bearer);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "0.joinedAt" });
    expect(await count("removed_members")).toBe(0);
  });
});

describe("vouches made in Discord", () => {
  it("get the next ids in the order sent, Not Provided by default, and are added once per message", async () => {
    await env.DB.prepare(
      `insert into vouches (_id, id, vouched, vouched_at, vouched_at_ms, vouched_by) values ('${"a".repeat(24)}', 41, '${BOB}', '1/2/2025', ${Date.UTC(2025, 0, 2)}, '${MEMBER}')`,
    ).run();
    const { browser, bearer } = await memberWithToken();
    const live = await listen(browser);
    const batch = [
      {
        sourceMessageId: "730000000000000001",
        vouched: ALICE,
        vouchedUsername: "alice",
        vouchedBy: MEMBER,
        vouchedByUsername: "rexrider",
        vouchedAt: "7/4/2025",
        igName: "AliceTheBrave",
      },
      {
        sourceMessageId: "730000000000000002",
        vouched: BOB,
        vouchedBy: MEMBER,
        vouchedAt: "2025-07-05T18:30:00Z",
        status: "Complete",
        notes: "Known from 2411",
      },
    ];
    const res = await post("/api/ingest/discord/vouches", batch, bearer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 2, inserted: 2, unchanged: 0 });
    await live.next("vouches_update");
    live.close();

    const list = await (await browser.fetch("/api/vouches")).json<Record<string, unknown>[]>();
    expect(list.map((v) => v.id)).toEqual([41, 42, 43]);
    expect(list[1]).toMatchObject({
      vouched: ALICE,
      vouchedUsername: "alice",
      username: "alice",
      discordId: ALICE,
      vouchedBy: MEMBER,
      vouchedByUsername: "rexrider",
      vouchedAt: "7/4/2025",
      status: "Not Provided",
      igName: "AliceTheBrave",
    });
    expect(list[2]).toMatchObject({
      vouched: BOB,
      vouchedAt: "7/5/2025",
      status: "Complete",
      notes: "Known from 2411",
    });
    const ms = await env.DB.prepare("select vouched_at_ms as ms from vouches where id = 43").first<number>("ms");
    expect(ms).toBe(Date.UTC(2025, 6, 5));

    const again = await post(
      "/api/ingest/discord/vouches",
      [...batch, { ...batch[0], sourceMessageId: "730000000000000003" }],
      bearer,
    );
    expect(await again.json()).toEqual({ received: 3, inserted: 1, unchanged: 2 });
    expect(await count("vouches")).toBe(4);
    const audit = await env.DB.prepare("select * from audit_log where entity = 'vouch' and action = 'ingest'").all<
      Record<string, string>
    >();
    expect(audit.results).toHaveLength(2);
    expect(JSON.parse(audit.results[0].after).map((v: { id: number }) => v.id)).toEqual([42, 43]);
  });

  it("default to today's date and refuse bad dates, statuses and ids, adding nothing", async () => {
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const base = { sourceMessageId: "730000000000000009", vouched: ALICE, vouchedBy: MEMBER };
    const cases: [unknown, string][] = [
      [[{ ...base, vouchedAt: "2/30/2025" }], "0.vouchedAt"],
      [[{ ...base, vouchedAt: "yesterday" }], "0.vouchedAt"],
      [[{ ...base, status: "Done" }], "0.status"],
      [[{ ...base, vouchedBy: "rex" }], "0.vouchedBy"],
      [[{ vouched: ALICE, vouchedBy: MEMBER }], "0.sourceMessageId"],
    ];
    for (const [body, field] of cases) {
      const res = await browser.fetch("/api/ingest/discord/vouches", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ field });
    }
    expect(await count("vouches")).toBe(0);
    const ok = await browser.fetch("/api/ingest/discord/vouches", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify([base]),
    });
    expect(await ok.json()).toMatchObject({ inserted: 1 });
    const today = new Date();
    const [v] = await (await browser.fetch("/api/vouches")).json<{ vouchedAt: string; id: number }[]>();
    expect(v).toMatchObject({
      id: 1,
      vouchedAt: `${today.getUTCMonth() + 1}/${today.getUTCDate()}/${today.getUTCFullYear()}`,
    });
  });
});
