// The shell: signing in through Discord (the stand-in's real OAuth flow), the greeting, theme and sidebar, Settings,
// signing out, and the outsider turned away. Tests about the shell rather than signing in start from a fresh session
// of their own (browser.ts), so that signing out in one cannot sign out another.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connected, open, overlappingLabels, setupBrowser, shot, signedIn, signIn } from "./browser";

setupBrowser();

/** The card a person turned away reads sits in the middle of the screen, with JavaScript on or off. */
async function expectCardCentred(page: Page) {
  const card = await page.locator("main .card").boundingBox();
  const middle = page.viewportSize()!.height / 2;
  expect(card, "the card is on the page").not.toBeNull();
  expect(
    Math.abs(card!.y + card!.height / 2 - middle),
    "the card's distance from the middle of the screen",
  ).toBeLessThanOrEqual(2);
}

/** On a phone: the avatar menu's Search leads to the search page, and a search runs there (ADR 053). */
async function searchFromTheAvatarMenu(page: Page, screenshot: string) {
  await page.getByTestId("avatar-menu").click();
  await shot(page, screenshot);
  await page.getByRole("menuitem", { name: "Search" }).click();
  await page.waitForURL("**/dashboard/search");
  // The menu closes behind the item it opened, with or without JavaScript.
  await page.getByRole("menu").waitFor({ state: "hidden" });
  const box = page.getByRole("searchbox", { name: "Search keyword" });
  await box.fill("rex");
  await box.press("Enter");
  await page.waitForURL("**/dashboard/search?q=rex");
}

