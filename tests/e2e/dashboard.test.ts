// The Dashboard and the "What's New" changelog in a real browser, with JavaScript on and off. The cards are compared
// with the host's numbers read at the same moment; a test that needs vouches makes them.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { capitalize, formatPercent, lastMonths, monthChangePercent, shortMonthLabel } from "#app/utils/stats";
import {
  BASE,
  connected,
  createSession,
  FROM_PAGE,
  holdBack,
  marker,
  open,
  settled,
  setupBrowser,
  shot,
  signedIn,
  signIn,
} from "./browser";
import { createVouches, snowflake } from "./data";

setupBrowser();

/** A first visit: nothing in local storage, so What's New opens by itself after sign-in. */
const openFresh = () => open({ showChangelog: true });

type Stats = { completed: number; uncompleted: number; total: number; perMonth: { month: string; count: number }[] };
type Cards = { mostVouches: { username: string; count: number; trend: string } | null };

async function hostNumbers(context: BrowserContext) {
  const stats = (await (await context.request.get("/api/vouches/stats")).json()) as Stats;
  const cards = (await (await context.request.get("/api/vouches/card-cache")).json()) as Cards;
  return { stats, cards };
}

const cardValue = (page: Page, id: string) => page.getByTestId(id).locator(".stat-value").innerText();
const waitHydrated = connected;

