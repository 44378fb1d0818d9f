// Weekly Members read a page at a time (GET /api/weeklymembers/search): the tab split by the stored flag, the
// whole list's order, paging, the counts, the search over every stored field the page shows (badge and platform words
// included) with the same answers as the whole list searched the page's way; and the page's loader, which reads one page
// from the host, or the whole list from an older host (404) and pages it itself. Members are written straight into D1,
// so each test says exactly what is stored; the session is opened directly, so no Remix build is needed.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getLoadContext } from "#app/load-context";
import { ACTIVITY, type Tab } from "#app/routes/_shell.dashboard.weekly-members/weekly-members";
import {
  activityOf,
  loadWeeklyMembers,
  weeklyRow,
  type WeeklyMember,
} from "#app/routes/_shell.dashboard.weekly-members/weekly-members.server";
import { matches } from "#app/utils/table";
import { callInProcess } from "#worker/api";
import { getConfig } from "#worker/platform/config";
import { FULL_ACCESS } from "#contract/access";
import { createSession, sessionCaller, type SessionState } from "#worker/platform/session";
import { services } from "#worker/platform/services";
import { envWith, eos } from "./cron-fixtures";
import { MEMBER, ORIGIN } from "./helpers";

beforeEach(async () => {
  await env.DB.batch(["weekly_members", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => vi.restoreAllMocks());

const T0 = Date.UTC(2026, 4, 10, 12, 30);
const HOUR = 3600_000;

type Seed = {
  n: number;
  active: boolean;
  eventType?: "active" | "inactive";
  time?: number | null;
  name?: string | null;
  display?: string | null;
  tribe?: string | null;
  member?: boolean;
  platform?: string | null;
  launch?: string | null;
};

/** Writes members as stored rows (eventType follows the flag unless given). */
async function seed(members: Seed[]) {
  await env.DB.batch(
    members.map((m) =>
      env.DB.prepare(
        `insert into weekly_members (eos_id, display_name, member_name, is_active_this_week, is_tribe_member, tribe, platform,
           event_type, event_time, last_ark_launch, steam_profile_link, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?)`,
      ).bind(
        eos(m.n),
        m.display === undefined ? `Survivor${m.n}` : m.display,
        m.name === undefined ? `Member${m.n}` : m.name,
        m.active ? 1 : 0,
        m.member ? 1 : 0,
        m.tribe === undefined ? "GC" : m.tribe,
        m.platform === undefined ? "steam" : m.platform,
        m.eventType ?? (m.active ? "active" : "inactive"),
        m.time === undefined ? T0 : m.time,
        m.launch === undefined ? "2026-05-01T18:00:00.000Z" : m.launch,
        T0,
      ),
    ),
  );
}

const PLATFORMS = ["steam", "xbl", "XBOX", "psn", "PlayStation", "epic", "Nintendo", "stadia", null, "", "  ", "Steam"];
const TRIBES = ["GC", "ALPHA", null, "100%_Tamers", "gc"];
const NAMES = ["rex Rider", "Rex rider", "alpha", "Beta", "beta", "Zed", "100%_Tamer", null];

/** 48 members with every kind of stored value: flags that disagree with eventType, equal times and names, nulls. */
const varied = (): Seed[] =>
  Array.from({ length: 48 }, (_, i) => {
    const n = i + 1;
    const active = n % 3 !== 0;
    return {
      n,
      active,
      // The flag decides the tab, as the page's activityOf reads it first.
      eventType: n % 11 === 0 ? (active ? "inactive" : "active") : undefined,
      time: n % 7 === 0 ? null : T0 - (n % 5) * HOUR,
      name: NAMES[n % NAMES.length],
      display: n % 6 === 0 ? null : `Survivor${n}`,
      member: n % 2 === 0,
      tribe: TRIBES[n % TRIBES.length],
      platform: PLATFORMS[n % PLATFORMS.length],
    };
  });

/** A signed-in browser's cookie, from a session opened directly (the sign-in pages are Remix routes). */
async function sessionCookie() {
  const setCookie = await createSession(new Request(ORIGIN), env, getConfig(env), {
    id: MEMBER,
    username: "rexrider",
    globalName: "Rex Rider",
    avatar: null,
    roles: [],
  });
  return setCookie.split(";")[0];
}

type Counts = { total: number; active: number; inactive: number };
type Answer = { rows: WeeklyMember[]; total: number; page: number; pageCount: number; size: number; counts: Counts };

async function api() {
  const cookie = await sessionCookie();
  const get = async <T = Answer>(path: string) => {
    const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
    return { status: res.status, body: await res.json<T>() };
  };
  const search = async (query: string) => {
    const { status, body } = await get(`/api/weeklymembers/search?${query}`);
    expect(status, query).toBe(200);
    return body;
  };
  const whole = async () => (await get<WeeklyMember[]>("/api/weeklymembers")).body;
  return { get, search, whole };
}

/** The page's search over the stored fields it shows (not the formatted times), and the stored platform as the host has. */
const STORED_FIELDS = [
  (r: ReturnType<typeof weeklyRow>) => r.eosId,
  (r: ReturnType<typeof weeklyRow>) => r.displayName,
  (r: ReturnType<typeof weeklyRow>) => r.name,
  (r: ReturnType<typeof weeklyRow>) => r.statusLabel,
  (r: ReturnType<typeof weeklyRow>) => r.tribe,
  (r: ReturnType<typeof weeklyRow>) => r.platformLabel,
  (r: ReturnType<typeof weeklyRow>) => ACTIVITY[r.activity].label,
];

/** The whole list split, searched and paged the page's way (before issue 11). */
function expected(all: WeeklyMember[], tab: Tab, q: string, page: number, size: number): Answer {
  const counts = { total: all.length, active: 0, inactive: 0 };
  for (const m of all) counts[activityOf(m)]++;
  const found = all
    .filter((m) => activityOf(m) === tab)
    .filter((m, i) => matches(weeklyRow(m, i, "UTC"), q, STORED_FIELDS) || matches(m, q, ["platform"]));
  const pageCount = Math.max(1, Math.ceil(found.length / size));
  const current = Math.min(page, pageCount);
  return {
    rows: found.slice((current - 1) * size, current * size),
    total: found.length,
    page: current,
    pageCount,
    size,
    counts,
  };
}

describe("GET /api/weeklymembers/search", () => {
  it("splits the tabs by the stored flag, in the whole list's order, with the whole list's counts", async () => {
    const { search, whole } = await api();
    await seed([
      { n: 1, active: true, time: T0, name: "beta" },
      { n: 2, active: true, time: T0 + HOUR },
      { n: 3, active: true, time: null, name: "Alpha" },
      { n: 4, active: true, time: T0, name: "Alpha" },
      { n: 5, active: true, time: T0, name: "alpha" },
      // The flag wins over eventType.
      { n: 6, active: true, eventType: "inactive", time: T0 - HOUR },
      { n: 7, active: false, eventType: "active", time: T0 },
      { n: 8, active: false, time: null, name: null, display: null },
      { n: 9, active: false, time: T0 + 2 * HOUR },
    ]);
    const active = await search("tab=active");
    // Latest first, none last; then the name without case; equal names (alpha, Alpha) by EOS id.
    expect(active.rows.map((r) => r.eosId)).toEqual([eos(2), eos(4), eos(5), eos(1), eos(6), eos(3)]);
    expect(active).toMatchObject({
      total: 6,
      page: 1,
      pageCount: 1,
      size: 25,
      counts: { total: 9, active: 6, inactive: 3 },
    });
    const inactive = await search("tab=inactive");
    expect(inactive.rows.map((r) => r.eosId)).toEqual([eos(9), eos(7), eos(8)]);
    expect(inactive.counts).toEqual({ total: 9, active: 6, inactive: 3 });
    expect((await search("")).rows.map((r) => r.eosId)).toEqual(active.rows.map((r) => r.eosId));
    // The rows are the whole list's, in its order.
    expect([...active.rows, ...inactive.rows]).toEqual(await whole());
  });

  it("pages with limit and offset: total, pageCount, and a page past the end answered as the last", async () => {
    const { search } = await api();
    await seed(Array.from({ length: 60 }, (_, i) => ({ n: i + 1, active: i < 55, time: T0 - i * 60_000 })));
    const first = await search("tab=active&size=25");
    expect(first).toMatchObject({ total: 55, page: 1, pageCount: 3, size: 25 });
    expect(first.rows.map((r) => r.eosId)).toEqual(Array.from({ length: 25 }, (_, i) => eos(i + 1)));
    const third = await search("tab=active&size=25&page=3");
    expect(third.rows.map((r) => r.eosId)).toEqual(Array.from({ length: 5 }, (_, i) => eos(51 + i)));
    expect(await search("tab=active&size=25&page=99")).toEqual(third);
    expect((await search("tab=inactive&size=2&page=3")).rows.map((r) => r.eosId)).toEqual([eos(60)]);
    expect(await search("tab=inactive&q=nobody")).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageCount: 1,
      size: 25,
      counts: { total: 60, active: 55, inactive: 5 },
    });
  });

  it("searches each shown stored field: ids, names, tribe, platform as stored and shown, Status and Event Type", async () => {
    const { search } = await api();
    const members: Seed[] = [
      { n: 1, active: true, name: "Rex Rider", display: "RexR", tribe: "GC", member: true, platform: "steam" },
      { n: 2, active: true, name: "Spino", display: "Spiny", tribe: "ALPHA", member: false, platform: "xbl" },
      { n: 3, active: true, name: "Owl", display: null, tribe: null, member: false, platform: "XBOX" },
      { n: 4, active: true, name: "Giga", display: "100%_Giga", tribe: "ALPHA", member: true, platform: "psn" },
      { n: 5, active: true, name: "Bronto", tribe: "gc", member: false, platform: null },
      { n: 6, active: true, name: "Yuty", tribe: " GC ", member: false, platform: "  " },
      { n: 7, active: true, name: "Stego", tribe: "RAID", member: false, platform: "stadia" },
      { n: 8, active: false, name: "Rex Offline", tribe: "GC", member: true, platform: "Nintendo" },
    ];
    // Listed in the order of n (latest first).
    await seed(members.map((m) => ({ ...m, time: T0 - m.n * 60_000 })));
    const found = async (q: string, tab: Tab = "active") =>
      (await search(`tab=${tab}&q=${encodeURIComponent(q)}`)).rows.map((r) => Number.parseInt(r.eosId!, 16));
    expect(await found(eos(4).slice(-3))).toEqual([4]);
    expect(await found("REX")).toEqual([1]);
    expect(await found("spiny")).toEqual([2]);
    expect(await found("100%_")).toEqual([4]);
    expect(await found("%")).toEqual([4]);
    expect(await found("alpha")).toEqual([2, 4]);
    expect(await found("raid")).toEqual([7]);
    // The platform's shown name and its stored value: Xbox is xbl and XBOX; '-' is no platform (blank or null).
    expect(await found("xbox")).toEqual([2, 3]);
    expect(await found("xbl")).toEqual([2]);
    expect(await found("station")).toEqual([4]);
    expect(await found("psn")).toEqual([4]);
    expect(await found("Stadia")).toEqual([7]);
    expect(await found("-")).toEqual([5, 6]);
    expect(await found("nintendo", "inactive")).toEqual([8]);
    // Status: Tribemember for the flag or the tribe GC (as written, spaces aside), else Unknown.
    expect(await found("tribemember")).toEqual([1, 4, 6]);
    expect(await found("UNKNOWN")).toEqual([2, 3, 5, 7]);
    // Event Type: the tab's own word finds the whole tab.
    expect(await found("active")).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await found("inactive")).toEqual([]);
    expect(await found("inactive", "inactive")).toEqual([8]);
    // Formatted times are not searched (ADR 020); the stored ISO text is not shown, so it does not match either.
    expect(await found("2026")).toEqual([]);
  });

  it("answers what the whole list gives when searched and paged the page's way, for every query and page", async () => {
    const { search, whole } = await api();
    await seed(varied());
    const all = await whole();
    const queries = [
      "",
      "rex",
      "REX RIDER",
      " rex ",
      "survivor1",
      "survivor4",
      "alpha",
      "beta",
      "gc",
      "GC",
      "100%_t",
      "%",
      "_",
      "steam",
      "xbox",
      "box",
      "xbl",
      "station",
      "psn",
      "nintendo",
      "stadia",
      "epic",
      "-",
      "tribemember",
      "member",
      "unknown",
      "UNK",
      "active",
      "inactive",
      "ive",
      "in",
      "e",
      eos(5).slice(-5),
      "0000",
      "nobody",
    ];
    // Every query on one page of 100 (the whole tab), and some of them a page at a time (past the end too).
    const pages = (q: string) =>
      ["", "rex", "xbox", "-", "unknown", "e"].includes(q)
        ? [
            [100, 1],
            [7, 2],
            [7, 4],
            [5, 99],
          ]
        : [[100, 1]];
    for (const tab of ["active", "inactive"] as const) {
      for (const q of queries) {
        for (const [size, page] of pages(q)) {
          const query = `tab=${tab}&q=${encodeURIComponent(q)}&size=${size}&page=${page}`;
          expect(await search(query), query).toEqual(expected(all, tab, q, page, size));
        }
      }
    }
  }, 30_000);

  it("refuses bad input by name, and answers nobody without a session", async () => {
    const { get } = await api();
    const refused = async (query: string) => {
      const res = await get<{ error: string; field: string; message: string }>(`/api/weeklymembers/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error).toBe("validation");
      return res.body;
    };
    expect(await refused("tab=everyone")).toMatchObject({ field: "tab", message: "tab: must be active or inactive" });
    expect(await refused("size=101")).toMatchObject({ field: "size", message: "size: must be at most 100" });
    expect((await refused("size=0")).field).toBe("size");
    expect(await refused("page=0")).toMatchObject({ field: "page", message: "page: must be 1 or more" });
    expect(await refused("page=two")).toMatchObject({ field: "page", message: "page: must be a whole number" });
    expect(await refused("size=abc")).toMatchObject({ field: "size", message: "size: must be a whole number" });
    expect((await refused(`q=${"x".repeat(201)}`)).field).toBe("q");
    expect((await get("/api/weeklymembers/search?tab=&page=&size=")).status).toBe(200);
    const anonymous = await SELF.fetch(`${ORIGIN}/api/weeklymembers/search`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "unauthorized" });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The page's loader, called as Remix calls it (the Worker builds the same context), without a build.

const AUTH: SessionState = {
  status: "ok",
  sessionId: "test-session",
  user: { id: MEMBER, username: "rexrider", displayName: "Rex Rider", avatar: null },
  access: FULL_ACCESS,
};

/** The loader's data for a page URL, with the in-process host or an external one (`settings` with HOST_URL). */
async function load(search: string, settings: Record<string, string> = {}) {
  const e = envWith(settings);
  const ctx = createExecutionContext();
  const context = getLoadContext({
    env: e,
    ctx,
    config: getConfig(e),
    auth: AUTH,
    origin: ORIGIN,
    nonce: "test-nonce",
    api: async (request) => callInProcess(request, sessionCaller(AUTH)!, e, ctx),
    publish: async () => undefined,
    services,
  });
  const res = await loadWeeklyMembers(new Request(`${ORIGIN}/dashboard/weekly-members${search}`), context);
  return (await res.json()) as SerializeFrom<typeof loadWeeklyMembers>;
}

/** An external host (HOST_URL) answering as `answer` says; any other outbound call fails the test. */
function externalHost(answer: (url: URL) => Response | Promise<Response>, settings: Record<string, string> = {}) {
  const url = `https://weekly-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.test`;
  const asked: string[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const target = new URL(new Request(input as RequestInfo, init).url);
    if (target.origin !== url) throw new Error(`unexpected outbound fetch: ${target}`);
    asked.push(target.pathname);
    return answer(target);
  });
  onTestFinished(() => spy.mockRestore());
  return { asked, settings: { HOST_URL: url, HOST_TOKEN: "service-token", HOST_TIMEOUT_MS: "300", ...settings } };
}

describe("the Weekly Members loader", () => {
  it("shows one page from the host, numbering the rows across pages, with the counts and the empty texts", async () => {
    await seed(Array.from({ length: 60 }, (_, i) => ({ n: i + 1, active: i < 55, time: T0 - i * 60_000 })));
    const second = await load("?tab=active&page=2");
    expect(second).toMatchObject({
      tab: "active",
      q: "",
      size: 25,
      view: 55,
      error: null,
      empty: null,
      staleAsOf: null,
    });
    expect(second.counts).toEqual({ total: 60, active: 55, inactive: 5 });
    expect(second.page).toMatchObject({ page: 2, pageCount: 3, total: 55, from: 26, to: 50 });
    expect(second.page.rows.map((r) => [r.id, r.eosId])).toEqual(
      Array.from({ length: 25 }, (_, i) => [26 + i, eos(26 + i)]),
    );
    expect(second.page.rows[0]).toMatchObject({
      statusLabel: "Tribemember",
      platformLabel: "Steam",
      activity: "active",
      time: "May 10, 2026, 12:05 PM",
    });
    const found = await load("?tab=active&q=survivor5&size=50");
    // survivor5 and survivor50 to survivor55, numbered from 1 in the tab's order.
    expect(found.page.rows.map((r) => [r.id, r.eosId])).toEqual(
      [5, 50, 51, 52, 53, 54, 55].map((n, i) => [i + 1, eos(n)]),
    );
    expect(found.view).toBe(7);
    expect((await load("?tab=inactive&page=-3")).page.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await load("?tab=active&q=zzz")).empty).toBe('No active members match "zzz"');
    await env.DB.prepare("delete from weekly_members where is_active_this_week = 0").run();
    expect((await load("?tab=inactive")).empty).toBe("No inactive members found");
    expect((await load("?tab=inactive&q=zzz")).empty).toBe("No inactive members found");
    await env.DB.prepare("delete from weekly_members").run();
    expect((await load("?tab=active")).empty).toBe("No weekly members data found");
  });

  it("in front of an older host without the search (404), pages the whole list itself, formatted times searched too", async () => {
    const members = varied();
    await seed(members);
    const current = await load("?tab=inactive&q=alpha&size=50");
    const all = (await SELF.fetch(`${ORIGIN}/api/weeklymembers`, { headers: { Cookie: await sessionCookie() } }).then(
      (r) => r.json(),
    )) as WeeklyMember[];
    const host = externalHost((url) =>
      url.pathname === "/api/weeklymembers"
        ? Response.json(all)
        : Response.json({ error: "not_found" }, { status: 404 }),
    );
    const older = await load("?tab=inactive&q=alpha&size=50", host.settings);
    expect(older.page).toEqual(current.page);
    expect(older.counts).toEqual(current.counts);
    // The weekly collector's last report is asked too; an older host has none, and the page goes without.
    expect(host.asked).toEqual(["/api/sources", "/api/weeklymembers/search", "/api/weeklymembers"]);
    // The whole list is searched the page's way, Event Time as shown included.
    const byTime = await load("?tab=active&q=11:30 AM", host.settings);
    expect(byTime.page.total).toBeGreaterThan(0);
    expect(byTime.page.rows.every((r) => r.time === "May 10, 2026, 11:30 AM")).toBe(true);
  });

  it("marks a failing host's last good page stale, and says why when nothing was ever read", async () => {
    await seed([{ n: 1, active: true, name: "StaleMarker" }]);
    const cookie = await sessionCookie();
    let up = true;
    const host = externalHost(
      async (url) =>
        up
          ? SELF.fetch(`${ORIGIN}${url.pathname}${url.search}`, { headers: { Cookie: cookie } })
          : Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 }),
      { HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" },
    );
    expect((await load("?tab=active", host.settings)).staleAsOf).toBeNull();
    up = false;
    const stale = await load("?tab=active", host.settings);
    expect(stale.staleAsOf).toEqual(expect.any(Number));
    expect(stale.page.rows.map((r) => r.name)).toEqual(["StaleMarker"]);
    expect(stale).toMatchObject({ error: null, counts: { total: 1, active: 1, inactive: 0 } });

    const down = externalHost(() =>
      Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 }),
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = await load("?tab=active", down.settings);
    expect(logged).toHaveBeenCalledWith("weekly members: load failed", expect.anything());
    expect(failed.error).toEqual({ title: "Error loading weekly members data", message: "Database is restarting" });
    expect(failed.empty).toBeNull();
    expect(failed.page.total).toBe(0);
  });
});
