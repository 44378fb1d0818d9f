// Shared browser set-up for the e2e tests: Debian's chromium, a fresh context per test with a pooled signed-in session
// (sessions.ts), every context closed and every console error not allowed with allowConsoleErrors() failing the test.
// Each test file calls setupBrowser() once; tests use signedIn({ who, path }) or open().
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { CHANGELOG_VERSION } from "#app/components/changelog/seen";
import { rowMiddle, STOCK_GRID, TABLE_GRID } from "#app/components/grid/geometry";
import { sessionCookie as sessionCookieOf } from "#worker/platform/session";
import { E2E_PORT } from "./env";
import { readSessionPool, SESSION_CLAIMS } from "./sessions";

export const BASE = `http://localhost:${E2E_PORT}`;
/**
 * The header a page's own request carries: a test that calls the API through a context's request (as the page's script
 * or a form would) names the page's origin, which the request gate checks on every write (ADR 028).
 */
export const FROM_PAGE = { Origin: BASE };
export const SCREENSHOTS = "tests/e2e/screenshots";
mkdirSync(SCREENSHOTS, { recursive: true });

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

// ---- The per-file browser and the per-test bookkeeping ------------------------------------------------------------

let current: Browser | undefined;
type Tracked = { context: BrowserContext; errors: string[]; pending: Set<string> };
let tracked: Tracked[] = [];
let allowed: RegExp[] = [];

/** The file's browser (launched by setupBrowser's beforeAll). */
export function browser(): Browser {
  if (!current) throw new Error("setupBrowser() was not called in this test file");
  return current;
}

/**
 * Registers the file's hooks: one chromium for the file; after EACH test (passed, failed or timed out) every context
 * the test opened is closed, and the console errors they logged that the test did not allow fail it.
 */
export function setupBrowser() {
  beforeAll(async () => {
    current = await launch();
  });
  afterEach(async ({ task }) => {
    const done = tracked;
    const allow = allowed;
    tracked = [];
    allowed = [];
    if (task.result?.state === "fail") await reportFailure(task.name, done);
    const unexpected = done.flatMap((t) => t.errors.filter((e) => !allow.some((re) => re.test(e))));
    await Promise.all(done.map((t) => t.context.close().catch(() => undefined)));
    expect(unexpected, "console errors nobody expected").toEqual([]);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
}

/**
 * What a failed test's pages were doing: their addresses, the requests still unanswered (a navigation that never
 * loads shows its culprit here) and a screenshot each, for a failure seen only on another machine.
 */
async function reportFailure(name: string, done: Tracked[]) {
  const slug = name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60);
  let n = 0;
  for (const { context, pending } of done) {
    for (const page of context.pages()) {
      const path = `${SCREENSHOTS}/failed-${slug}-${n++}.png`;
      await page.screenshot({ path, timeout: 5_000 }).catch(() => undefined);
      console.log(`failed test's page: ${page.url()}; unanswered: ${[...pending].join(", ") || "none"}; ${path}`);
    }
  }
}

/** Console errors the running test provokes on purpose (matched against each error's text). */
export function allowConsoleErrors(...patterns: RegExp[]) {
  allowed.push(...patterns);
}

/** A bare context of the file's browser, closed after the test (for request-only use, e.g. anonymous calls). */
export async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser().newContext({ baseURL: BASE, ...options });
  const entry: Tracked = { context, errors: [], pending: new Set() };
  tracked.push(entry);
  context.on("request", (r) => entry.pending.add(`${r.method()} ${r.url()}`));
  const answered = (r: { method(): string; url(): string }) => entry.pending.delete(`${r.method()} ${r.url()}`);
  context.on("requestfinished", answered);
  context.on("requestfailed", answered);
  const watch = (page: Page) => {
    page.on("console", (m) => {
      if (m.type() === "error") entry.errors.push(`${m.text()} (${m.location().url || page.url()})`);
    });
    page.on("pageerror", (e) => entry.errors.push(`uncaught: ${e.message} (${page.url()})`));
  };
  context.on("page", watch);
  return context;
}

export type Session = { context: BrowserContext; page: Page; errors: string[] };

