// Shared by the Codes browser tests: a signed-in browser on the Codes page, the codes from the API, the pagination
// bar, a grid row selected, and the page searched for one marked code.
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { clickGridRow, open, signedIn, type Session } from "./browser";
import type { Code } from "#contract/codes";

/** A signed-in browser on the Codes page (searched for `q` when given). */
export const codesPage = (options: Parameters<typeof open>[0] = {}, q?: string, theme?: "dark"): Promise<Session> =>
  signedIn({ ...options, theme, path: q ? `/dashboard/codes?q=${encodeURIComponent(q)}` : "/dashboard/codes" });

export async function codes(context: BrowserContext): Promise<Code[]> {
  const res = await context.request.get("/api/codes");
  expect(res.status()).toBe(200);
  return res.json();
}

export async function codeById(context: BrowserContext, _id: string): Promise<Code | undefined> {
  return (await codes(context)).find((c) => c._id === _id);
}

export const summary = (page: Page) => page.locator(".pagination-bar .muted").innerText();

/** Clicks the grid's row (0-based, on this page) in its first data column: the row becomes the selected one. */
export const selectRow = (page: Page, row: number) => clickGridRow(page, row, 80);

/** The grid shows exactly `n` rows (the search has been applied). */
export const showsRows = (page: Page, n: number) =>
  expect.poll(() => summary(page)).toBe(`Showing 1 to ${n} of ${n} entries`);

/** The Codes page searched for `m`, its one row (`code`) selected: the selected row's toolbar. */
export async function selectOnly(page: Page, m: string, code: Code) {
  await page.goto(`/dashboard/codes?q=${m}`);
  await showsRows(page, 1);
  await selectRow(page, 0);
  const bar = page.getByRole("toolbar", { name: "Selected code" });
  await bar.getByText(`#${code.id}`).waitFor();
  return bar;
}
