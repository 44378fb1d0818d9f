// Shared browser set-up for the e2e tests: Debian's chromium, a fresh context per test, console errors collected.
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { E2E_PORT } from "./global-setup";

export const BASE = `http://localhost:${E2E_PORT}`;
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

export type Session = { context: BrowserContext; page: Page; errors: string[] };

export async function open(
  browser: Browser,
  { showChangelog, ...options }: BrowserContextOptions & { showChangelog?: boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, ...options });
  // Nothing outside this machine is reachable: answer external requests (Discord's CDN, video pages) locally.
  await context.route(/^https?:\/\/(?!localhost)/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>outside</title>" }));
  // The What's New dialog opens once per browser after sign-in; tests of other screens start with it seen.
  if (!showChangelog) {
    await context.addInitScript(() => {
      localStorage.setItem("changelog-last-seen", "1.1.0");
      localStorage.setItem("changelog-dismissed", "1.1.0");
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { context, page, errors };
}

/** The stand-in's demo users: three tribe members and one outsider. */
export type Member = "Rex Rider" | "Tek Breeder" | "vaultkeeper";
export type DemoUser = Member | "Wandering Outsider";

/** Signs in through the real OAuth flow: our login page, the Discord stand-in's authorize page, the callback. */
export async function signIn(page: Page, who: DemoUser) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Discord" }).click();
  await page.waitForURL(/\/__discord\/oauth2\/authorize/);
  await page.getByRole("button", { name: new RegExp(who) }).click();
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });

/**
 * A fresh context signed in as a tribe member (What's New already seen unless asked for), in the theme given by its
 * cookie, on `path` when one is given (else on the dashboard, where sign-in lands).
 */
export async function signedIn(
  browser: Browser,
  {
    who = "Rex Rider",
    theme,
    path,
    ...options
  }: Parameters<typeof open>[1] & { who?: Member; theme?: "light" | "dark"; path?: string } = {},
): Promise<Session> {
  const session = await open(browser, options);
  if (theme) await session.context.addCookies([{ name: "vite-ui-theme", value: theme, url: BASE }]);
  await signIn(session.page, who);
  await session.page.waitForURL("**/dashboard");
  if (path) await session.page.goto(path);
  return session;
}
