// The Breeder List tab in a real browser: pending edits and Save (one PATCH per row), the server select, colours, swap
// and Save Order, a live change seen by a second breeder, and the same without JavaScript. Each test searches for
// breed lines under its own marker, so the rows on screen are its own.
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { contrast, parseColour } from "#app/utils/contrast";
import { rowMiddle, STOCK_GRID } from "#app/components/grid/geometry";
import { BREEDER_COLUMNS } from "#contract/breeder";
import {
  shownColours,
  allowConsoleErrors,
  connected,
  editSheetCell,
  FROM_PAGE,
  marker,
  setupBrowser,
  sheetCanvas,
  sheetCellPoint,
  sheetRowY,
  sheetText,
  shot,
  signedIn,
  toastShown,
} from "./browser";

setupBrowser();

const PAGE = "/dashboard/breeder-stats";
const VIEWPORT = { width: 1440, height: 1000 };

type Row = Record<string, unknown> & {
  _id: string;
  version: number;
  order: number;
  Dino: string;
  textColor: string | null;
};

/** Breed lines named `${tag} A`, `${tag} B`, ... at the end of the list. */
async function createLines(request: APIRequestContext, tag: string, lines: Record<string, unknown>[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [i, line] of lines.entries()) {
    const res = await request.post("/api/breeder-list", {
      headers: FROM_PAGE,
      data: { Dino: `${tag} ${String.fromCharCode(65 + i)}`, ...line },
    });
    expect(res.status()).toBe(201);
    rows.push(await res.json());
  }
  return rows;
}

const listed = async (request: APIRequestContext, tag: string) =>
  ((await (await request.get("/api/breeder-list")).json()) as Row[]).filter((r) => r.Dino.startsWith(tag));

// The grid's default columns, by their widths in contract/breeder.ts: Dino, Breeder, Location, Server, 0/0, HP.
const GRID = "breeder-grid";
const WIDTHS = BREEDER_COLUMNS.slice(0, 6).map((c) => c.width!);
const COL = { Breeder: 1, Server: 3, HP: 5 };

async function openGrid(page: Page, tag: string) {
  await page.goto(`${PAGE}?tab=breeder-list&q=${encodeURIComponent(tag)}`);
  await page.locator(`[data-testid=${GRID}][data-painted=true]`).waitFor();
  await connected(page);
}

const cellPoint = (page: Page, col: number, row: number) => sheetCellPoint(page, GRID, WIDTHS, col, row);
const typeInto = (page: Page, col: number, row: number, value: string) =>
  editSheetCell(page, GRID, WIDTHS, col, row, value);
const gridText = sheetText;