describe("with JavaScript", () => {
  it("signs in through Discord, greets the member and connects live updates", async () => {
    const { page } = await open();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "ARK Tribe Dashboard" }).isVisible()).resolves.toBe(true);
    await shot(page, "01-landing");
    await page.getByRole("link", { name: "Login" }).click();
    await page.waitForURL("**/login");
    await shot(page, "02-login");
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    const greeting = await page.getByTestId("greeting").innerText();
    expect(greeting).toMatch(/^Good (Morning|Afternoon|Evening), Rex Rider\n\w+day, \w+ \d{1,2}, \d{4}$/);
    await connected(page);
    expect(await page.getByText("Dev Build").isVisible()).toBe(true);
    await shot(page, "03-dashboard");
  });

  it("greets by the browser's own clock", async () => {
    const { page } = await open({ timezoneId: "Asia/Tokyo" });
    await signIn(page, "vaultkeeper");
    await page.waitForURL("**/dashboard");
    const hour = Number(
      new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: "Asia/Tokyo" }).format(
        new Date(),
      ),
    );
    const expected = hour < 12 ? "Good Morning" : hour < 17 ? "Good Afternoon" : "Good Evening";
    expect(await page.getByTestId("greeting").innerText()).toContain(`${expected}, vaultkeeper`);
  });

  it("keeps the theme and the sidebar across a reload", async () => {
    const { page } = await signedIn({ who: "Tek Breeder" });
    await connected(page);
    // Both choices are saved by a POST to /preferences (its cookie is what the reload renders from).
    const saved = () =>
      page.waitForResponse((r) => new URL(r.url()).pathname === "/preferences" && r.request().method() === "POST");
    const themeSaved = saved();
    await page.getByTestId("theme-dark").click();
    await page.waitForFunction(() => document.documentElement.className === "theme-dark");
    await themeSaved;
    const sidebarSaved = saved();
    await page.getByTestId("sidebar-toggle").click();
    await page.locator('#sidebar[data-collapsed="true"]').waitFor();
    await sidebarSaved;
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    expect(await page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");
    expect(await page.locator("#sidebar").getAttribute("data-collapsed")).toBe("true");
    await expect.poll(() => page.locator("#sidebar").evaluate((el) => el.getBoundingClientRect().width)).toBe(70);
    await shot(page, "04-dashboard-dark-collapsed");
    await page.getByTestId("sidebar-toggle").click();
    await page.locator('#sidebar[data-collapsed="false"]').waitFor();
    await expect.poll(() => page.locator("#sidebar").evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
    await page.getByTestId("theme-system").click();
    await page.waitForFunction(() => document.documentElement.className === "theme-system");
  });

  it("shows the account and active sessions on Settings", async () => {
    const { page } = await signedIn();
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    expect(await page.locator(".account code").innerText()).toBe("300000000000000001");
    expect(await page.getByText("This session").isVisible()).toBe(true);
    await shot(page, "05-settings");
  });

  it("moves between pages in the same document: the sidebar marks the page and fetches one it rests on ahead (ADR 054)", async () => {
    const { page } = await signedIn();
    await connected(page);
    // A mark on the window: a document load would take it away.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sidebar = page.getByRole("complementary", { name: "Main navigation" });
    const tribelists = sidebar.getByRole("link", { name: "Tribelists" });
    const dashboard = sidebar.getByRole("link", { name: "Dashboard" });
    expect(await dashboard.getAttribute("aria-current")).toBe("page");
    await tribelists.hover();
    await page.locator('link[rel="prefetch"][href^="/dashboard/tribelists?_data="]').waitFor({ state: "attached" });
    await tribelists.click();
    await page.waitForURL("**/dashboard/tribelists");
    await page.getByRole("heading", { name: "Tribelists", level: 1 }).waitFor();
    expect(await tribelists.getAttribute("aria-current")).toBe("page");
    // The Dashboard's link is its page's alone (`end`): not marked on the pages below it.
    expect(await dashboard.getAttribute("aria-current")).toBeNull();
    await page.getByRole("link", { name: "2573 Tribelist" }).click();
    await page.waitForURL("**/dashboard/tribelists?tab=2573");
    await page.getByRole("heading", { name: "NA-PVP-Astraeos2573" }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    // Every icon draws a symbol of the page's sprite, at its size.
    const icons = await page.locator("svg.icon use").evaluateAll((uses) =>
      uses.map((use) => ({
        href: use.getAttribute("href"),
        found: !!document.querySelector(use.getAttribute("href")!),
        width: use.getBoundingClientRect().width,
      })),
    );
    expect(icons.length).toBeGreaterThan(10);
    for (const icon of icons)
      expect(icon, `${icon.href} is drawn`).toMatchObject({ found: true, width: expect.any(Number) });
    expect(icons.filter((icon) => icon.width > 0).length, "icons drawn at a size").toBeGreaterThan(10);
  });

  it("folds the sidebar into the menu button on a phone and closes the overlay on a click outside", async () => {
    const { page } = await signedIn({ viewport: { width: 390, height: 800 } });
    await connected(page);
    const width = () => page.locator("#sidebar").evaluate((el) => el.getBoundingClientRect().width);
    // No rail: the page has the whole width.
    await expect.poll(width).toBe(0);
    expect(await page.locator("main.content").evaluate((el) => el.getBoundingClientRect().x)).toBe(0);
    // Every button of the top bar is whole on a phone: the theme switch's three are not cut off by the greeting.
    const clip = (await page.locator(".theme-toggle").boundingBox())!;
    for (const theme of ["light", "dark", "system"]) {
      const box = (await page.getByTestId(`theme-${theme}`).boundingBox())!;
      expect(
        box.x >= clip.x && box.x + box.width <= clip.x + clip.width + 0.5,
        `the ${theme} theme button is whole`,
      ).toBe(true);
    }
    await shot(page, "06-mobile-topbar");
    // The vouches chart fits its nine months on a phone: the axis labels only the months it has room for.
    await page.locator('[data-testid="vouches-chart"][data-interactive="true"]').waitFor();
    expect(await overlappingLabels(page.getByTestId("vouches-chart"))).toEqual([]);
    // The top bar's search box is hidden on a phone; the avatar menu leads to the search page, with a box of its own.
    expect(await page.getByTestId("global-search").isVisible()).toBe(false);
    await searchFromTheAvatarMenu(page, "06-mobile-avatar-menu");
    await page.getByTestId("sidebar-toggle").click();
    await page.locator('#sidebar[data-mobile-open="true"]').waitFor();
    await expect.poll(width).toBe(240);
    await shot(page, "06-mobile-sidebar-open");
    await page.mouse.click(350, 400);
    await page.locator('#sidebar[data-mobile-open="false"]').waitFor({ state: "attached" });
    await expect.poll(width).toBe(0);
  });

  it("signs out from the avatar menu", async () => {
    const { page } = await signedIn();
    await connected(page);
    await page.getByTestId("avatar-menu").click();
    expect(await page.getByText("ID: 300000000000000001").isVisible()).toBe(true);
    // On a wide screen the top bar has its search box, and the menu no Search of its own.
    expect(await page.getByRole("menuitem", { name: "Search" }).isVisible()).toBe(false);
    await shot(page, "07-avatar-menu");
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/dashboard");
    await page.waitForURL("**/login?reason=unauthenticated");
    expect(await page.getByText("You are not authenticated. Please log in.").isVisible()).toBe(true);
  });

  it("turns away someone outside the tribe's Discord", async () => {
    const { page } = await open();
    await signIn(page, "Wandering Outsider");
    await page.waitForURL("**/not-authorized");
    expect(await page.getByText("You are not authorized").isVisible()).toBe(true);
    expect(await page.getByText("Redirecting you in 5 seconds...").isVisible()).toBe(true);
    await shot(page, "08-not-authorized");
    await expectCardCentred(page);
    expect(await page.getByRole("link", { name: "Continue now" }).getAttribute("href")).toBe(
      "https://www.youtube.com/",
    );
    // The page leaves for the configured external page after five seconds.
    await page.waitForURL("https://www.youtube.com/", { timeout: 8000, waitUntil: "commit" });
  });

  it("lets the person turned away stop the redirect, and go when they are ready (WCAG 2.2.1)", async () => {
    const { page } = await open();
    // The page's own clock: five seconds and more pass at once, without waiting for them.
    await page.clock.install();
    await signIn(page, "Wandering Outsider");
    await page.waitForURL("**/not-authorized");
    const left: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("https://www.youtube.com/")) left.push(request.url());
    });
    await page.getByRole("button", { name: "Stay on this page" }).click();
    expect(await page.getByText("Redirect stopped.").isVisible()).toBe(true);
    await page.clock.runFor(30_000);
    expect(new URL(page.url()).pathname).toBe("/not-authorized");
    expect(await page.getByText("Redirect stopped.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Continue now" }).click();
    await page.waitForURL("https://www.youtube.com/", { waitUntil: "commit" });
    // The one visit there is the person's own click.
    expect(left).toHaveLength(1);
  });
});

