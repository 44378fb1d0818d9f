// Shared by the Tribelists browser tests: a signed-in page on a server's list, the list from the API, the summary
// card's counts and heading, the pagination bar, toasts and a grid row selected.
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { clickGridRow, open, signedIn, toastShown, type Session } from "./browser";
import type { TribelistEntry } from "#contract/tribelists";
import { TRIBELISTS as PATHS } from "./data";

export const tribelists = (
  options: Parameters<typeof open>[0] = {},
  path = "/dashboard/tribelists",
  theme?: "dark",
): Promise<Session> => signedIn({ ...options, who: "vaultkeeper", theme, path });

export async function list(context: BrowserContext, server: string): Promise<TribelistEntry[]> {
  const res = await context.request.get(PATHS[server]);
  expect(res.status()).toBe(200);
  return res.json();
}

export const summary = (page: Page) => page.locator(".pagination-bar .muted").innerText();
export const count = async (page: Page, which: string) => Number(await page.getByTestId(`count-${which}`).innerText());
export const toast = toastShown;
export const heading = (page: Page) => page.getByTestId("tribelist-summary").getByRole("heading").innerText();

export const selectRow = (page: Page, row: number) => clickGridRow(page, row, 160);
