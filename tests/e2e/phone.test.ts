// Every page of the sidebar fits the screen: at a 390x844 phone and at 1440x900, with JavaScript and without, no page
// is wider than its viewport, and its tables put names, status, times and actions before ids (a phone's cards list
// them in that order). One browser context per width and mode, every page visited in it as the owner.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NAV_GROUPS } from "#app/components/shell/nav";
import { FROM_PAGE, marker, setupBrowser, shot, signedIn } from "./browser";
import { eosId, ingestServerEvents } from "./data";
import { ingestor } from "./server-stats-fixtures";

setupBrowser();

const PAGES = [
  ...NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to)),
  "/dashboard/stock-2411/import",
  "/dashboard/breeder-stats/import",
];

/** How far the page reaches past the viewport's right edge, polled: the sidebar folds into its rail with a transition. */
async function fits(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path })
    .toBeLessThanOrEqual(width);
}

/** Each card's cells (the first card of every table of cards), as their labels and priorities, top to bottom. */
const firstCards = (page: Page) =>
  page.locator("table.table-cards").evaluateAll((tables) =>
    tables
      .map((t) => [...(t.querySelector("tbody tr")?.querySelectorAll<HTMLElement>("td[data-label]") ?? [])])
      .filter((cells) => cells.length > 1)
      .map((cells) =>
        cells
          .filter((td) => td.offsetParent !== null)
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
          .map((td) => ({
            label: td.dataset.label!,
            priority: td.classList.contains("priority-1") ? 1 : td.classList.contains("priority-3") ? 3 : 2,
          })),
      ),
  );

/** On a phone every table is a list of cards whose lines come by priority: names, status, times, actions, then ids. */
async function cardsByPriority(page: Page, path: string) {
  for (const card of await firstCards(page)) {
    const priorities = card.map((c) => c.priority);
    expect(priorities, `${path}: ${card.map((c) => c.label).join(", ")}`).toEqual([...priorities].sort());
  }
}

describe("every page fits its screen", () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const javaScriptEnabled of [true, false]) {
      it(`at ${width} px ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
        const { page } = await signedIn({ who: "Rex Rider", viewport: { width, height }, javaScriptEnabled });
        for (const path of PAGES) {
          await fits(page, path, width);
          if (width === 390) await cardsByPriority(page, path);
        }
        if (width === 390 && javaScriptEnabled) {
          for (const path of ["/settings", "/dashboard/stock-2411", "/dashboard/sources"]) {
            await page.goto(path);
            await shot(page, `phone${path.replace(/\//g, "-")}`);
          }
        }
      });
    }
  }
});

describe("the columns a person looks for come first", () => {
  it("on a phone, a server's join log card starts with the names, status and time and ends with the ids, with and without JavaScript", async () => {
    const seed = await signedIn({ who: "Rex Rider", path: "/dashboard" });
    await ingestServerEvents(seed.context.request, "2411", [
      { eventType: "join", eosId: eosId(), eventTime: Date.now(), displayName: "Phone Card" },
    ]);
    for (const javaScriptEnabled of [true, false]) {
      const { page } = await signedIn({
        who: "Rex Rider",
        viewport: { width: 390, height: 844 },
        javaScriptEnabled,
        path: "/dashboard/server-stats-2411?tab=joinlog",
      });
      const [card] = await firstCards(page);
      const labels = card.map((c) => c.label);
      expect(labels.slice(0, 5)).toEqual(["Display Name", "Member Name", "Status", "Join Time", "Tribe"]);
      expect(labels.slice(-2)).toEqual(["ID", "EOS ID"]);
      // The cards are the table itself: no canvas grid takes their place on a phone.
      expect(await page.getByTestId("canvas-grid").count()).toBe(0);
      await page.context().close();
    }
  });

  it("at 1440 px, a grid wider than its box shows the names, status and time first and the ids last", async () => {
    const { page } = await signedIn({
      who: "Rex Rider",
      viewport: { width: 1440, height: 900 },
      path: "/dashboard/server-stats-2411?tab=joinlog",
    });
    // The grid's own accessible table (glide-data-grid draws the columns on a canvas) names them in order.
    const headers = page.getByTestId("canvas-grid").locator("[role=columnheader]");
    await expect.poll(() => headers.count()).toBeGreaterThan(5);
    const titles = await headers.allTextContents();
    expect(titles.slice(0, 4)).toEqual(["Display Name", "Member Name", "Status", "Join Time"]);
    expect(titles.slice(-2)).toEqual(["ID", "EOS ID"]);
  });
});

