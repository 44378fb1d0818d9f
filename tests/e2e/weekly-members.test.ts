// The Weekly Members page in chromium, with JavaScript and without: search, remembered tabs, paging, Refresh Data, a
// live update, both themes at 1440 and 390 px; and the rest of the dashboard's routes (analytics, placeholders,
// tribelist tabs, the Server Stats overview). Each test searches for members under its own marker.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, connected, marker, settled, setupBrowser, shot, signedIn, toastShown } from "./browser";
import { eosId, ingestServerEvents, ingestWeeklyMembers, type WeeklyMemberInput } from "./data";
import { ACTIVITY_HEADERS } from "#tests/expected-columns";

setupBrowser();

const PAGE = "/dashboard/weekly-members";
const WIDE = { width: 1440, height: 1000 };
const NARROW = { width: 390, height: 900 };
const PLATFORMS = ["steam", "epic", "xbl", "psn", "Nintendo"];

/** `n` members named "{m} {kind} {i}", the first the latest active; platforms cycle through the five with colours. */
function members(
  m: string,
  kind: "active" | "idle",
  n: number,
  extra: Partial<WeeklyMemberInput> = {},
): WeeklyMemberInput[] {
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => ({
    eosId: eosId(),
    displayName: `${kind === "active" ? "Rider" : "Sleeper"}${i + 1}`,
    memberName: `${m} ${kind} ${i + 1}`,
    isActiveThisWeek: kind === "active",
    tribe: i % 4 === 3 ? "ALLY" : "GC",
    isTribeMember: i % 4 !== 3,
    platform: PLATFORMS[i % PLATFORMS.length],
    eventTime: kind === "active" ? now - (i + 1) * 60_000 : null,
    lastArkLaunch: "2026-05-01T18:00:00.000Z",
    steamProfileLink:
      i % 2 === 0 ? `https://steamcommunity.com/profiles/765611980000${String(i).padStart(5, "0")}` : null,
    ...extra,
  }));
}

const table = (page: Page) => page.getByTestId("weekly-table");
const rows = (page: Page) => table(page).locator("tbody tr");
const ids = (page: Page) => table(page).locator("tbody td:first-child").allInnerTexts();
const showing = (page: Page) => page.locator(".pagination-bar .muted").innerText();
const activeTab = (page: Page) => page.locator(".tabs .tab.active").innerText();

