// The Codes page in chromium with JavaScript: canvas grid, Edit Code modal, delete confirmation, in-place edit, live
// updates from another browser. Every test creates the codes it looks at, each with a marker no other row has, and
// searches for that marker: the rows it asserts on are its own.
import { describe, expect, it } from "vitest";
import {
  allowConsoleErrors,
  connected,
  FROM_PAGE,
  holdBack,
  marker,
  settled,
  setupBrowser,
  shot,
  toastShown,
} from "./browser";
import { createCodes } from "./data";
import { codesPage, codes, codeById, summary, selectRow, showsRows, selectOnly } from "./codes-fixtures";

setupBrowser();

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