/** A fresh context and page, signed out. The What's New dialog counts as seen unless showChangelog is set. */
export async function open({
  showChangelog,
  ...options
}: BrowserContextOptions & { showChangelog?: boolean } = {}): Promise<Session> {
  const context = await newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Nothing outside this machine is reachable: answer external requests (Discord's CDN, video pages) locally.
  await context.route(/^https?:\/\/(?!localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>outside</title>" }),
  );
  // The What's New dialog opens once per browser after sign-in; tests of other screens start with it read (ADR 067).
  if (!showChangelog)
    await context.addCookies([{ name: "changelog-seen", value: CHANGELOG_VERSION, url: BASE, sameSite: "Lax" }]);
  const page = await context.newPage();
  return { context, page, errors: tracked.find((t) => t.context === context)!.errors };
}

// ---- Signing in -------------------------------------------------------------------------------------------------

/** The stand-in's demo users: three tribe members and one outsider. */
export type Member = "Rex Rider" | "Tek Breeder" | "vaultkeeper" | "Tribe Mate";
export type DemoUser = Member | "Wandering Outsider";

/** Signs in through the real OAuth flow: our login page, the Discord stand-in's authorize page, the callback. */
export async function signIn(page: Page, who: DemoUser) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Discord" }).click();
  await page.waitForURL(/\/__discord\/oauth2\/authorize/);
  await page.getByRole("button", { name: new RegExp(who) }).click();
}

// The e2e server runs with .dev.vars.example's settings (global-setup.ts): its first SESSION_SECRETS signs cookies.
const SESSION_SECRETS = (() => {
  const line = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .find((l) => l.startsWith("SESSION_SECRETS="));
  if (!line) throw new Error(".dev.vars.example has no SESSION_SECRETS");
  return line
    .slice("SESSION_SECRETS=".length)
    .trim()
    .split(",")
    .map((s) => s.trim());
})();
// The session cookie, as the server makes it for this origin.
const sessionCookie = sessionCookieOf({ SESSION_SECRETS }, BASE);

/**
 * A session of a demo member for this test alone: the next unclaimed one of the pool that the global setup wrote into
 * the server's database before any test ran (sessions.ts), claimed by creating its claim file (atomic across the test
 * files' processes). No test process writes the server's database, so no test's page waits on another's write.
 * Answers the `__session` cookie's value that carries it.
 */
export async function createSession(who: Member): Promise<string> {
  const pool = readSessionPool()[who];
  if (!pool) throw new Error(`${who} is not a tribe member of the Discord stand-in`);
  for (; nextClaim[who] < pool.length; nextClaim[who]++) {
    try {
      closeSync(openSync(`${SESSION_CLAIMS}/${pool[nextClaim[who]]}`, "wx"));
    } catch {
      continue; // claimed by another test
    }
    const header = await sessionCookie.serialize(pool[nextClaim[who]++]);
    return header.slice("__session=".length, header.indexOf(";"));
  }
  throw new Error(`the session pool of ${who} is used up: raise SESSIONS_PER_MEMBER in tests/e2e/sessions.ts`);
}
const nextClaim: Record<Member, number> = { "Rex Rider": 0, "Tek Breeder": 0, vaultkeeper: 0, "Tribe Mate": 0 };

/**
 * A fresh context with a fresh session of a tribe member (What's New already seen unless asked for), in the theme
 * given by its cookie, on `path` (the dashboard when none is given).
 */
export async function signedIn({
  who = "Rex Rider",
  theme,
  path = "/dashboard",
  ...options
}: Parameters<typeof open>[0] & { who?: Member; theme?: "light" | "dark"; path?: string } = {}): Promise<Session> {
  const session = await open(options);
  const value = await createSession(who);
  await session.context.addCookies([
    { name: "__session", value, url: BASE, httpOnly: true, sameSite: "Lax" },
    ...(theme ? [{ name: "vite-ui-theme", value: theme, url: BASE }] : []),
  ]);
  await session.page.goto(path);
  return session;
}

// ---- Waiting on conditions --------------------------------------------------------------------------------------

/** A screenshot of the whole page, its finite animations (fade-ins, toasts sliding in) shown finished: with JavaScript off
 * the page cannot be asked when they are done. */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, animations: "disabled" });

/**
 * Holds back every request of `context` whose URL matches `pattern` (a slow network for that file) until the returned
 * `release` is called; then they go on as usual.
 */
