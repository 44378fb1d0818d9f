// axe-core's WCAG 2.0-2.2 A and AA rules on every page of the build's route table, in the light and the dark theme
// (issue 13): no serious or critical finding. The pages are read from the build's route manifest, so a new page is
// checked without being listed here. Signed-in pages as a tribe member; the public ones signed out.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, open, setupBrowser, signedIn } from "./browser";

setupBrowser();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Routes that are steps of a flow or answer forms only, not pages a person looks at. */
const NOT_PAGES = new Set(["auth/callback", "auth/discord", "preferences", "signout"]);

type ManifestRoute = { id: string; path?: string; parentId?: string; index?: boolean };

/** Every page's path, from the build's route manifest: the signed-in shell's, and the public ones. */
function pagesOfTheBuild() {
  const file = readdirSync("build/client/assets").find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No route manifest in build/client/assets: run the build first (npm test does)");
  const text = readFileSync(`build/client/assets/${file}`, "utf8");
  const routes = Object.values(JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).routes) as ManifestRoute[];
  const shell: string[] = [];
  const open: string[] = ["/"];
  for (const route of routes) {
    if (!route.path || NOT_PAGES.has(route.path) || /[:*]/.test(route.path)) continue;
    (route.parentId === "routes/_shell" ? shell : open).push(`/${route.path}`);
  }
  return { shell: shell.sort(), open: open.sort() };
}

/** The serious and critical findings on the page as it is now: "rule: target (fg on bg ratio)". */
async function findings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[]; any: { data?: Record<string, unknown> }[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) =>
        v.nodes.map((n) => {
          const d = n.any[0]?.data ?? {};
          const colours = d.fgColor ? ` (${d.fgColor} on ${d.bgColor}, ${d.contrastRatio}:1)` : "";
          return `${v.id}: ${n.target.join(" ")}${colours}`;
        }),
      );
  }, WCAG_AA);
}

/** Every page of `paths` in turn, with what axe finds on each, named by its path. */
async function findingsOn(page: Page, paths: readonly string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    found.push(...(await findings(page)).map((f) => `${path} ${f}`));
  }
  return found;
}

const { shell, open: publicPages } = pagesOfTheBuild();

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  it("finds the pages in the build's route table", () => {
    expect(shell).toEqual(expect.arrayContaining(["/dashboard", "/dashboard/vouches", "/dashboard/breeder-stats", "/dashboard/weekly-members", "/settings"]));
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/login", "/not-authorized", "/privacy", "/terms"]));
  });

  for (const theme of ["light", "dark"] as const) {
    it(`finds nothing serious or critical on any signed-in page, ${theme} theme`, async () => {
      // The policy's nonce keeps out scripts the page did not send; axe is added by the test, so the context bypasses it.
      const { page } = await signedIn({ theme, bypassCSP: true });
      expect(await findingsOn(page, shell)).toEqual([]);
    }, 120_000);

    it(`finds nothing serious or critical on the public pages, ${theme} theme`, async () => {
      const { page, context } = await open({ bypassCSP: true });
      await context.addCookies([{ name: "vite-ui-theme", value: theme, url: BASE }]);
      expect(await findingsOn(page, publicPages)).toEqual([]);
    }, 60_000);
  }
});
