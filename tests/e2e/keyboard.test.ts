// The canvas grids by keyboard alone (WCAG 2.1.1 and 2.4.7): Tab reaches the grid, which shows that it has
// focus and starts on its first cell; the arrow keys move; Enter opens the cell's editor; Escape leaves it without a
// change; Enter in the editor commits. On a table grid (Codes, saving at once) and on a sheet (Stock, pending edits).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { connected, FROM_PAGE, marker, setupBrowser, shot, signedIn, toastShown } from "./browser";
import type { Code } from "#contract/codes";
import { createCodes } from "./data";

setupBrowser();

/** Presses Tab until focus is inside `frame` (a person tabbing through the page); fails if it never gets there. */
async function tabInto(page: Page, frame: string) {
  await page.locator("body").focus();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((f) => !!document.activeElement?.closest(f), frame)) return;
  }
  throw new Error(`Tab never reached ${frame}`);
}

/** The grid's frame draws a focus outline (a visible, non-zero outline: WCAG 2.4.7). */
const outlined = (page: Page, frame: string) =>
  page.locator(frame).evaluate((el) => {
    const style = getComputedStyle(el);
    return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
  });

/** The cell glide marks selected in its accessibility table: "column,row" of the data (row markers left out). */
const selectedCell = (page: Page, frame: string) =>
  page
    .locator(`${frame} td[aria-selected=true]`)
    .first()
    .evaluate((td) => {
      const row = td.closest("tr")!.getAttribute("aria-rowindex");
      return `${Number(td.getAttribute("aria-colindex"))},${Number(row)}`;
    });

const editor = (page: Page) => page.locator("#portal textarea, #portal input").first();

describe("the canvas grids by keyboard", () => {
  it("edits a code on the Codes grid with Tab, the arrow keys, Enter and Escape", async () => {
    const m = marker("keys");
    const { page, context } = await signedIn({ path: "/dashboard" });
    const [mine] = await createCodes(context.request, [{ username: `keys ${m}`, code: "1000", location: "Plains" }]);
    const byId = async () =>
      ((await (await context.request.get("/api/codes", { headers: FROM_PAGE })).json()) as Code[]).find(
        (c) => c._id === mine._id,
      )!;
    await page.goto(`/dashboard/codes?q=${m}`);
    await connected(page);
    const frame = "[data-testid=canvas-grid]";
    expect(await outlined(page, frame)).toBe(false);

    await tabInto(page, frame);
    // Focused by keyboard: outlined, the first cell selected, and the row's toolbar shown.
    await expect.poll(() => outlined(page, frame)).toBe(true);
    await page.getByRole("toolbar", { name: "Selected code" }).getByText(`#${mine.id}`).waitFor();
    const start = await selectedCell(page, frame);
    await shot(page, "codes-keyboard-focus");

    // Two to the right of ID is Code.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => selectedCell(page, frame)).not.toBe(start);
    expect(await outlined(page, frame)).toBe(true); // still, with focus on the cell glide moved it to
    await page.keyboard.press("Enter");
    await editor(page).waitFor();
    expect(await editor(page).inputValue()).toBe("1000");
    await editor(page).fill("9999");
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    expect((await byId()).code).toBe("1000");

    // Enter again, a new value, Enter commits and saves.
    await page.keyboard.press("Enter");
    await editor(page).waitFor();
    await editor(page).fill(`K-${m}`);
    await page.keyboard.press("Enter");
    await toastShown(page, "Code updated successfully!");
    await expect.poll(async () => (await byId()).code).toBe(`K-${m}`);
    expect((await byId()).location).toBe("Plains");
  });

  it("edits a stock cell with the keyboard alone: Escape keeps nothing, Enter makes it pending", async () => {
    const { page } = await signedIn({
      path: "/dashboard/stock-2411?tab=defense-room-dedis",
      viewport: { width: 1440, height: 1100 },
    });
    const frame = "[data-testid=stock-grid]";
    await page.locator(`${frame}[data-painted=true]`).waitFor();
    await connected(page);

    await tabInto(page, frame);
    await expect.poll(() => outlined(page, frame)).toBe(true);
    const start = await selectedCell(page, frame);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => selectedCell(page, frame)).not.toBe(start);
    await page.keyboard.press("ArrowRight"); // Item to Stock
    expect(await outlined(page, frame)).toBe(true);

    await page.keyboard.press("Enter");
    await editor(page).waitFor();
    await editor(page).fill("4321");
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    expect(await page.getByTestId("sheet-status").textContent()).toBe("All changes saved");

    await page.keyboard.press("Enter");
    await editor(page).waitFor();
    await editor(page).fill("4321");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await shot(page, "stock-keyboard-pending");
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Discard", exact: true }).click();
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");
  });
});
