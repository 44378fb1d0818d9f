// The server stats pages in a real browser without JavaScript: URL tabs, filters, paging and forms. Counts are
// compared with the host's answer at that moment; tests that need log rows ingest their own joins.
import { describe, expect, it } from "vitest";
import { BASE, setupBrowser, shot } from "./browser";
import { ingestServerEvents } from "./data";
import { ACTIVITY_HEADERS } from "#tests/expected-columns";
import { session, joins, badgeCount, showing, ingestor, randomEos } from "./server-stats-fixtures";

setupBrowser();

describe("without JavaScript", () => {
  it("shows the tabs as HTML tables with the product's columns; tabs by URL", async () => {
    const { page, context } = await session({ javaScriptEnabled: false });
    // Joins of this test's own on 2411: the Enemies tab has rows. And a fresh roster of its own: a roster older than
    // the collector's interval is not listed (ADR 043).
    await ingestServerEvents(context.request, "2411", joins(5, "Header"));
    const push = await ingestor(context.request);
    await push("2411", { online: true, players: [{ eosId: randomEos(), displayName: "NoJsSurvivor", status: "2" }] });
    await page.goto("/dashboard/server-stats-2411");
    const headers = () => page.getByTestId("stats-table").locator("thead th").allInnerTexts();
    expect(await headers()).toEqual(["ID", "EOS ID", "Display Name", "Name", "Status", "Tribe", "Platform"]);
    expect(await page.getByTestId("manual-refresh").innerText()).toContain("Manual Refresh");
    expect(await page.getByText("Live updates:").count()).toBe(0); // no socket without JavaScript
    await page.getByTestId("population").waitFor();
    await shot(page, "server-stats-2411-playerlist-nojs");

    await page.locator(".stats-tabs").getByRole("link", { name: "Joinlog" }).click();
    await page.waitForURL(/tab=joinlog/);
    expect(await headers()).toEqual([
      "ID",
      "EOS ID",
      "Display Name",
      "Member Name",
      "Status",
      "Tribe",
      "Platform",
      "Join Time",
      "Last Ark Launch",
    ]);
    expect(await page.getByTestId("activity-card").locator("h2").innerText()).toBe("TheCenter Joinlog Activity");
    expect(await page.getByTestId("recent-badge").innerText()).toMatch(/^Recent Joins: \d+$/);

    await page.locator(".stats-tabs").getByRole("link", { name: "Leavelog" }).click();
    await page.waitForURL(/tab=leavelog/);
    expect((await headers())[7]).toBe("Leave Time");
    expect(await page.getByTestId("total-entries").innerText()).toMatch(/^Total entries: \d+$/);

    await page.locator(".stats-tabs").getByRole("link", { name: "Enemies" }).click();
    await page.waitForURL(/tab=enemys/);
    expect(await headers()).toEqual(ACTIVITY_HEADERS);
    // Enemies: joins red, leaves green; Steam Profile is a View Profile link in a new tab, or -.
    const rows = page.getByTestId("stats-table").locator("tbody tr");
    const first = rows.first();
    const type = await first.locator("td").nth(7).innerText();
    expect(await first.locator("td").nth(7).locator(".badge").getAttribute("class")).toBe(
      type === "Join" ? "badge red" : "badge green",
    );
    const links = page.getByTestId("stats-table").getByRole("link", { name: "View Profile" });
    if ((await links.count()) > 0) expect(await links.first().getAttribute("target")).toBe("_blank");
    expect(await page.getByTestId("stats-table").locator("tbody td:nth-child(11)").allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(View Profile|-)$/)]),
    );
    await shot(page, "server-stats-2411-enemys-nojs");

    // 2573 adds Steam Profile to its logs; 2446 does not.
    await page.goto("/dashboard/server-stats-2573?tab=joinlog");
    expect((await headers()).at(-1)).toBe("Steam Profile");
    await page.goto("/dashboard/server-stats-2446?tab=joinlog");
    expect((await headers()).at(-1)).toBe("Last Ark Launch");
  });

  it("filters and pages by URL, and the page size form goes back to page 1", async () => {
    const { page, context } = await session({ javaScriptEnabled: false });
    // 55 joins of this test's own on 2573: more than two pages of 25, friendly players among them.
    await ingestServerEvents(context.request, "2573", joins(55, "Pager"));
    await page.goto("/dashboard/server-stats-2573?tab=joinlog");
    const total = Number((await showing(page)).match(/of (\d+) entries/)![1]);
    expect(total).toBeGreaterThan(50);

    await page.locator(".pagination").getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await showing(page)).toBe(`Showing 26 to 50 of ${total} entries`);

    const friendlys = await badgeCount(page, "friendlys");
    expect(friendlys).toBeGreaterThan(0);
    await page.getByTestId("filter-friendlys").click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "friendlys" && !url.searchParams.has("page"));
    const statuses = await page.getByTestId("stats-table").locator("tbody td:nth-child(5)").allInnerTexts();
    expect(statuses.length).toBe(Math.min(25, friendlys));
    expect(new Set(statuses)).toEqual(new Set(["Friendly"]));
    await page.getByTestId("filter-friendlys").click();
    await page.waitForURL((url) => !url.searchParams.has("filter"));

    await page.getByTestId("page-size").selectOption("100");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/size=100/);
    expect(await showing(page)).toBe(`Showing 1 to ${Math.min(100, total)} of ${total} entries`);
    expect(await page.getByTestId("stats-table").locator("tbody tr").count()).toBe(Math.min(100, total));
  });

  it("Manual Refresh posts a form and comes back with the toast", async () => {
    const { page } = await session({ javaScriptEnabled: false });
    await page.goto("/dashboard/server-stats-2446?filter=enemies");
    expect(await page.getByTestId("toast").count()).toBe(0);
    await page.getByTestId("manual-refresh").click();
    await page.getByTestId("toast").waitFor();
    expect(page.url()).toBe(`${BASE}/dashboard/server-stats-2446?filter=enemies`);
    expect(await page.getByTestId("toast").innerText()).toContain(
      "Manual refresh triggered! Server data will be updated shortly.",
    );
  });

  it("the generic Server Stats page has a tab per server, each linking to its page", async () => {
    const { page } = await session({ javaScriptEnabled: false });
    await page.goto("/dashboard/server-stats");
    expect(await page.locator(".tabs .tab").allInnerTexts()).toEqual([
      "2411 Playerlist",
      "2573 Playerlist",
      "2446 Playerlist",
    ]);
    await page.getByRole("link", { name: "2573 Playerlist" }).click();
    await page.waitForURL(/tab=2573/);
    expect(await page.getByTestId("placeholder").locator("h2").innerText()).toBe("2573 Playerlist");
    await page.getByRole("link", { name: "Open 2573 Server Stats" }).click();
    await page.waitForURL("**/dashboard/server-stats-2573");
    expect(await page.locator("h1").innerText()).toBe("2573 Server Stats");
    await shot(page, "server-stats-generic-nojs");
  });
});
