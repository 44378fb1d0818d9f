// The 2411 Stock page in a real browser: reorder, selection, colours and images, and the no-JavaScript tables and
// forms. Stock rows are the seeded items, so each test reads the tab at its start and asserts relative to that.
import { describe, expect, it } from "vitest";
import { contrast, parseColour } from "#app/utils/contrast";
import { rowMiddle, STOCK_GRID } from "#app/components/grid/geometry";
import { shownColours, allowConsoleErrors, setupBrowser, sheetCanvas, sheetRowY, shot } from "./browser";
import {
  PAGE,
  signedIn,
  api,
  openGrid,
  GRID,
  cellPoint,
  editCell,
  VAULT_WIDTHS,
  editor,
  toast,
  ROW_MARKER,
} from "./stock-fixtures";
import { DINO_STOCK_COLUMNS, DINO_STOCK_COLUMNS_WITH_COUNTS } from "#tests/expected-columns";

setupBrowser();

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

  it("adds an item image with the product's checks, the wiki-link reduction and update-all across tabs", async () => {
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
      ["war-room-dinos", DINO_STOCK_COLUMNS],
    ] as const) {
      await page.goto(`${PAGE}?tab=${tab}`);
      expect((await table.locator("thead th").allTextContents()).slice(0, -1)).toEqual(expected);
    }
    await page.goto(`${PAGE}?tab=defense-room-dinos&ready=1&unready=1`);
    const dinoHeaders = (await table.locator("thead th").allTextContents()).slice(0, -1);
    expect(dinoHeaders).toEqual(DINO_STOCK_COLUMNS_WITH_COUNTS);
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
