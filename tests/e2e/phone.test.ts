// Every page of the sidebar fits the screen (issue 51): at a 390x844 phone and at 1440x900, with JavaScript and
// without, no page is wider than its viewport (a table scrolls inside its own box, or becomes a list of cards). One
// browser context per width and mode, every page visited in it as a member who may see them all (the owner).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { NAV_GROUPS } from "../../app/components/shell/nav";
import { setupBrowser, shot, signedIn } from "./browser";

setupBrowser();

const PAGES = [...NAV_GROUPS.flatMap((g) => g.items.map((i) => i.to)), "/dashboard/stock-2411/import", "/dashboard/breeder-stats/import"];

/** How far the page reaches past the viewport's right edge, polled: the sidebar folds into its rail with a transition. */
async function fits(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(width);
}

describe("every page fits its screen", () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const javaScriptEnabled of [true, false]) {
      it(`at ${width} px ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
        const { page } = await signedIn({ who: "Rex Rider", viewport: { width, height }, javaScriptEnabled });
        for (const path of PAGES) await fits(page, path, width);
        if (width === 390 && javaScriptEnabled) {
          for (const path of ["/settings", "/dashboard/stock-2411", "/dashboard/sources"]) {
            await page.goto(path);
            await shot(page, `phone${path.replace(/\//g, "-")}`);
          }
        }
      });
    }
  }
});