export async function holdBack(context: BrowserContext, pattern: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page's live socket is up (the badge only shows once the page has hydrated). */
export const connected = (page: Page) =>
  page.getByTestId("live-status").filter({ hasText: "Connected" }).first().waitFor();

/**
 * Clicks a row of a table grid (codes, tribelists, vouches, server stats) `x` pixels from its left edge: the row (0 is
 * the first in view) becomes the selected one. Waits for the grid and for the page's animations first, so the click
 * lands where the row is drawn.
 */
export async function clickGridRow(page: Page, row: number, x: number) {
  const grid = page.getByTestId("canvas-grid");
  await grid.waitFor();
  await settled(page);
  await grid.click({ position: { x, y: 1 + rowMiddle(TABLE_GRID, row) } });
}

// ---- The sheets' canvas (2411 Stock, the breeder list: app/components/sheet/) ------------------------------------

/** The sheet grid with this test id, once it has painted. */
export const sheetCanvas = (page: Page, testId: string) =>
  page.locator(`[data-testid=${testId}] canvas[data-testid=data-grid-canvas]`);

/** The centre of a sheet cell on its canvas (columns by their widths, left of any horizontal scroll; row 0 is the first). */
export async function sheetCellPoint(page: Page, testId: string, widths: readonly number[], col: number, row: number) {
  const box = (await sheetCanvas(page, testId).boundingBox())!;
  const x = box.x + STOCK_GRID.rowMarkerWidth + widths.slice(0, col).reduce((a, b) => a + b, 0) + widths[col] / 2;
  return { x, y: box.y + rowMiddle(STOCK_GRID, row) };
}

/** A row's vertical middle on a sheet's canvas, in page coordinates (for drags and the row marker). */
export async function sheetRowY(page: Page, testId: string, row: number) {
  return (await sheetCanvas(page, testId).boundingBox())!.y + rowMiddle(STOCK_GRID, row);
}

/**
 * A double-click opens the sheet cell's editor (a click selects); type the value and commit with `key` (the overlay
 * editor lives in #portal).
 * Edits are a person's pace apart: glide refreshes its accessibility table (which moves focus to the selected cell)
 * 200 ms after a change, and a click landing inside that window can lose the editor's focus.
 * This sleep stays a sleep: that refresh is a timer inside glide-data-grid that leaves nothing in the page to wait
 * for before it fires (and an edit that changes no text changes nothing either), so the only condition is time.
 */
export async function editSheetCell(
  page: Page,
  testId: string,
  widths: readonly number[],
  col: number,
  row: number,
  value: string,
  key = "Enter",
) {
  const editor = page.locator("#portal textarea");
  await page.waitForTimeout(250);
  const { x, y } = await sheetCellPoint(page, testId, widths, col, row);
  await page.mouse.dblclick(x, y);
  await editor.waitFor();
  if (value === "") {
    // Cleared as a person does it (select all, delete): the editor then holds an empty value.
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Backspace");
  } else await editor.fill(value);
  await page.keyboard.press(key);
  if (key === "Enter") await editor.waitFor({ state: "detached" });
}

/** A cell's text as the grid exposes it to assistive technology (glide's accessibility table). */
export const sheetText = async (page: Page, col: number, row: number) =>
  (await page.getByTestId(`glide-cell-${col + 1}-${row}`).textContent())?.trim() ?? "";

/** A toast with this text is shown. */
export const toastShown = (page: Page, text: string | RegExp) =>
  page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

/**
 * Every finite CSS animation and transition has finished and two frames have been painted since (canvas grids paint
 * on the next animation frame): the moment for a screenshot. Endless animations (spinners) are left running.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The pairs of a chart's labels that overlap on one line ("a / b"): none, when an axis thins its ticks to fit. */
export const overlappingLabels = (chart: Locator) =>
  chart.evaluate((el) => {
    const labels = [...el.querySelectorAll("svg text")]
      .map((t) => ({ text: t.textContent ?? "", box: t.getBoundingClientRect() }))
      .filter((l) => l.box.width > 0);
    const clashes: string[] = [];
    labels.forEach((a, i) =>
      labels.slice(i + 1).forEach((b) => {
        const sameLine = Math.abs(a.box.top - b.box.top) < 2;
        if (sameLine && a.box.left < b.box.right && b.box.left < a.box.right) clashes.push(`${a.text} / ${b.text}`);
      }),
    );
    return clashes;
  });

/** A string no demo row and no other test's data contains: tests create data with it and search for it. */
export function marker(prefix = "e2e"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * An element's text colour, its own background and the first opaque background behind it, as #rrggbbaa: read through a
 * canvas, which turns any CSS colour (oklch(from ...) included) into sRGB. For app/utils/contrast.ts's contrast().
 */
export async function shownColours(element: Locator) {
  return element.evaluate((el) => {
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const hex = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      return `#${[...ctx.getImageData(0, 0, 1, 1).data].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
    };
    let behind = el.parentElement;
    while (behind && hex(getComputedStyle(behind).backgroundColor).endsWith("00")) behind = behind.parentElement;
    return {
      fg: hex(getComputedStyle(el).color),
      bg: hex(getComputedStyle(el).backgroundColor),
      page: hex(getComputedStyle(behind ?? document.body).backgroundColor),
    };
  });
}
