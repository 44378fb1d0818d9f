// The server stats pages' loader and action, through the Worker as a browser (or a fetcher) calls them, over data
// ingested through the host API: tabs, status classes, counts, filters, paging, empty states, Manual Refresh.
import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { TEXTS } from "#app/routes/server-stats-page/servers";
import { emptyState, loadError } from "#app/routes/server-stats-page/stats.server";
import { failureReason, HostError } from "#app/host/client.server";
import { dataPath, FETCHER_FIELDS, memberWithToken, ORIGIN, routeOutboundToSelf, toastOf } from "./helpers";
import { eos } from "./cron-fixtures";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["server_status", "rosters", "server_events", "server_snapshots", "audit_log", "api_tokens"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
});
afterEach(() => outbound.mockRestore());

const MINUTE = 60_000;

type Row = {
  key: string;
  id: number;
  eosId: string;
  displayName: string | null;
  name: string | null;
  status: string;
  statusLabel: string;
  statusTone: string;
  tribe: string | null;
  platform: string;
  platformLabel: string;
  time: string | null;
  eventType: string | null;
  eventTone: string | null;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
};
type Data = {
  server: { id: string; title: string; mapName: string };
  tab: string;
  hasTabParam: boolean;
  filter: string | null;
  size: number;
  counts: Record<string, number>;
  trackable: number;
  state: {
    online: boolean;
    errorDetails: string | null;
    lastUpdated: number | null;
    mapName: string;
    playerCount: number;
    maxPlayers: number;
  } | null;
  card: { title: string; label: string; recent: number | null; total: number; lastUpdated: number | null } | null;
  page: { rows: Row[]; page: number; pageCount: number; total: number; from: number; to: number };
  empty: { title: string; text?: string; detail?: string | null } | null;
  error: { title: string; message: string } | null;
};