describe("the breeder list on the sheet engine, with JavaScript", () => {
  it("holds edits as pending, saves one PATCH per row, and a second breeder sees them live", async () => {
    const tag = marker("brd");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    const [a, b] = await createLines(context.request, tag, [
      { HP: 40, Server: "2411" },
      { HP: 20, Server: "2446" },
    ]);
    const other = await signedIn({ who: "Rex Rider", viewport: VIEWPORT, path: "/dashboard" });
    await openGrid(other.page, tag);
    await openGrid(page, tag);

    await typeInto(page, COL.HP, 0, "65");
    await expect
      .poll(() => page.getByTestId("sheet-status").textContent())
      .toContain(`${a.Dino}: HP changed (pending save)`);
    await typeInto(page, COL.Breeder, 1, "Mira");
    // The server column is a select: a choice commits at once.
    await page.waitForTimeout(250);
    const server = await cellPoint(page, COL.Server, 1);
    await page.mouse.dblclick(server.x, server.y);
    await page.locator("#portal select").selectOption("2573");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("2 modified rows");
    // Nothing is stored before Save.
    expect((await listed(context.request, tag)).find((r) => r._id === a._id)!.HP).toBe(40);
    await shot(page, "breeder-list-pending-light");

    await page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toastShown(page, "Successfully saved 2 changes!");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");
    const after = new Map((await listed(context.request, tag)).map((r) => [r._id, r]));
    expect(after.get(a._id)).toMatchObject({ HP: 65, version: a.version + 1 });
    expect(after.get(b._id)).toMatchObject({ Breeder: "Mira", Server: "2573", version: b.version + 1 });

    // The other breeder's grid repaints the saved cells.
    await expect.poll(() => gridText(other.page, COL.HP, 0)).toBe("65");
    await expect.poll(() => gridText(other.page, COL.Breeder, 1)).toBe("Mira");
  });

  it("swaps two rows by dragging one onto the other, and saves the order", async () => {
    const tag = marker("brd");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    const [a, b, c] = await createLines(context.request, tag, [{}, {}, {}]);
    await openGrid(page, tag);
    const box = (await sheetCanvas(page, GRID).boundingBox())!;
    const y = (row: number) => box.y + rowMiddle(STOCK_GRID, row);
    await page.mouse.move(box.x + 5, y(0));
    await page.mouse.down();
    await page.mouse.move(box.x + 5, y(1), { steps: 4 });
    await page.mouse.move(box.x + 5, y(2) + 4, { steps: 6 });
    await page.mouse.up();
    await page.getByTestId("order-banner").waitFor();
    await page.getByTestId("order-banner").getByRole("button", { name: "Save Order" }).click();
    await toastShown(page, "Order saved successfully!");
    await page.getByTestId("order-banner").waitFor({ state: "detached" });
    const after = (await listed(context.request, tag)).map((r) => r._id);
    expect(after).toEqual([c._id, b._id, a._id]);
  });

  it("colours a whole row from its marker with the colour picker", async () => {
    const tag = marker("brd");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    const [a] = await createLines(context.request, tag, [{}, {}]);
    await openGrid(page, tag);
    await page.getByRole("button", { name: "Color Picker" }).click();
    await toastShown(page, "Please select a cell or row first by clicking on it or the row arrow");
    const box = (await sheetCanvas(page, GRID).boundingBox())!;
    await page.mouse.click(box.x + STOCK_GRID.rowMarkerWidth / 2, await sheetRowY(page, GRID, 0));
    await page.getByRole("button", { name: "Color Picker" }).click();
    const dialog = page.getByTestId("color-dialog");
    await dialog.locator("input[type=color]").fill("#1c7ed6");
    await dialog.getByRole("button", { name: "Save Color" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await listed(context.request, tag)).find((r) => r._id === a._id)!.textColor)
      .toBe("#1c7ed6");
  });
});

