// Shared by the Breeder page's browser tests: the page, its live update's toast, API calls that must succeed, the
// list's rows, a fresh row id, and a dialog's dino picked by name.
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { FROM_PAGE } from "./browser";

export const PAGE = "/dashboard/breeder-stats";
export const UPDATED = "A breeder entry was updated! Live update received.";

export async function ok<T>(
  request: APIRequestContext,
  method: "get" | "post" | "patch",
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](path, data === undefined ? undefined : { headers: FROM_PAGE, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

export type ListRow = { _id: string; Dino: string; imageUrl: string | null; roleId: string | null };
export const listRows = (context: BrowserContext) => ok<ListRow[]>(context.request, "get", "/api/breeder-list");
export const objectId = () =>
  `${Date.now().toString(16).slice(-8).padStart(8, "0")}${Array.from({ length: 16 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")}`;

/** The dialog's select, choosing the dino by its name. */
export const chooseDino = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).locator("select[name=itemName]").selectOption({ label: name });
