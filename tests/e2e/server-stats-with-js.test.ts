// The server stats pages in a real browser with JavaScript: grids, remembered tabs, filters, Manual Refresh, live
// updates, the enemy warning, and screenshots. Counts are compared with the host's answer at that moment; tests that
// need log rows ingest their own joins.
import { describe, expect, it } from "vitest";
import { TAB_LABELS, TABS } from "#app/routes/server-stats-page/servers";
import type { RosterPlayer } from "#contract/servers";
import { overlappingLabels, settled, setupBrowser, shot } from "./browser";
import { ingestServerEvents } from "./data";
import {
  session,
  hydrated,
  joins,
  activeTab,
  pressed,
  statusOf,
  countsOf,
  badgeCount,
  showing,
  ingestor,
  strip,
  randomEos,
} from "./server-stats-fixtures";

setupBrowser();

describe("with JavaScript", () => {
  it("shows the 2411 playerlist: status panel, chart, summary counts and the canvas grid", async () => {
    const { page, context } = await session();
    // A collector's fresh roster of every class (a roster older than the collector's interval is not listed: ADR 043).
    const push = await ingestor(context.request);
    const classes = ["2", "1", "0", "-1", "unknown"];
    const players = Array.from({ length: 30 }, (_, i) => ({
      eosId: randomEos(),
      displayName: `Survivor${i}`,
      name: `Member${i}`,
      status: classes[i % classes.length],
      tribe: i % classes.length === 0 ? "GC" : "",
      platform: ["steam", "psn", "xbl", "epic"][i % 4],
    }));
    await push("2411", { online: true, players });
    await page.goto("/dashboard/server-stats-2411");
    await hydrated(page);
    const status = await statusOf(context.request, "2411");

    expect(await page.locator("h1").innerText()).toBe("2411 Server Stats");
    expect(await page.locator(".stats-tabs .tab").allInnerTexts()).toEqual(TABS.map((t) => TAB_LABELS[t]));
    expect(await page.locator(".stats-tabs .tab.active").innerText()).toBe("Playerlist");
    const panel = page.getByTestId("server-panel");
    expect(await panel.locator("h2").innerText()).toBe("TheCenter (NA-PVP-TheCenter2411)");
    // Unknown: the collector that alone decides the status has been silent past its interval.
    expect(await page.getByTestId("server-status").innerText()).toBe(
      { online: "Online", unknown: "Unknown", offline: "Offline" }[status.status],
    );
    expect(await page.getByTestId("map-name").innerText()).toBe("TheCenter_WP");
    expect(await page.getByTestId("player-count").innerText()).toBe(
      `Players: ${status.status === "unknown" ? "unknown" : status.playerCount}/70`,
    );
    expect(await page.getByTestId("last-updated").innerText()).toMatch(
      /^(Just now|\d+ (second|minute|hour|day|week|month|year)s? ago)$/,
    );
    expect(await panel.getByRole("button", { name: "Manual Refresh" }).isEnabled()).toBe(true);

    // The five badges count the roster the host answers.
    const counts = countsOf(status.currentPlayers);
    for (const [key, n] of Object.entries(counts)) expect(await badgeCount(page, key), key).toBe(n);
    expect(await page.getByTestId("stats-summary").locator("h3").innerText()).toBe("Player Status");

    // The grid replaced the HTML table after hydration.
    await page.getByTestId("canvas-grid").waitFor();
    await expect.poll(() => page.getByTestId("stats-table").count()).toBe(0); // after the grid's first frame (ADR 057)
    expect(await showing(page)).toBe(
      `Showing 1 to ${Math.min(25, status.currentPlayers.length)} of ${status.currentPlayers.length} entries`,
    );

    // The population chart: a server-rendered SVG with the peak marked, or the text for no data. The chart library is
    // no part of the first load (the page names none of its code); the interactive chart comes after the first paint.
    expect(await (await context.request.get("/dashboard/server-stats-2411")).text()).not.toMatch(/nivo|PopulationLine/);
    const population = await context.request.get("/api/eoserver-population/2411?range=24h");
    if (population.ok()) {
      const body = (await population.json()) as { peak: { players: number } | null };
      await page.getByTestId("population").locator('[data-interactive="true"] svg').first().waitFor();
      if (body.peak) {
        expect(await page.getByTestId("peak-marker").locator("text").textContent()).toBe(`Peak ${body.peak.players}`);
        expect(await page.getByTestId("population-peak").innerText()).toContain(`Peak: ${body.peak.players} player`);
      }
      await page.getByRole("link", { name: "Last 7 days" }).click();
      await page.waitForURL(/range=7d/);
      await page.locator('.segmented a[aria-current="true"]', { hasText: "Last 7 days" }).waitFor();
      await page.getByTestId("population").locator("svg").first().waitFor();
      // Seven days of ticks, each labelled once and apart, on a laptop and on a phone.
      expect(await overlappingLabels(page.getByTestId("population"))).toEqual([]);
      await shot(page, "server-stats-2411-population-7d-light");
      await page.setViewportSize({ width: 390, height: 800 });
      await expect
        .poll(() =>
          page
            .getByTestId("population")
            .locator("svg")
            .first()
            .evaluate((svg) => svg.getBoundingClientRect().width),
        )
        .toBeLessThan(360);
      expect(await overlappingLabels(page.getByTestId("population"))).toEqual([]);
      await shot(page, "server-stats-2411-population-7d-390");
      await page.setViewportSize({ width: 1280, height: 720 });
    } else {
      expect(await page.getByTestId("population-empty").innerText()).toBe("No population data yet.");
    }
    await shot(page, "server-stats-2411-playerlist-light");
  });

  it("takes screenshots of every 2411 tab in both themes and of the other playerlists", async () => {
    for (const theme of ["light", "dark"] as const) {
      const { page } = await session({ theme });
      for (const tab of TABS) {
        await page.goto(`/dashboard/server-stats-2411?tab=${tab}`);
        await hydrated(page);
        await page.getByTestId("canvas-grid").or(page.getByTestId("stats-empty")).first().waitFor();
        await settled(page);
        await shot(page, `server-stats-2411-${tab}-${theme}`);
      }
      if (theme === "light") {
        for (const id of ["2573", "2446"]) {
          await page.goto(`/dashboard/server-stats-${id}?tab=playerlist`);
          await hydrated(page);
          await settled(page);
          await shot(page, `server-stats-${id}-playerlist-light`);
        }
        const summary = await page.getByTestId("stats-summary").locator("h3").innerText();
        expect(summary).toBe("Player Summary");
        expect(await page.getByTestId("summary-note").innerText()).toMatch(/^\d+ trackable players? online$/);
        await page.goto("/dashboard/server-stats-2573?tab=leavelog");
        await hydrated(page);
        await shot(page, "server-stats-2573-leavelog-light");
      }
    }
  }, 120_000);

  it("remembers the tab per server in local storage and restores only a valid one", async () => {
    const { page, context } = await session();
    await page.goto("/dashboard/server-stats-2411");
    await hydrated(page);
    await page.locator(".stats-tabs").getByRole("link", { name: "Enemies" }).click();
    await page.waitForURL(/tab=enemys/);
    await activeTab(page, "Enemies");
    expect(await page.evaluate(() => localStorage.getItem("server_stats_2411_active_tab"))).toBe("enemys");

    // Away and back through the sidebar: the Enemies tab again; 2573 keeps its own (default) tab.
    await page.getByRole("link", { name: "2573 Server Stats" }).click();
    await page.locator("h1", { hasText: "2573 Server Stats" }).waitFor();
    expect(await page.locator(".stats-tabs .tab.active").innerText()).toBe("Playerlist");
    await page.getByRole("link", { name: "2411 Server Stats" }).click();
    await page.locator("h1", { hasText: "2411 Server Stats" }).waitFor();
    expect(await page.locator(".stats-tabs .tab.active").innerText()).toBe("Enemies");

    // Only local storage remembers (no cookie yet): the page switches to it after loading.
    await context.clearCookies({ name: "server_stats_2446_active_tab" });
    await page.evaluate(() => localStorage.setItem("server_stats_2446_active_tab", "leavelog"));
    await page.goto("/dashboard/server-stats-2446");
    await page.waitForURL(/tab=leavelog/);
    await activeTab(page, "Leavelog");

    // An invalid stored value is not restored: playerlist, and the key is rewritten.
    await page.evaluate(() => localStorage.setItem("server_stats_2573_active_tab", "enemies"));
    await page.goto("/dashboard/server-stats-2573");
    await hydrated(page);
    expect(await page.locator(".stats-tabs .tab.active").innerText()).toBe("Playerlist");
    expect(await page.evaluate(() => localStorage.getItem("server_stats_2573_active_tab"))).toBe("playerlist");
  });

  it("filters with the summary badges; a second click or Clear Filter clears; filter and size go back to page 1", async () => {
    const { page, context } = await session();
    // 30 joins of this test's own: a second page, and rows of every class (tribemembers among them).
    await ingestServerEvents(context.request, "2411", joins(30, "Badge"));
    await page.goto("/dashboard/server-stats-2411?tab=joinlog");
    await hydrated(page);
    const total = Number((await showing(page)).match(/of (\d+) entries/)![1]);
    expect(total).toBeGreaterThan(25);

    await page.locator(".pagination").getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    await page.locator(".pagination .current", { hasText: "2" }).waitFor();
    const enemies = await badgeCount(page, "enemies");
    expect(enemies).toBeGreaterThan(0);
    await page.getByTestId("filter-enemies").click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "enemies" && !url.searchParams.has("page"));
    await pressed(page, "enemies", true);
    expect(await page.getByTestId("active-filter").innerText()).toBe(
      `Filter: Enemies · ${enemies} ${enemies === 1 ? "entry" : "entries"}`,
    );
    expect(await showing(page)).toBe(`Showing 1 to ${Math.min(25, enemies)} of ${enemies} entries`);

    // The active badge again clears it.
    await page.getByTestId("filter-enemies").click();
    await page.waitForURL((url) => !url.searchParams.has("filter"));
    await pressed(page, "enemies", false);
    expect(await page.getByTestId("clear-filter").count()).toBe(0);
    expect(await showing(page)).toContain(`of ${total} entries`);

    // Another badge, then Clear Filter.
    const unknowns = await badgeCount(page, "unknowns");
    await page.getByTestId("filter-unknowns").click();
    await page.waitForURL(/filter=unknowns/);
    await pressed(page, "unknowns", true);
    expect(await showing(page)).toContain(`of ${unknowns} entries`);
    await page.getByTestId("clear-filter").click();
    await page.waitForURL((url) => !url.searchParams.has("filter"));
    await pressed(page, "unknowns", false);

    // Page size: 50 from page 2 goes to page 1 of 50.
    await page.locator(".pagination").getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    await page.locator(".pagination .current", { hasText: "2" }).waitFor();
    await page.getByTestId("page-size").selectOption("50");
    await page.waitForURL((url) => url.searchParams.get("size") === "50" && !url.searchParams.has("page"));
    await expect.poll(() => showing(page)).toBe(`Showing 1 to ${Math.min(50, total)} of ${total} entries`);

    // The activity tabs filter joins or leaves.
    await page.locator(".stats-tabs").getByRole("link", { name: "Tribemembers" }).click();
    await page.waitForURL(/tab=tribemembers/);
    await activeTab(page, "Tribemembers");
    const joined = await badgeCount(page, "joins");
    expect(joined).toBeGreaterThan(0);
    await page.getByTestId("filter-joins").click();
    await page.waitForURL(/filter=joins/);
    await pressed(page, "joins", true);
    expect(await showing(page)).toContain(`of ${joined} entries`);
    await page.getByTestId("canvas-grid").waitFor();

    // Selecting a row on the canvas offers its Steam profile: a View Profile link to a new tab, or "-".
    const bar = page.getByTestId("stats-actionbar");
    expect(await bar.innerText()).toContain("Select a row to open the player's profile or Steam profile");
    const box = (await page.getByTestId("canvas-grid").locator("canvas").first().boundingBox())!;
    await page.mouse.click(box.x + 200, box.y + 38 + 18);
    await bar.locator("strong").waitFor();
    const link = bar.getByRole("link", { name: "View Profile" });
    if (await link.count()) {
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("href")).toMatch(/^https:\/\/steamcommunity\.com\//);
    } else {
      expect(await bar.innerText()).toMatch(/Steam Profile:\s*-/);
    }
    await shot(page, "server-stats-2411-filter-joins");
  });

  it("Manual Refresh reads Refreshing..., stays disabled until the data is refetched 2 s later, and toasts", async () => {
    const { page } = await session();
    await page.goto("/dashboard/server-stats-2573");
    await hydrated(page);
    const button = page.getByTestId("manual-refresh");
    const started = Date.now();
    await button.click();
    await page.waitForFunction(() =>
      document.querySelector("[data-testid=manual-refresh]")?.textContent?.includes("Refreshing..."),
    );
    expect(await button.isDisabled()).toBe(true);
    await page
      .getByTestId("toast")
      .filter({ hasText: "Manual refresh triggered! Server data will be updated shortly." })
      .waitFor();
    await page.waitForFunction(
      () => document.querySelector("[data-testid=manual-refresh]")?.textContent?.includes("Manual Refresh"),
      null,
      {
        timeout: 15_000,
      },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await button.isEnabled()).toBe(true);
    expect(await page.getByTestId("last-updated").innerText()).toMatch(/^(Just now|\d+ seconds? ago)$/);
  });

  it("a cron run updates an open 2411 playerlist without a reload", async () => {
    const { page, context } = await session();
    const push = await ingestor(context.request);
    // The cron records what the sources say as of its minute; a newer stored status is kept. So: mark 2411 offline
    // just after what is stored, wait for a minute that starts after that, open the page, then fire the cron.
    const before = await statusOf(context.request, "2411");
    // Observed just before this minute (or just after what is stored): within the collector's interval, so the page
    // says Offline rather than Unknown.
    const observedAt = Math.max((before.lastUpdated ?? 0) + 1, Math.floor(Date.now() / 60_000) * 60_000 - 1000);
    await push("2411", {
      online: false,
      players: [],
      errorDetails: "Probe: offline until the next cron run",
      observedAt,
    });
    // A wait on the clock itself, not on the page: the cron's minute must start after observedAt. Only when the stored
    // status is from this very minute (a test just before pushed a roster or refreshed) does this wait at all.
    await expect
      .poll(() => Math.floor(Date.now() / 60_000) * 60_000, { timeout: 65_000, interval: 250 })
      .toBeGreaterThan(observedAt);

    await page.goto("/dashboard/server-stats-2411");
    await hydrated(page);
    expect(await page.getByTestId("server-status").innerText()).toBe("Offline");
    expect(await page.getByTestId("error-details").innerText()).toContain("Probe: offline until the next cron run");
    expect(await page.getByTestId("stats-empty").innerText()).toContain("Server Offline");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));

    const fired = await context.request.get("/__scheduled?cron=*+*+*+*+*");
    expect(fired.ok()).toBe(true);
    await page.getByTestId("server-status").filter({ hasText: "Online" }).waitFor({ timeout: 15_000 });
    const after = await statusOf(context.request, "2411");
    expect(after.status).toBe("online");
    expect(await page.getByTestId("player-count").innerText()).toBe(`Players: ${after.playerCount}/70`);
    expect(await page.getByTestId("error-details").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  }, 150_000);

  it("a roster pushed elsewhere shows at once, with the enemy warning naming the player and the server", async () => {
    const a = await session();
    await a.page.goto("/dashboard/server-stats-2411");
    await hydrated(a.page);
    await a.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const b = await session({}, "vaultkeeper");
    const push = await ingestor(b.context.request);
    const now = await statusOf(b.context.request, "2411");
    const roster = now.currentPlayers.map(strip);
    const stranger = {
      eosId: randomEos(),
      displayName: `Raider${Date.now() % 100000}`,
      name: "",
      status: "-1",
      tribe: "RAID",
      platform: "psn",
    };
    await push("2411", { online: true, players: [...roster, stranger] });
    const enemiesNow = countsOf([...now.currentPlayers, stranger as RosterPlayer]).enemies;

    const toast = a.page.getByTestId("toast").filter({ hasText: stranger.displayName });
    await toast.waitFor({ timeout: 10_000 });
    expect(await toast.innerText()).toContain("2411");
    await expect.poll(() => badgeCount(a.page, "enemies"), { timeout: 10_000 }).toBe(enemiesNow);
    expect(await a.page.getByTestId("player-count").innerText()).toBe(`Players: ${roster.length + 1}/70`);
    expect(await a.page.getByTestId("last-updated").innerText()).toMatch(/^(Just now|\d+ seconds? ago)$/);
    expect(await a.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await a.page.getByTestId("canvas-grid").waitFor();
    await shot(a.page, "server-stats-enemy-warning");

    // The one-second ticker moves Last Updated on without any reload.
    const first = await a.page.getByTestId("last-updated").innerText();
    await expect.poll(() => a.page.getByTestId("last-updated").innerText(), { timeout: 5000 }).not.toBe(first);
  });
});
