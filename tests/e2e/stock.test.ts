// The 2411 Stock page in a real browser: editing on the canvas grid with pending edits and Save, Tab moves, the
// Unsaved Changes question, row reorder, cell selection and the text colour picker, item images, two officers editing
// one tab at once (live update, version check, no lost edit), and the no-JavaScript tables and forms.
// Stock rows cannot be created through the host API (the tabs' rows are the seeded items), so every test reads the
// tab as the host answers it at the test's start and asserts relative to that: which rows it picks, their values
// before, and the order and colours it changes.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contrast, parseColour } from "#app/utils/contrast";
import { rowMiddle, STOCK_GRID } from "#app/components/grid/geometry";
import {
  shownColours,
  allowConsoleErrors,
  connected,
  editSheetCell,
  holdBack,
  open,
  settled,
  setupBrowser,
  sheetCanvas,
  sheetCellPoint,
  sheetRowY,
  sheetText,
  shot,
  signedIn as signedInAs,
  type Member,
} from "./browser";

setupBrowser();

const PAGE = "/dashboard/stock-2411";
const VIEWPORT = { width: 1440, height: 1100 };

type Row = Record<string, unknown> & {
  _id: string;
  version: number;
  order: number;
  fieldColors: Record<string, string>;
};

/** A fresh session of `who` in a tall browser, on the dashboard. */
const signedIn = (who: Member = "Rex Rider", options: Parameters<typeof open>[0] = {}) =>
  signedInAs({ who, viewport: VIEWPORT, ...options });

const api = async (context: BrowserContext, path: string) => (await (await context.request.get(path)).json()) as Row[];

/** Opens a tab with JavaScript and waits until the canvas has painted and the live socket is up. */
async function openGrid(page: Page, query: string) {
  await page.goto(`${PAGE}?${query}`);
  await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
  await connected(page);
}

// The stock sheet's cells, by column widths (the shared sheet helpers of browser.ts).
const GRID = "stock-grid";
const { rowMarkerWidth: ROW_MARKER } = STOCK_GRID;
const cellPoint = (page: Page, widths: number[], col: number, row: number) =>
  sheetCellPoint(page, GRID, widths, col, row);
const editCell = (page: Page, widths: number[], col: number, row: number, value: string, key = "Enter") =>
  editSheetCell(page, GRID, widths, col, row, value, key);
const gridText = sheetText;

const VAULT_WIDTHS = [210, ...Array(18).fill(56)];
const DEDIS_WIDTHS = [210, 104, 104, 64, 200]; // Defense Room Dedis: Item, Stock, Target, %, Todo
const editor = (page: Page) => page.locator("#portal textarea");

const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text }).first();

