// The rest of the dashboard's routes inside workerd: /dashboard/analytics is the Vouches view, the seven
// placeholder pages are titled and signed-in only, /dashboard/tribelist-NNNN open that tab of Tribelists, and the
// generic Server Stats page is a live overview of the three servers.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eos, externalHost, withServerTables } from "./cron-fixtures";
import { Browser, dataPath, location, memberWithToken, ORIGIN, seedVouches, signedIn } from "./helpers";

withServerTables();

const PLACEHOLDERS = {
  "/dashboard/customers": "Customers",
  "/dashboard/new-customer": "New Customer",
  "/dashboard/verified-customers": "Verified Customers",
  "/dashboard/products": "Products",
  "/dashboard/new-product": "New Product",
  "/dashboard/inventory": "Inventory",
  "/dashboard/settings": "Settings",
};

describe("/dashboard/analytics", () => {
  it("shows the Vouches view: the same loader, rows and page", async () => {
    await env.DB.prepare("delete from vouches").run();
    await seedVouches(Array.from({ length: 30 }, (_, i) => ({ id: i + 1, igName: `Rider${i + 1}` })));
    const browser = await signedIn();
    const analytics = await (
      await browser.fetch(dataPath("/dashboard/analytics?q=rider2", "analytics"))
    ).json<{ page: { total: number; rows: { id: number }[] } }>();
    const vouches = await (
      await browser.fetch(dataPath("/dashboard/vouches?q=rider2"))
    ).json<{ page: { total: number; rows: { id: number }[] } }>();
    expect(analytics.page.total).toBe(11); // 2 and 20 to 29
    expect(analytics).toEqual(vouches);

    const html = await (await browser.fetch("/dashboard/analytics")).text();
    expect(html).toContain("<h1>Vouches</h1>");
    expect(html).toContain("Rider1");
  });

  it("asks for a signed-in user", async () => {
    const res = await new Browser().fetch("/dashboard/analytics");
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/login?reason=unauthenticated&redirectTo=%2Fdashboard%2Fanalytics");
  });
});

describe("the placeholder pages", () => {
  it("are titled by their page names, one route module for all", async () => {
    const browser = await signedIn();
    for (const [path, title] of Object.entries(PLACEHOLDERS)) {
      const res = await browser.fetch(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title>${title} · ARK Tribe Dashboard</title>`);
      expect(html, path).toContain(`<h1>${title}</h1>`);
      expect(html, path).toContain('data-testid="placeholder"');
    }
    // The placeholder Settings points to the real settings page.
    expect(await (await browser.fetch("/dashboard/settings")).text()).toMatch(
      /<a[^>]*href="\/settings"[^>]*>Settings<\/a>/,
    );
    expect((await browser.fetch("/dashboard/no-such-page")).status).toBe(404);
  });

  it("send a visitor without a session to sign in, and back afterwards", async () => {
    for (const path of Object.keys(PLACEHOLDERS)) {
      const res = await SELF.fetch(new URL(path, ORIGIN), { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(location(res), path).toBe(`/login?reason=unauthenticated&redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("/dashboard/tribelist-2411, -2573 and -2446", () => {
  it("open that server's tab of the Tribelists page", async () => {
    const browser = await signedIn();
    for (const id of ["2411", "2573", "2446"]) {
      const res = await browser.fetch(`/dashboard/tribelist-${id}`);
      expect(res.status, id).toBe(302);
      expect(location(res), id).toBe(`/dashboard/tribelists?tab=${id}`);
      const data = await (
        await browser.fetch(dataPath(location(res)))
      ).json<{ server: string; hasTabParam: boolean }>();
      expect(data).toMatchObject({ server: id, hasTabParam: true });
    }
    expect((await browser.fetch("/dashboard/tribelist-9999")).status).toBe(404);
  });

  it("ask for a signed-in user first", async () => {
    const res = await new Browser().fetch("/dashboard/tribelist-2573");
    expect(location(res)).toBe("/login?reason=unauthenticated&redirectTo=%2Fdashboard%2Ftribelist-2573");
  });
});

type Overview = {
  tab: string;
  servers: {
    id: string;
    state: {
      online: boolean;
      playerCount: number;
      maxPlayers: number;
      mapName: string;
      lastUpdated: number | null;
      errorDetails: string | null;
    } | null;
    error: string | null;
  }[];
};

describe("the generic Server Stats page", () => {
  it("shows the three servers' status, players n/70, map and last update, with links to their pages", async () => {
    const { browser, token } = await memberWithToken();
    const roster = async (server: string, body: unknown) => {
      const r = await SELF.fetch(new URL(`/api/ingest/servers/${server}/roster`, ORIGIN), {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(r.status, await r.clone().text()).toBe(200);
    };
    const player = (n: number) => ({
      eosId: eos(n),
      displayName: `Survivor${n}`,
      name: `Member${n}`,
      status: "0",
      tribe: "",
      platform: "steam",
    });
    await roster("2411", { online: true, players: [player(1), player(2), player(3)] });
    await roster("2446", { online: false, players: [], errorDetails: "Missing from the official server list" });

    const data = await (await browser.fetch(dataPath("/dashboard/server-stats?tab=2573"))).json<Overview>();
    expect(data.tab).toBe("2573");
    expect(data.servers.map((s) => s.id)).toEqual(["2411", "2573", "2446"]);
    expect(data.servers[0]).toMatchObject({
      error: null,
      state: { online: true, playerCount: 3, maxPlayers: 70, mapName: "TheCenter_WP" },
    });
    expect(Date.now() - data.servers[0].state!.lastUpdated!).toBeLessThan(60_000);
    expect(data.servers[1].state).toMatchObject({ online: false, mapName: "Astraeos_WP", lastUpdated: null });
    expect(data.servers[2].state).toMatchObject({
      online: false,
      playerCount: 0,
      errorDetails: "Missing from the official server list",
    });

    const html = await (await browser.fetch("/dashboard/server-stats?tab=2573")).text();
    expect(html).toContain("3/70");
    for (const id of ["2411", "2573", "2446"]) {
      expect(html).toContain(`href="/dashboard/server-stats-${id}"`);
      expect(html).toContain(`${id} Playerlist`);
    }
    expect(html).toContain("Missing from the official server list");
    expect(html).toContain("<h2>2573 Playerlist</h2>");
  });

  it("shows which server's status could not be read, and the others", async () => {
    const browser = await signedIn();
    const host = externalHost("overview", (_, url) => {
      if (url.pathname === "/api/eoserver-status/2573")
        return Response.json({ error: "not_found", message: "No such server here" }, { status: 404 });
      const id = url.pathname.split("/").pop();
      return Response.json({
        status: "online",
        currentPlayers: [{ eosId: eos(1) }],
        lastUpdated: Date.now(),
        errorDetails: null,
        serverId: id,
      });
    })(browser);
    const res = await host.get(dataPath("/dashboard/server-stats"));
    const data = await res.json<Overview>();
    expect(data.servers.map((s) => [s.id, s.state?.online ?? null, s.state?.playerCount ?? null, s.error])).toEqual([
      ["2411", true, 1, null],
      ["2573", null, null, "No such server here"],
      ["2446", true, 1, null],
    ]);
  });
});
