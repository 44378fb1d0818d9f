// Sources and alerts in the browser: an admin points Discord alerts at a channel, an arriving enemy posts one message
// there, a failing webhook is retried and shown failing, and a late collector's roster age turns amber then red.
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BASE, FROM_PAGE, marker, setupBrowser, shot, signedIn } from "./browser";
import { eosId } from "./data";

setupBrowser();

/** A roster push with a fresh API token of this browser, as a collector sends it. */
async function pushRoster(request: APIRequestContext, id: string, body: Record<string, unknown>) {
  const created = await request.post("/api/tokens", { headers: FROM_PAGE, data: { name: "e2e collector" } });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  const res = await request.post(`/api/ingest/servers/${id}/roster`, {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function addChannel(page: Page, name: string, url: string) {
  const form = page.getByTestId("add-channel");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Webhook URL", { exact: true }).fill(url);
  await form.getByRole("button", { name: "Add channel" }).click();
  await page
    .getByTestId("toast")
    .filter({ hasText: `Alerts now go to ${name}.` })
    .first()
    .waitFor();
}

async function removeChannel(page: Page, name: string) {
  await page.goto("/dashboard/sources");
  const channel = page.getByTestId(`channel-${name}`);
  if ((await channel.count()) === 0) return;
  await channel.getByRole("button", { name: "Remove" }).click();
  await page.getByTestId("toast").filter({ hasText: "The channel was removed" }).first().waitFor();
}

describe("Discord alerts", () => {
  it("posts one message when an enemy comes online, and shows a failing webhook retrying (JavaScript off)", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false, path: "/dashboard/sources" });
    const tag = marker("alerts");
    const good = `${BASE}/__discord/api/webhooks/${Date.now()}/good-${tag}-0123456789`;
    const bad = `${BASE}/__discord/api/webhooks/${Date.now() + 1}/fail-${tag}-0123456789`;
    const names = [`#raid-${tag}`, `#broken-${tag}`];
    try {
      await addChannel(page, names[0], good);
      await addChannel(page, names[1], bad);
      // The address is a secret: only its last characters are shown back.
      expect(await page.getByTestId(`channel-${names[0]}`).innerText()).not.toContain(`good-${tag}`);

      const raider = {
        eosId: eosId(),
        displayName: `Raider-${tag}`,
        name: "",
        status: "-1",
        tribe: "RAID",
        platform: "psn",
      };
      const status = (await (await context.request.get("/api/eoserver-status/2573")).json()) as {
        currentPlayers: Record<string, unknown>[];
      };
      const roster = status.currentPlayers.map(({ tribelistMatch: _m, ...p }) => p);
      await pushRoster(context.request, "2573", { online: true, players: [...roster, raider] });

      // The stand-in channel receives exactly one message naming the server and the enemy.
      const messages = async () =>
        ((await (await context.request.get(`${good}/messages`)).json()) as { content: string }[]).map((m) => m.content);
      await expect.poll(messages, { timeout: 15_000 }).toHaveLength(1);
      expect((await messages())[0]).toBe(`🚨 Enemy online on 2573 (NA-PVP-Astraeos2573): Raider-${tag} [RAID]`);

      // The Sources page: sent to the good channel, retrying on the broken one with Discord's refusal.
      await expect
        .poll(
          async () => {
            await page.goto("/dashboard/sources");
            return page.getByTestId("delivery").filter({ hasText: names[1] }).filter({ hasText: "HTTP 500" }).count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      const sent = page.getByTestId("delivery").filter({ hasText: names[0] });
      expect(await sent.getAttribute("data-status")).toBe("sent");
      const failing = page.getByTestId("delivery").filter({ hasText: names[1] });
      expect(await failing.getAttribute("data-status")).toBe("pending");
      expect(await failing.innerText()).toContain("retrying");
      // The e2e server reads the official list (its stand-in) and no roster host.
      expect(await page.getByTestId("source-roster-host").getByTestId("source-unused").innerText()).toBe(
        "Not used here",
      );
      await shot(page, "68-sources-alerts");
    } finally {
      for (const name of names) await removeChannel(page, name);
    }
  });
});

describe("a collector past its interval", () => {
  it("shows the roster's age in amber, then red, with since when, and the server as unknown", async () => {
    const { page, context } = await signedIn({ path: "/dashboard/sources" });
    const interval = page.getByTestId("source-collector:2446").getByRole("spinbutton");
    const saveInterval = async (minutes: string) => {
      await page.goto("/dashboard/sources");
      await interval.fill(minutes);
      await page.getByTestId("source-collector:2446").getByRole("button", { name: "Save" }).click();
      await page
        .getByTestId("toast")
        .filter({ hasText: `Expected every ${minutes} min from now on.` })
        .first()
        .waitFor();
    };
    try {
      // A collector's last push, three minutes ago: past its 2-minute interval (amber), within three of them.
      const observedAt = Date.now() - 3 * 60_000;
      await pushRoster(context.request, "2446", {
        online: true,
        observedAt,
        players: [
          { eosId: eosId(), displayName: "Quiet Survivor", name: "", status: "2", tribe: "GC", platform: "steam" },
        ],
      });
      await page.goto("/dashboard/server-stats-2446");
      const age = page.getByTestId("roster-age");
      await age.waitFor();
      expect(await age.getAttribute("data-freshness")).toBe("late");
      expect(await age.innerText()).toMatch(
        /^Roster collector 2446: 3 minutes ago · no report since .+ \(expected every 2 min\)$/,
      );
      // Here the official list decides the server's state (Online) and only the roster is unknown; without a list the
      // server itself is Unknown (tests/workers/sources-snapshots.test.ts).
      expect(await page.getByTestId("server-status").innerText()).toMatch(/^(Online|Unknown)$/);
      expect(await page.getByTestId("error-details").innerText()).toContain(
        "No report from the roster collector for 3 minutes",
      );
      await shot(page, "69-collector-late");

      // Expected every minute, three minutes is three intervals and more: silent (red).
      await saveInterval("1");
      await page.goto("/dashboard/server-stats-2446");
      expect(await page.getByTestId("roster-age").getAttribute("data-freshness")).toBe("silent");
      expect(await page.getByTestId("roster-age").innerText()).toContain("(expected every 1 min)");
      await shot(page, "70-collector-silent");
    } finally {
      await saveInterval("2");
    }
  });
});
