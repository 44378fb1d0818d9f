// The server stats pages' loader, through the Worker as a browser calls it, over data ingested through the host API:
// the playerlist tab (status classes, counts, filters, paging, offline servers) and the join, leave and activity tabs.
import { describe, expect, it } from "vitest";
import { eos } from "./cron-fixtures";
import { withServerStatsTables, MINUTE, member, player, MIXED } from "./server-stats-page-fixtures";

withServerStatsTables();

describe("the playerlist tab", () => {
  it("lists the roster in order with status badges, platforms, counts and the server's state", async () => {
    const { roster, load } = await member();
    await roster("2411", { online: true, players: MIXED });
    const data = await load("2411");
    expect(data.tab).toBe("playerlist");
    expect(data.server).toMatchObject({ id: "2411", title: "2411 Server Stats", mapName: "TheCenter_WP" });
    expect(data.state).toMatchObject({
      online: true,
      playerCount: 8,
      maxPlayers: 70,
      mapName: "TheCenter_WP",
      errorDetails: null,
    });
    expect(Date.now() - data.state!.lastUpdated!).toBeLessThan(60_000);
    expect(data.page.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(data.page.rows.map((r) => r.statusLabel)).toEqual([
      "Tribemember",
      "Tribemember",
      "Friendly",
      "Neutral",
      "Enemy",
      "Enemy",
      "Unknown",
      "7",
    ]);
    expect(data.page.rows.map((r) => r.statusTone)).toEqual([
      "green",
      "green",
      "blue",
      "grey",
      "red",
      "red",
      "yellow",
      "grey",
    ]);
    expect(data.page.rows.map((r) => r.platformLabel).slice(0, 5)).toEqual([
      "Steam",
      "PlayStation",
      "Epic",
      "-",
      "Xbox",
    ]);
    expect(data.counts).toEqual({ tribemembers: 2, friendlys: 1, neutral: 1, enemies: 2, unknowns: 1 });
    expect(data.empty).toBeNull();
    expect(data.error).toBeNull();
  });

  it("filters by one class at a time and back to page 1; an unknown filter is ignored", async () => {
    const { roster, load } = await member();
    await roster("2411", { online: true, players: MIXED });
    const enemies = await load("2411", "?filter=enemies&page=2");
    expect(enemies.filter).toBe("enemies");
    expect(enemies.page).toMatchObject({ page: 1, total: 2 });
    expect(enemies.page.rows.map((r) => r.displayName)).toEqual(["Survivor5", "Survivor6"]);
    // The counts stay those of the whole list; the row ids are the players' places in it.
    expect(enemies.counts.tribemembers).toBe(2);
    expect(enemies.page.rows.map((r) => r.id)).toEqual([5, 6]);

    const tribe = await load("2411", "?filter=tribemembers");
    expect(tribe.page.rows.map((r) => r.eosId)).toEqual([eos(1), eos(2)]);

    const bogus = await load("2411", "?filter=joins");
    expect(bogus.filter).toBeNull();
    expect(bogus.page.total).toBe(8);
  });

  it("says which filter found nobody, and that nobody is online", async () => {
    const { roster, load } = await member();
    await roster("2411", { online: true, players: [player(1, "2")] });
    const none = await load("2411", "?filter=enemies");
    expect(none.empty).toEqual({ title: "No enemies players found" });

    await roster("2411", { online: true, players: [], observedAt: Date.now() + 1000 });
    const empty = await load("2411");
    expect(empty.empty).toEqual({ title: "No players found", text: "No active players on server 2411" });
  });

  it("pages 25, 50 or 100 players (default 25)", async () => {
    const { roster, load } = await member();
    await roster("2573", { online: true, players: Array.from({ length: 60 }, (_, i) => player(i + 1, "0")) });
    const first = await load("2573");
    expect(first.size).toBe(25);
    expect(first.page).toMatchObject({ page: 1, pageCount: 3, total: 60, from: 1, to: 25 });
    const third = await load("2573", "?page=3");
    expect(third.page.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i));
    expect((await load("2573", "?size=50&page=2")).page).toMatchObject({ from: 51, to: 60, pageCount: 2 });
    expect((await load("2573", "?size=100")).page.rows).toHaveLength(60);
    expect((await load("2573", "?size=10")).size).toBe(25);
  });

  it("shows an offline server with its reason, and a server never heard from", async () => {
    const { roster, load } = await member();
    await roster("2446", { online: false, players: [], errorDetails: "Missing from the official server list" });
    const offline = await load("2446");
    expect(offline.state).toMatchObject({
      online: false,
      errorDetails: "Missing from the official server list",
      playerCount: 0,
    });
    expect(offline.empty).toEqual({
      title: "Server Offline",
      text: "Server is currently offline or unreachable",
      detail: "Missing from the official server list",
    });

    const never = await load("2573");
    expect(never.state).toMatchObject({ online: false, lastUpdated: null, errorDetails: "No data received yet" });
    expect(never.empty?.title).toBe("Server Offline");
  });

  it("counts 2446's trackable players (the classified ones) for its Player Summary", async () => {
    const { roster, load } = await member();
    await roster("2446", { online: true, players: MIXED });
    const data = await load("2446");
    expect(data.trackable).toBe(6); // all but the unknown and the raw code
  });
});