describe("editing on the canvas grid", () => {
  it("puts the grid in the served table's place: no frame shows both, and then the table is gone", async () => {
    const { page, context } = await signedIn();
    const served = await (
      await context.request.get(`${PAGE}?tab=war-room-dedis`, { headers: { Accept: "text/html" } })
    ).text();
    expect(served).toContain('data-testid="stock-table"');
    // Before every frame the page draws: is the grid there, and is a served table shown (ADR 057 keeps it, hidden, for a
    // frame after the grid came)?
    await page.addInitScript(() => {
      const seen = { frames: 0, grid: 0, both: 0 };
      Object.assign(window, { framesSeen: seen });
      const look = () => {
        seen.frames++;
        const grid = document.querySelector("[data-testid=stock-grid] canvas") !== null;
        const table = [...document.querySelectorAll("[data-testid=stock-table]")].some((t) => t.checkVisibility());
        if (grid) seen.grid++;
        if (grid && table) seen.both++;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${PAGE}?tab=war-room-dedis`);
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    await expect.poll(() => page.getByTestId("stock-table").count()).toBe(0);
    const seen = await page.evaluate(
      () => (window as unknown as { framesSeen: { frames: number; grid: number; both: number } }).framesSeen,
    );
    expect(seen.grid).toBeGreaterThan(0);
    expect(seen.both).toBe(0);
  });

  it("holds edits as pending, applies the numeric rules, saves them all and shows them after a reload", async () => {
    const { page, context } = await signedIn();
    const before = await api(context, "/api/stock-2411");
    await openGrid(page, "tab=war-room-vaults");

    // Three rows: A gets a number, B gets text (becomes 0), C's filled first cell is emptied (stays empty).
    const ia = before.findIndex((r) => !r.isEmpty && (r.counts as (number | null)[])[0] !== 300);
    const ib = before.findIndex((r, i) => i > ia && !r.isEmpty && (r.counts as (number | null)[])[1] !== 0);
    const ic = before.findIndex((r, i) => i > ib && (r.counts as (number | null)[])[0] !== null);
    const [a, b, c] = [before[ia], before[ib], before[ic]];
    await editCell(page, VAULT_WIDTHS, 1, ia, "300");
    await expect
      .poll(() => page.getByTestId("sheet-status").textContent())
      .toContain(`${a.item}: 1 changed (pending save)`);
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await editCell(page, VAULT_WIDTHS, 2, ib, "lots");
    await editCell(page, VAULT_WIDTHS, 1, ic, "");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("3 modified rows");
    // Escape cancels an edit.
    const { x, y } = await cellPoint(page, VAULT_WIDTHS, 3, ia);
    await page.mouse.dblclick(x, y);
    await editor(page).waitFor();
    await editor(page).fill("999");
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("3 modified rows");
    await shot(page, "stock-pending-light");

    await page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Successfully saved 3 changes!").waitFor();
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");

    const after = await api(context, "/api/stock-2411");
    const byId = new Map(after.map((r) => [r._id, r]));
    expect((byId.get(a._id)!.counts as number[])[0]).toBe(300);
    expect((byId.get(b._id)!.counts as number[])[1]).toBe(0);
    expect((byId.get(c._id)!.counts as (number | null)[])[0]).toBeNull();
    expect((byId.get(a._id)!.counts as number[])[2]).toEqual((a.counts as number[])[2]); // the cancelled edit
    expect(byId.get(a._id)!.updatedBy).toBe("Rex Rider");
    expect(byId.get(a._id)!.version).toBe(a.version + 1);
    // Current Stock is the sum of the stock columns.
    const sum = (byId.get(a._id)!.counts as (number | null)[]).reduce<number>((s, v) => s + (v ?? 0), 0);
    expect(byId.get(a._id)!.currentStock).toBe(sum);

    await page.reload();
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    expect(await gridText(page, 1, ia)).toBe("300");
    expect(await gridText(page, 2, ib)).toBe("0");
    expect(await gridText(page, 1, ic)).toBe("");
  });

  it("commits with Tab and moves to the next cell as Google Sheets does; Ctrl+S with nothing pending says so", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/defense-room-dedis");
    await openGrid(page, "tab=defense-room-dedis");
    // Tab commits Stock and selects Target; Enter opens Target's editor there; Shift+Tab after Escape goes back to Stock.
    await editCell(page, DEDIS_WIDTHS, 1, 1, "77", "Tab");
    await editor(page).waitFor({ state: "detached" });
    await page.keyboard.press("Enter");
    await expect.poll(() => editor(page).inputValue()).toBe(String(rows[1].maxStock ?? ""));
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("F2");
    await expect.poll(() => editor(page).inputValue()).toBe("77");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Discard", exact: true }).click();
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");
    await page.keyboard.press("Control+s");
    await toast(page, "No changes to save").waitFor();
  });

  it("asks before switching tabs with unsaved changes: Cancel stays, Discard Changes leaves, Save & Switch saves", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/defense-room-dedis");
    await openGrid(page, "tab=defense-room-dedis");
    await editCell(page, DEDIS_WIDTHS, 1, 3, "1234");
    const tabLink = page.getByRole("navigation", { name: "Stock tabs" }).getByRole("link", { name: "War Room Dedis" });

    await tabLink.click();
    const dialog = page.getByTestId("unsaved-dialog");
    await dialog.getByText("You have unsaved changes in 1 row").waitFor();
    // Focus starts on the suggested answer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Save & Switch");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toContain("tab=defense-room-dedis");

    await tabLink.click();
    await dialog.getByRole("button", { name: "Discard Changes" }).click();
    await page.waitForURL(/tab=war-room-dedis/);
    expect((await api(context, "/api/defense-room-dedis"))[3].currentStock).toBe(rows[3].currentStock);

    await openGrid(page, "tab=defense-room-dedis");
    await editCell(page, DEDIS_WIDTHS, 1, 3, "1234");
    await tabLink.click();
    await dialog.getByRole("button", { name: "Save & Switch" }).click();
    await page.waitForURL(/tab=war-room-dedis/);
    await toast(page, "Successfully saved 1 changes!").waitFor();
    expect((await api(context, "/api/defense-room-dedis"))[3].currentStock).toBe(1234);
  });
});

describe("order, selection and colours", () => {
  it("reorders rows by dragging the row handle and saves the order", async () => {
    const { page, context } = await signedIn();
    const before = await api(context, "/api/admin-logistics-dedis");
    await openGrid(page, "tab=admin-logistics-dedis");
    expect(await page.getByRole("button", { name: "Save Order" }).count()).toBe(0);
    const box = (await sheetCanvas(page, GRID).boundingBox())!;
    const y = (row: number) => box.y + rowMiddle(STOCK_GRID, row);
    await page.mouse.move(box.x + 5, y(0));
    await page.mouse.down();
    await page.mouse.move(box.x + 5, y(1), { steps: 4 });
    await page.mouse.move(box.x + 5, y(2) + 4, { steps: 6 });
    await page.mouse.up();
    await page.getByRole("button", { name: "Save Order" }).click();
    await toast(page, "Order saved successfully!").waitFor();
    await page.getByRole("button", { name: "Save Order" }).waitFor({ state: "detached" });
    const after = await api(context, "/api/admin-logistics-dedis");
    expect(after.slice(0, 3).map((r) => r._id)).toEqual([before[1]._id, before[2]._id, before[0]._id]);
    expect(after.slice(3).map((r) => r._id)).toEqual(before.slice(3).map((r) => r._id));
  });

  it("moves a row and colours a cell with plain forms, without JavaScript", async () => {
    const { page, context } = await signedIn("Rex Rider", { javaScriptEnabled: false });
    const before = await api(context, "/api/admin-logistic-vaults");
    await page.goto(`${PAGE}?tab=admin-logistic-vaults`);
    const table = page.getByTestId("stock-table");
    const rowOf = (id: string) => table.locator(`tr[data-row="${id}"]`);
    const toolsOf = (id: string) => table.locator(`tr[data-row-colour="${id}"]`);
    // A row's Move up / Move down are in the row being edited (ADR 055); the first row of the tab cannot move up.
    expect(await table.getByRole("button", { name: /^Move / }).count()).toBe(0);
    await rowOf(before[0]._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/);
    expect(
      await toolsOf(before[0]._id)
        .getByRole("button", { name: `Move up ${before[0].item}` })
        .isDisabled(),
    ).toBe(true);

    await rowOf(before[1]._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`edit=${before[1]._id}`));
    await toolsOf(before[1]._id)
      .getByRole("button", { name: `Move up ${before[1].item}` })
      .click();
    await page.getByText("Order saved successfully!").waitFor();
    const after = await api(context, "/api/admin-logistic-vaults");
    expect(after.slice(0, 2).map((r) => r._id)).toEqual([before[1]._id, before[0]._id]);
    expect(after.slice(2).map((r) => r._id)).toEqual(before.slice(2).map((r) => r._id));
    // The moved row is still the one being edited, now first: it can move down again, not up.
    expect(await table.locator("tbody tr").first().getAttribute("data-row")).toBe(before[1]._id);
    expect(await table.locator("tbody tr").first().getAttribute("class")).toBe("editing");
    expect(
      await toolsOf(before[1]._id)
        .getByRole("button", { name: `Move up ${before[1].item}` })
        .isDisabled(),
    ).toBe(true);
    expect(
      await toolsOf(before[1]._id)
        .getByRole("button", { name: `Move down ${before[1].item}` })
        .isDisabled(),
    ).toBe(false);
    await shot(page, "stock-nojs-row-tools");
    // The row's history: the move is on the Audit page, for this record only.
    await toolsOf(before[1]._id)
      .getByRole("link", { name: `History of ${before[1].item}` })
      .click();
    await page.getByTestId("audit-history").waitFor();
    expect(new URL(page.url()).searchParams.get("record")).toBe(before[1]._id);
    expect(await page.getByTestId("audit-table").locator("tbody tr").first().textContent()).toContain("order");
    await page.goto(`${PAGE}?tab=admin-logistic-vaults`);

    // The row's edit form carries a text colour for the whole row or one of its columns.
    await rowOf(before[0]._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/);
    const colourForm = table.locator(`tr[data-row-colour="${before[0]._id}"]`);
    await colourForm.getByLabel("Text color").fill("#1c7ed6");
    await colourForm.getByRole("combobox", { name: "Apply to" }).selectOption({ label: "Current Stock" });
    await shot(page, "stock-nojs-colour");
    await colourForm.getByRole("button", { name: "Save Color" }).click();
    await page.getByText("Text color saved.").waitFor();
    expect(page.url()).not.toContain("edit=");
    const coloured = (await api(context, "/api/admin-logistic-vaults")).find((r) => r._id === before[0]._id)!;
    expect(coloured.fieldColors).toMatchObject({ stock: "#1c7ed6" });
    const cell = rowOf(before[0]._id).locator("td").nth(12); // after the item name and the 12 stock columns
    // Shown readable on the light theme (WCAG AA: #1c7ed6 itself is 4.0:1 on white) and still blue; stored as picked.
    const { fg, bg, page: behind } = await shownColours(cell);
    expect(contrast(fg, bg, behind)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = parseColour(fg)!;
    expect(b).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(g);
  });

  it("selects cells (click, drag a range, Ctrl adds, the row marker) and saves a text colour", async () => {
    const { page, context } = await signedIn();
    const before = await api(context, "/api/defense-room-vaults");
    await openGrid(page, "tab=defense-room-vaults");
    // Nothing selected: the picker asks for a selection first.
    await page.getByRole("button", { name: "Color Picker" }).click();
    await toast(page, "Please select a cell or row first by clicking on it or the row arrow").waitFor();

    // Drag a 3 x 2 range, then Ctrl adds one more cell.
    const from = await cellPoint(page, VAULT_WIDTHS, 1, 0);
    const to = await cellPoint(page, VAULT_WIDTHS, 3, 1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    expect(await editor(page).count()).toBe(0); // a drag selects, it does not edit
    await expect.poll(() => page.getByTestId("cells-selected").textContent()).toBe("6 cells selected");
    // Two rows selected: no one row's history to show.
    expect(await page.getByTestId("row-history").count()).toBe(0);
    const extra = await cellPoint(page, VAULT_WIDTHS, 5, 2);
    await page.keyboard.down("Control");
    await page.mouse.click(extra.x, extra.y);
    await page.keyboard.up("Control");
    expect(await editor(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId("cells-selected").textContent()).toBe("7 cells selected");

    await page.getByRole("button", { name: "Color Picker" }).click();
    const dialog = page.getByTestId("color-dialog");
    expect(await dialog.getByTestId("colour-value").textContent()).toBe("#000000");
    await dialog.locator("input[type=color]").fill("#c2255c");
    await dialog.getByRole("button", { name: "Save Color" }).click();
    await dialog.waitFor({ state: "detached" });
    const after = new Map((await api(context, "/api/defense-room-vaults")).map((r) => [r._id, r]));
    for (const [row, cols] of [
      [0, ["count1", "count2", "count3"]],
      [1, ["count1", "count2", "count3"]],
      [2, ["count5"]],
    ] as const) {
      for (const col of cols) expect(after.get(before[row]._id)!.fieldColors[col]).toBe("#c2255c");
    }
    expect(after.get(before[3]._id)!.fieldColors.count1).toBe(before[3].fieldColors.count1);

    // The row marker selects a whole row: its text colour.
    const box = (await sheetCanvas(page, GRID).boundingBox())!;
    await page.mouse.click(box.x + 7 + (ROW_MARKER - 7) / 2, await sheetRowY(page, GRID, 4));
    await expect.poll(() => page.getByTestId("cells-selected").textContent()).toMatch(/^\d+ cells selected$/);
    // One row selected: its history on the Audit page.
    expect(
      new URL((await page.getByTestId("row-history").getAttribute("href"))!, "http://x").searchParams.get("record"),
    ).toBe(before[4]._id);
    await page.getByRole("button", { name: "Color Picker" }).click();
    await dialog.locator("input[type=color]").fill("#1971c2");
    await dialog.getByRole("button", { name: "Save Color" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await api(context, "/api/defense-room-vaults"))[4].textColor).toBe("#1971c2");
  });

  it("adds an item image with the spec's checks, the wiki-link reduction and update-all across tabs", async () => {
    const { page, context } = await signedIn();
    await openGrid(page, "tab=war-room-dedis");
    await page.getByRole("button", { name: "Add Image" }).click();
    const dialog = page.getByTestId("add-image-dialog");
    await dialog.getByText("Enter a direct link to the image (JPG, PNG, etc.)").waitFor();
    await dialog.getByText("The image will be updated for all items with that name across all tabs.").waitFor();
    expect(await dialog.locator("select option").first().textContent()).toBe("Select an item");
    await shot(page, "stock-add-image");
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await dialog.getByText("Please fill in both item name and image URL").waitFor();

    // "Metal Ingot" is on War Room Dedis and Defense Room Dedis.
    await dialog.locator("select").selectOption("Metal Ingot");
    await dialog
      .locator("input[type=url]")
      .fill("see https://ark.wiki.gg/images/thumb/4/4c/Metal_Ingot.png/120px-Metal_Ingot.png?version=2 for it");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await toast(page, /Image updated successfully for \d+ items with name Metal Ingot across all tabs!/).waitFor();
    const wanted = "https://ark.wiki.gg/images/4/4c/Metal_Ingot.png";
    for (const path of ["/api/stock-2411-dedis", "/api/defense-room-dedis"]) {
      const row = (await api(context, path)).find((r) => r.item === "Metal Ingot")!;
      expect(row.imageUrl).toBe(wanted);
    }
  });
});

describe("two officers at once", () => {
  it("shows the other officer's save live without dropping a pending edit, and refuses a stale row without losing it", async () => {
    const a = await signedIn("Rex Rider");
    const b = await signedIn("Tek Breeder");
    const rows = await api(a.context, "/api/stock-2411");
    const x = rows[5];
    const y = rows[6];
    await openGrid(a.page, "tab=war-room-vaults");
    await openGrid(b.page, "tab=war-room-vaults");

    // A edits row X's stock column 4 and keeps it pending.
    await editCell(a.page, VAULT_WIDTHS, 4, 5, "111");
    await expect.poll(() => a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    const updates = Number((await a.page.getByTestId("stock-grid").getAttribute("data-updates")) ?? 0);

    // B changes row X's stock column 6 and row Y's stock column 1, and saves.
    await editCell(b.page, VAULT_WIDTHS, 6, 5, "222");
    await editCell(b.page, VAULT_WIDTHS, 1, 6, "333");
    await b.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(b.page, "Successfully saved 2 changes!").waitFor();

    // A: the live event arrives (one toast that sums it up) and repaints only the cells that changed; A's pending edit
    // is still there.
    await toast(a.page, "2411 Stock: 2 changes by Tek Breeder").waitFor();
    await expect
      .poll(async () => Number((await a.page.getByTestId("stock-grid").getAttribute("data-updates")) ?? 0), {
        timeout: 10_000,
      })
      .toBeGreaterThan(updates);
    const repainted = await a.page.getByTestId("stock-grid").getAttribute("data-last-repaint");
    expect(repainted).not.toBe("all");
    expect(Number(repainted)).toBeGreaterThan(0);
    expect(Number(repainted)).toBeLessThan(rows.length * 5);
    await a.page.keyboard.press("ArrowDown"); // a selection change refreshes the grid's accessibility table
    await expect.poll(() => gridText(a.page, 1, 6)).toBe("333");
    expect(await gridText(a.page, 6, 5)).toBe("222");
    expect(await gridText(a.page, 4, 5)).toBe("111");
    expect(await a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await shot(a.page, "stock-live-pending");

    // A saves: row X changed since A edited it, so it is refused with who and when; the edit stays pending.
    await a.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(a.page, "Failed to save changes").waitFor();
    const conflict = a.page.getByTestId("stock-conflicts");
    await conflict.getByText(`${x.item} was changed by Tek Breeder at`).waitFor();
    expect(await a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    expect((await api(a.context, "/api/stock-2411")).find((r) => r._id === x._id)!.counts).toEqual(
      (x.counts as (number | null)[]).map((v, i) => (i === 5 ? 222 : v)),
    );

    // Applied again on purpose, it saves, and both officers' values are in the row.
    await a.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(a.page, "Successfully saved 1 changes!").waitFor();
    const saved = (await api(a.context, "/api/stock-2411")).find((r) => r._id === x._id)!;
    expect((saved.counts as number[])[3]).toBe(111);
    expect((saved.counts as number[])[5]).toBe(222);
    expect((await api(a.context, "/api/stock-2411")).find((r) => r._id === y._id)!.counts).toEqual(
      (y.counts as (number | null)[]).map((v, i) => (i === 0 ? 333 : v)),
    );
  });
});

describe("without JavaScript", () => {
  it("renders each tab as a table with search, page size and pagination in the URL", async () => {
    const { page, context } = await signedIn("Rex Rider", { javaScriptEnabled: false });
    const rows = await api(context, "/api/stock-2411");
    await page.goto(PAGE + "?tab=war-room-vaults");
    const table = page.getByTestId("stock-table");
    const headers = await table.locator("thead th").allTextContents();
    expect(headers.slice(0, -1)).toEqual([
      "Item",
      ...Array.from({ length: 18 }, (_, i) => String(i + 1)),
      "Current Stock",
      "Max Stock",
      "%",
      "Prev Stock",
      "Todo",
    ]);
    expect(await table.locator("tbody tr").count()).toBe(Math.min(rows.length, 100));
    expect(await page.locator("select[name=size]").inputValue()).toBe("100");
    // Vault cells: exactly 350 green, 0 grey, anything else yellow.
    const full = rows.findIndex((r) => (r.counts as (number | null)[])[0] === 350);
    const cell = table.locator("tbody tr").nth(full).locator("td").first();
    expect(await cell.getAttribute("class")).toContain("vault-full");

    await page.locator("form.table-toolbar input[name=q]").fill("tek");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(/q=tek/);
    const names = await table.locator("tbody th").allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain("tek");

    await page.goto(PAGE + "?tab=war-room-vaults&size=25&page=2");
    await page.getByText(`Showing 26 to ${Math.min(50, rows.length)} of ${rows.length} entries`).waitFor();
    await shot(page, "stock-nojs");

    for (const [tab, expected] of [
      ["war-room-dedis", ["Item Name", "Current Stock", "Previous Stock", "Stock Used", "Target", "%", "Todo"]],
      ["defense-room-dedis", ["Item", "Stock", "Target", "%", "Todo"]],
      ["admin-logistics-dedis", ["Item", "Stock", "Target", "%", "Todo"]],
      [
        "defense-room-vaults",
        ["Item", ...Array.from({ length: 18 }, (_, i) => String(i + 1)), "Current Stock", "Max Stock", "%", "Todo"],
      ],
      [
        "admin-logistic-vaults",
        ["Item", ...Array.from({ length: 12 }, (_, i) => String(i + 1)), "Current Stock", "Target", "%", "Todo"],
      ],
      [
        "war-room-dinos",
        [
          "Dino",
          "Type",
          "War Ready",
          "Not Ready",
          "Total Raised",
          "Target",
          "%",
          "Current Stock",
          "Prev Stock",
          "Different",
          "Needs Raised",
        ],
      ],
    ] as const) {
      await page.goto(`${PAGE}?tab=${tab}`);
      expect((await table.locator("thead th").allTextContents()).slice(0, -1)).toEqual(expected);
    }
    await page.goto(`${PAGE}?tab=defense-room-dinos&ready=1&unready=1`);
    const dinoHeaders = (await table.locator("thead th").allTextContents()).slice(0, -1);
    expect(dinoHeaders).toEqual([
      "Dino",
      "Type",
      ...Array.from({ length: 16 }, (_, i) => `R${i + 1}`),
      "War Ready",
      ...Array.from({ length: 16 }, (_, i) => `U${i + 1}`),
      "Not Ready",
      "Total Raised",
      "Target",
      "%",
      "Current Stock",
      "Prev Stock",
      "Different",
      "Needs Raised",
    ]);
    await shot(page, "stock-nojs-dinos");
  });

  it("edits a row through its form with the version check, keeping a refused value", async () => {
    // The refused save answers 409 Conflict, which chromium logs as a failed resource load.
    allowConsoleErrors(/status of 409 \(Conflict\)/);
    const { page, context } = await signedIn("Rex Rider", { javaScriptEnabled: false });
    const other = await signedIn("Tek Breeder");
    const rows = await api(context, "/api/stock-2411-dedis");
    const row = rows[2];
    await page.goto(`${PAGE}?tab=war-room-dedis`);
    const table = page.getByTestId("stock-table");
    await table.locator(`tr[data-row="${row._id}"]`).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/);
    const form = table.locator(`tr[data-row="${row._id}"]`);
    await form.getByRole("textbox", { name: "Current Stock" }).fill("");
    await form.getByRole("textbox", { name: "Target" }).fill("many");
    await form.getByRole("textbox", { name: "Todo" }).fill("Smelt twice");

    // Meanwhile another officer saves the same row through the grid.
    await openGrid(other.page, "tab=war-room-dedis");
    await editCell(other.page, [210, 104, 118, 104, 104, 64, 200], 2, 2, "42");
    await other.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(other.page, "Successfully saved 1 changes!").waitFor();

    // The form's save is refused, naming who changed the row; the typed values stay in the form.
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(`${row.item} was changed by Tek Breeder at`).waitFor();
    const again = table.locator(`tr[data-row="${row._id}"]`);
    expect(await again.getByRole("textbox", { name: "Todo" }).inputValue()).toBe("Smelt twice");
    expect(await again.getByRole("textbox", { name: "Target" }).inputValue()).toBe("many");
    expect(await again.getByRole("textbox", { name: "Previous Stock" }).inputValue()).toBe("42");

    // Saved again on purpose: empty stays empty, text becomes 0, and the other officer's change is kept.
    await again.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Successfully saved 1 changes!").waitFor();
    const saved = (await api(context, "/api/stock-2411-dedis")).find((r) => r._id === row._id)!;
    expect(saved.currentStock).toBeNull();
    expect(saved.target).toBe(0);
    expect(saved.todo).toBe("Smelt twice");
    expect(saved.previousStock).toBe(42);
    expect(saved.updatedBy).toBe("Rex Rider");
  });

  it("shows a past version's stock per row and Show Current", async () => {
    const { page, context } = await signedIn("Rex Rider", { javaScriptEnabled: false });
    const history = (await (await context.request.get("/api/defense-room-vaults/history")).json()) as {
      _id: string;
      items: { itemId: string; currentStock: number | null }[];
    }[];
    await page.goto(`${PAGE}?tab=defense-room-vaults`);
    const options = await page.locator("select[name=history] option").allTextContents();
    expect(options.length).toBe(history.length); // "Select a date" and every snapshot but the current one
    await page.locator("select[name=history]").selectOption(history[3]._id);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/history=/);
    const table = page.getByTestId("stock-table");
    const headers = await table.locator("thead th").allTextContents();
    const at = headers.findIndex((h) => h.startsWith("Stock at "));
    expect(at).toBe(headers.indexOf("Current Stock") + 1);
    const first = history[3].items[0];
    const firstRow = table.locator("tbody tr").first();
    expect((await firstRow.locator("th, td").nth(at).textContent())?.trim()).toBe(
      first.currentStock === null ? "" : String(first.currentStock),
    );
    await page.getByRole("link", { name: "Show Current" }).click();
    await page.waitForURL((url) => !url.search.includes("history="));
    expect((await table.locator("thead th").allTextContents()).some((h) => h.startsWith("Stock at "))).toBe(false);
  });
});

describe("the page", () => {
  it("remembers the active tab, and looks right in light and dark", async () => {
    const { page, context } = await signedIn();
    await openGrid(page, "tab=war-room-dinos&ready=1&unready=1");
    await shot(page, "stock-dinos-light");
    // Opened without ?tab=, the page shows the tab used last.
    await page.goto(PAGE);
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    const tabs = page.getByRole("navigation", { name: "Stock tabs" });
    expect(await tabs.getByRole("link", { name: "War Room Dinos" }).getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => localStorage.getItem("stock_2411_active_tab"))).toBe("war-room-dinos");
    await context.addCookies([{ name: "vite-ui-theme", value: "dark", url: page.url() }]);
    await openGrid(page, "tab=war-room-vaults");
    await page.locator("html.theme-dark").waitFor({ state: "attached" });
    await settled(page);
    await shot(page, "stock-dark");
    await openGrid(page, "tab=war-room-dinos&ready=1&unready=1");
    await settled(page);
    await shot(page, "stock-dinos-dark");
    await context.addCookies([{ name: "vite-ui-theme", value: "light", url: page.url() }]);
    await openGrid(page, "tab=war-room-vaults");
    await page.locator("html.theme-light").waitFor({ state: "attached" });
    await settled(page);
    await shot(page, "stock-light");
  });

  it("keeps the server's table under a spinner while the grid's code loads, then puts the grid in its place", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/stock-2411");
    const release = await holdBack(context, /\/assets\/SheetGrid\.client-[^/]*\.js$/);
    await page.goto(`${PAGE}?tab=war-room-vaults`);
    await page.getByRole("status").filter({ hasText: "Loading summary..." }).waitFor();
    const table = page.getByTestId("stock-table");
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator(`tr[data-row="${rows[0]._id}"]`).textContent()).toContain(String(rows[0].item));
    expect(await page.getByTestId("stock-grid").count()).toBe(0);
    await shot(page, "stock-grid-loading");
    release();
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    await expect.poll(() => table.count()).toBe(0); // removed after the grid's first frame (ADR 057)
    expect(await page.getByRole("status").filter({ hasText: "Loading summary..." }).count()).toBe(0);
  });

  it("has its code kept by the browser for good (hashed names), and the rest revalidated", async () => {
    const { page } = await signedIn();
    await openGrid(page, "tab=war-room-vaults");
    const grid = await page.locator('link[rel=modulepreload][href*="SheetGrid.client"]').getAttribute("href");
    const styles = await page.locator('link[rel=stylesheet][href^="/assets/"]').first().getAttribute("href");
    for (const asset of [grid, styles]) {
      const res = await page.request.get(asset!);
      expect(res.status(), asset!).toBe(200);
      expect(res.headers()["cache-control"], asset!).toBe("public, max-age=31536000, immutable");
    }
    const favicon = await page.request.get("/favicon.svg");
    expect(favicon.headers()["cache-control"] ?? "").not.toContain("immutable");
    expect((await page.request.get("/_headers")).status()).toBe(404);
  });
});
