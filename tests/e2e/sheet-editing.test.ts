// Editing a sheet as in Google Sheets, on the breeder list: the editor over the double-clicked cell at any scroll,
// range selection, copy, paste as pending edits with one message for refusals, undo/redo, fill down, and one toast
// for another member's burst. Each test searches for breed lines under its own marker.
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BREEDER_COLUMNS } from "#contract/breeder";
import {
  BASE,
  connected,
  FROM_PAGE,
  marker,
  setupBrowser,
  sheetCanvas,
  sheetCellPoint,
  sheetText,
  shot,
  signedIn,
  toastShown,
} from "./browser";

setupBrowser();

const PAGE = "/dashboard/breeder-stats";
const VIEWPORT = { width: 1440, height: 900 };
const GRID = "breeder-grid";
// Dino, Breeder, Location, Server, 0/0, HP, Stam, Oxy
const WIDTHS = BREEDER_COLUMNS.slice(0, 8).map((c) => c.width!);
const COL = { Breeder: 1, Location: 2, Zeros: 4, HP: 5, Stam: 6, Oxy: 7 };

type Row = Record<string, unknown> & { _id: string; version: number; Dino: string };

async function createLines(
  request: APIRequestContext,
  tag: string,
  count: number,
  fields: Record<string, unknown> = {},
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.post("/api/breeder-list", {
      headers: FROM_PAGE,
      data: { Dino: `${tag} ${String(i).padStart(2, "0")}`, HP: 40, ...fields },
    });
    expect(res.status()).toBe(201);
    rows.push(await res.json());
  }
  return rows;
}

async function openGrid(page: Page, tag: string) {
  await page.goto(`${PAGE}?tab=breeder-list&q=${encodeURIComponent(tag)}`);
  await page.locator(`[data-testid=${GRID}][data-painted=true]`).waitFor();
  await connected(page);
}

const cellPoint = (page: Page, col: number, row: number) => sheetCellPoint(page, GRID, WIDTHS, col, row);
const editor = (page: Page) => page.locator("#portal textarea");
const status = (page: Page) => page.getByTestId("sheet-status").textContent();
const withClipboard = (context: BrowserContext) =>
  context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });

/** Double-clicks a cell, checks the editor opened over it, types and commits. */
async function typeAt(page: Page, col: number, row: number, value: string) {
  const { x, y } = await cellPoint(page, col, row);
  await page.mouse.dblclick(x, y);
  await editor(page).waitFor();
  const box = (await editor(page).boundingBox())!;
  expect(
    x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height,
    `the editor (${JSON.stringify(box)}) covers (${x}, ${y})`,
  ).toBe(true);
  await editor(page).fill(value);
  await page.keyboard.press("Enter");
  await editor(page).waitFor({ state: "detached" });
}