describe("without JavaScript", () => {
  it("turns away someone outside the tribe's Discord, and the browser itself leaves after five seconds", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await signIn(page, "Wandering Outsider");
    await page.waitForURL("**/not-authorized");
    expect(await page.getByText("Redirecting you in 5 seconds...").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Continue now" }).isVisible()).toBe(true);
    await shot(page, "08-not-authorized-nojs");
    await expectCardCentred(page);
    // Stopping needs JavaScript: without it there is nothing to press that would not work.
    expect(await page.getByRole("button", { name: "Stay on this page" }).count()).toBe(0);
    await page.waitForURL("https://www.youtube.com/", { timeout: 8000, waitUntil: "commit" });
  });

  it("signs in, switches theme, collapses the sidebar and signs out with plain forms", async () => {
    const { page } = await open({ javaScriptEnabled: false });
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    expect(await page.getByTestId("greeting").innerText()).toMatch(/Good (Morning|Afternoon|Evening), Rex Rider/);
    await page.getByTestId("theme-dark").click();
    await page.waitForURL("**/dashboard");
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    await page.getByTestId("sidebar-toggle").click();
    await page.waitForURL("**/dashboard");
    expect(await page.locator("#sidebar").getAttribute("data-collapsed")).toBe("true");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    expect(await page.locator("#sidebar").getAttribute("data-collapsed")).toBe("true");
    await shot(page, "09-nojs-dashboard");
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/settings");
    // On a phone the avatar menu's Search is a plain link.
    await page.setViewportSize({ width: 390, height: 800 });
    await searchFromTheAvatarMenu(page, "09-nojs-mobile-avatar-menu");
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/settings");
    await page.waitForURL("**/login?reason=unauthenticated&redirectTo=%2Fsettings");
  });
});
