// Player profiles inside workerd with the real D1 and live room: sessions kept with the roster's joins and leaves
// (overlaps, a missed leave, a silent collector, two servers), the profile's figures and heatmap, a tribe's windows,
// who was on at T, notes and tags, and a watch's toast and alert passing through the outbox once.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlayerNote, PlayerProfile, PlayerSession, RosterAt, TribeProfile } from "#contract/players";
import { eos, withServerTables } from "./cron-fixtures";
import { count, DAY, listen, MINUTE, player, session } from "./servers-api-fixtures";
import { Browser, grant } from "./helpers";
import { DEMO_ROLES } from "#worker/discord-standin";

withServerTables();

const HOUR = 60 * MINUTE;
type Session = Awaited<ReturnType<typeof session>>;
const roster = (s: Session, serverId: string, observedAt: number, players: ReturnType<typeof player>[]) =>
  s.post(`/api/ingest/servers/${serverId}/roster`, { online: true, observedAt, players });
const sessionsOf = async (s: Session, n: number) =>
  (await s.json<{ rows: PlayerSession[] }>(`/api/players/${eos(n)}/sessions`)).body.rows;

describe("sessions kept with the roster's joins and leaves", () => {
  it("opens a session on a join, closes it on the leave, once however often a roster is pushed, per server", async () => {
    const s = await session();
    const t = Date.now() - 30 * MINUTE;
    const a = player(1, "-1", "RAID");
    const b = player(2, "2", "GC");
    await roster(s, "2411", t, [a, b]);
    await roster(s, "2411", t + MINUTE, [a, b]);
    await roster(s, "2411", t + MINUTE, [a, b]); // the same push again
    await roster(s, "2573", t + 2 * MINUTE, [a]); // the same player on a second server, overlapping
    await roster(s, "2411", t + 3 * MINUTE, [b]);
    const mine = await sessionsOf(s, 1);
    expect(mine.map((x) => [x.serverId, x.start, x.end, x.endKind])).toEqual([
      ["2573", t + 2 * MINUTE, null, null],
      ["2411", t, t + 3 * MINUTE, "left"],
    ]);
    expect(await count("select count(*) as n from player_sessions")).toBe(3);
    const profile = (await s.json<PlayerProfile>(`/api/players/${eos(1)}`)).body;
    expect(profile.online).toEqual([{ serverId: "2573", since: t + 2 * MINUTE }]);
    expect(profile.tribe).toBe("RAID");
    // 3 minutes on 2411; on 2573 from its join to its latest roster.
    expect(profile.hours.find((h) => h.serverId === "2411")).toEqual({
      serverId: "2411",
      d7: 3 * MINUTE,
      d30: 3 * MINUTE,
    });
    expect(profile.hours.find((h) => h.serverId === "2573")?.d7).toBe(0);
  });

  it("ends a session whose leave was missed when the player joins again, counting no time for it", async () => {
    const s = await session();
    const t = Date.now() - 2 * DAY;
    const p = player(3, "0", "");
    const res = await s.post("/api/ingest/servers/2446/events", {
      events: [
        { eventType: "join", ...p, eventTime: t },
        { eventType: "join", ...p, eventTime: t + 5 * HOUR },
        { eventType: "leave", ...p, eventTime: t + 6 * HOUR },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await sessionsOf(s, 3);
    expect(rows.map((x) => [x.start, x.end, x.endBy, x.endKind])).toEqual([
      [t + 5 * HOUR, t + 6 * HOUR, null, "left"],
      [t, t, t + 5 * HOUR, "missed"],
    ]);
    const profile = (await s.json<PlayerProfile>(`/api/players/${eos(3)}`)).body;
    expect(profile.hours.find((h) => h.serverId === "2446")?.d7).toBe(HOUR);
    // Events arriving late and out of order are worked into the same sessions.
    await s.post("/api/ingest/servers/2446/events", { events: [{ eventType: "leave", ...p, eventTime: t + HOUR }] });
    expect((await sessionsOf(s, 3)).map((x) => [x.start, x.end, x.endKind])).toEqual([
      [t + 5 * HOUR, t + 6 * HOUR, "left"],
      [t, t + HOUR, "left"],
    ]);
  });

  it("gives the range, not a guess, for those gone when a collector comes back from a silence", async () => {
    const s = await session();
    const t = Date.now() - 60 * MINUTE;
    await roster(s, "2411", t, [player(4, "1", "ALLY"), player(5, "1", "ALLY")]);
    // Twenty minutes of silence (a restart), then a roster without player 4.
    await roster(s, "2411", t + 20 * MINUTE, [player(5, "1", "ALLY")]);
    const [gone] = await sessionsOf(s, 4);
    expect([gone.end, gone.endBy, gone.endKind]).toEqual([t, t + 20 * MINUTE, "silent"]);
    const at = (await s.json<RosterAt>(`/api/roster-at/2411?at=${t + 10 * MINUTE}`)).body;
    expect(at.players.map((p) => [p.eosId, p.certain])).toEqual([
      [eos(5), true],
      [eos(4), false],
    ]);
    const before = (await s.json<RosterAt>(`/api/roster-at/2411?at=${t - MINUTE}`)).body;
    expect(before.players).toEqual([]);
    const bad = await s.json<{ message: string }>(`/api/roster-at/2411?at=${Date.now() + DAY}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("at: must not be in the future");
  });
});

describe("profiles, heatmaps and windows", () => {
  it("builds the heatmap in the viewer's zone from a hand-made week, and the tribe's quiet windows", async () => {
    const s = await session();
    const now = Date.now();
    // Player 6 of RAID: every day of the last four weeks 20:00-22:00 UTC; player 7 of RAID: 06:00-07:00 UTC.
    const day0 = Math.floor(now / DAY) * DAY - 27 * DAY;
    const events = (n: number, hour: number, hours: number) =>
      Array.from({ length: 27 }, (_, d) => [
        { eventType: "join", ...player(n, "-1", "RAID"), eventTime: day0 + d * DAY + hour * HOUR },
        { eventType: "leave", ...player(n, "-1", "RAID"), eventTime: day0 + d * DAY + (hour + hours) * HOUR },
      ]).flat();
    expect((await s.post("/api/ingest/servers/2411/events", { events: events(6, 20, 2) })).status).toBe(200);
    expect((await s.post("/api/ingest/servers/2573/events", { events: events(7, 6, 1) })).status).toBe(200);

    const utc = (await s.json<PlayerProfile>(`/api/players/${eos(6)}?tz=UTC`)).body;
    const mondays = utc.heatmap.days[0];
    expect(mondays).toBeGreaterThanOrEqual(4);
    const sum = (row: number[]) => row.reduce((a, b) => a + b, 0);
    // Online 20:00 and 21:00 on (nearly) every day; never at 22:00.
    expect(utc.heatmap.online.map((row) => [row[20] >= 3, row[21] >= 3, row[22]])).toEqual(
      Array.from({ length: 7 }, () => [true, true, 0]),
    );
    expect(sum(utc.heatmap.online.map(sum))).toBe(27 * 2);
    // In Tokyo (UTC+9) the same hours are 05:00 and 06:00 the next day.
    const tokyo = (await s.json<PlayerProfile>(`/api/players/${eos(6)}?tz=Asia/Tokyo`)).body;
    expect(tokyo.heatmap.online.every((row) => row[20] === 0 && row[5] >= 3)).toBe(true);
    expect((await s.json(`/api/players/${eos(6)}?tz=Mars/Base`)).status).toBe(400);

    const tribe = (await s.json<TribeProfile>(`/api/tribes/RAID?tz=UTC`)).body;
    expect(tribe.members.map((m) => m.eosId).sort()).toEqual([eos(6), eos(7)]);
    expect(tribe.heatmap.online.every((row) => row[20] >= 3 && row[6] >= 3 && row[12] === 0)).toBe(true);
    // Quiet every day 22:00-06:00 (8 h) and 07:00-20:00 (13 h).
    expect(tribe.windows.map((w) => [w.hour, w.hours])).toEqual(Array.from({ length: 5 }, () => [7, 13]));
    expect((await s.json(`/api/tribes/NOBODY`)).status).toBe(404);
  });

  it("pages sessions newest first and finds a player by name, EOS id and a linked Discord id", async () => {
    const s = await session();
    const t = Date.now() - 3 * DAY;
    const p = { ...player(8, "1", "ALLY"), name: "Quetzal Queen" };
    const events = Array.from({ length: 30 }, (_, i) => [
      { eventType: "join", ...p, eventTime: t + i * HOUR },
      { eventType: "leave", ...p, eventTime: t + i * HOUR + 30 * MINUTE },
    ]).flat();
    await s.post("/api/ingest/servers/2411/events", { events });
    const page2 = (await s.json<PlayerProfile>(`/api/players/${eos(8)}?page=2`)).body;
    expect(page2.sessions).toMatchObject({ page: 2, pageCount: 2, total: 30, size: 25 });
    expect(page2.sessions.rows.map((r) => r.start)).toEqual([4, 3, 2, 1, 0].map((i) => t + i * HOUR));
    expect(page2.names).toEqual([{ name: "Quetzal Queen", firstSeen: t, lastSeen: t + 29 * HOUR + 30 * MINUTE }]);
    // A page past the last shows the last.
    const past = (await s.json<PlayerProfile>(`/api/players/${eos(8)}?page=7`)).body;
    expect(past.sessions).toMatchObject({ page: 2, pageCount: 2 });
    expect(past.sessions.rows).toEqual(page2.sessions.rows);

    await env.DB.prepare(
      "insert into tribelist_entries (_id, server, name, username, discord_id, rank) values ('0123456789abcdef01234599', '2411', 'quetzal queen', 'qq', '300000000000000077', 'Admin')",
    ).run();
    const search = async (q: string) =>
      (await s.json<{ rows: { eosId: string; matched: string }[] }>(`/api/players/search?q=${encodeURIComponent(q)}`))
        .body.rows;
    expect(await search("etzal q")).toEqual([expect.objectContaining({ eosId: eos(8), matched: "name" })]);
    expect(await search(eos(8).toUpperCase())).toEqual([expect.objectContaining({ eosId: eos(8), matched: "eos id" })]);
    expect(await search("300000000000000077")).toEqual([
      expect.objectContaining({ eosId: eos(8), matched: "Discord id" }),
    ]);
    const profile = (await s.json<PlayerProfile>(`/api/players/${eos(8)}`)).body;
    expect(profile.linked).toEqual([
      {
        discordId: "300000000000000077",
        name: "qq",
        via: ["tribelist"],
        tribelists: [{ server: "2411", name: "quetzal queen", rank: "Admin" }],
      },
    ]);
    expect((await s.json(`/api/players/${eos(999)}`)).status).toBe(404);
  });
});

describe("notes, tags and watches", () => {
  it("saves a note with tags, audited; refuses a stale version and a bad tag without changing anything", async () => {
    const s = await session();
    await roster(s, "2411", Date.now() - MINUTE, [player(9, "-3", "TOXIC")]);
    const put = (body: unknown) =>
      s.json<PlayerNote & { message: string; current: PlayerNote }>(`/api/players/${eos(9)}/note`, {
        method: "PUT",
        body: JSON.stringify(body),
      });
    const saved = await put({ text: " Raids at dawn ", tags: ["raider", " Raider ", "dawn"], version: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ text: "Raids at dawn", tags: ["raider", "dawn"], version: 1 });
    const stale = await put({ text: "x", tags: [], version: null });
    expect(stale.status).toBe(409);
    expect(stale.body.current.text).toBe("Raids at dawn");
    const bad = await put({ text: "y", tags: ["<script>"], version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('note: A tag holds letters, digits, spaces, - and _ only: "<script>"');
    expect((await s.json<PlayerProfile>(`/api/players/${eos(9)}`)).body.note).toMatchObject({
      text: "Raids at dawn",
      version: 1,
    });
    expect(await count("select count(*) as n from audit_log where entity = 'player_note'")).toBe(1);
  });

  it("tells only the watchers when a watched player joins: a toast and one alert through the outbox", async () => {
    const s = await session();
    await env.DB.prepare(
      "insert into alert_channels (name, url, kinds) values ('watch', 'https://discord.com/api/webhooks/123456/abcdefghijklmnopqrstuvwxyz', '[\"watch-online\"]')",
    ).run();
    const other = new Browser();
    await other.signIn("300000000000000003");
    const mine = await listen(s.browser);
    const theirs = await listen(other);
    const watch = await s.json<{ watching: boolean; watchers: number }>(`/api/players/${eos(10)}/watch`, {
      method: "PUT",
      body: JSON.stringify({ watch: true }),
    });
    expect(watch.body).toEqual({ watching: true, watchers: 1 });
    const t = Date.now() - 2 * MINUTE;
    const spino = { ...player(10, "-1", "RAID"), name: "Spino" };
    await roster(s, "2446", t, [spino]);
    await roster(s, "2446", t, [spino]); // pushed again: nobody is told twice
    await roster(s, "2446", t + MINUTE, [spino]);
    await mine.received(["watch_online"], "2446");
    const toasts = mine.messages.filter((m) => m.type === "watch_online");
    expect(toasts).toEqual([
      {
        type: "watch_online",
        serverId: "2446",
        message: "Watched player Spino [RAID] came online on 2446",
        by: expect.any(String),
        byId: expect.any(String),
      },
    ]);
    expect(theirs.messages.filter((m) => m.type === "watch_online")).toEqual([]);
    expect(await count("select count(*) as n from alert_deliveries where kind = 'watch-online'")).toBe(1);
    mine.close();
    theirs.close();
  });

  it("lets a member who may read server stats read profiles, and changes need the tribelists edit level", async () => {
    const s = await session();
    await roster(s, "2411", Date.now() - MINUTE, [player(11, "1", "ALLY")]);
    await grant(DEMO_ROLES.member.id, { "server-stats": "view", tribelists: "view" });
    const plain = new Browser();
    await plain.signIn("300000000000000004");
    expect((await plain.fetch(`/api/players/${eos(11)}`)).status).toBe(200);
    const refused = await plain.fetch(`/api/players/${eos(11)}/note`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: "x", tags: [], version: null }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: "You may not change Tribelists: ask an owner for the edit level.",
    });
    const watch = await plain.fetch(`/api/players/${eos(11)}/watch`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ watch: true }),
    });
    expect(watch.status).toBe(403);
    expect(await count("select count(*) as n from player_watches")).toBe(0);
  });
});
