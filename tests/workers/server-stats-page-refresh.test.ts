// The server stats pages' remembered tab, unknown servers and sign-in, Manual Refresh with and without JavaScript, and
// every empty state and label.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEXTS } from "#app/routes/server-stats-page/servers";
import { emptyState, loadError } from "#app/routes/server-stats-page/stats.server";
import { failureReason, HostError } from "#app/host/client.server";
import { dataPath, FETCHER_FIELDS, ORIGIN, toastOf } from "./helpers";
import { withServerStatsTables, MINUTE, member, MIXED } from "./server-stats-page-fixtures";

withServerStatsTables();

describe("the remembered tab", () => {
  it("is kept in a per-server cookie, restored only when valid, and defaults to the playerlist", async () => {
    const { browser, load } = await member();
    expect((await load("2446")).tab).toBe("playerlist");
    const chosen = await load("2446", "?tab=enemys");
    expect(chosen).toMatchObject({ tab: "enemys", hasTabParam: true });
    expect(browser.cookies.get("server_stats_2446_active_tab")).toBe("enemys");
    expect(await load("2446")).toMatchObject({ tab: "enemys", hasTabParam: false });
    // Another server keeps its own.
    expect((await load("2411")).tab).toBe("playerlist");
    browser.cookies.set("server_stats_2446_active_tab", "enemies");
    expect((await load("2446")).tab).toBe("playerlist");
    expect((await load("2446", "?tab=bogus")).tab).toBe("playerlist");
  });
});

describe("pages that do not exist", () => {
  it("answers 404 for any other server id", async () => {
    const { browser } = await member();
    expect((await browser.fetch("/dashboard/server-stats-9999")).status).toBe(404);
    expect((await browser.fetch("/dashboard/server-stats-2411")).status).toBe(200);
  });

  it("sends a visitor without a session to sign in", async () => {
    for (const path of [
      "/dashboard/server-stats-2411",
      "/dashboard/server-stats-2573",
      "/dashboard/server-stats-2446",
      "/dashboard/server-stats",
    ]) {
      const res = await SELF.fetch(new URL(path, ORIGIN), { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("Location"), path).toContain("/login");
    }
  });

  it("serves each server's page from the one route module, titled by the server in its URL", async () => {
    const { browser } = await member();
    for (const id of ["2411", "2573", "2446"]) {
      const html = await (await browser.fetch(`/dashboard/server-stats-${id}`)).text();
      expect(html).toContain(`<title>${id} Server Stats · ARK Tribe Dashboard</title>`);
      expect(html).toContain(`data-server="${id}"`);
    }
    const generic = await browser.fetch("/dashboard/server-stats?tab=2573");
    expect(generic.status).toBe(200);
    expect(await generic.text()).toContain("<title>Server Stats · ARK Tribe Dashboard</title>");
  });
});

describe("Manual Refresh", () => {
  it("without JavaScript, redirects back to the same view with the product's success toast", async () => {
    const { browser, roster, load } = await member();
    await roster("2411", { online: true, players: MIXED, observedAt: Date.now() - 5 * MINUTE });
    const before = (await load("2411")).state!.lastUpdated!;
    const res = await browser.post("/dashboard/server-stats-2411", {
      intent: "refresh",
      redirectTo: "/dashboard/server-stats-2411?filter=enemies&size=50",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/server-stats-2411?filter=enemies&size=50");
    expect(await toastOf(browser)).toEqual({
      type: "success",
      message: "Manual refresh triggered! Server data will be updated shortly.",
    });
    // With collectors the only source, a refresh has nothing to read again: the status and its time stay the
    // collector's.
    expect((await load("2411")).state!.lastUpdated!).toBe(before);
  });

  it("answers a fetcher with JSON, and never redirects off the page", async () => {
    const { browser } = await member();
    const res = await browser.post(dataPath("/dashboard/server-stats-2573", "server-stats-2573"), {
      intent: "refresh",
      ...FETCHER_FIELDS,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      toast: { type: "success", message: "Manual refresh triggered! Server data will be updated shortly." },
    });

    const away = await browser.post("/dashboard/server-stats-2573", {
      intent: "refresh",
      redirectTo: "https://evil.example/x",
    });
    expect(away.headers.get("Location")).toBe("/dashboard/server-stats-2573");
  });
});

describe("empty states and labels", () => {
  it("covers every text", () => {
    const base = { filter: null, total: 0, shown: 0 } as const;
    expect(emptyState({ ...base, id: "2411", tab: "playerlist", state: null })).toEqual({
      title: "No players found",
      text: "No active players on server 2411",
    });
    expect(emptyState({ ...base, id: "2411", tab: "unknowns" })).toEqual({ title: "No unknowns data found" });
    expect(emptyState({ ...base, id: "2573", tab: "friendlys", filter: "joins", total: 3 })).toEqual({
      title: "No joins entries found",
    });
    expect(emptyState({ ...base, id: "2446", tab: "tribemembers", filter: "leaves", total: 3 })).toEqual({
      title: "No entries match the current filter",
      text: "Try adjusting your filter criteria",
    });
    expect(emptyState({ ...base, id: "2411", tab: "joinlog", total: 4, shown: 4 })).toBeNull();
  });

  it("names what failed in the error box and the refresh failure", () => {
    expect(loadError("playerlist", new HostError(500, null))).toEqual({
      title: "Error loading player data",
      message: "Failed to fetch player data",
      detail: "HTTP 500: Internal Server Error",
    });
    expect(loadError("enemys", new HostError(503, { message: "The host is unreachable." }))).toEqual({
      title: "Error loading enemies data",
      message: "Failed to fetch enemies data",
      detail: "The host is unreachable.",
    });
    expect(loadError("joinlog", new Error("network down")).title).toBe("Error loading joinlog data");
    expect(TEXTS.refreshFailed(failureReason(new HostError(502, {})))).toBe(
      "Failed to trigger manual refresh: HTTP 502: Bad Gateway",
    );
    expect(TEXTS.refreshFailed(failureReason(new HostError(404, { error: "not_found" })))).toBe(
      "Failed to trigger manual refresh: not_found",
    );
  });
});
