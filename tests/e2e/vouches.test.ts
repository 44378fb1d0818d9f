// The Vouches page in a real browser, with JavaScript (canvas grid, modals, live updates) and without it (HTML table,
// GET forms, server-rendered confirmation steps). Every test ingests the vouches it looks at, under a vouched username
// no other row has, and searches for it; totals over all vouches are compared with a count read at the test's start.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  clickGridRow,
  connected,
  marker,
  settled,
  setupBrowser,
  shot,
  signedIn,
  toastShown,
  type Member,
} from "./browser";
import { createVouches, snowflake, vouchTotal } from "./data";
import { VOUCH_COLUMNS } from "#tests/expected-columns";

setupBrowser();

const PAGE = "/dashboard/vouches";
const GRID = '[data-testid="canvas-grid"]';
const BY_PRIORITY = [
  "Status",
  "Vouched Date",
  "Voucher Username",
  "Vouched Username",
  "Actions",
  "2411",
  "2573",
  "2446",
  "Avatar",
  "ID",
  "Vouched ID",
  "Voucher ID",
];

/**
 * A fresh signed-in session, on the dashboard: the test opens the Vouches page once it has made its data. A screen wide
 * enough for the grid's twelve columns, which then keep the page's order (a narrower grid puts its ids last: ADR 071).
 */
const WIDE = { width: 1920, height: 1080 };
const vouchesPage = (who: Member = "Rex Rider", options: { javaScriptEnabled?: boolean } = {}) =>
  signedIn({ who, viewport: WIDE, ...options, path: "/dashboard" });

const search = (m: string, extra = "") => `${PAGE}?q=${encodeURIComponent(m)}${extra}`;

/** "Showing 1 to 25 of 498 entries" as numbers. */
async function showing(page: Page) {
  const text = await page.locator(".pagination-bar > span").innerText();
  const m = /^Showing (\d+) to (\d+) of (\d+) entries$/.exec(text.trim());
  if (!m) throw new Error(`unexpected range text: ${text}`);
  return { from: Number(m[1]), to: Number(m[2]), total: Number(m[3]) };
}

/**
 * The grid's rows, read from the accessible table glide-data-grid keeps inside its canvas: only the rows and columns
 * in view, each row as {column title: text}.
 */
async function gridRows(page: Page): Promise<Record<string, string>[]> {
  return page.locator(`${GRID} table[role="grid"]`).evaluate((table) => {
    const titles = new Map<string, string>();
    for (const th of table.querySelectorAll("thead th"))
      titles.set(th.getAttribute("aria-colindex") ?? "", (th.textContent ?? "").trim());
    return [...table.querySelectorAll("tbody tr")].map((tr) => {
      const row: Record<string, string> = {};
      for (const td of tr.querySelectorAll('td[role="gridcell"]')) {
        const title = titles.get(td.getAttribute("aria-colindex") ?? "");
        if (title) row[title] = (td.textContent ?? "").trim();
      }
      return row;
    });
  });
}

/** The grid's column titles in view, in order (the row marker column has none). */
async function gridHeaders(page: Page) {
  return page
    .locator(`${GRID} table[role="grid"] thead th`)
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? "").trim()).filter(Boolean));
}

/** Selects a row by clicking its ID cell on the canvas (row 0 is the first visible row). */
const selectRow = (page: Page, row: number) => clickGridRow(page, row, 110);