describe("the breeder list without JavaScript", () => {
  it("edits a row through its form, moves it, colours it, filters by server and toggles the columns", async () => {
    const tag = marker("brd");
    const { page, context } = await signedIn({
      who: "Tek Breeder",
      viewport: VIEWPORT,
      javaScriptEnabled: false,
      path: "/dashboard",
    });
    const markup = `<b title="x">bold</b> & 'more'`;
    const [a, b] = await createLines(context.request, tag, [
      { Server: "2411", "Curent # of 0/0's": 3, Location: markup },
      { Server: "2573", "Last Claims": "1/1/2020" },
    ]);
    await page.goto(`${PAGE}?tab=breeder-list&q=${tag}`);
    const table = page.getByTestId("breeder-table");
    const rowOf = (id: string) => table.locator(`tr[data-row="${id}"]`);
    // A stored text shows as the text it is, never as markup.
    expect(await rowOf(a._id).locator("td").nth(1).textContent()).toBe(markup);
    expect(await rowOf(a._id).locator("b").count()).toBe(0);
    // Days since an old claim is shown in red; an empty date shows '-'.
    await expect.poll(() => rowOf(b._id).locator("td.stat-cell").count()).toBeGreaterThan(0);
    // ... in red on a tint of the same red (10 %), as the grid draws it, the red darkened to be readable there (WCAG AA).
    const stale = rowOf(b._id).locator("td.stat-cell").first();
    const staleShown = await shownColours(stale);
    expect(contrast(staleShown.fg, staleShown.bg, staleShown.page)).toBeGreaterThanOrEqual(4.5);
    expect(parseColour(staleShown.fg)![0]).toBeGreaterThan(parseColour(staleShown.fg)![1] + 80); // still red
    expect(await stale.evaluate((el) => getComputedStyle(el).backgroundColor)).toMatch(
      /^(rgba\(224, 49, 49, 0\.1\)|color\(srgb 0\.878\d* 0\.192\d* 0\.192\d* \/ 0\.1\))$/,
    );

    await rowOf(a._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/);
    allowConsoleErrors(/status of 400/); // the refused form answers 400 with its message
    await rowOf(a._id).getByLabel("HP", { exact: true }).fill("abc");
    await rowOf(a._id).getByRole("button", { name: "Save" }).click();
    await page.getByText("HP must be a number.").waitFor();
    await rowOf(a._id).getByLabel("HP", { exact: true }).fill("72");
    await rowOf(a._id).getByLabel("Negative").selectOption("TRUE");
    await rowOf(a._id).getByRole("button", { name: "Save" }).click();
    await page.getByText("Successfully saved 1 change!").waitFor();
    expect((await listed(context.request, tag))[0]).toMatchObject({ HP: 72, Negative: "TRUE" });

    await rowOf(b._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`edit=${b._id}`));
    await table
      .locator(`tr[data-row-colour="${b._id}"]`)
      .getByRole("button", { name: `Move up ${b.Dino}` })
      .click();
    await page.getByText("Order saved successfully!").waitFor();
    expect((await listed(context.request, tag)).map((r) => r._id)).toEqual([b._id, a._id]);

    await rowOf(a._id).getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/edit=/);
    const colour = table.locator(`tr[data-row-colour="${a._id}"]`);
    await colour.getByLabel("Text color").fill("#c2255c");
    await colour.getByLabel("Apply to").selectOption({ label: "HP" });
    await colour.getByRole("button", { name: "Save Color" }).click();
    await page.getByText("Text color saved.").waitFor();
    expect((await listed(context.request, tag)).find((r) => r._id === a._id)!.fieldColors).toMatchObject({
      HP: "#c2255c",
    });
    // The cell's own colour wins over the stat colour (72 would be green).
    const hp = rowOf(a._id).locator("td").nth(4);
    expect(await hp.textContent()).toBe("72");
    const hpShown = await shownColours(hp);
    expect(contrast(hpShown.fg, hpShown.bg, hpShown.page)).toBeGreaterThanOrEqual(4.5);
    const [red, green, blue] = parseColour(hpShown.fg)!;
    expect(red > green + 60 && blue > green).toBe(true); // the picked crimson, not the stat's green

    // The server filter and Clear Filter; Mut Details shows the mutation columns.
    await page.getByTestId("server-2573").click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await page.getByRole("link", { name: "Clear Filter" }).click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);
    expect(await table.getByRole("columnheader", { name: "Mut Hp" }).count()).toBe(0);
    await page.getByRole("button", { name: "Mut Details" }).click();
    await table.getByRole("columnheader", { name: "Mut Hp" }).waitFor();
    await shot(page, "breeder-list-nojs-light");
  });
});

