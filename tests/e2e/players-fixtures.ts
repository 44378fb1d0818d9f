// Shared by the player pages' browser tests (players.test.ts): players of a test's own with past sessions (the
// collectors' events) and online now (a roster push), a signed-in browser in Berlin's time, what a profile shows, and
// axe's findings.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { localSlot, playerPath } from "#contract/players";
import { offsetMinutes } from "#contract/zones";
import { BASE, signedIn } from "./browser";
import { eosId, ingestServerEvents } from "./data";
import { ingestor } from "./server-stats-fixtures";

export const HOUR = 3_600_000;
export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const ZONE = "Europe/Berlin";

export type Player = {
  eosId: string;
  displayName: string;
  name: string;
  status: string;
  tribe: string;
  platform: string;
};

/**
 * Two players of one tribe of this test's own: on 2573 from three hours ago to one hour ago; the first also joined 2411
 * twice without a leave between (a missed leave) and left; both online now on 2411, the first listed first (not on
 * 2446: a later test needs 2446's roster to be older than its own push).
 */
export async function makePlayers(request: APIRequestContext, m: string) {
  const tribe = `T ${m}`;
  const [a, b]: Player[] = [1, 2].map((n) => ({
    eosId: eosId(),
    displayName: `${m}Surv${n}`,
    name: `${m} Member${n}`,
    status: "-1",
    tribe,
    platform: "steam",
  }));
  const now = Date.now();
  const event = (p: Player, eventType: "join" | "leave", eventTime: number) => ({
    eventType,
    eventTime,
    eosId: p.eosId,
    displayName: p.displayName,
    memberName: p.name,
    status: p.status,
    tribe: p.tribe,
    platform: p.platform,
  });
  await ingestServerEvents(request, "2573", [
    ...[a, b].flatMap((p) => [event(p, "join", now - 3 * HOUR), event(p, "leave", now - HOUR)]),
  ]);
  await ingestServerEvents(request, "2411", [
    event(a, "join", now - 6 * HOUR),
    event(a, "join", now - 5.5 * HOUR),
    event(a, "leave", now - 5 * HOUR),
  ]);
  const push = await ingestor(request);
  await push("2411", { online: true, players: [a, b] });
  return { a, b, tribe, now };
}

/** A cell's words in the heatmap: the hour of the week `at` falls in, in the zone. */
export async function heatCell(page: Page, at: number, zone: string) {
  const { weekday, hour } = localSlot(at, offsetMinutes(at, zone));
  return page.getByTestId(`heat-${weekday}-${hour}`).locator("title").textContent();
}

/** The page is no wider than its viewport. */
export const fits = (page: Page, width: number) =>
  expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The profile of `p` is the page shown, its facts and sessions filled in. */
export async function showsProfile(page: Page, p: Player) {
  await page.waitForURL(`**${playerPath(p.eosId)}`);
  await page.locator("h1", { hasText: p.name }).waitFor();
  expect(await page.getByTestId("online-badge").innerText()).toBe("Online now on 2411");
  expect(await page.getByTestId("player-facts").getByTestId("tribe-link").innerText()).toBe(p.tribe);
  const sessions = page.getByTestId("sessions-table").locator("tbody tr");
  expect(await sessions.first().innerText()).toContain("online now");
  expect(await page.locator('[data-end="missed"]').count()).toBe(p.name.endsWith("1") ? 1 : 0);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's serious and critical WCAG 2.2 AA findings on the page as it is now (as a11y.test.ts runs it). */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
  });
}

/** A signed-in browser that reads times in Berlin (the browser's zone and its cookie agree from the first view). */
export async function berlin(options: Parameters<typeof signedIn>[0]) {
  const session = await signedIn({ ...options, timezoneId: ZONE, path: "/dashboard/players" });
  await session.context.addCookies([{ name: "tz", value: ZONE, url: BASE }]);
  return session;
}
