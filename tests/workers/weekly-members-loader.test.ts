// The Weekly Members page's loader over the host's search: one page numbered across pages, the whole list paged by
// the loader itself from an older host (404), and a failing host's last good page. No Remix build is needed.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import type { SerializeFrom } from "@remix-run/cloudflare";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { getLoadContext } from "#app/load-context";
import { loadWeeklyMembers } from "#app/routes/_shell.dashboard.weekly-members/weekly-members.server";
import type { WeeklyMember } from "#contract/servers";
import { callInProcess } from "#worker/api";
import { getConfig } from "#worker/platform/config";
import { FULL_ACCESS } from "#contract/access";
import { sessionCaller, type SessionState } from "#worker/platform/session";
import { services } from "#worker/platform/services";
import { envWith, eos } from "./cron-fixtures";
import { MEMBER, ORIGIN } from "./helpers";
import { withWeeklyMembers, T0, seed, varied, sessionCookie } from "./weekly-members-fixtures";

withWeeklyMembers();

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