/** The HTML table's rows (no JavaScript), as cell texts. */
async function tableRows(page: Page): Promise<Record<string, string>[]> {
  const rows = await page
    .locator(".vouches-table tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
  return rows.map((cells) => Object.fromEntries(VOUCH_COLUMNS.map((title, i) => [title, cells[i]])));
}

describe("with JavaScript", () => {
  it("shows the grid sorted by id, searches, and changes the page size", async () => {
    const { page, context } = await vouchesPage();
    // 30 of this test's own vouches, the first six Remove Pending.
    const m = marker("vgrid");
    await createVouches(
      context.request,
      Array.from({ length: 30 }, (_, i) => ({
        vouchedUsername: `${m}-${i + 1}`,
        status: i < 6 ? ("Remove Pending" as const) : ("Complete" as const),
      })),
    );
    const total = await vouchTotal(context.request);
    await page.goto(PAGE);
    await page.locator(GRID).waitFor();
    await expect.poll(() => gridRows(page).then((r) => r.length)).toBeGreaterThan(5);
    // The columns in view come first; the grid knows all 12. The page's order when the grid fits its box; else the
    // names, status, date and actions first (ADR 071).
    const inView = await gridHeaders(page);
    expect(inView.length).toBeGreaterThanOrEqual(7);
    const overflows = await page.locator(`${GRID} .dvn-scroller`).evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(inView).toEqual((overflows ? BY_PRIORITY : VOUCH_COLUMNS).slice(0, inView.length));
    expect(Number(await page.locator(`${GRID} table[role="grid"]`).getAttribute("aria-colcount"))).toBe(
      VOUCH_COLUMNS.length,
    );
    const first = await showing(page);
    expect(first).toEqual({ from: 1, to: 25, total });
    const ids = (await gridRows(page)).map((r) => Number(r.ID));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId("vouches-actionbar").innerText()).toContain("Select a row");
    await connected(page);
    await shot(page, "vouches-light");

    // Search: typed, applied after a pause, in the URL; case-insensitive.
    await page.getByPlaceholder("Search vouches...").fill(m.toUpperCase());
    await page.waitForURL(new RegExp(`q=${m.toUpperCase()}`));
    await expect.poll(() => showing(page)).toEqual({ from: 1, to: 25, total: 30 });
    // The canvas shows the found rows; the selected row's bar reads them (the grid's hidden accessible table only
    // follows on its next render).
    const bar = page.getByTestId("vouches-actionbar");
    for (const row of [0, 4]) {
      await selectRow(page, row);
      await bar
        .locator(".vouches-selected")
        .getByText(/Vouch #\d+/)
        .waitFor();
      expect(await bar.locator(".vouches-selected .badge").innerText()).toBe("Remove Pending");
    }

    // Page 2 of the search, then 50 per page: back to page 1.
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    // The address changes a moment before the page renders the new data.
    await expect.poll(() => showing(page)).toEqual({ from: 26, to: 30, total: 30 });
    await page.getByLabel("Show").selectOption("50");
    await page.waitForURL((url) => url.searchParams.get("size") === "50" && !url.searchParams.has("page"));
    await expect.poll(() => showing(page)).toEqual({ from: 1, to: 30, total: 30 });

    // Dark theme: the grid follows.
    await page.getByTestId("theme-dark").click();
    await page.waitForFunction(() => document.documentElement.className === "theme-dark");
    await selectRow(page, 1);
    await bar.getByText(/Vouch #\d+/).waitFor();
    await settled(page);
    await shot(page, "vouches-dark");
    await page.getByTestId("theme-light").click();
    await page.waitForFunction(() => document.documentElement.className === "theme-light");

    // An empty search shows every vouch again.
    await page.getByPlaceholder("Search vouches...").fill("");
    await expect.poll(async () => (await showing(page)).total).toBe(total);
  });

  it("deletes the selected vouch after the confirmation modal", async () => {
    const { page, context } = await vouchesPage();
    const m = marker("vdel");
    const [firstVouch, secondVouch] = await createVouches(context.request, [
      { vouchedUsername: m },
      { vouchedUsername: m },
    ]);
    const total = await vouchTotal(context.request);
    await page.goto(search(m));
    await page.locator(GRID).waitFor();
    await expect
      .poll(() => gridRows(page).then((r) => r.map((row) => row.ID)))
      .toEqual([String(firstVouch.id), String(secondVouch.id)]);
    const before = await showing(page);
    const [firstRow, secondRow] = await gridRows(page);
    await selectRow(page, 0);
    const bar = page.getByTestId("vouches-actionbar");
    await bar.getByText(`Vouch #${firstRow.ID}`).waitFor();

    // Cancel keeps it.
    await bar.getByRole("button", { name: "Delete", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Delete vouch" });
    await dialog.getByText("Are you sure you want to delete this vouch?").waitFor();
    await shot(page, "vouches-modal-delete");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await gridRows(page))[0].ID).toBe(firstRow.ID);

    await bar.getByRole("button", { name: "Delete", exact: true }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await toastShown(page, "Vouch deleted successfully!");
    await expect.poll(async () => (await gridRows(page))[0].ID).toBe(secondRow.ID);
    await expect.poll(async () => (await showing(page)).total).toBe(before.total - 1);
    expect(await vouchTotal(context.request)).toBe(total - 1);
  });

  it("kicks the selected user after the confirmation modal: every vouch of theirs becomes Remove Pending", async () => {
    const { page, context } = await vouchesPage();
    const m = marker("vkick");
    // Two vouches of one user the Discord stand-in knows (its ids never end in 9), and one of another user.
    const vouched = snowflake();
    await createVouches(context.request, [
      { vouchedUsername: m, vouched },
      { vouchedUsername: `${m}-other`, status: "Invalid" },
      { vouchedUsername: m, vouched, status: "Not Provided" },
    ]);
    await page.goto(search(m));
    await page.locator(GRID).waitFor();
    await expect.poll(() => gridRows(page).then((r) => r.length)).toBe(3);
    const rows = await gridRows(page);
    const index = rows.findIndex((r) => r["Vouched ID"] === vouched);
    expect(index).toBe(0);
    await selectRow(page, index);
    const bar = page.getByTestId("vouches-actionbar");
    await bar.getByText(`Vouch #${rows[index].ID}`).waitFor();
    await bar.getByRole("button", { name: "Kick", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Kick user" });
    await dialog.getByText(`Are you sure you want to kick user ${vouched} from all Discord servers?`).waitFor();
    await shot(page, "vouches-modal-kick");
    await dialog.getByRole("button", { name: "Kick", exact: true }).click();
    await bar.getByText("Remove Pending").waitFor();
    await toastShown(page, "1 kicked, 0 failed.");

    // Every vouch of that user, on any page; the other user's vouch is left alone.
    await page.getByPlaceholder("Search vouches...").fill(vouched);
    await page.waitForURL(new RegExp(`q=${vouched}`));
    await expect
      .poll(async () => (await gridRows(page)).map((r) => [r["Vouched ID"], r.Status]))
      .toEqual([
        [vouched, "Remove Pending"],
        [vouched, "Remove Pending"],
      ]);
    await page.getByPlaceholder("Search vouches...").fill(`${m}-other`);
    await expect.poll(async () => (await gridRows(page)).map((r) => r.Status)).toEqual(["Invalid"]);
  });

  it("fetches a missing avatar when it is clicked, and shows it", async () => {
    const { page, context } = await vouchesPage();
    // Discord's CDN is out of reach here: answer its images with a small picture.
    await context.route(/^https:\/\/cdn\.discordapp\.com\//, (route) =>
      route.fulfill({
        contentType: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#5865f2"/></svg>',
      }),
    );
    // A vouch without a stored avatar.
    const m = marker("vavatar");
    await createVouches(context.request, [{ vouchedUsername: m }]);
    await page.goto(search(m));
    await page.locator(GRID).waitFor();
    await expect.poll(() => gridRows(page).then((r) => r.length)).toBe(1);
    await selectRow(page, 0);
    const bar = page.getByTestId("vouches-actionbar");
    const avatar = bar.getByRole("button", { name: /Fetch avatar of/ });
    await avatar.waitFor();
    expect(await bar.locator("img").getAttribute("src")).toMatch(/^\/avatars\/default-\d\.svg$/);
    await avatar.click();
    await expect.poll(() => bar.locator("img").getAttribute("src")).toMatch(/^https:\/\/cdn\.discordapp\.com\//);
  });

  it("a vouch deleted in another browser disappears here without a reload", async () => {
    const a = await vouchesPage("Rex Rider");
    const b = await vouchesPage("vaultkeeper", { javaScriptEnabled: false });
    const m = marker("vlive");
    const [firstVouch, secondVouch] = await createVouches(a.context.request, [
      { vouchedUsername: m },
      { vouchedUsername: m },
    ]);
    await a.page.goto(search(m));
    await a.page.locator(GRID).waitFor();
    await connected(a.page);
    await expect
      .poll(() => gridRows(a.page).then((r) => r.map((row) => row.ID)))
      .toEqual([String(firstVouch.id), String(secondVouch.id)]);
    const before = await showing(a.page);
    await a.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await b.page.goto(search(m));
    await b.page.getByRole("link", { name: `Delete vouch ${firstVouch.id}`, exact: true }).click();
    await b.page.getByRole("button", { name: "Delete", exact: true }).click();
    await b.page.getByText("Vouch deleted successfully!").waitFor();

    await expect.poll(async () => (await gridRows(a.page))[0].ID, { timeout: 10_000 }).toBe(String(secondVouch.id));
    await expect.poll(async () => (await showing(a.page)).total).toBe(before.total - 1);
    // The toast says only that vouches changed (others' changes say the same); the rows above are this test's own.
    await toastShown(a.page, "Vouches updated! (live)");
    expect(await a.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

describe("without JavaScript", () => {
  it("searches, pages and sizes through plain forms and links", async () => {
    const { page, context } = await vouchesPage("Rex Rider", { javaScriptEnabled: false });
    const m = marker("vnojs");
    await createVouches(
      context.request,
      Array.from({ length: 27 }, (_, i) => ({ vouchedUsername: `${m}-${i + 1}` })),
    );
    const total = await vouchTotal(context.request);
    await page.goto(PAGE);
    const headers = await page.locator(".vouches-table thead th").allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(VOUCH_COLUMNS);
    const all = await showing(page);
    expect(all).toEqual({ from: 1, to: 25, total });
    const firstPage = await tableRows(page);
    expect(firstPage).toHaveLength(25);
    const ids = firstPage.map((r) => Number(r.ID));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    await shot(page, "vouches-nojs");

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await showing(page)).toMatchObject({ from: 26, to: Math.min(50, total), total });
    const second = (await tableRows(page)).map((r) => Number(r.ID));
    expect(second[0]).toBeGreaterThan(ids[24]);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Last" }).click();
    await page.waitForURL(/page=\d+/);
    const last = await showing(page);
    expect(last.to).toBe(total);

    await page.getByPlaceholder("Search vouches...").fill(m);
    await page.getByPlaceholder("Search vouches...").press("Enter");
    await page.waitForURL(new RegExp(`q=${m}`));
    expect(new URL(page.url()).searchParams.has("page")).toBe(false);
    const found = await showing(page);
    expect(found).toEqual({ from: 1, to: 25, total: 27 });
    for (const row of await tableRows(page)) expect(Object.values(row).join(" ").toLowerCase()).toContain(m);

    await page.getByLabel("Show").selectOption("100");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/size=100/);
    expect(await showing(page)).toEqual({ from: 1, to: 27, total: 27 });

    await page.getByPlaceholder("Search vouches...").fill("no vouch has this text");
    await page.getByPlaceholder("Search vouches...").press("Enter");
    await page.getByText("No vouches found.").waitFor();
  });

  it("deletes and kicks through the server's confirmation step", async () => {
    const { page, context } = await vouchesPage("Rex Rider", { javaScriptEnabled: false });
    // 27 vouches of this test's own: page 2 of their search holds the last two.
    const m = marker("vnojsdel");
    await createVouches(
      context.request,
      Array.from({ length: 27 }, (_, i) => ({ vouchedUsername: `${m}-${i + 1}` })),
    );
    await page.goto(search(m, "&page=2"));
    const before = await showing(page);
    expect(before).toEqual({ from: 26, to: 27, total: 27 });
    const rows = await tableRows(page);
    const target = rows[0].ID;

    await page.getByRole("link", { name: `Delete vouch ${target}`, exact: true }).click();
    await page.waitForURL(/confirm=delete/);
    await page.getByText("Are you sure you want to delete this vouch?").waitFor();
    await shot(page, "vouches-nojs-confirm");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => !url.searchParams.has("confirm") && url.searchParams.get("page") === "2");
    expect((await tableRows(page))[0].ID).toBe(target);

    await page.getByRole("link", { name: `Delete vouch ${target}`, exact: true }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Vouch deleted successfully!").waitFor();
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expect(new URL(page.url()).searchParams.has("confirm")).toBe(false);
    expect((await tableRows(page)).map((r) => r.ID)).not.toContain(target);
    expect((await showing(page)).total).toBe(before.total - 1);

    // Kick: the question names the user; afterwards their vouches are Remove Pending.
    const now = await tableRows(page);
    const index = now.findIndex((r) => !r["Vouched ID"].endsWith("9") && r.Status !== "Remove Pending");
    const { ID: id, "Vouched ID": vouched } = now[index];
    await page.getByRole("link", { name: `Kick user of vouch ${id}`, exact: true }).click();
    await page.getByText(`Are you sure you want to kick user ${vouched} from all Discord servers?`).waitFor();
    await page.getByRole("button", { name: "Kick", exact: true }).click();
    await page.getByText("1 kicked, 0 failed.").waitFor();
    const after = (await tableRows(page)).filter((r) => r["Vouched ID"] === vouched);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after.map((r) => r.Status))).toEqual(new Set(["Remove Pending"]));
  });
});