describe("the right cell, always", () => {
  it("opens the editor over the double-clicked cell at page scroll 0, 250 px and the bottom, and the bar never moves the grid", async () => {
    const tag = marker("cell");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    await createLines(context.request, tag, 24);
    await openGrid(page, tag);
    const gridTop = async () =>
      (await sheetCanvas(page, GRID).boundingBox())!.y + (await page.evaluate(() => window.scrollY));

    const top = await gridTop();
    await typeAt(page, COL.HP, 1, "61");
    await expect.poll(() => status(page)).toContain(`${tag} 01: HP changed (pending save)`);
    expect(await gridTop()).toBe(top); // the first edit's bar took no room of its own

    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
    await typeAt(page, COL.HP, 3, "63");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await typeAt(page, COL.Stam, 5, "65");
    await shot(page, "sheet-edit-scrolled");

    await expect.poll(() => sheetText(page, COL.HP, 1)).toBe("61");
    await expect.poll(() => sheetText(page, COL.HP, 3)).toBe("63");
    await expect.poll(() => sheetText(page, COL.Stam, 5)).toBe("65");
    // Nothing else changed: three rows pending, and the neighbours keep their values.
    await expect.poll(() => status(page)).toContain("3 modified rows");
    await expect.poll(() => sheetText(page, COL.HP, 2)).toBe("40");
    await expect.poll(() => sheetText(page, COL.HP, 4)).toBe("40");
    expect(await gridTop()).toBe(top);
  });

  it("lands the value in the clicked cell at browser zoom 80 % (light) and 150 % (dark), the page scrolled", async () => {
    // Browser zoom on a 1440x900 screen is a CSS viewport of 1440/z x 900/z pixels at a device pixel ratio of z.
    const tag = marker("zoom");
    for (const [zoom, theme] of [
      [0.8, "light"],
      [1.5, "dark"],
    ] as const) {
      const viewport = { width: Math.round(VIEWPORT.width / zoom), height: Math.round(VIEWPORT.height / zoom) };
      const { page, context } = await signedIn({
        who: "Tek Breeder",
        viewport,
        deviceScaleFactor: zoom,
        theme,
        path: "/dashboard",
      });
      if (zoom === 0.8) await createLines(context.request, tag, 12);
      await openGrid(page, tag);
      // Scrolled as a person would, to see the grid whole (at 150 % the page is 600 px tall).
      await sheetCanvas(page, GRID).evaluate((el) => el.scrollIntoView({ block: "center" }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      // Columns in sight at either zoom (at 150 % the grid shows Dino to Server).
      await typeAt(page, COL.Breeder, 2, `Mira ${zoom}`);
      await typeAt(page, COL.Location, 4, `Cave ${zoom}`);
      await expect.poll(() => sheetText(page, COL.Breeder, 2)).toBe(`Mira ${zoom}`);
      await expect.poll(() => sheetText(page, COL.Location, 4)).toBe(`Cave ${zoom}`);
      await expect.poll(() => sheetText(page, COL.Breeder, 3)).toBe("");
      await expect.poll(() => status(page)).toContain("2 modified rows");
      await shot(page, `sheet-edit-zoom-${zoom * 100}-${theme}`);
      await context.close();
    }
  });
});

describe("the habits of Google Sheets", () => {
  it("selects with a click and a drag, and copies the range as tab-separated text", async () => {
    const tag = marker("copy");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    await withClipboard(context);
    await createLines(context.request, tag, 3, { Breeder: "Mira" });
    await openGrid(page, tag);
    const from = await cellPoint(page, 0, 0);
    await page.mouse.click(from.x, from.y);
    expect(await editor(page).count()).toBe(0); // a click selects, it does not edit
    const to = await cellPoint(page, COL.Breeder, 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    expect(await editor(page).count()).toBe(0);
    await page.keyboard.press("Control+c");
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe([0, 1, 2].map((i) => `${tag} 0${i}\tMira`).join("\n"));
  });

  it("pastes a 3 x 4 range as pending edits, names the one refused cell, and undoes and redoes the paste as one step", async () => {
    const tag = marker("paste");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    await withClipboard(context);
    const rows = await createLines(context.request, tag, 4);
    await openGrid(page, tag);
    // 0/0, HP, Stam, Oxy of rows 1-3; row 2's HP is no number.
    const range = [
      ["1", "50", "51", "52"],
      ["2", "lots", "61", "62"],
      ["3", "70", "71", "72"],
    ];
    await page.evaluate((text) => navigator.clipboard.writeText(text), range.map((r) => r.join("\t")).join("\n"));
    const at = await cellPoint(page, COL.Zeros, 0);
    await page.mouse.click(at.x, at.y);
    // The paste goes where the keyboard is: wait for the click to have put it in the grid (a full run once pasted
    // before the grid held the focus, and nothing happened).
    await expect
      .poll(() => page.evaluate((id) => !!document.activeElement?.closest(`[data-testid=${id}]`), GRID))
      .toBe(true);
    await page.keyboard.press("Control+v");
    await toastShown(page, "1 cell not pasted: HP must be a number, row 2.");
    await expect.poll(() => status(page)).toContain("3 modified rows");
    expect(await status(page)).toContain("11 cells pasted");
    await expect.poll(() => sheetText(page, COL.Oxy, 2)).toBe("72");
    await expect.poll(() => sheetText(page, COL.HP, 1)).toBe("40"); // refused: as it was
    await shot(page, "sheet-paste-refused");

    await page.keyboard.press("Control+z");
    await expect.poll(() => status(page)).toBe("All changes saved");
    await expect.poll(() => sheetText(page, COL.Oxy, 2)).toBe("");
    await page.keyboard.press("Control+y");
    await expect.poll(() => status(page)).toContain("3 modified rows");
    await expect.poll(() => sheetText(page, COL.Oxy, 2)).toBe("72");
    // The buttons do the same.
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => status(page)).toBe("All changes saved");
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => status(page)).toContain("3 modified rows");

    // Nothing is stored before Save; Save stores the eleven cells.
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toastShown(page, "Successfully saved 3 changes!");
    const after = new Map(
      ((await (await context.request.get("/api/breeder-list")).json()) as Row[]).map((r) => [r._id, r]),
    );
    expect(after.get(rows[0]._id)).toMatchObject({ HP: 50, Stam: 51, Oxy: 52 });
    expect(after.get(rows[1]._id)).toMatchObject({ HP: 40, Stam: 61, Oxy: 62 });
    expect(after.get(rows[2]._id)).toMatchObject({ HP: 70, Stam: 71, Oxy: 72 });
    expect(after.get(rows[3]._id)).toMatchObject({ HP: 40, version: rows[3].version });
  });

  it("fills down with Ctrl+D, and Delete clears the selected cells", async () => {
    const tag = marker("fill");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    await createLines(context.request, tag, 3);
    await openGrid(page, tag);
    await typeAt(page, COL.Stam, 0, "77");
    const from = await cellPoint(page, COL.Stam, 0);
    const to = await cellPoint(page, COL.Stam, 2);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.press("Control+d");
    await expect.poll(() => sheetText(page, COL.Stam, 2)).toBe("77");
    await expect.poll(() => sheetText(page, COL.Stam, 1)).toBe("77");
    await expect.poll(() => status(page)).toContain("3 modified rows");

    const hp = await cellPoint(page, COL.HP, 1);
    await page.mouse.click(hp.x, hp.y);
    await page.keyboard.press("Delete");
    await expect.poll(() => sheetText(page, COL.HP, 1)).toBe("");
    // One undo step brings the cleared cell back, the fill stays.
    await page.keyboard.press("Control+z");
    await expect.poll(() => sheetText(page, COL.HP, 1)).toBe("40");
    await expect.poll(() => sheetText(page, COL.Stam, 2)).toBe("77");
  });
});

describe("on a touch screen", () => {
  // A tablet: a phone shows the sheet as cards that open the row's form (tests/e2e/phone.test.ts, ADR 071).
  it("selects with a tap and edits with a second tap, the editor over the tapped cell", async () => {
    const tag = marker("tap");
    const { page, context } = await signedIn({
      who: "Tek Breeder",
      viewport: { width: 768, height: 1024 },
      hasTouch: true,
      isMobile: true,
      path: "/dashboard",
    });
    await createLines(context.request, tag, 3);
    await openGrid(page, tag);
    await page.getByTestId("sheet-bar").evaluate((bar) => bar.scrollIntoView({ block: "start" })); // as a thumb scrolls to it
    const { x, y } = await cellPoint(page, 0, 1);
    await page.touchscreen.tap(x, y);
    await page.locator('[data-testid="glide-cell-1-1"][aria-selected="true"]').waitFor({ state: "attached" });
    expect(await editor(page).count()).toBe(0); // the first tap selects
    expect(await page.getByTestId("sheet-status").isVisible()).toBe(true);
    await page.touchscreen.tap(x, y);
    await editor(page).waitFor();
    const box = (await editor(page).boundingBox())!;
    expect(x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height).toBe(true);
    await editor(page).fill(`${tag} Tapped`);
    await page.keyboard.press("Enter");
    await expect.poll(() => status(page)).toContain("1 modified row");
    await expect.poll(() => sheetText(page, 0, 1)).toBe(`${tag} Tapped`);
    await shot(page, "sheet-phone-tap");
  });
});

describe("who else is here", () => {
  it("shows the others on the sheet, and tells both when they hold unsaved edits in the same row", async () => {
    const tag = marker("here");
    const a = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    await createLines(a.context.request, tag, 3);
    const b = await signedIn({ who: "vaultkeeper", viewport: VIEWPORT, path: "/dashboard" });
    await openGrid(a.page, tag);
    await openGrid(b.page, tag);
    const people = (page: Page) => page.getByTestId("sheet-people").textContent();
    await expect.poll(() => people(a.page)).toContain("vaultkeeper");
    await expect.poll(() => people(b.page)).toContain("Tek Breeder");

    await typeAt(a.page, COL.HP, 1, "55");
    await typeAt(b.page, COL.Stam, 1, "66");
    await expect
      .poll(() => a.page.getByTestId("sheet-overlap").textContent())
      .toContain(`vaultkeeper also has unsaved edits in ${tag} 01`);
    await expect
      .poll(() => b.page.getByTestId("sheet-overlap").textContent())
      .toContain(`Tek Breeder also has unsaved edits in ${tag} 01`);
    await shot(a.page, "sheet-presence");

    // B leaves the page: A no longer lists them.
    await b.page.goto("/dashboard");
    await expect
      .poll(
        async () =>
          (await a.page.getByTestId("sheet-people").count()) === 0 || !(await people(a.page))?.includes("vaultkeeper"),
      )
      .toBe(true);
  });
});

describe("quiet live updates", () => {
  it("sums up another member's ten saves in one toast, and toasts nothing for one's own", async () => {
    const tag = marker("quiet");
    const { page, context } = await signedIn({ who: "Tek Breeder", viewport: VIEWPORT, path: "/dashboard" });
    const rows = await createLines(context.request, tag, 10);
    await openGrid(page, tag);
    const other = await signedIn({ who: "vaultkeeper", path: "/dashboard" });

    for (const [i, row] of rows.entries()) {
      const res = await other.context.request.patch(`/api/breeder-list/${row._id}`, {
        headers: FROM_PAGE,
        data: { HP: 50 + i },
      });
      expect(res.status()).toBe(200);
    }
    await toastShown(page, "Breeder List: 10 changes by vaultkeeper");
    await expect.poll(() => sheetText(page, COL.HP, 9)).toBe("59");
    expect(await page.getByTestId("toast").filter({ hasText: "Breeder List" }).count()).toBe(1);
    // The bell keeps each of the ten, and counts them; the summing toast is not one more.
    await expect.poll(() => page.getByTestId("bell").getAttribute("aria-label")).toBe("Notifications (10 unread)");

    // One's own save: the save's own toast, and no live one; the next change of someone else counts alone.
    await typeAt(page, COL.Stam, 0, "70");
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toastShown(page, "Successfully saved 1 change!");
    const res = await other.context.request.patch(`/api/breeder-list/${rows[1]._id}`, {
      headers: FROM_PAGE,
      data: { Stam: 44 },
    });
    expect(res.status()).toBe(200);
    await toastShown(page, "Breeder List: 1 change by vaultkeeper");
    expect(
      await page
        .getByTestId("toast")
        .filter({ hasText: /Tek Breeder/ })
        .count(),
    ).toBe(0);
  });
});
