// The Weekly Members page's loader and action inside workerd, through the Worker as a browser (or a fetcher) reaches
// them, over members ingested through the host API: tabs, the remembered tab, search, paging, row numbers, counts, the
// empty and error states, and Refresh Data with its toasts.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eos, externalHost, withServerTables } from "./cron-fixtures";
import { Browser, dataPath, FETCHER_FIELDS, location, memberWithToken, ORIGIN, pageFetch, toastOf } from "./helpers";
import { ACTIVITY_HEADERS } from "#tests/expected-columns";

withServerTables();

const PAGE = "/dashboard/weekly-members";
const DAY = 24 * 3600 * 1000;

type Row = {
  key: string;
  id: number;
  eosId: string;
  displayName: string | null;
  name: string | null;
  statusLabel: string;
  statusTone: string;
  tribe: string | null;
  platform: string;
  platformLabel: string;
  activity: "active" | "inactive";
  time: string | null;
  lastArkLaunch: string | null;
  steamProfileLink: string | null;
};
type Data = {
  tab: "active" | "inactive";
  hasTabParam: boolean;
  q: string;
  size: number;
  counts: { total: number; active: number; inactive: number };
  view: number;
  error: { title: string; message: string } | null;
  empty: string | null;
  page: { rows: Row[]; page: number; pageCount: number; total: number; from: number; to: number };
};

const weekly = (n: number, extra: Record<string, unknown> = {}) => ({
  eosId: eos(n),
  displayName: `Survivor${n}`,
  memberName: `Member${n}`,
  tribe: "GC",
  platform: "steam",
  lastArkLaunch: "2026-05-01T18:00:00.000Z",
  steamProfileLink: `https://steamcommunity.com/profiles/7656119800000${String(n).padStart(4, "0")}`,
  ...extra,
});

