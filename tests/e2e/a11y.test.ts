// axe-core's WCAG 2.0-2.2 A and AA rules, light and dark theme, on every page of the build's route manifest (so a new
// page is checked unlisted) and what each opens: tabs, dialogs, menus, refused-save views. No serious or critical
// finding may remain.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  allowConsoleErrors,
  BASE,
  clickGridRow,
  FROM_PAGE,
  marker,
  open,
  setupBrowser,
  sheetCellPoint,
  signedIn,
} from "./browser";
import { createCodes, createEntries } from "./data";

setupBrowser();

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Routes that are steps of a flow or answer forms only, not pages a person looks at. */
const NOT_PAGES = new Set(["auth/callback", "auth/discord", "preferences", "signout"]);

type ManifestRoute = { id: string; path?: string; parentId?: string; index?: boolean; module: string };

/**
 * Every page's path, from the build's route manifest: the signed-in shell's, and the public ones. A nested route's path
 * is its ancestors' joined with its own; a resource route (no component: its client module is empty, as Remix builds a
 * route file without a default export) answers data, not a page.
 */
function pagesOfTheBuild() {
  const file = readdirSync("build/client/assets").find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No route manifest in build/client/assets: run the build first (npm test does)");
  const text = readFileSync(`build/client/assets/${file}`, "utf8");
  const routes = Object.values(
    JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).routes,
  ) as ManifestRoute[];
  const byId = new Map(routes.map((r) => [r.id, r]));
  const lineage = (route: ManifestRoute) => {
    const line: ManifestRoute[] = [];
    for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined)
      line.unshift(r);
    return line;
  };
  const isResource = (route: ManifestRoute) => readFileSync(`build/client${route.module}`, "utf8").trim() === "";
  const shell: string[] = [];
  const open: string[] = ["/"];
  for (const route of routes) {
    if (!route.path || NOT_PAGES.has(route.path) || /[:*]/.test(route.path) || isResource(route)) continue;
    const line = lineage(route);
    const path = `/${line.flatMap((r) => (r.path ? [r.path] : [])).join("/")}`;
    (line.some((r) => r.id === "routes/_shell") ? shell : open).push(path);
  }
  return { shell: shell.sort(), open: open.sort() };
}

/** The serious and critical findings on the page as it is now: "rule: target (fg on bg ratio)". */
async function findings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        nodes: { target: string[]; any: { data?: Record<string, unknown> }[] }[];
      }[];
    };
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

/** Every tab of the signed-in pages, by the links of their tab bars (the ones the page did not open on). */
async function tabsOf(page: Page) {
  const tabs: string[] = [];
  for (const path of shell) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    tabs.push(
      ...(await page
        .locator("nav.tabs a[data-tab]:not([aria-current=page])")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")!))),
    );
  }
  return [...new Set(tabs)];
}

/** A view that opens on a page: by its URL (the no-JavaScript states) or by a person's clicks; `shows` proves it opened. */
type View = { name: string; path: string; open?: (page: Page) => Promise<void>; shows: string };

