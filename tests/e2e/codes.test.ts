// The Codes page in chromium: with JavaScript (canvas grid, Edit Code modal, delete confirmation, in-place edit, live
// updates from another browser) and without (HTML table, forms, URL states). Every test creates the codes it looks
// at, each with a marker no other row has, and searches for that marker: the rows it asserts on are its own.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  allowConsoleErrors,
  clickGridRow,
  connected,
  FROM_PAGE,
  holdBack,
  marker,
  open,
  settled,
  setupBrowser,
  shot,
  signedIn,
  toastShown,
  type Session,
} from "./browser";
import { createCodes, type Code } from "./data";

setupBrowser();

/** A signed-in browser on the Codes page (searched for `q` when given). */
const codesPage = (options: Parameters<typeof open>[0] = {}, q?: string, theme?: "dark"): Promise<Session> =>
  signedIn({ ...options, theme, path: q ? `/dashboard/codes?q=${encodeURIComponent(q)}` : "/dashboard/codes" });

async function codes(context: BrowserContext): Promise<Code[]> {
  const res = await context.request.get("/api/codes");
  expect(res.status()).toBe(200);
  return res.json();
}

async function codeById(context: BrowserContext, _id: string): Promise<Code | undefined> {
  return (await codes(context)).find((c) => c._id === _id);
}

const summary = (page: Page) => page.locator(".pagination-bar .muted").innerText();

/** Clicks the grid's row (0-based, on this page) in its first data column: the row becomes the selected one. */
const selectRow = (page: Page, row: number) => clickGridRow(page, row, 80);

/** The grid shows exactly `n` rows (the search has been applied). */
const showsRows = (page: Page, n: number) => expect.poll(() => summary(page)).toBe(`Showing 1 to ${n} of ${n} entries`);

/** The Codes page searched for `m`, its one row (`code`) selected: the selected row's toolbar. */
async function selectOnly(page: Page, m: string, code: Code) {
  await page.goto(`/dashboard/codes?q=${m}`);
  await showsRows(page, 1);
  await selectRow(page, 0);
  const bar = page.getByRole("toolbar", { name: "Selected code" });
  await bar.getByText(`#${code.id}`).waitFor();
  return bar;
}

