// Shared by the Stock page's browser tests: a signed-in officer in a tall browser, a tab's rows from the API, the grid
// opened and painted, its cells by column widths, the cell editor and the toasts.
import type { BrowserContext, Page } from "playwright-core";
import { STOCK_GRID } from "#app/components/grid/geometry";
import {
  connected,
  editSheetCell,
  open,
  sheetCellPoint,
  sheetText,
  signedIn as signedInAs,
  type Member,
} from "./browser";

export const PAGE = "/dashboard/stock-2411";
export const VIEWPORT = { width: 1440, height: 1100 };

export type Row = Record<string, unknown> & {
  _id: string;
  version: number;
  order: number;
  fieldColors: Record<string, string>;
};

/** A fresh session of `who` in a tall browser, on the dashboard. */
export const signedIn = (who: Member = "Rex Rider", options: Parameters<typeof open>[0] = {}) =>
  signedInAs({ who, viewport: VIEWPORT, ...options });

export const api = async (context: BrowserContext, path: string) =>
  (await (await context.request.get(path)).json()) as Row[];

/** Opens a tab with JavaScript and waits until the canvas has painted and the live socket is up. */
export async function openGrid(page: Page, query: string) {
  await page.goto(`${PAGE}?${query}`);
  await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
  await connected(page);
}

// The stock sheet's cells, by column widths (the shared sheet helpers of browser.ts).
export const GRID = "stock-grid";
export const { rowMarkerWidth: ROW_MARKER } = STOCK_GRID;
export const cellPoint = (page: Page, widths: number[], col: number, row: number) =>
  sheetCellPoint(page, GRID, widths, col, row);
export const editCell = (page: Page, widths: number[], col: number, row: number, value: string, key = "Enter") =>
  editSheetCell(page, GRID, widths, col, row, value, key);
export const gridText = sheetText;

export const VAULT_WIDTHS = [210, ...Array(18).fill(56)];
export const DEDIS_WIDTHS = [210, 104, 104, 64, 200]; // Defense Room Dedis: Item, Stock, Target, %, Todo
export const editor = (page: Page) => page.locator("#portal textarea");

export const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text }).first();