describe("the breeder list's look", () => {
  it("colours stats and stale days, in light and dark, wide and narrow", async () => {
    const tag = marker("brd");
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1440, 390]) {
        const { page, context } = await signedIn({
          who: "Tek Breeder",
          theme,
          viewport: { width, height: 900 },
          path: "/dashboard",
        });
        if (theme === "light" && width === 1440) {
          await createLines(context.request, tag, [
            {
              Server: "2411",
              HP: 25,
              Stam: 35,
              Weight: 45,
              Dmg: 65,
              "Curent # of 0/0's": 4,
              "Last Claims": "1/2/2024",
              Breeder: "Mira",
              Location: "Main base",
            },
            {
              Server: "2573",
              HP: 60,
              Stam: 40,
              Weight: 30,
              Dmg: 50,
              "Curent # of 0/0's": 2,
              "Last Claims": "not a date",
              Negative: "TRUE",
            },
          ]);
        }
        if (width === 390) {
          // A phone's card: the line's stats in their colours, readable in this theme (WCAG AA over the cell's tint).
          await page.goto(`${PAGE}?tab=breeder-list&q=${encodeURIComponent(tag)}`);
          const hp = page.getByTestId("breeder-table").locator("tbody tr").first().locator("td[data-label='HP']");
          await hp.waitFor();
          const shown = await shownColours(hp);
          expect(contrast(shown.fg, shown.bg, shown.page)).toBeGreaterThanOrEqual(4.5);
          expect(await page.getByTestId(GRID).count()).toBe(0);
        } else {
          await openGrid(page, tag);
        }
        await shot(page, `breeder-list-${theme}-${width}`);
      }
    }
  });
});

describe("the whole breeder list in one view (size=all, ADR 066)", () => {
  it("scrolls every row in the grid, and without JavaScript keeps a table of 100 rows that leads back to pages", async () => {
    const tag = marker("brd");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    // 130 lines in one import call: more than a page of 100.
    const create = Array.from({ length: 130 }, (_, i) => ({
      Dino: `${tag} ${String(i + 1).padStart(3, "0")}`,
      HP: i % 90,
    }));
    const res = await context.request.post("/api/breeder-list/import", { headers: FROM_PAGE, data: { create } });
    expect(res.status()).toBe(200);

    // Paged, the list offers its whole view; the whole view lists every line in the grid.
    await openGrid(page, tag);
    expect(await page.locator(`[data-testid=${GRID}] [role=grid]`).getAttribute("aria-rowcount")).toBe("101");
    await page.getByRole("link", { name: "Show all 130 rows" }).click();
    await page.waitForURL(/size=all/);
    await expect
      .poll(() => page.locator(`[data-testid=${GRID}] [role=grid]`).getAttribute("aria-rowcount"))
      .toBe("131");
    await page.locator(`[data-testid=${GRID}][data-painted=true]`).waitFor();
    // Scrolled to its end, the grid draws the last line.
    await page.locator(`[data-testid=${GRID}] .dvn-scroller`).evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(() => gridText(page, 0, 129)).toBe(`${tag} 130`);
    await expect.poll(() => page.getByText("Showing 1 to 130 of 130 entries").count()).toBe(1);
    await shot(page, "breeder-list-whole");
    // And back to pages of 100.
    await page.getByRole("link", { name: "Show in pages" }).click();
    await expect
      .poll(() => page.locator(`[data-testid=${GRID}] [role=grid]`).getAttribute("aria-rowcount"))
      .toBe("101");

    const bare = await signedIn({
      who: "Tek Breeder",
      viewport: VIEWPORT,
      javaScriptEnabled: false,
      path: "/dashboard",
    });
    await bare.page.goto(`${PAGE}?tab=breeder-list&size=all&q=${tag}`);
    expect(await bare.page.getByTestId("breeder-table").locator("tbody tr").count()).toBe(100);
    await expect
      .poll(() => bare.page.getByTestId("breeder-table-cut").textContent())
      .toContain("first 100 of 130 rows");
    await shot(bare.page, "breeder-list-whole-nojs");
    await bare.page.getByRole("link", { name: "show the sheet in pages" }).click();
    await bare.page.getByRole("link", { name: "Last" }).click();
    expect(await bare.page.getByTestId("breeder-table").locator("tbody tr").count()).toBe(30);
  });
});
