import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, open, shot, signIn } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("global search", () => {
  it("finds a member as you type; a click navigates and clears the box", async () => {
    const { page, context, errors } = await open(browser);
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    const box = page.getByTestId("global-search");
    await box.fill("a");
    const first = page.locator(".search-panel .search-results button").first();
    await first.waitFor();
    const tab = await first.locator(".badge").innerText();
    expect(["Vouches", "Tribelists", "Join Log", "Leave Log", "Codes"]).toContain(tab);
    await shot(page, "search-dropdown");
    const count = await page.locator(".search-panel .search-results button").count();
    expect(count).toBeGreaterThan(1);
    // Go to a join log hit: it lands on the Logs page, searched for that member.
    await box.fill("");
    const joinHit = await (async () => {
      const res = await context.request.get("/api/join-log");
      const [member] = await res.json();
      return member as { id: string; displayName: string };
    })();
    await box.fill(joinHit.id);
    const hit = page.locator(".search-panel .search-results button", { hasText: "Join Log" }).first();
    await hit.click();
    await page.waitForURL(`**/dashboard/logs?tab=join-log&q=${joinHit.id}`);
    // The URL changes before React commits the new page (Remix renders in a transition): wait for the row itself.
    await page.locator("tbody tr", { hasText: joinHit.id }).first().waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await page.locator("h1").innerText()).toBe("Logs");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a results page without JavaScript", async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    await page.getByTestId("global-search").fill("rex");
    await page.getByTestId("global-search").press("Enter");
    await page.waitForURL("**/dashboard/search?q=rex");
    expect(await page.locator("main .search-results li").count()).toBeGreaterThan(0);
    await shot(page, "search-results-nojs");
    await context.close();
  });
});

describe("logs", () => {
  it("switches tabs, searches and pages without JavaScript", async () => {
    const { page, context } = await open(browser, { javaScriptEnabled: false });
    await signIn(page, "Rex Rider");
    await page.goto("/dashboard/logs");
    expect(await page.locator("thead").innerText()).toContain("Invite Code");
    expect(await page.locator("tbody tr").count()).toBe(25);
    await shot(page, "logs-join-nojs");
    await page.getByRole("link", { name: "Leave Log" }).click();
    await page.waitForURL("**/dashboard/logs?tab=leave-log");
    expect(await page.locator("thead").innerText()).toContain("Leave Reason");
    await page.locator('select[name="size"]').selectOption("50");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL("**size=50**");
    expect(await page.locator("tbody tr").count()).toBe(50);
    await page.getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL("**page=2**");
    expect(await page.locator(".pagination .current").innerText()).toBe("2");
    await page.locator('input[name="q"]').last().fill("zzzz-no-such-member");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL("**q=zzzz-no-such-member**");
    expect(await page.getByText("No leave log entries found.").isVisible()).toBe(true);
    await context.close();
  });

  it("remembers the active tab with JavaScript", async () => {
    const { page, context } = await open(browser);
    await signIn(page, "Rex Rider");
    await page.waitForURL("**/dashboard");
    await page.goto("/dashboard/logs?tab=leave-log");
    await page.getByText("Leave Reason").waitFor();
    await page.goto("/dashboard/logs");
    await page.waitForURL("**/dashboard/logs?tab=leave-log");
    await shot(page, "logs-leave");
    await context.close();
  });
});