describe("a page that comes alive on a phone", () => {
  it("moves nothing when its scripts start: the live badge and the header buttons take places the served page kept", async () => {
    const { page, context } = await signedIn({
      who: "Rex Rider",
      viewport: { width: 390, height: 844 },
      path: "/dashboard",
    });
    // Every layout shift the browser reports (those right after a person's input do not count, as in CLS).
    await context.addInitScript(() => {
      const w = window as unknown as { shifted: number };
      w.shifted = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shifted += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    // A fresh roster of its own, as a collector pushes it: the page shows its players whatever ran before.
    const push = await ingestor(context.request);
    await push("2411", { online: true, players: [{ eosId: eosId(), displayName: "PhoneSurvivor", status: "2" }] });
    await page.goto("/dashboard/server-stats-2411");
    await page.getByTestId("server-panel").getByTestId("live-status").waitFor();
    await page.getByTestId("population").locator("[data-interactive=true]").waitFor();
    const shifted = () => page.evaluate(() => (window as unknown as { shifted: number }).shifted);
    expect(await shifted()).toBeLessThan(0.01);
    // A header whose badge or buttons change once scripts run: the Tribelists' live badge, the Breeder page's
    // Add Mapping and Add Image (links served, buttons once alive).
    await page.goto("/dashboard/tribelists");
    await page.getByTestId("live-status").filter({ hasText: "Connected" }).waitFor();
    expect(await shifted()).toBeLessThan(0.01);
    await page.goto("/dashboard/breeder-stats");
    await page.getByRole("button", { name: "Add Image" }).waitFor();
    expect(await shifted()).toBeLessThan(0.01);
  });
});

describe("a chart on a phone without JavaScript", () => {
  it("is the server's drawing, which scrolls sideways in its card to its last hour", async () => {
    const { page } = await signedIn({
      who: "Rex Rider",
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
      path: "/dashboard",
    });
    const chart = page.getByTestId("vouches-chart").locator(".chart-static");
    const seen = await chart.evaluate((el) => {
      const before = { scroll: el.scrollWidth, client: el.clientWidth };
      el.scrollLeft = el.scrollWidth;
      return { ...before, left: el.scrollLeft };
    });
    expect(seen.scroll).toBeGreaterThan(seen.client);
    expect(seen.left).toBe(seen.scroll - seen.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe("a sheet on a phone", () => {
  it("is a card per line with its key figures, and a tap on the card opens the line's form, which saves", async () => {
    const tag = marker("card");
    const { page, context } = await signedIn({
      who: "Tek Breeder",
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      path: "/dashboard",
    });
    const res = await context.request.post("/api/breeder-list/import", {
      headers: FROM_PAGE,
      data: {
        create: [{ Dino: `${tag} Rex`, Breeder: "Mira", Server: "2411", HP: 25, Stam: 61, Location: "Swamp cave" }],
      },
    });
    expect(res.status()).toBe(200);
    await page.goto(`/dashboard/breeder-stats?tab=breeder-list&q=${tag}`);
    const card = page.getByTestId("breeder-table").locator("tbody tr").first();
    await card.locator("th").getByText(`${tag} Rex`).waitFor();
    // The name, then who breeds it, where, and the coloured stats; the rest is in the form.
    const lines = await card
      .locator("td[data-label]")
      .evaluateAll((tds) =>
        (tds as HTMLElement[]).filter((td) => td.offsetParent !== null).map((td) => td.dataset.label),
      );
    expect(lines).toEqual(["Breeder", "Server", "HP", "Stam", "Weight", "Dmg"]);
    expect(await card.locator("td[data-label='HP']").innerText()).toBe("25");
    expect(await card.getByText("Swamp cave").isVisible()).toBe(false);
    expect(await page.getByTestId("breeder-grid").count()).toBe(0);
    await shot(page, "phone-breeder-cards");

    await card.scrollIntoViewIfNeeded(); // as a thumb scrolls to it
    const box = (await card.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 12); // on the card's name, not on its Edit link
    await page.waitForURL(/edit=/);
    const form = page.getByTestId("breeder-table").locator("tr.editing").first();
    await form.getByRole("textbox", { name: "Location" }).waitFor();
    expect(await form.getByRole("textbox", { name: "Location" }).inputValue()).toBe("Swamp cave");
    await form.getByRole("textbox", { name: "HP", exact: true }).fill("77");
    await shot(page, "phone-breeder-form");
    await form.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.searchParams.has("edit"));
    await expect.poll(() => card.locator("td[data-label='HP']").innerText()).toBe("77");
  });
});
