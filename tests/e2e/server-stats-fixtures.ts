// Shared by the server stats browser tests: a signed-in session, joins to ingest, a server's status and its counts,
// the summary badges and the pagination bar, and a roster push through the ingestion API.
import type { APIRequestContext, Page } from "playwright-core";
import { expect } from "vitest";
import { statusClass, type RosterPlayer, type ServerStatus } from "#contract/servers";
import { connected, FROM_PAGE, signedIn, type Member } from "./browser";
import { eosId, type ServerEvent } from "./data";

/** A signed-in context (a fresh session) on the dashboard. */
export const session = (options: Parameters<typeof signedIn>[0] = {}, who: Member = "Rex Rider") =>
  signedIn({ ...options, who });

export const hydrated = connected;

/**
 * `n` joins of new players on a server in the last minutes, cycling through the status classes: tribemember ("2"),
 * friendly ("1"), neutral ("0"), enemy ("-1"), unknown.
 */
export function joins(n: number, name: string): ServerEvent[] {
  const statuses = ["2", "1", "0", "-1", "unknown"];
  const now = Date.now();
  return Array.from({ length: n }, (_, i) => ({
    eventType: "join",
    eosId: eosId(),
    eventTime: now - (i + 1) * 1000,
    displayName: `${name}${i}`,
    status: statuses[i % statuses.length],
    tribe: statuses[i % statuses.length] === "-1" ? "RAID" : "",
    platform: "steam",
  }));
}
/** The active tab once the page shows it (the URL changes a moment before the new page renders). */
export const activeTab = (page: Page, label: string) =>
  page.locator(".stats-tabs .tab.active", { hasText: label }).waitFor();
export const pressed = (page: Page, key: string, on: boolean) =>
  page.locator(`[data-testid="filter-${key}"][aria-pressed="${on}"]`).waitFor();

export async function statusOf(request: APIRequestContext, id: string) {
  return (await (await request.get(`/api/eoserver-status/${id}`)).json()) as ServerStatus;
}

export function countsOf(players: RosterPlayer[]) {
  const counts = { tribemembers: 0, friendlys: 0, neutral: 0, enemies: 0, unknowns: 0 };
  for (const p of players) {
    const c = statusClass(p.status, p.tribe);
    if (c !== "other") counts[c]++;
  }
  return counts;
}

export const badgeCount = async (page: Page, key: string) =>
  Number(await page.getByTestId(`filter-${key}`).locator(".filter-count").innerText());
export const showing = (page: Page) => page.locator(".pagination-bar .muted").first().innerText();

/** An API token for this signed-in browser, and a roster push through the ingestion API with it. */
export async function ingestor(request: APIRequestContext) {
  const created = await request.post("/api/tokens", { headers: FROM_PAGE, data: { name: "e2e collector" } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  return async (id: string, body: Record<string, unknown>) => {
    const res = await request.post(`/api/ingest/servers/${id}/roster`, {
      data: body,
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return res.json();
  };
}

export const strip = (p: RosterPlayer) => ({
  eosId: p.eosId,
  displayName: p.displayName ?? undefined,
  name: p.name ?? undefined,
  status: p.status ?? undefined,
  tribe: p.tribe ?? undefined,
  platform: p.platform ?? undefined,
});
export const randomEos = eosId;