describe("Codes with JavaScript", () => {
  it("shows the codes in a canvas grid sorted by id, searches, and says when nothing matches", async () => {
    const { page, context } = await codesPage();
    const m = marker("loc");
    await createCodes(context.request, [
      { username: "searcher one", code: "1", location: `Cave ${m}` },
      { username: "searcher two", code: "2", location: `Cave ${m}` },
      { username: "searcher three", code: "3", location: `Ridge ${m}` },
    ]);
    const all = await codes(context);
    await page.reload();
    await page.getByTestId("canvas-grid").waitFor();
    expect(await page.getByRole("heading", { name: "Codes" }).isVisible()).toBe(true);
    expect(await summary(page)).toBe(`Showing 1 to ${Math.min(25, all.length)} of ${all.length} entries`);
    expect(await page.getByPlaceholder("Search codes...").isVisible()).toBe(true);
    await connected(page);
    await shot(page, "codes-light");

    // The host answers the codes sorted by id, each id once.
    const ids = all.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    // Search is case-insensitive and matches any column: two of the three share a location.
    await page.getByPlaceholder("Search codes...").fill(`cave ${m}`.toUpperCase());
    await page.waitForURL(/q=/);
    await showsRows(page, 2);
    await page.getByPlaceholder("Search codes...").fill(m.toUpperCase());
    await showsRows(page, 3);

    await page.getByPlaceholder("Search codes...").fill("no code looks like this");
    await page.getByText("No codes found matching your search.").waitFor();
    expect(page.url()).toContain("q=no+code+looks+like+this");
  });

  it("searches for what was typed before the page ran its JavaScript, and keeps it in the box", async () => {
    // A slow connection: the page is on screen, its script still loading, and the person types in the search box.
    const { page, context } = await codesPage();
    const m = marker("early");
    await createCodes(context.request, [{ username: "early one", code: "1", location: `Cave ${m}` }]);
    const release = await holdBack(context, /\/assets\/entry\.client-[^/]*\.js$/);
    await page.goto("/dashboard/codes", { waitUntil: "commit" });
    const box = page.getByPlaceholder("Search codes...");
    await box.fill(m);
    release();
    await page.waitForURL(new RegExp(`q=${m}`));
    await showsRows(page, 1);
    expect(await box.inputValue()).toBe(m);
    await connected(page);
    expect(await box.inputValue()).toBe(m);
  });

  it("keeps the server's table, links working, while the grid's code loads, then puts the grid in its place", async () => {
    const { page, context } = await codesPage();
    const m = marker("slowgrid");
    const [code] = await createCodes(context.request, [{ username: "slow grid", code: "7", location: `Cave ${m}` }]);
    const release = await holdBack(context, /\/assets\/DataGrid\.client-[^/]*\.js$/);
    await page.goto(`/dashboard/codes?q=${m}`);
    await connected(page); // hydrated: the live socket opens in an effect
    const table = page.getByTestId("codes-table");
    expect(await table.getByRole("cell", { name: `Cave ${m}` }).isVisible()).toBe(true);
    expect(await page.getByTestId("canvas-grid").count()).toBe(0);
    // The table's Edit link is a plain link meanwhile: it loads the page with the modal open.
    await table.getByRole("link", { name: `Edit code ${code.id}` }).click();
    await page.waitForURL(/edit=/);
    const modal = page.getByRole("dialog", { name: "Edit Code" });
    expect(await modal.getByLabel("Location").inputValue()).toBe(`Cave ${m}`);
    release();
    await page.getByTestId("canvas-grid").waitFor();
    await expect.poll(() => table.count()).toBe(0); // removed after the grid's first frame (ADR 057)
  });

  it("edits a code in the Edit Code modal: Cancel changes nothing, Save says Code updated successfully!", async () => {
    const { page, context } = await codesPage();
    const m = marker("modal");
    const [mine] = await createCodes(context.request, [
      { username: `modal ${m}`, code: "1111", location: "Somewhere", completed: false },
    ]);
    const bar = await selectOnly(page, m, mine);

    await bar.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    await dialog.waitFor();
    await dialog.getByLabel("Code", { exact: true }).fill("never saved");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await codeById(context, mine._id))!.code).toBe("1111");

    await bar.getByRole("button", { name: "Edit" }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Username").inputValue()).toBe(`modal ${m}`);
    await dialog.getByLabel("Code", { exact: true }).fill("E2E-4242");
    await dialog.getByLabel("Location").fill("Frozen Coast");
    await dialog.getByLabel("Completed").selectOption("Yes");
    await shot(page, "codes-edit-modal");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Code updated successfully!");
    await dialog.waitFor({ state: "detached" });
    expect(await codeById(context, mine._id)).toMatchObject({
      id: mine.id,
      code: "E2E-4242",
      location: "Frozen Coast",
      completed: true,
    });
  });

  it("keeps both edits when someone else saves the code while the modal is open", async () => {
    const { page, context } = await codesPage();
    allowConsoleErrors(/status of 409/); // the refused save
    const m = marker("clash");
    const [mine] = await createCodes(context.request, [{ username: `clash ${m}`, code: "1111", location: "Plains" }]);
    const bar = await selectOnly(page, m, mine);
    await bar.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    await dialog.waitFor();

    // Another person renames the member while this one edits the code.
    const other = await context.request.put(`/api/codes/${mine._id}`, {
      headers: FROM_PAGE,
      data: { ...mine, username: `renamed ${m}` },
    });
    expect(other.status()).toBe(200);
    await dialog.getByLabel("Code", { exact: true }).fill(`MINE-${m}`);
    await dialog.getByRole("button", { name: "Save" }).click();

    // Refused: the modal stays with this person's values, the other one's under the field that differs.
    await dialog.getByTestId("code-conflict").waitFor();
    expect(await dialog.getByLabel("Code", { exact: true }).inputValue()).toBe(`MINE-${m}`);
    expect(await dialog.getByTestId("conflict-theirs").allInnerTexts()).toEqual([
      `Saved meanwhile: renamed ${m}`,
      "Saved meanwhile: 1111",
    ]);
    expect(await codeById(context, mine._id)).toMatchObject({ username: `renamed ${m}`, code: "1111" });
    await shot(page, "codes-conflict");

    // Taking their username and saving again keeps both edits.
    await dialog.getByLabel("Username").fill(`renamed ${m}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Code updated successfully!");
    await dialog.waitFor({ state: "detached" });
    expect(await codeById(context, mine._id)).toMatchObject({
      username: `renamed ${m}`,
      code: `MINE-${m}`,
      version: 3,
    });
  });

  it("edits a cell in place on the grid", async () => {
    const { page, context } = await codesPage();
    const m = marker("inplace");
    const [mine] = await createCodes(context.request, [{ username: `inplace ${m}`, code: "0000" }]);
    await page.goto(`/dashboard/codes?q=${m}`);
    await connected(page);
    await showsRows(page, 1);
    await selectRow(page, 0);
    await page.getByRole("toolbar", { name: "Selected code" }).getByText(`#${mine.id}`).waitFor();
    // From the ID column, two to the right is Code; Enter opens the editor.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    const editor = page.locator("#portal textarea, #portal input").first();
    await editor.waitFor();
    await editor.fill(`INPLACE-${m}`);
    // The save's own live event arrives while the save is on its way: it must neither swallow the save's toast nor
    // reload the page's data a second time (app/realtime/live.tsx).
    const reloads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).searchParams.get("_data") === "routes/_shell.dashboard.codes")
        reloads.push(r.url());
    });
    await page.keyboard.press("Enter");
    await toastShown(page, "Code updated successfully!");
    await toastShown(page, "Codes updated! (live)");
    await page.waitForLoadState("networkidle");
    expect(reloads).toHaveLength(1);
    await expect.poll(async () => (await codeById(context, mine._id))?.code).toBe(`INPLACE-${m}`);
  });

  it("deletes a code after the confirmation modal", async () => {
    const { page, context } = await codesPage();
    const m = marker("del");
    const [victim, survivor] = await createCodes(context.request, [
      { username: `victim ${m}` },
      { username: `survivor ${m}` },
    ]);
    const before = await codes(context);
    await page.goto(`/dashboard/codes?q=${m}`);
    await showsRows(page, 2);
    await selectRow(page, 0);
    const bar = page.getByRole("toolbar", { name: "Selected code" });
    await bar.getByText(`#${victim.id}`).waitFor();
    await bar.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Code" });
    await dialog.getByText("Are you sure you want to delete this code?").waitFor();
    // A destructive question starts on Cancel.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await shot(page, "codes-delete-modal");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await codes(context)).toHaveLength(before.length);

    await bar.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toastShown(page, "Code deleted successfully!");
    const after = await codes(context);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((c) => c._id)).not.toContain(victim._id);
    expect(after.map((c) => c._id)).toContain(survivor._id);
    await showsRows(page, 1);
  });

  it("shows a change made in another browser without a reload", async () => {
    const a = await codesPage();
    const b = await codesPage();
    const m = marker("live");
    const [mine] = await createCodes(b.context.request, [{ username: `live ${m}`, code: "before" }]);
    await a.page.goto(`/dashboard/codes?q=LIVE-${m}`);
    await connected(a.page);
    await a.page.getByText("No codes found matching your search.").waitFor();
    await a.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const res = await b.context.request.put(`/api/codes/${mine._id}`, {
      headers: FROM_PAGE,
      data: { code: `LIVE-${m}` },
    });
    expect(res.status()).toBe(200);
    // The toast says only that codes changed (others' changes say the same); the row found is this test's own.
    await toastShown(a.page, "Codes updated! (live)");
    await showsRows(a.page, 1);
    expect(await a.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  it("looks right in the dark theme", async () => {
    const { page, context } = await codesPage({}, undefined, "dark");
    const m = marker("dark");
    const [mine] = await createCodes(context.request, [
      { username: `dark ${m}`, code: "7001", location: "Volcano", completed: true },
      { username: `dark two ${m}`, code: "7002", location: "Redwoods", completed: false },
    ]);
    await page.goto(`/dashboard/codes?q=${m}`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    await showsRows(page, 2);
    await selectRow(page, 0);
    await page.getByRole("toolbar", { name: "Selected code" }).getByText(`#${mine.id}`).waitFor();
    await settled(page);
    await shot(page, "codes-dark");
  });
});

describe("Codes without JavaScript", () => {
  it("searches and pages through an HTML table", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    // 27 codes of this test's own: a first page of 25 and a second of 2, some completed and some not.
    const m = marker("nojs");
    await createCodes(
      context.request,
      Array.from({ length: 27 }, (_, i) => ({
        username: `pager ${m} ${i + 1}`,
        code: String(5000 + i),
        completed: i % 3 === 0,
      })),
    );
    const all = await codes(context);
    await page.reload();
    const table = page.getByTestId("codes-table");
    expect(await table.locator("thead th").allInnerTexts()).toEqual([
      "ID",
      "Username",
      "Code",
      "Server",
      "User Avatar",
      "Completed",
      "Main Server",
      "Location",
      "User ID",
      "Actions",
    ]);
    expect(await summary(page)).toBe(`Showing 1 to 25 of ${all.length} entries`);
    await shot(page, "codes-nojs");

    await page.getByPlaceholder("Search codes...").fill(m);
    await page.getByPlaceholder("Search codes...").press("Enter");
    await page.waitForURL(new RegExp(`q=${m}`));
    const ids = (await table.locator("tbody tr td:first-child").allInnerTexts()).map(Number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toHaveLength(25);
    expect(new Set(await table.locator("tbody td:nth-child(6)").allInnerTexts())).toEqual(new Set(["Yes", "No"]));
    expect(await summary(page)).toBe("Showing 1 to 25 of 27 entries");

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await summary(page)).toBe("Showing 26 to 27 of 27 entries");
    const second = (await table.locator("tbody tr td:first-child").allInnerTexts()).map(Number);
    expect(second[0]).toBeGreaterThan(ids[24]);

    await page.getByPlaceholder("Search codes...").fill("nothing like this at all");
    await page.getByPlaceholder("Search codes...").press("Enter");
    await page.waitForURL(/q=nothing/);
    expect(await page.getByText("No codes found matching your search.").isVisible()).toBe(true);
  });

  it("shows a save refused because someone else saved first, and saves on the newer version", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    allowConsoleErrors(/status of 409/); // the refused save's page
    const m = marker("nojsclash");
    const [mine] = await createCodes(context.request, [{ username: `nojs ${m}`, location: "Plains" }]);
    await page.goto(`/dashboard/codes?q=${m}&edit=${mine._id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    await dialog.getByLabel("Location").fill("My Cave");
    const other = await context.request.put(`/api/codes/${mine._id}`, {
      headers: FROM_PAGE,
      data: { location: "Their Ridge" },
    });
    expect(other.status()).toBe(200);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByTestId("code-conflict").waitFor();
    expect(await dialog.getByLabel("Location").inputValue()).toBe("My Cave");
    expect(await dialog.getByTestId("conflict-theirs").allInnerTexts()).toEqual(["Saved meanwhile: Their Ridge"]);
    await shot(page, "codes-nojs-conflict");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Code updated successfully!").waitFor();
    expect(await codeById(context, mine._id)).toMatchObject({ location: "My Cave", version: 3 });
  });

  it("edits a code on its edit page and deletes one after the confirmation step", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    const m = marker("nojsedit");
    const [target] = await createCodes(context.request, [
      { username: `nojs ${m}`, location: "Plains", completed: true },
    ]);
    await page.goto(`/dashboard/codes?q=${m}`);
    await page.getByRole("link", { name: `Edit code ${target.id}` }).click();
    await page.waitForURL(new RegExp(`edit=${target._id}`));
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    expect(await dialog.getByLabel("Username").inputValue()).toBe(`nojs ${m}`);
    await dialog.getByLabel("Location").fill("No-JS Cave");
    await dialog.getByLabel("Completed").selectOption("No");
    await shot(page, "codes-nojs-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.search.includes("edit="));
    await page.getByText("Code updated successfully!").waitFor();
    // Back on the searched page: the search is kept.
    expect(new URL(page.url()).searchParams.get("q")).toBe(m);
    const row = page
      .getByTestId("codes-table")
      .locator("tbody tr")
      .filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${target.id}$`) }) });
    expect(await row.locator("td:nth-child(8)").innerText()).toBe("No-JS Cave");
    expect(await row.locator("td:nth-child(6)").innerText()).toBe("No");

    await page.getByRole("link", { name: `Delete code ${target.id}` }).click();
    await page.waitForURL(/confirm=delete/);
    const confirm = page.getByRole("dialog", { name: "Delete Code" });
    expect(await confirm.getByText("Are you sure you want to delete this code?").isVisible()).toBe(true);
    await shot(page, "codes-nojs-delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => !url.search.includes("confirm="));
    await page.getByText("Code deleted successfully!").waitFor();
    expect(await page.getByRole("link", { name: `Edit code ${target.id}` }).count()).toBe(0);
    expect((await codes(context)).map((c) => c._id)).not.toContain(target._id);
  });
});