describe("the join, leave and activity tabs", () => {
  it("derives joins and leaves from rosters and shows them with their card", async () => {
    const { roster, load } = await member();
    const t0 = Date.now() - 10 * MINUTE;
    await roster("2411", { online: true, players: [player(1, "2", { tribe: "GC" }), player(2, "-1")], observedAt: t0 });
    await roster("2411", { online: true, players: [player(2, "-1"), player(3, "1")], observedAt: t0 + MINUTE });

    const joins = await load("2411", "?tab=joinlog");
    expect(joins.tab).toBe("joinlog");
    // Newest first; the two joins of the first roster tie on time, the later row first.
    expect(joins.page.rows.map((r) => r.displayName)).toEqual(["Survivor3", "Survivor2", "Survivor1"]);
    expect(joins.card).toMatchObject({
      title: "TheCenter Joinlog Activity",
      label: "NA-PVP-TheCenter2411",
      recent: 3,
      total: 3,
    });
    expect(joins.counts).toEqual({ tribemembers: 1, friendlys: 1, neutral: 0, enemies: 1, unknowns: 0 });
    expect(joins.page.rows.every((r) => r.time && /\d{4}/.test(r.time))).toBe(true);
    // Row keys combine the EOS id with the time.
    expect(joins.page.rows[0].key).toContain(joins.page.rows[0].eosId);

    const leaves = await load("2411", "?tab=leavelog");
    expect(leaves.page.rows.map((r) => r.displayName)).toEqual(["Survivor1"]);
    expect(leaves.card).toMatchObject({ title: "TheCenter Leavelog Activity", recent: 1, total: 1 });
    expect(leaves.card!.lastUpdated).toBe(t0 + MINUTE);

    const filtered = await load("2411", "?tab=leavelog&filter=enemies");
    expect(filtered.empty).toEqual({
      title: "No entries match the current filter",
      text: "Try adjusting your filter criteria",
    });
  });

  it("uses 2573's own empty texts and labels", async () => {
    const { load, events } = await member();
    const joins = await load("2573", "?tab=joinlog");
    expect(joins.empty).toEqual({ title: "No joinlog entries found" });
    // Each card names its own server (ADR 068: the old 2573 screens said TheCenter2573 and Aberration2573).
    expect(joins.card?.label).toBe("NA-PVP-Astraeos2573");
    const leaves = await load("2573", "?tab=leavelog");
    expect(leaves.empty).toEqual({
      title: "No leavelog entries found",
      text: "No recent leave activity on server 2573",
    });
    expect(leaves.card?.label).toBe("NA-PVP-Astraeos2573");

    await events("2573", [{ eventType: "join", eosId: eos(9), status: "1", eventTime: Date.now() - MINUTE }]);
    const none = await load("2573", "?tab=joinlog&filter=enemies");
    expect(none.empty).toEqual({ title: "No enemies entries found" });
  });

  it("says which list is empty on 2411 and 2446", async () => {
    const { load } = await member();
    expect((await load("2411", "?tab=joinlog")).empty).toEqual({ title: "No joinlog data found" });
    expect((await load("2446", "?tab=leavelog")).empty).toEqual({ title: "No leavelog data found" });
    for (const [tab, noun] of [
      ["tribemembers", "tribemembers"],
      ["unknowns", "unknowns"],
      ["enemys", "enemies"],
      ["friendlys", "friendlys"],
    ]) {
      expect((await load("2446", `?tab=${tab}`)).empty).toEqual({ title: `No ${noun} data found` });
    }
  });

  it("shows the enemies' joins red and leaves green, filters joins or leaves, and links Steam profiles", async () => {
    const { events, load } = await member();
    const at = Date.now() - 30 * MINUTE;
    await events("2411", [
      {
        eventType: "join",
        eosId: eos(5),
        status: "-2",
        tribe: "RAID",
        eventTime: at,
        steamProfileLink: "https://steamcommunity.com/profiles/76561198000000005",
      },
      { eventType: "leave", eosId: eos(5), status: "-2", tribe: "RAID", eventTime: at + 5 * MINUTE },
      { eventType: "join", eosId: eos(6), status: "1", eventTime: at + 6 * MINUTE },
    ]);
    const data = await load("2411", "?tab=enemys");
    expect(data.card).toMatchObject({ title: "TheCenter Enemies Activity", total: 2 });
    expect(data.counts).toEqual({ joins: 1, leaves: 1 });
    const byType = Object.fromEntries(data.page.rows.map((r) => [r.eventType, r]));
    expect(byType.join.eventTone).toBe("red");
    expect(byType.leave.eventTone).toBe("green");
    expect(byType.join.steamProfileLink).toBe("https://steamcommunity.com/profiles/76561198000000005");

    const joins = await load("2411", "?tab=enemys&filter=joins");
    expect(joins.page.rows.map((r) => r.eventType)).toEqual(["join"]);
    // Status filters do not apply to the activity tabs.
    expect((await load("2411", "?tab=enemys&filter=enemies")).filter).toBeNull();

    const friends = await load("2411", "?tab=friendlys");
    expect(friends.card?.label).toBe("NA-PVP-TheCenter2411");
    expect(friends.page.rows[0].eventTone).toBe("blue");
  });

  it("formats times in the viewer's time zone", async () => {
    const { browser, events, load } = await member();
    const at = Date.now() - 2 * MINUTE;
    const launch = new Date(Date.now() - 3 * 3600_000).toISOString();
    await events("2411", [{ eventType: "join", eosId: eos(2), status: "2", eventTime: at, lastArkLaunch: launch }]);
    browser.cookies.set("tz", "America%2FNew_York");
    const row = (await load("2411", "?tab=joinlog")).page.rows[0];
    const ny = (ms: number) =>
      new Intl.DateTimeFormat("en-US", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "America/New_York",
      }).format(ms);
    expect(row.time).toBe(ny(at));
    expect(row.lastArkLaunch).toBe(ny(Date.parse(launch)));
    expect(row.time).not.toBe(
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at),
    );
  });
});