/** What axe finds on each view once it shows, named by the view. */
async function findingsIn(page: Page, views: View[]) {
  const found: string[] = [];
  for (const view of views) {
    await page.goto(view.path);
    await page.waitForLoadState("networkidle");
    // The page's writes while the view opens and how each was answered, for a failure's message.
    const writes: string[] = [];
    const noteWrite = (response: Response) => {
      const request = response.request();
      if (request.method() !== "GET")
        writes.push(`${request.method()} ${new URL(request.url()).pathname} ${response.status()}`);
    };
    page.on("response", noteWrite);
    try {
      await view.open?.(page);
      await page.locator(view.shows).first().waitFor({ timeout: 10_000 });
    } catch (error) {
      // What the page said instead, and what it sent, for whoever reads the failure.
      const said = await page
        .locator("[role=alert], [data-testid=toast]")
        .allInnerTexts()
        .catch(() => []);
      throw new Error(
        `${view.name} did not open at ${page.url()} (the page said: ${JSON.stringify(said)}; it sent: ${JSON.stringify(writes)}): ${(error as Error).message}`,
      );
    } finally {
      page.off("response", noteWrite);
    }
    found.push(...(await findings(page)).map((f) => `${view.name}: ${f}`));
  }
  return found;
}

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  it("finds the pages in the build's route table", () => {
    expect(shell).toEqual(
      expect.arrayContaining([
        "/dashboard",
        "/dashboard/vouches",
        "/dashboard/breeder-stats",
        "/dashboard/weekly-members",
        "/settings",
      ]),
    );
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/login", "/not-authorized", "/privacy", "/terms"]));
  });

  for (const theme of ["light", "dark"] as const) {
    it(`finds nothing serious or critical on any signed-in page, ${theme} theme`, async () => {
      // The policy's nonce keeps out scripts the page did not send; axe is added by the test, so the context bypasses it.
      const { page } = await signedIn({ theme, bypassCSP: true });
      expect(await findingsOn(page, shell)).toEqual([]);
    }, 120_000);

    it(`finds nothing serious or critical on any tab, dialog, menu or conflict view, ${theme} theme`, async () => {
      const { page, context } = await signedIn({ theme, bypassCSP: true });
      allowConsoleErrors(/status of 409/); // the refused saves of the conflict views
      const m = marker("axe");
      const [code] = await createCodes(context.request, [{ username: `axe ${m}`, code: "1" }]);
      const [entry] = await createEntries(context.request, "2411", [{ name: `Axe ${m}` }]);
      const [vouch] = (await (await context.request.get("/api/vouches")).json()) as { _id: string }[];
      const codes = `/dashboard/codes?q=${m}`;
      const tribelist = `/dashboard/tribelists?tab=2411&q=${encodeURIComponent(entry.name)}`;
      const dialog = "dialog[open]";
      const click = (name: string) => (p: Page) => p.getByRole("button", { name, exact: true }).first().click();
      /** Someone else saves the record after the page opened it; this page's save is then refused and shows both. */
      const conflict = (url: string, body: object, form: string) => async (p: Page) => {
        expect((await context.request.put(url, { headers: FROM_PAGE, data: body })).status()).toBe(200);
        await p.locator(form).getByRole("button", { name: "Save" }).click();
      };
      const views: View[] = [
        ...(await tabsOf(page)).map((path) => ({ name: path, path, shows: "main" })),
        { name: "Edit Code", path: `${codes}&edit=${code._id}`, shows: dialog },
        { name: "Delete Code", path: `${codes}&confirm=delete&id=${code._id}`, shows: dialog },
        {
          name: "Edit Code, refused",
          path: codes,
          open: async (p) => {
            await clickGridRow(p, 0, 80);
            await p.getByRole("toolbar", { name: "Selected code" }).getByRole("button", { name: "Edit" }).click();
            await conflict(`/api/codes/${code._id}`, { ...code, username: `renamed ${m}` }, dialog)(p);
          },
          shows: "[data-testid=code-conflict]",
        },
        { name: "Add entry", path: `${tribelist}&add=1`, shows: "[data-testid=entry-add]" },
        { name: "Edit entry", path: `${tribelist}&edit=${entry._id}`, shows: "[data-testid=entry-edit]" },
        {
          name: "Edit entry, refused",
          path: `${tribelist}&edit=${entry._id}`,
          open: conflict(`/api/tribelist/${entry._id}`, { ...entry, rank: "Owner" }, "[data-testid=entry-edit]"),
          shows: "[data-testid=entry-conflict]",
        },
        { name: "Delete entry", path: `${tribelist}&confirm=delete&id=${entry._id}`, shows: dialog },
        { name: "Clear list", path: `${tribelist}&confirm=clear`, shows: dialog },
        { name: "Delete vouch", path: `/dashboard/vouches?confirm=delete&id=${vouch._id}`, shows: dialog },
        { name: "Stock image", path: "/dashboard/stock-2411?dialog=image", shows: dialog },
        { name: "Breeder image", path: "/dashboard/breeder-stats?tab=breeder-list&dialog=image", shows: dialog },
        { name: "Breeder mapping", path: "/dashboard/breeder-stats?tab=breeder-list&dialog=mapping", shows: dialog },
        {
          name: "Text Color Picker",
          path: "/dashboard/stock-2411",
          open: async (p) => {
            await p.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
            const { x, y } = await sheetCellPoint(p, "stock-grid", [210], 0, 0);
            await p.mouse.click(x, y);
            await click("Color Picker")(p);
          },
          shows: dialog,
        },
        {
          name: "What's New",
          path: "/dashboard",
          open: (p) => p.getByTestId("changelog-button").click(),
          shows: dialog,
        },
        {
          name: "Notifications",
          path: "/dashboard",
          open: (p) => p.getByTestId("bell").click(),
          shows: "details[open] .menu-panel",
        },
        {
          name: "Account menu",
          path: "/dashboard",
          open: (p) => p.getByTestId("avatar-menu").click(),
          shows: "details[open] [role=menu]",
        },
      ];
      expect(await findingsIn(page, views)).toEqual([]);
    }, 240_000);

    it(`finds nothing serious or critical on the public pages, ${theme} theme`, async () => {
      const { page, context } = await open({ bypassCSP: true });
      await context.addCookies([{ name: "vite-ui-theme", value: theme, url: BASE }]);
      expect(await findingsOn(page, publicPages)).toEqual([]);
    }, 60_000);
  }
});
