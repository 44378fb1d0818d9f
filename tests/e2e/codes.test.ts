// The Codes page in chromium over the demo data (60 codes): with JavaScript (canvas grid, Edit Code modal, delete
// confirmation, in-place edit, live updates from another browser) and without (HTML table, forms, URL states).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, open, shot, signedIn, type Session } from "./browser";

type Code = { _id: string; id: number; username: string | null; code: string | null; location: string | null; completed: boolean };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in browser on the Codes page. */
const codesPage = (options: Parameters<typeof open>[1] = {}, theme?: "dark"): Promise<Session> =>
  signedIn(browser, { ...options, theme, path: "/dashboard/codes" });

async function codes(context: BrowserContext): Promise<Code[]> {
  const res = await context.request.get("/api/codes");
  expect(res.status()).toBe(200);
  return res.json();
}

const summary = (page: Page) => page.locator(".pagination-bar .muted").innerText();
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

/** Clicks the grid's row (0-based, on this page) in its first data column: the row becomes the selected one. */
async function selectRow(page: Page, row: number) {
  const grid = page.getByTestId("canvas-grid");
  await grid.waitFor();
  const box = (await grid.boundingBox())!;
  await page.mouse.click(box.x + 80, box.y + 38 + 36 * row + 18);
}

describe("Codes with JavaScript", () => {
  it("shows the codes in a canvas grid sorted by id, searches, and says when nothing matches", async () => {
    const { page, context, errors } = await codesPage();
    await page.getByTestId("canvas-grid").waitFor();
    expect(await page.getByRole("heading", { name: "Codes" }).isVisible()).toBe(true);
    expect(await summary(page)).toBe("Showing 1 to 25 of 60 entries");
    expect(await page.getByPlaceholder("Search codes...").isVisible()).toBe(true);
    await page.getByTestId("live-status").filter({ hasText: "Connected" }).waitFor();
    await shot(page, "codes-light");

    const all = await codes(context);
    expect(all.map((c) => c.id)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const location = all[0].location!;
    await page.getByPlaceholder("Search codes...").fill(location.toUpperCase());
    await page.waitForURL(/q=/);
    const expected = all.filter((c) => c.location === location).length;
    await expect.poll(() => summary(page)).toBe(`Showing 1 to ${expected} of ${expected} entries`);

    await page.getByPlaceholder("Search codes...").fill("no code looks like this");
    await page.getByText("No codes found matching your search.").waitFor();
    expect(page.url()).toContain("q=no+code+looks+like+this");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("edits a code in the Edit Code modal: Cancel changes nothing, Save says Code updated successfully!", async () => {
    const { page, context, errors } = await codesPage();
    await selectRow(page, 0);
    const bar = page.getByRole("toolbar", { name: "Selected code" });
    await bar.getByText("#1").waitFor();

    await bar.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    await dialog.waitFor();
    await dialog.getByLabel("Code", { exact: true }).fill("never saved");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await codes(context))[0].code).not.toBe("never saved");

    await bar.getByRole("button", { name: "Edit" }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel("Username").inputValue()).toBe((await codes(context))[0].username);
    await dialog.getByLabel("Code", { exact: true }).fill("E2E-4242");
    await dialog.getByLabel("Location").fill("Frozen Coast");
    await dialog.getByLabel("Completed").selectOption("Yes");
    await shot(page, "codes-edit-modal");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Code updated successfully!");
    await dialog.waitFor({ state: "detached" });
    expect((await codes(context))[0]).toMatchObject({ id: 1, code: "E2E-4242", location: "Frozen Coast", completed: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("edits a cell in place on the grid", async () => {
    const { page, context, errors } = await codesPage();
    // Edit only once the page has settled: a revalidation landing mid-edit re-renders the grid under the editor.
    await page.getByText("Live updates: Connected").waitFor();
    await page.waitForLoadState("networkidle");
    await selectRow(page, 2);
    await page.getByRole("toolbar", { name: "Selected code" }).getByText("#3").waitFor();
    // From the ID column, two to the right is Code; Enter opens the editor.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    const editor = page.locator("#portal textarea, #portal input").first();
    await editor.waitFor();
    await editor.fill("INPLACE-3");
    await page.keyboard.press("Enter");
    await toast(page, "Code updated successfully!");
    await expect.poll(async () => (await codes(context)).find((c) => c.id === 3)?.code).toBe("INPLACE-3");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("deletes a code after the confirmation modal", async () => {
    const { page, context, errors } = await codesPage();
    const before = await codes(context);
    await selectRow(page, 1);
    const bar = page.getByRole("toolbar", { name: "Selected code" });
    await bar.getByText(`#${before[1].id}`).waitFor();
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
    await toast(page, "Code deleted successfully!");
    const after = await codes(context);
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((c) => c._id)).not.toContain(before[1]._id);
    await expect.poll(() => summary(page)).toBe(`Showing 1 to 25 of ${before.length - 1} entries`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a change made in another browser without a reload", async () => {
    const a = await codesPage();
    const b = await codesPage();
    await a.page.getByTestId("live-status").filter({ hasText: "Connected" }).waitFor();
    const list = await codes(b.context);
    await a.page.getByPlaceholder("Search codes...").fill("LIVE-FROM-B");
    await a.page.getByText("No codes found matching your search.").waitFor();

    const res = await b.context.request.put(`/api/codes/${list[5]._id}`, { data: { code: "LIVE-FROM-B" } });
    expect(res.status()).toBe(200);
    await toast(a.page, "Codes updated! (live)");
    await expect.poll(() => summary(a.page)).toBe("Showing 1 to 1 of 1 entries");
    await a.context.close();
    await b.context.close();
  });

  it("looks right in the dark theme", async () => {
    const { page, context, errors } = await codesPage({}, "dark");
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    await page.getByTestId("canvas-grid").waitFor();
    await selectRow(page, 0);
    await page.waitForTimeout(300);
    await shot(page, "codes-dark");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("Codes without JavaScript", () => {
  it("searches and pages through an HTML table", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
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
    const ids = (await table.locator("tbody tr td:first-child").allInnerTexts()).map(Number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toHaveLength(25);
    expect(new Set(await table.locator("tbody td:nth-child(6)").allInnerTexts())).toEqual(new Set(["Yes", "No"]));
    await shot(page, "codes-nojs");

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await summary(page)).toMatch(/^Showing 26 to 50 of \d+ entries$/);

    await page.getByPlaceholder("Search codes...").fill("nothing like this at all");
    await page.getByPlaceholder("Search codes...").press("Enter");
    await page.waitForURL(/q=nothing/);
    expect(await page.getByText("No codes found matching your search.").isVisible()).toBe(true);
    await context.close();
  });

  it("edits a code on its edit page and deletes one after the confirmation step", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    const before = await codes(context);
    const target = before[9];
    await page.getByRole("link", { name: `Edit code ${target.id}` }).click();
    await page.waitForURL(new RegExp(`edit=${target._id}`));
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    expect(await dialog.getByLabel("Username").inputValue()).toBe(target.username);
    await dialog.getByLabel("Location").fill("No-JS Cave");
    await dialog.getByLabel("Completed").selectOption("No");
    await shot(page, "codes-nojs-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.search.includes("edit="));
    await page.getByText("Code updated successfully!").waitFor();
    const row = page.getByTestId("codes-table").locator("tbody tr").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${target.id}$`) }) });
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
    await context.close();
  });
});
