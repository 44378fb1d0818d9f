// The global search (as you type, and a results page without JavaScript) and the Logs page. Tests search for rows
// they made themselves, named with a marker no other row has.
import { describe, expect, it } from "vitest";
import { connected, marker, setupBrowser, shot, signedIn } from "./browser";
import { createCodes, createEntries, ingestJoins, ingestLeaves, snowflake } from "./data";

setupBrowser();

describe("global search", () => {
  it("finds a member as you type; a click navigates and clears the box", async () => {
    const { page, context } = await signedIn();
    // Rows of this test's own in three lists, and a Discord join.
    const m = marker("find");
    await createCodes(context.request, [{ username: `${m} code` }]);
    await createEntries(context.request, "2573", [{ name: `${m} entry` }]);
    const joinHit = { id: snowflake(), displayName: `${m} joiner` };
    await ingestJoins(context.request, [{ ...joinHit, joinedAt: Date.now() - 60_000, inviteCode: "e2e" }]);
    await connected(page);
    const box = page.getByTestId("global-search");
    await box.fill(m);
    const first = page.locator(".search-panel .search-results button").first();
    await first.waitFor();
    const tab = await first.locator(".badge").innerText();
    expect(["Vouches", "Tribelists", "Join Log", "Leave Log", "Codes"]).toContain(tab);
    await shot(page, "search-dropdown");
    await expect.poll(() => page.locator(".search-panel .search-results button").count()).toBeGreaterThan(2);
    const tabs = await page.locator(".search-panel .search-results button .badge").allInnerTexts();
    expect(tabs).toEqual(expect.arrayContaining(["Codes", "Tribelists", "Join Log"]));
    // Go to a join log hit: it lands on the Logs page, searched for that member.
    await box.fill("");
    await box.fill(joinHit.id);
    const hit = page.locator(".search-panel .search-results button", { hasText: "Join Log" }).first();
    await hit.click();
    await page.waitForURL(`**/dashboard/logs?tab=join-log&q=${joinHit.id}`);
    // The URL changes before React commits the new page (Remix renders in a transition): wait for the row itself.
    await page.locator("tbody tr", { hasText: joinHit.id }).first().waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await page.locator("h1").innerText()).toBe("Logs");
  });

  it("shows a results page without JavaScript", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false });
    const m = marker("rex");
    await createCodes(context.request, [{ username: `${m} one` }, { username: `${m} two` }]);
    await page.getByTestId("global-search").fill(m);
    await page.getByTestId("global-search").press("Enter");
    await page.waitForURL(`**/dashboard/search?q=${m}`);
    expect(await page.locator("main .search-results li").count()).toBe(2);
    await shot(page, "search-results-nojs");
  });

  it("tells two results of the same name apart: the field that matched, and when", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false });
    const name = `${marker("twin")} RexKing`;
    const day = 86_400_000;
    await ingestJoins(context.request, [
      { id: snowflake(), displayName: name, joinedAt: Date.UTC(2026, 10, 2, 12) },
      { id: snowflake(), displayName: name, joinedAt: Date.UTC(2026, 10, 2, 12) + 3 * day },
    ]);
    await page.goto(`/dashboard/search?q=${encodeURIComponent(name)}`);
    const lines = await page.locator("main .search-results li .search-hit .muted").allInnerTexts();
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.startsWith("matched display name · Nov "))).toBe(true);
    expect(new Set(lines).size).toBe(2);
  });
});

describe("logs", () => {
  it("switches tabs, searches and pages without JavaScript", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false });
    // Enough entries of this test's own for a full first page of joins and two pages of 50 leaves.
    const m = marker("log");
    const now = Date.now();
    await ingestJoins(
      context.request,
      Array.from({ length: 26 }, (_, i) => ({
        id: snowflake(),
        displayName: `${m} joiner ${i}`,
        joinedAt: now - (i + 1) * 60_000,
      })),
    );
    await ingestLeaves(
      context.request,
      Array.from({ length: 51 }, (_, i) => ({
        id: snowflake(),
        displayName: `${m} leaver ${i}`,
        leftAt: now - (i + 1) * 60_000,
        leaveReason: "Left",
      })),
    );
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
  });

  it("remembers the active tab: the server renders it on the next visit", async () => {
    const { page } = await signedIn();
    await page.goto("/dashboard/logs?tab=leave-log");
    await page.getByText("Leave Reason").waitFor();
    await page.waitForFunction(() => Object.values({ ...localStorage }).includes("leave-log"));
    // Served with the leave log (the cookie), so the page need not switch after its scripts run.
    const served = await page.request.get("/dashboard/logs", { headers: { Accept: "text/html" } });
    expect(await served.text()).toContain("Leave Reason");
    await page.goto("/dashboard/logs");
    await page.getByText("Leave Reason").waitFor();
    expect(new URL(page.url()).search).toBe("");
    await shot(page, "logs-leave");
  });
});