async function member() {
  const { browser, token } = await memberWithToken();
  const ingest = async (path: string, body: unknown) => {
    const r = await SELF.fetch(new URL(path, ORIGIN), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return r.json();
  };
  const roster = (server: string, body: Record<string, unknown>) =>
    ingest(`/api/ingest/servers/${server}/roster`, body);
  const events = (server: string, list: Record<string, unknown>[]) =>
    ingest(`/api/ingest/servers/${server}/events`, { events: list });
  async function load(server: string, search = "") {
    const res = await browser.fetch(dataPath(`/dashboard/server-stats-${server}${search}`, `server-stats-${server}`));
    expect(res.status).toBe(200);
    return res.json<Data>();
  }
  return { browser, roster, events, load };
}

const player = (n: number, status: string, extra: Record<string, unknown> = {}) => ({
  eosId: eos(n),
  displayName: `Survivor${n}`,
  name: `Member${n}`,
  status,
  tribe: "",
  platform: "xbl",
  ...extra,
});

/** One of each status class, a tribe-GC player with a neutral code, and a raw code. */
const MIXED = [
  player(1, "2", { tribe: "GC", platform: "steam" }),
  player(2, "0", { tribe: "GC", platform: "psn" }),
  player(3, "1", { platform: "epic" }),
  player(4, "0", { platform: "" }),
  player(5, "-1", { tribe: "RAID" }),
  player(6, "-3", { tribe: "RAID" }),
  player(7, "unknown"),
  player(8, "7"),
];

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

describe("the remembered tab", () => {
  it("is kept in a per-server cookie, restored only when valid, and defaults to the playerlist", async () => {
    const { browser, load } = await member();
    expect((await load("2446")).tab).toBe("playerlist");
    const chosen = await load("2446", "?tab=enemys");
    expect(chosen).toMatchObject({ tab: "enemys", hasTabParam: true });
    expect(browser.cookies.get("server_stats_2446_active_tab")).toBe("enemys");
    expect(await load("2446")).toMatchObject({ tab: "enemys", hasTabParam: false });
    // Another server keeps its own.
    expect((await load("2411")).tab).toBe("playerlist");
    browser.cookies.set("server_stats_2446_active_tab", "enemies");
    expect((await load("2446")).tab).toBe("playerlist");
    expect((await load("2446", "?tab=bogus")).tab).toBe("playerlist");
  });
});

describe("pages that do not exist", () => {
  it("answers 404 for any other server id", async () => {
    const { browser } = await member();
    expect((await browser.fetch("/dashboard/server-stats-9999")).status).toBe(404);
    expect((await browser.fetch("/dashboard/server-stats-2411")).status).toBe(200);
  });

  it("sends a visitor without a session to sign in", async () => {
    for (const path of [
      "/dashboard/server-stats-2411",
      "/dashboard/server-stats-2573",
      "/dashboard/server-stats-2446",
      "/dashboard/server-stats",
    ]) {
      const res = await SELF.fetch(new URL(path, ORIGIN), { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toContain("/login");
    }
  });

  it("serves each server's page from the one route module, titled by the server in its URL", async () => {
    const { browser } = await member();
    for (const id of ["2411", "2573", "2446"]) {
      const html = await (await browser.fetch(`/dashboard/server-stats-${id}`)).text();
      expect(html).toContain(`<title>${id} Server Stats · ARK Tribe Dashboard</title>`);
      expect(html).toContain(`data-server="${id}"`);
    }
    const generic = await browser.fetch("/dashboard/server-stats?tab=2573");
    expect(generic.status).toBe(200);
    expect(await generic.text()).toContain("<title>Server Stats · ARK Tribe Dashboard</title>");
  });
});

describe("Manual Refresh", () => {
  it("without JavaScript, redirects back to the same view with the spec's success toast", async () => {
    const { browser, roster, load } = await member();
    await roster("2411", { online: true, players: MIXED, observedAt: Date.now() - 5 * MINUTE });
    const before = (await load("2411")).state!.lastUpdated!;
    const res = await browser.post("/dashboard/server-stats-2411", {
      intent: "refresh",
      redirectTo: "/dashboard/server-stats-2411?filter=enemies&size=50",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/server-stats-2411?filter=enemies&size=50");
    expect(await toastOf(browser)).toEqual({
      type: "success",
      message: "Manual refresh triggered! Server data will be updated shortly.",
    });
    // With collectors the only source, a refresh has nothing to read again: the status and its time stay the
    // collector's.
    expect((await load("2411")).state!.lastUpdated!).toBe(before);
  });

  it("answers a fetcher with JSON, and never redirects off the page", async () => {
    const { browser } = await member();
    const res = await browser.post(dataPath("/dashboard/server-stats-2573", "server-stats-2573"), {
      intent: "refresh",
      ...FETCHER_FIELDS,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      toast: { type: "success", message: "Manual refresh triggered! Server data will be updated shortly." },
    });

    const away = await browser.post("/dashboard/server-stats-2573", {
      intent: "refresh",
      redirectTo: "https://evil.example/x",
    });
    expect(away.headers.get("Location")).toBe("/dashboard/server-stats-2573");
  });
});

describe("empty states and labels", () => {
  it("covers every text", () => {
    const base = { filter: null, total: 0, shown: 0 } as const;
    expect(emptyState({ ...base, id: "2411", tab: "playerlist", state: null })).toEqual({
      title: "No players found",
      text: "No active players on server 2411",
    });
    expect(emptyState({ ...base, id: "2411", tab: "unknowns" })).toEqual({ title: "No unknowns data found" });
    expect(emptyState({ ...base, id: "2573", tab: "friendlys", filter: "joins", total: 3 })).toEqual({
      title: "No joins entries found",
    });
    expect(emptyState({ ...base, id: "2446", tab: "tribemembers", filter: "leaves", total: 3 })).toEqual({
      title: "No entries match the current filter",
      text: "Try adjusting your filter criteria",
    });
    expect(emptyState({ ...base, id: "2411", tab: "joinlog", total: 4, shown: 4 })).toBeNull();
  });

  it("names what failed in the error box and the refresh failure", () => {
    expect(loadError("playerlist", new HostError(500, null))).toEqual({
      title: "Error loading player data",
      message: "Failed to fetch player data",
      detail: "HTTP 500: Internal Server Error",
    });
    expect(loadError("enemys", new HostError(503, { message: "The host is unreachable." }))).toEqual({
      title: "Error loading enemies data",
      message: "Failed to fetch enemies data",
      detail: "The host is unreachable.",
    });
    expect(loadError("joinlog", new Error("network down")).title).toBe("Error loading joinlog data");
    expect(TEXTS.refreshFailed(failureReason(new HostError(502, {})))).toBe(
      "Failed to trigger manual refresh: HTTP 502: Bad Gateway",
    );
    expect(TEXTS.refreshFailed(failureReason(new HostError(404, { error: "not_found" })))).toBe(
      "Failed to trigger manual refresh: not_found",
    );
  });
});