describe("with JavaScript", () => {
  it("searches as you type, pages with row numbers over the whole list, and switches tabs (remembered)", async () => {
    const { page, context } = await signedIn({ path: PAGE, viewport: WIDE });
    const m = marker("wk");
    await ingestWeeklyMembers(context.request, [...members(m, "active", 30), ...members(m, "idle", 3)]);
    await connected(page);
    expect(await page.locator("h1").innerText()).toBe("Weekly Members");
    expect(await activeTab(page)).toBe("Active Members");

    await page.getByPlaceholder("Search members...").fill(m);
    await page.waitForURL((url) => url.searchParams.get("q") === m);
    await expect.poll(() => showing(page)).toBe("Showing 1 to 25 of 30 entries");
    expect(await page.getByTestId("current-view").innerText()).toBe("30");
    expect(Number(await page.getByTestId("total-members").innerText())).toBeGreaterThanOrEqual(33);
    expect(await ids(page)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    expect(await table(page).locator("thead th").allInnerTexts()).toEqual(ACTIVITY_HEADERS);
    // The latest first; Steam Profile a new-tab link or "-".
    const first = rows(page).first();
    expect(await first.locator("td").nth(3).innerText()).toBe(`${m} active 1`);
    expect(await first.locator("td").nth(7).innerText()).toBe("Active");
    const link = first.getByRole("link", { name: "View Profile" });
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await rows(page).nth(1).locator("td").nth(10).innerText()).toBe("-");
    await settled(page);
    await shot(page, "weekly-members-active-light-1440");

    await page.locator(".pagination").getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await expect.poll(() => ids(page)).toEqual(["26", "27", "28", "29", "30"]);
    expect(await rows(page).last().locator("td").nth(3).innerText()).toBe(`${m} active 30`);

    // The page size: 50 shows them all, back on page 1.
    await page.locator('select[name="size"]').selectOption("50");
    await page.waitForURL((url) => url.searchParams.get("size") === "50" && !url.searchParams.has("page"));
    await expect.poll(() => rows(page).count()).toBe(30);

    await page.getByRole("link", { name: "Inactive Members" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "inactive");
    await expect.poll(() => ids(page)).toEqual(["1", "2", "3"]);
    expect(await page.getByTestId("current-view").innerText()).toBe("3");
    expect(await rows(page).first().locator("td").nth(7).innerText()).toBe("Inactive");

    // A search that finds nobody in this tab says so.
    await page.getByPlaceholder("Search members...").fill(`${m}-nobody`);
    await page.getByText(`No inactive members match "${m}-nobody"`).waitFor();

    // Opened again without a tab, the page shows the remembered one.
    await page.goto(`${PAGE}?q=${m}`);
    expect(await activeTab(page)).toBe("Inactive Members");
    await expect.poll(() => rows(page).count()).toBe(3);
  });

  it("Refresh Data shows Refreshing... while busy, then its toast, and the table reloads", async () => {
    const { page, context } = await signedIn({ path: PAGE, viewport: WIDE });
    const m = marker("rf");
    const [back, away] = members(m, "idle", 2);
    await ingestWeeklyMembers(context.request, [back, away]);
    // One of them joined 2411 yesterday: the refresh makes them active.
    await ingestServerEvents(context.request, "2411", [
      { eventType: "join", eosId: back.eosId, eventTime: Date.now() - 24 * 3600_000, status: "2", tribe: "GC" },
    ]);
    await page.goto(`${PAGE}?tab=inactive&q=${m}`);
    await connected(page);
    await expect.poll(() => rows(page).count()).toBe(2);

    // Hold the refresh until the busy button has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${PAGE}**`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const button = page.getByTestId("refresh-data");
    expect(await button.innerText()).toBe("Refresh Data");
    await button.click();
    await page.getByTestId("refresh-data").filter({ hasText: "Refreshing..." }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    await toastShown(page, /Weekly members refreshed: \d+ active, \d+ inactive\./);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().locator("td").nth(3).innerText()).toBe(`${m} idle 2`);
    await expect.poll(() => button.innerText()).toBe("Refresh Data");

    await page.getByRole("link", { name: "Active Members", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "active");
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining(`${m} idle 1`)]);
  });

  it("a second browser sees a live weeklymembers_update without a reload", async () => {
    const a = await signedIn({ path: PAGE, viewport: WIDE });
    const b = await signedIn({ path: "/dashboard", viewport: WIDE });
    const m = marker("lv");
    await a.page.goto(`${PAGE}?tab=active&q=${m}`);
    await connected(a.page);
    await a.page.getByText(`No active members match "${m}"`).waitFor();
    await a.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await ingestWeeklyMembers(b.context.request, members(m, "active", 2));
    await expect.poll(() => rows(a.page).count()).toBe(2);
    expect(await a.page.getByTestId("current-view").innerText()).toBe("2");
    expect(await a.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

describe("without JavaScript", () => {
  it("tabs, search, page size and paging are links and forms; Refresh Data comes back with its toast", async () => {
    const { page, context } = await signedIn({ path: PAGE, viewport: WIDE, javaScriptEnabled: false });
    const m = marker("nj");
    await ingestWeeklyMembers(context.request, [...members(m, "active", 27), ...members(m, "idle", 2)]);
    await page.goto(PAGE);
    await page.getByPlaceholder("Search members...").fill(m);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === m);
    expect(await showing(page)).toBe("Showing 1 to 25 of 27 entries");
    expect(await page.getByTestId("current-view").innerText()).toBe("27");
    await page.locator(".pagination").getByRole("link", { name: "Last" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    expect(await ids(page)).toEqual(["26", "27"]);
    await shot(page, "weekly-members-nojs");

    await page.getByRole("link", { name: "Inactive Members" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "inactive" && !url.searchParams.has("page"));
    expect(await ids(page)).toEqual(["1", "2"]);
    // Remembered by the server too: the page without a tab opens on it.
    await page.goto(`${PAGE}?q=${m}`);
    expect(await activeTab(page)).toBe("Inactive Members");

    await page.locator('select[name="size"]').selectOption("50");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("size") === "50");

    expect(await page.getByTestId("toast").count()).toBe(0);
    const here = page.url();
    await page.getByTestId("refresh-data").click();
    await page.getByTestId("toast").waitFor();
    expect(page.url()).toBe(here);
    expect(await page.getByTestId("toast").innerText()).toMatch(/Weekly members refreshed: \d+ active, \d+ inactive\./);
  });
});

describe("looks", () => {
  it("in the light and dark themes at 1440 and 390 px", async () => {
    const m = marker("lk");
    const seed = await signedIn({ path: "/dashboard" });
    const six = members(m, "active", 6);
    six[0].displayName = "Xiphactinusbreederofthecenter"; // a long name without a space
    await ingestWeeklyMembers(seed.context.request, six);
    for (const theme of ["light", "dark"] as const) {
      for (const viewport of [WIDE, NARROW]) {
        const { page } = await signedIn({ path: `${PAGE}?tab=active&q=${m}`, theme, viewport });
        await expect.poll(() => rows(page).count()).toBe(6);
        expect(await page.evaluate(() => document.documentElement.className)).toBe(`theme-${theme}`);
        // Each platform in a colour of its own.
        const colours = await table(page)
          .locator("tbody .platform")
          .evaluateAll((els) => els.slice(0, 5).map((e) => getComputedStyle(e).color));
        expect(new Set(colours).size).toBe(5);
        if (viewport === WIDE) {
          // All eleven columns in view at 1440, Steam Profile included: the table does not scroll sideways.
          const scroll = table(page).locator("xpath=..");
          expect(await scroll.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
        }
        await settled(page);
        await shot(page, `weekly-members-${theme}-${viewport.width}`);
      }
    }
  });
});

describe("the router's other pages", () => {
  it("analytics is the Vouches view, placeholders are titled, tribelist-NNNN open that tab", async () => {
    const { page } = await signedIn({ path: "/dashboard/analytics", viewport: WIDE });
    expect(await page.locator("h1").innerText()).toBe("Vouches");
    expect(await page.title()).toBe("Vouches · ARK Tribe Dashboard");
    for (const [path, title] of [
      ["customers", "Customers"],
      ["new-customer", "New Customer"],
      ["verified-customers", "Verified Customers"],
      ["products", "Products"],
      ["new-product", "New Product"],
      ["inventory", "Inventory"],
      ["settings", "Settings"],
    ]) {
      await page.goto(`/dashboard/${path}`);
      expect(await page.locator("main h1").innerText(), path).toBe(title);
    }
    await page.getByTestId("placeholder").getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(`${BASE}/settings`);
    await page.goto("/dashboard/tribelist-2573");
    await page.waitForURL("**/dashboard/tribelists?tab=2573");
    expect(await page.locator('.tribelist-tab[aria-current="page"]').innerText()).toContain("2573");
  });

  it("the generic Server Stats page is an overview of the three servers", async () => {
    for (const [theme, viewport] of [
      ["light", WIDE],
      ["dark", WIDE],
      ["dark", NARROW],
    ] as const) {
      const { page } = await signedIn({ path: "/dashboard/server-stats", theme, viewport });
      await connected(page);
      for (const id of ["2411", "2573", "2446"]) {
        const card = page.getByTestId(`server-card-${id}`);
        expect(await card.getByTestId("player-count").innerText()).toMatch(/^\d+\/70$/);
        expect(await card.getByTestId("server-status").innerText()).toMatch(/^(Online|Offline|Unknown)$/);
      }
      expect(await page.locator(".tabs .tab").allInnerTexts()).toEqual([
        "2411 Playerlist",
        "2573 Playerlist",
        "2446 Playerlist",
      ]);
      await settled(page);
      await shot(page, `server-stats-overview-${theme}-${viewport.width}`);
      await page.getByRole("link", { name: "View 2446 stats" }).click();
      await page.waitForURL("**/dashboard/server-stats-2446");
    }
  });
});