async function member() {
  const { browser, token } = await memberWithToken();
  const ingest = async (path: string, body: unknown) => {
    const r = await pageFetch(new URL(path, ORIGIN), {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return r.json();
  };
  const members = (list: Record<string, unknown>[]) => ingest("/api/ingest/weekly-members", { members: list });
  async function load(search = "") {
    const res = await browser.fetch(dataPath(`${PAGE}${search}`));
    expect(res.status).toBe(200);
    return res.json<Data>();
  }
  return { browser, ingest, members, load };
}

describe("the Weekly Members loader", () => {
  it("asks for a signed-in user", async () => {
    const res = await new Browser().fetch(PAGE);
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
  });

  it("splits members into the active and inactive tabs, active by default, with the counts and the columns", async () => {
    const { load, members } = await member();
    const t = Date.UTC(2026, 4, 10, 12, 30);
    await members([
      weekly(1, { isActiveThisWeek: true, eventTime: t }),
      weekly(2, {
        isActiveThisWeek: true,
        eventTime: t + 60_000,
        platform: "xbl",
        tribe: "ALPHA",
        isTribeMember: false,
        steamProfileLink: null,
      }),
      weekly(3, { eventType: "inactive", platform: "Nintendo" }),
      weekly(4, { eventType: "inactive", platform: "epic", tribe: null, isTribeMember: false }),
      weekly(5, { eventType: "inactive", platform: "psn" }),
    ]);
    const active = await load();
    expect(active).toMatchObject({
      tab: "active",
      hasTabParam: false,
      q: "",
      size: 25,
      view: 2,
      error: null,
      empty: null,
    });
    expect(active.counts).toEqual({ total: 5, active: 2, inactive: 3 });
    // The host's order (latest activity first), numbered from 1.
    expect(active.page.rows.map((r) => [r.id, r.eosId])).toEqual([
      [1, eos(2)],
      [2, eos(1)],
    ]);
    expect(active.page.rows[1]).toMatchObject({
      displayName: "Survivor1",
      name: "Member1",
      statusLabel: "Tribemember",
      statusTone: "green",
      tribe: "GC",
      platform: "steam",
      platformLabel: "Steam",
      activity: "active",
      time: "May 10, 2026, 12:30 PM",
      lastArkLaunch: "May 1, 2026, 6:00 PM",
      steamProfileLink: "https://steamcommunity.com/profiles/76561198000000001",
    });
    // Not a tribemember and no status code kept by the API: Unknown, as on the server stats pages.
    expect(active.page.rows[0]).toMatchObject({
      statusLabel: "Unknown",
      platformLabel: "Xbox",
      platform: "xbl",
      steamProfileLink: null,
    });

    const inactive = await load("?tab=inactive");
    expect(inactive).toMatchObject({ tab: "inactive", hasTabParam: true, view: 3 });
    expect(inactive.page.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(inactive.page.rows.map((r) => r.activity)).toEqual(["inactive", "inactive", "inactive"]);
    expect(inactive.page.rows.map((r) => [r.platform, r.platformLabel])).toEqual([
      ["nintendo", "Nintendo"],
      ["epic", "Epic"],
      ["psn", "PlayStation"],
    ]);
    expect(inactive.page.rows.map((r) => r.time)).toEqual([null, null, null]);
  });

  it("remembers the tab in a cookie, and ignores an unknown one", async () => {
    const { browser, load, members } = await member();
    await members([weekly(1, { isActiveThisWeek: true })]);
    expect((await load("?tab=inactive")).tab).toBe("inactive");
    expect(browser.cookies.get("weekly_members_active_tab")).toBe("inactive");
    expect(await load()).toMatchObject({ tab: "inactive", hasTabParam: false });
    expect((await load("?tab=everyone")).tab).toBe("inactive");
    expect((await load("?tab=active")).tab).toBe("active");
    expect(await load()).toMatchObject({ tab: "active", hasTabParam: false });
  });

  it("searches the tab's shown columns case-insensitively and numbers the matches from 1", async () => {
    const { load, members } = await member();
    await members([
      weekly(1, { isActiveThisWeek: true, eventTime: 3000, memberName: "Rex Rider" }),
      weekly(2, { isActiveThisWeek: true, eventTime: 2000, platform: "epic" }),
      weekly(3, { isActiveThisWeek: true, eventTime: 1000, memberName: "Rexy", tribe: "RAIDERS" }),
      weekly(4, { eventType: "inactive", memberName: "Rex Offline" }),
    ]);
    const rex = await load("?q=REX");
    expect(rex.page.rows.map((r) => [r.id, r.name])).toEqual([
      [1, "Rex Rider"],
      [2, "Rexy"],
    ]);
    expect(rex).toMatchObject({ q: "REX", view: 2, empty: null });
    expect(rex.counts.total).toBe(4);
    expect((await load("?q=epic")).page.rows.map((r) => r.eosId)).toEqual([eos(2)]);
    expect((await load("?q=raiders")).page.rows.map((r) => r.eosId)).toEqual([eos(3)]);
    expect((await load(`?q=${eos(1).slice(-6)}`)).page.rows.map((r) => r.eosId)).toEqual([eos(1)]);
    expect((await load("?tab=inactive&q=rex")).page.rows.map((r) => [r.id, r.name])).toEqual([[1, "Rex Offline"]]);
  });

  it("pages 25, 50 or 100 members (default 25), numbering over the whole list", async () => {
    const { load, members } = await member();
    await members(
      Array.from({ length: 60 }, (_, i) => weekly(i + 1, { isActiveThisWeek: true, eventTime: 100_000 - i })),
    );
    const first = await load();
    expect(first.page).toMatchObject({ page: 1, pageCount: 3, total: 60, from: 1, to: 25 });
    const third = await load("?page=3");
    expect(third.page.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => 51 + i));
    expect(third.page.rows[0].eosId).toBe(eos(51));
    expect((await load("?size=50&page=2")).page).toMatchObject({ from: 51, to: 60, pageCount: 2 });
    expect((await load("?size=100")).page.rows).toHaveLength(60);
    expect((await load("?size=7")).size).toBe(25);
    expect((await load("?page=9")).page.page).toBe(3);
  });

  it("says what is empty: no data, an empty tab, or a search that found nobody", async () => {
    const { load, members } = await member();
    expect((await load()).empty).toBe("No weekly members data found");
    expect((await load("?tab=inactive")).empty).toBe("No weekly members data found");
    await members([weekly(1, { isActiveThisWeek: true })]);
    expect((await load("?tab=active")).empty).toBeNull();
    expect((await load("?tab=inactive")).empty).toBe("No inactive members found");
    expect((await load("?tab=inactive&q=zzz")).empty).toBe("No inactive members found");
    const none = await load("?tab=active&q=zzz");
    expect(none).toMatchObject({ empty: 'No active members match "zzz"', view: 0 });
    expect(none.page.total).toBe(0);
    await members([weekly(2, { eventType: "inactive" })]);
    expect((await load("?tab=inactive&q=nobody")).empty).toBe('No inactive members match "nobody"');
  });

  it("shows the error box with the host's message when the members cannot be read", async () => {
    const { browser } = await member();
    const host = externalHost("weekly-down", (_, url) => {
      if (url.pathname.startsWith("/api/weeklymembers"))
        return Response.json({ error: "maintenance", message: "Weekly members are being rebuilt" }, { status: 503 });
      throw new Error(`unexpected host call: ${url}`);
    })(browser);
    const res = await host.get(dataPath(PAGE));
    expect(res.status).toBe(200);
    const data = await res.json<Data>();
    expect(data.error).toEqual({
      title: "Error loading weekly members data",
      message: "Weekly members are being rebuilt",
    });
    expect(data.empty).toBeNull();
    expect(data.page.total).toBe(0);

    const html = await (await host.get(PAGE)).text();
    expect(html).toContain("Error loading weekly members data");
    expect(html).toContain("Weekly members are being rebuilt");
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/weekly-members"[^>]*>Retry<\/a>/);
  });

  it("renders the page without JavaScript: title, Refresh Data form, tabs, overview, table and Steam links", async () => {
    const { browser, members } = await member();
    await members([
      weekly(1, { isActiveThisWeek: true }),
      weekly(2, { isActiveThisWeek: true, steamProfileLink: null }),
    ]);
    const html = await (await browser.fetch(PAGE)).text();
    expect(html).toContain("<title>Weekly Members · ARK Tribe Dashboard</title>");
    expect(html).toMatch(/<form method="post" action="\/dashboard\/weekly-members"/);
    expect(html).toContain("Refresh Data");
    expect(html).toContain('placeholder="Search members..."');
    for (const text of ["Active Members", "Inactive Members", "Total Members", "Current View"])
      expect(html).toContain(text);
    // The page's columns in their order (a phone's cards list them by priority: app.css).
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual(ACTIVITY_HEADERS);
    expect(html).toContain(
      '<a href="https://steamcommunity.com/profiles/76561198000000001" target="_blank" rel="noopener noreferrer" class="steam-link">View Profile</a>',
    );
  });
});

describe("Refresh Data", () => {
  it("without JavaScript, recomputes the week on the host and comes back to the same view with its toast", async () => {
    const { browser, ingest, members, load } = await member();
    await members([weekly(1), weekly(2)]);
    await ingest("/api/ingest/servers/2411/events", {
      events: [{ eventType: "join", eosId: eos(1), status: "2", tribe: "GC", eventTime: Date.now() - DAY }],
    });
    expect((await load()).counts).toEqual({ total: 2, active: 0, inactive: 2 });

    const res = await browser.post(PAGE, { intent: "refresh", redirectTo: `${PAGE}?tab=inactive&q=surv&size=50` });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`${PAGE}?tab=inactive&q=surv&size=50`);
    expect(await toastOf(browser)).toEqual({
      type: "success",
      message: "Weekly members refreshed: 1 active, 1 inactive.",
    });
    const after = await load();
    expect(after.counts).toEqual({ total: 2, active: 1, inactive: 1 });
    expect(after.page.rows.map((r) => r.eosId)).toEqual([eos(1)]);
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where entity = 'weekly_members' and action = 'refresh'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it("answers a fetcher with JSON, and never redirects off the page", async () => {
    const { browser } = await member();
    const res = await browser.post(dataPath(PAGE), { intent: "refresh", ...FETCHER_FIELDS });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      toast: { type: "success", message: "Weekly members refreshed: 0 active, 0 inactive." },
    });
    const away = await browser.post(PAGE, { intent: "refresh", redirectTo: "https://evil.example/x" });
    expect(location(away)).toBe(PAGE);
    const unknown = await browser.post(dataPath(PAGE), { intent: "delete", ...FETCHER_FIELDS });
    expect(unknown.status).toBe(400);
  });

  it("tells the user when the host refuses, to a fetcher and to a form", async () => {
    const { browser } = await member();
    const calls: string[] = [];
    const { post } = externalHost("weekly-refuses", (request, url) => {
      calls.push(`${request.method} ${url.pathname} ${request.headers.get("Authorization")}`);
      if (url.pathname === "/api/weeklymembers-refresh")
        return Response.json({ error: "Refresh already running" }, { status: 409 });
      throw new Error(`unexpected host call: ${url}`);
    })(browser);

    const fetched = await post(dataPath(PAGE), { intent: "refresh", ...FETCHER_FIELDS });
    expect(await fetched.json()).toEqual({
      toast: { type: "error", message: "Failed to refresh weekly members: Refresh already running" },
    });
    expect(calls).toEqual(["POST /api/weeklymembers-refresh Bearer service-token"]);

    const form = await post(PAGE, { intent: "refresh", redirectTo: `${PAGE}?tab=inactive` });
    expect(form.status).toBe(302);
    expect(location(form)).toBe(`${PAGE}?tab=inactive`);
    browser.remember(form);
    expect(await toastOf(browser)).toEqual({
      type: "error",
      message: "Failed to refresh weekly members: Refresh already running",
    });
  });

  it("is refused to a visitor without a session, and nothing is refreshed", async () => {
    const res = await new Browser().post(PAGE, { intent: "refresh" });
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
    const audit = await env.DB.prepare("select count(*) as n from audit_log where entity = 'weekly_members'").first<{
      n: number;
    }>();
    expect(audit!.n).toBe(0);
  });
});