describe("with JavaScript", () => {
  it("shows the four cards from the host's numbers and the nine-month chart", async () => {
    const { page, context } = await signedIn();
    // Three vouchers of this test's own, so that Top Vouchers has at least three rows.
    const m = marker("top");
    await createVouches(
      context.request,
      [1, 2, 3].map((i) => ({
        vouchedUsername: `${m}-${i}`,
        vouchedBy: snowflake(),
        vouchedByUsername: `${m}voucher${i}`,
      })),
    );
    // The months the page shows are those of the moment it is rendered (a run can cross the end of a month).
    const at = new Date();
    await page.reload();
    await waitHydrated(page);
    const { stats, cards } = await hostNumbers(context);
    expect(stats.total).toBeGreaterThan(0);

    expect(await cardValue(page, "card-uncompleted")).toBe(stats.uncompleted.toLocaleString("en-US"));
    expect(await cardValue(page, "card-completed")).toBe(stats.completed.toLocaleString("en-US"));
    expect(await cardValue(page, "card-total")).toBe(stats.total.toLocaleString("en-US"));
    const [last, now] = lastMonths(at, 2).map((m) => stats.perMonth.find((p) => p.month === m)?.count ?? 0);
    expect(await page.getByTestId("month-change").innerText()).toContain(
      `${formatPercent(monthChangePercent(now, last))}`,
    );
    if (cards.mostVouches) {
      expect(await cardValue(page, "card-most")).toBe(capitalize(cards.mostVouches.username));
      expect(await page.getByTestId("most-count").innerText()).toBe(`${cards.mostVouches.count} vouches`);
    }

    // The chart: the server's SVG first, then (loaded after the first paint) the interactive one, 380 px high as wide
    // as its card, labelled with the last nine months.
    await page.locator('[data-testid="vouches-chart"][data-interactive="true"]').waitFor();
    const svg = page.getByTestId("vouches-chart").locator("svg").first();
    const box = (await svg.boundingBox())!;
    const card = (await page.getByTestId("vouches-chart").boundingBox())!;
    expect(box.height).toBe(380);
    expect(Math.abs(box.width - card.width)).toBeLessThan(2);
    const labels = lastMonths(at, 9).map(shortMonthLabel);
    for (const label of labels) expect(await svg.getByText(label, { exact: true }).count()).toBe(1);
    expect(await svg.locator("path").count()).toBeGreaterThan(1); // the line and its area
    // The line runs through all nine points, from the first month to this one.
    const line = (await svg.locator('path[fill="none"][stroke]').first().boundingBox())!;
    const first = (await svg.locator("circle").first().boundingBox())!;
    const lastPoint = (await svg.locator("circle").last().boundingBox())!;
    expect(Math.abs(line.x - (first.x + first.width / 2))).toBeLessThan(12);
    expect(Math.abs(line.x + line.width - (lastPoint.x + lastPoint.width / 2))).toBeLessThan(12);
    // Hovering this month's point names the month and its count.
    const thisMonth = stats.perMonth.find((p) => p.month === lastMonths(at, 1)[0])?.count ?? 0;
    const point = (await svg.locator("circle").last().boundingBox())!;
    await page.mouse.move(point.x + point.width / 2, point.y + point.height / 2);
    await page.locator(".chart-tooltip").waitFor();
    expect(await page.locator(".chart-tooltip").innerText()).toBe(
      `${labels[8]}: ${thisMonth} vouch${thisMonth === 1 ? "" : "es"}`,
    );

    // Top Vouchers: gold, silver and bronze on the first three rows, ordered by total.
    const rows = page.getByTestId("top-vouchers").locator("li");
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    expect(await rows.nth(0).getAttribute("class")).toContain("podium-1");
    expect(await rows.nth(2).getAttribute("class")).toContain("podium-3");
    const totals = await rows.locator(".count-pill").allInnerTexts();
    const numbers = totals.map((t) => Number.parseInt(t, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    await shot(page, "dashboard-light");
  });

  it("shows the dashboard in the dark theme", async () => {
    const { page } = await signedIn({ who: "Tek Breeder", theme: "dark" });
    await waitHydrated(page);
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    await settled(page);
    await shot(page, "dashboard-dark");
  });

  it("updates the totals live when a vouch is deleted in another browser", async () => {
    // The vouch to delete is this test's own, made before the dashboard opens.
    const b = await signedIn({ who: "vaultkeeper" });
    const [victim] = await createVouches(b.context.request, [
      { vouchedUsername: marker("victim"), status: "Complete" },
    ]);

    const a = await signedIn({ who: "Rex Rider" });
    await waitHydrated(a.page);
    const before = Number((await cardValue(a.page, "card-total")).replace(/,/g, ""));
    await a.page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const completedBefore = Number((await cardValue(a.page, "card-completed")).replace(/,/g, ""));
    const res = await b.context.request.delete(`/api/vouches/${victim._id}`, { headers: FROM_PAGE });
    expect(res.status()).toBe(200);

    await expect
      .poll(async () => Number((await cardValue(a.page, "card-total")).replace(/,/g, "")), { timeout: 10_000 })
      .toBe(before - 1);
    expect(Number((await cardValue(a.page, "card-completed")).replace(/,/g, ""))).toBe(completedBefore - 1);
    // No reload: the page kept its state.
    expect(await a.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it("opens What's New by itself after the first sign-in, once; the button opens it again", async () => {
    const { page } = await openFresh();
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    const dialog = page.getByRole("dialog", { name: "What's New" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("changelog-version").innerText()).toBe("1.1.0");
    expect(await dialog.getByText("July 18, 2025").isVisible()).toBe(true);
    expect(await dialog.getByText("Add different level access to the tabs").isVisible()).toBe(true);
    // A real modal once the page has hydrated (it is served open, for the page without scripts): focus is inside it
    // and the page behind is inert.
    await expect.poll(() => dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") != null)).toBe(true);
    // The dot marks the type: feature green, improvement blue, fix orange, breaking red.
    const dot = (type: string) =>
      dialog
        .locator(`li[data-type="${type}"] .change-dot`)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await dot("feature")).toBe("rgb(47, 158, 68)");
    expect(await dot("improvement")).toBe("rgb(28, 126, 214)");
    expect(await dot("fix")).toBe("rgb(247, 103, 7)");
    expect(await dot("breaking")).toBe("rgb(224, 49, 49)");
    // Lines starting with * are bullets.
    expect(await dialog.locator("li[data-type=feature]").first().locator(".change-bullets li").count()).toBe(3);
    await shot(page, "changelog-light");

    await dialog.getByRole("button", { name: "Got it!" }).click();
    await dialog.waitFor({ state: "detached" });
    // Closing it posts the version read, which the server keeps in a cookie (ADR 067).
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "changelog-seen")?.value)
      .toBe("1.1.0");
    expect(await page.getByTestId("changelog").count()).toBe(0); // unmounted, not only hidden

    // Not again: not after a reload, not on another page.
    await page.reload();
    await waitHydrated(page);
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    // The Settings page has rendered and painted: had the dialog opened by itself, it would be there now.
    await page.locator(".account code").waitFor();
    await settled(page);
    expect(await page.getByRole("dialog").count()).toBe(0);

    // The top bar's button opens it; Escape closes it.
    await page.getByTestId("changelog-button").click();
    await dialog.waitFor();
    expect(page.url()).not.toContain("changelog=1");
    await page
      .getByTestId("theme-dark")
      .click({ timeout: 1000 })
      .catch(() => undefined); // inert behind the modal
    expect(await page.evaluate(() => document.documentElement.className)).not.toBe("theme-dark");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("shows What's New in the dark theme", async () => {
    const { page } = await signedIn({ who: "Tek Breeder", theme: "dark", showChangelog: true });
    const dialog = page.getByRole("dialog", { name: "What's New" });
    await dialog.waitFor();
    await settled(page);
    await page.screenshot({ path: "tests/e2e/screenshots/changelog-dark.png" });
  });

  it("links the footer to the Privacy Policy and the Terms of Service", async () => {
    const { page } = await signedIn();
    await page.getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL("**/privacy");
    await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    await shot(page, "privacy");
    await page.getByRole("link", { name: /Back to the dashboard/ }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await page.getByRole("heading", { name: "Terms of Service" }).waitFor();
  });

  it("keeps a server-rendered What's New open while its code loads, then closes it and drops ?changelog=1", async () => {
    // The dialog's code is not in the first load (virtual:changelog-dialog). Held back here until the page has hydrated
    // and its effects have run (the auto-open among them: this browser has not seen the changelog), the server's panel
    // must stay on screen, with no error, until the code arrives.
    const { page, context } = await open({ showChangelog: true });
    const release = await holdBack(context, /\/assets\/ChangelogDialog-[^/]*\.js$/);
    await context.addCookies([
      { name: "__session", value: await createSession("Rex Rider"), url: BASE, httpOnly: true, sameSite: "Lax" },
    ]);
    await page.goto("/dashboard?changelog=1");
    await connected(page);
    const dialog = page.getByRole("dialog", { name: "What's New" });
    expect(await dialog.getByText("Add different level access to the tabs").isVisible()).toBe(true);
    release();
    await expect
      .poll(() =>
        page.evaluate(() => performance.getEntriesByType("resource").some((r) => /ChangelogDialog-/.test(r.name))),
      )
      .toBe(true);
    await dialog.getByRole("button", { name: "Got it!" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL((url) => !url.search.includes("changelog"));
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "changelog-seen")?.value)
      .toBe("1.1.0");
  });

  it("takes \"Got it!\" clicked before the page's scripts have started, and never opens What's New late", async () => {
    // The page's scripts are held back: the dialog is in the page as served, and its form works without them.
    const { page, context } = await open({ showChangelog: true });
    const release = await holdBack(context, /\/assets\/.*\.js$/);
    await context.addCookies([
      { name: "__session", value: await createSession("Rex Rider"), url: BASE, httpOnly: true, sameSite: "Lax" },
    ]);
    try {
      await page.goto("/dashboard/vouches", { waitUntil: "commit" });
      const dialog = page.getByRole("dialog", { name: "What's New" });
      const posted = page.waitForResponse((r) => new URL(r.url()).pathname === "/preferences");
      const back = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/dashboard/vouches" && r.request().method() === "GET",
      );
      await dialog.getByRole("button", { name: "Got it!" }).click();
      expect((await posted).status()).toBe(302);
      await back;
    } finally {
      release();
    }
    expect((await context.cookies()).find((c) => c.name === "changelog-seen")?.value).toBe("1.1.0");
    await waitHydrated(page);
    // Not on this page, and not on the next one: a tab click lands on the tab.
    await page.getByRole("link", { name: "Codes" }).first().click();
    await page.waitForURL("**/dashboard/codes");
    await settled(page);
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("without JavaScript", () => {
  it("renders the cards and the chart's SVG in the HTML; the changelog button shows a server-rendered panel", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false });
    // A vouch this month, so that the month has a top voucher.
    await createVouches(context.request, [{ vouchedUsername: marker("nojs") }]);
    const at = new Date();
    await page.reload();
    const { stats } = await hostNumbers(context);
    expect(await cardValue(page, "card-total")).toBe(stats.total.toLocaleString("en-US"));
    expect(await cardValue(page, "card-uncompleted")).toBe(stats.uncompleted.toLocaleString("en-US"));
    expect(await cardValue(page, "card-completed")).toBe(stats.completed.toLocaleString("en-US"));
    expect((await cardValue(page, "card-most")).length).toBeGreaterThan(0);
    const svg = page.getByTestId("vouches-chart").locator("svg").first();
    expect(await svg.getAttribute("height")).toBe("380");
    for (const label of lastMonths(at, 9).map(shortMonthLabel)) {
      expect(await svg.getByText(label, { exact: true }).count()).toBe(1);
    }
    // Nothing opens by itself without JavaScript.
    expect(await page.getByRole("dialog").count()).toBe(0);
    await shot(page, "dashboard-nojs");
    // The chart library is no part of the first load: the page names none of its code.
    expect(await (await context.request.get("/dashboard")).text()).not.toMatch(/nivo|VouchesLine/);

    await page.getByTestId("changelog-button").click();
    await page.waitForURL("**/dashboard?changelog=1");
    const dialog = page.getByRole("dialog", { name: "What's New" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByText("Add different level access to the tabs").isVisible()).toBe(true);
    await shot(page, "changelog-nojs");
    await dialog.getByRole("button", { name: "Got it!" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.waitForURL((url) => url.pathname === "/dashboard" && !url.search.includes("changelog"));
  });

  it('opens What\'s New on a first visit, and "Got it!" keeps it closed on every page after', async () => {
    const { page } = await signedIn({ javaScriptEnabled: false, showChangelog: true, path: "/dashboard/codes" });
    const dialog = page.getByRole("dialog", { name: "What's New" });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Got it!" }).click();
    await page.waitForURL("**/dashboard/codes");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.goto("/dashboard/vouches");
    expect(await page.getByRole("dialog").count()).toBe(0);
    // And /favicon.ico answers with the icon.
    const icon = await page.request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/icon/);
  });
});
