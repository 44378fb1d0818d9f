// The player pages in chromium, JavaScript on and off, at 1440x900 and 390x844: profiles from a roster row and from
// search, the heatmap in the viewer's zone, sessions and their CSV, notes, the tribe page, "Who was on at" and a
// watched player's toast. Each test makes its own players (collector events for the past, a roster push for now).
import { describe, expect, it } from "vitest";
import { playerPath, tribePath } from "#contract/players";
import { rowMiddle, TABLE_GRID } from "#app/components/grid/geometry";
import { localValueOf } from "#app/utils/players";
import {
  allowConsoleErrors,
  clickGridRow,
  connected,
  FROM_PAGE,
  marker,
  settled,
  setupBrowser,
  shot,
  toastShown,
} from "./browser";
import { ingestServerEvents } from "./data";
import { ingestor } from "./server-stats-fixtures";
import {
  axeFindings,
  berlin,
  fits,
  heatCell,
  HOUR,
  makePlayers,
  PHONE,
  showsProfile,
  WIDE,
  ZONE,
} from "./players-fixtures";

setupBrowser();

describe("with JavaScript", () => {
  it("opens a profile from the roster's canvas grid, the selected row, both searches, and on a phone", async () => {
    const { page, context } = await berlin({ viewport: WIDE });
    const m = marker("pl");
    const { a, b, now } = await makePlayers(context.request, m);

    // The canvas grid: a name is a link; a click on it opens the profile.
    await page.goto("/dashboard/server-stats-2411");
    await connected(page);
    await clickGridRow(page, 0, 20); // the row marker: a name cell would open the profile
    const canvas = page.getByTestId("canvas-grid").locator("canvas").first();
    const box = (await canvas.boundingBox())!;
    const bar = page.getByTestId("stats-actionbar");
    await bar.getByRole("link", { name: "Open profile" }).waitFor();
    // Find the first cell drawn as a link along the row (its pointer), and click it.
    let linkX = 0;
    for (let x = 60; x < box.width && !linkX; x += 12) {
      await page.mouse.move(box.x + x, box.y + rowMiddle(TABLE_GRID, 0));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      if ((await canvas.evaluate((c) => c.style.cursor)) === "pointer") linkX = x;
    }
    expect(linkX, "a name cell drawn as a link").toBeGreaterThan(0);
    await page.mouse.click(box.x + linkX, box.y + rowMiddle(TABLE_GRID, 0));
    await showsProfile(page, a);

    // The heatmap, in the viewer's zone: the hour two hours ago was played on one of its days.
    expect(await page.getByTestId("heatmap-zone").innerText()).toMatch(/^Times in Europe\/Berlin · last 28 days/);
    expect(await page.locator("svg.heatmap rect").count()).toBe(168);
    expect(await heatCell(page, now - 2 * HOUR, ZONE)).toMatch(/: online on 1 of [45] days$/);
    expect(await page.getByTestId("hours-played").locator("tr", { hasText: "2573" }).innerText()).toContain("2 h");
    expect(await page.locator('[data-end="missed"]').innerText()).toMatch(/leave missed \(before .+\)/);
    await settled(page);
    await shot(page, "players-profile-1440");

    // The selected row's bar opens the profile too.
    await page.goto("/dashboard/server-stats-2411");
    await clickGridRow(page, 1, 20);
    await bar.getByRole("link", { name: "Open profile" }).click();
    await showsProfile(page, b);

    // The Players page's search, and the top bar's.
    await page.goto("/dashboard/players");
    await page.getByTestId("player-search-input").fill(m);
    await page.getByTestId("player-search-input").press("Enter");
    await page.getByTestId("player-hits").locator("tbody tr").nth(1).waitFor();
    await page.getByTestId("player-hits").getByRole("link", { name: a.name }).click();
    await showsProfile(page, a);
    const box2 = page.getByTestId("global-search");
    await box2.fill(b.eosId);
    await page.locator(".search-panel .search-results button", { hasText: "Players" }).first().click();
    await showsProfile(page, b);

    // On a phone the roster is a list of cards whose names are links.
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/server-stats-2411");
    await connected(page);
    await page.getByTestId("stats-table").getByRole("link", { name: a.displayName }).click();
    await showsProfile(page, a);
    await fits(page, PHONE.width);
    await settled(page);
    await shot(page, "players-profile-390");
  });

  it("shows the tribe's heatmap, quiet windows and players, and who was on at a past minute", async () => {
    const { page, context } = await berlin({ viewport: WIDE });
    const m = marker("tr");
    const { a, b, tribe, now } = await makePlayers(context.request, m);

    await page.goto(playerPath(a.eosId));
    await page.getByTestId("player-facts").getByTestId("tribe-link").click();
    await page.waitForURL(`**${tribePath(tribe)}`);
    await page.locator("h1", { hasText: `Tribe ${tribe}` }).waitFor();
    expect(await page.getByTestId("tribe-summary").innerText()).toBe("2 known players · 2 online now");
    expect(await heatCell(page, now - 2 * HOUR, ZONE)).toMatch(/: online on 1 of [45] days$/);
    expect(await page.getByTestId("quiet-windows").locator("li").count()).toBeGreaterThan(0);
    const members = page.getByTestId("members-table");
    expect(await members.getByRole("link").allInnerTexts()).toEqual(expect.arrayContaining([a.name, b.name]));
    await settled(page);
    await shot(page, "players-tribe-1440");
    await page.setViewportSize(PHONE);
    await fits(page, PHONE.width);
    await shot(page, "players-tribe-390");
    await page.setViewportSize(WIDE);

    // Two hours ago on 2573, typed in Berlin's time.
    await page.goto("/dashboard/players");
    const at = now - 2 * HOUR;
    const local = localValueOf(at, ZONE);
    await page.getByTestId("roster-at-server").selectOption("2573");
    await page.getByTestId("roster-at-input").fill(local);
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/server=2573/);
    const present = page.getByTestId("roster-at-table");
    await present.waitFor();
    const summary = await page.getByTestId("roster-at-summary").innerText();
    expect(summary).toMatch(/players on 2573 at /);
    // The roster shows 25 players a page (the demo's players are on too): theirs are on one of its pages.
    const pages = Math.ceil(Number(/^(\d+) players/.exec(summary)?.[1]) / 25);
    const first = page.url();
    const names = await present.getByRole("link").allInnerTexts();
    for (let n = 2; n <= pages; n++) {
      await page.goto(`${first}&page=${n}`);
      names.push(...(await present.getByRole("link").allInnerTexts()));
    }
    expect(names).toEqual(expect.arrayContaining([a.name, b.name]));
    if (pages > 1) await page.goto(first);
    await settled(page);
    await shot(page, "players-page-1440");
    await page.setViewportSize(PHONE);
    await fits(page, PHONE.width);
    await shot(page, "players-page-390");
  });

  it("saves a note and tags, shows a conflicting save's text, and toasts a watched player's join", async () => {
    const { page, context } = await berlin({ viewport: WIDE });
    const m = marker("wa");
    const { a } = await makePlayers(context.request, m);
    allowConsoleErrors(/status of 409/); // the save over a newer note
    await page.goto(playerPath(a.eosId));
    await connected(page);

    await page.getByTestId("note-text").fill("Farms metal at the north cave.");
    await page.getByTestId("note-tags").fill("raider, alt ,raider");
    await page.getByTestId("note-save").click();
    await toastShown(page, "Note saved.");
    await page.locator(".profile-badges .badge", { hasText: "alt" }).waitFor();
    expect(await page.getByTestId("note-tags").inputValue()).toBe("raider, alt");

    // Someone else saves meanwhile: this save is refused with their text, and the next one saves over theirs.
    const note = (await (await context.request.get(`/api/players/${a.eosId}`)).json()).note as { version: number };
    const theirs = await context.request.put(`/api/players/${a.eosId}/note`, {
      headers: FROM_PAGE,
      data: { text: "Moved to the swamp.", tags: ["swamp"], version: note.version },
    });
    expect(theirs.status()).toBe(200);
    await page.getByTestId("note-text").fill("Farms metal at the north cave, again.");
    await page.getByTestId("note-save").click();
    const conflict = page.getByTestId("note-conflict");
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain("Someone else changed this note");
    expect(await conflict.innerText()).toContain("Moved to the swamp.");
    await page.getByTestId("note-save").click();
    await toastShown(page, "Note saved.");
    await conflict.waitFor({ state: "detached" });

    // Watch, then the player joins another server: a toast in this browser.
    await page.getByTestId("watch-button").click();
    await page.getByRole("button", { name: "Stop watching" }).waitFor();
    await expect.poll(() => page.getByTestId("watchers").innerText()).toBe("1 member watches");
    const push = await ingestor(context.request);
    await push("2573", { online: true, players: [a] });
    await toastShown(page, `Watched player ${a.name}`);
    await settled(page);
    await shot(page, "players-watch-toast");
  });
});

describe("a member who may only read", () => {
  it("sees the note without its form and no Watch button; a post of theirs is refused", async () => {
    const owner = await berlin({ viewport: WIDE });
    const m = marker("ro");
    const { a } = await makePlayers(owner.context.request, m);
    await owner.context.request.put(`/api/players/${a.eosId}/note`, {
      headers: FROM_PAGE,
      data: { text: "Seen near our base.", tags: ["scout"], version: null },
    });
    const { page, context } = await berlin({ viewport: WIDE, who: "Tribe Mate", javaScriptEnabled: false });
    await page.goto(playerPath(a.eosId));
    expect(await page.getByTestId("note-readonly").innerText()).toContain("Seen near our base.");
    expect(await page.getByTestId("note-text").count()).toBe(0);
    expect(await page.getByTestId("watch-button").count()).toBe(0);
    expect(await page.getByTestId("edit-tribelists").count()).toBe(0);
    const post = await context.request.post(playerPath(a.eosId), {
      headers: FROM_PAGE,
      form: { intent: "watch", watch: "true" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });
});

describe("accessibility", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`finds nothing serious on the profile, the tribe and the Players page (axe, ${theme} theme)`, async () => {
      const { page, context } = await berlin({ viewport: WIDE, theme, bypassCSP: true });
      const m = marker("ax");
      const { a, tribe, now } = await makePlayers(context.request, m);
      const at = localValueOf(now - 2 * HOUR, ZONE);
      const views = {
        profile: playerPath(a.eosId),
        tribe: tribePath(tribe),
        page: `/dashboard/players?q=${m}&server=2573&at=${at}`,
      };
      for (const [name, path] of Object.entries(views)) {
        await page.goto(path);
        await page.locator("main h1").waitFor();
        const details = page.locator("details.heatmap-details summary");
        if (await details.count()) await details.click();
        expect(await axeFindings(page), path).toEqual([]);
        await shot(page, `players-${name}-${theme}`);
      }
    });
  }
});

describe("without JavaScript", () => {
  for (const viewport of [PHONE, WIDE]) {
    it(`opens a profile from a roster row and the search; forms, paging and CSV work at ${viewport.width} px`, async () => {
      const { page, context } = await berlin({ viewport, javaScriptEnabled: false });
      allowConsoleErrors(/status of 400/, /status of 409/); // the refused tag, and the save over a newer note
      const m = marker("nj");
      const { a, tribe, now } = await makePlayers(context.request, m);
      // 24 more sessions before those, half an hour each: 28 in all, two pages.
      const day = now - 30 * HOUR;
      await ingestServerEvents(
        context.request,
        "2411",
        Array.from({ length: 24 }, (_, i) => [
          { eventType: "join" as const, eosId: a.eosId, eventTime: day + i * HOUR, tribe: a.tribe },
          { eventType: "leave" as const, eosId: a.eosId, eventTime: day + i * HOUR + HOUR / 2, tribe: a.tribe },
        ]).flat(),
      );

      await page.goto("/dashboard/server-stats-2411");
      await page.getByTestId("stats-table").getByRole("link", { name: a.displayName }).click();
      await showsProfile(page, a);
      expect(await page.getByTestId("heatmap-zone").innerText()).toMatch(/^Times in Europe\/Berlin/);
      await fits(page, viewport.width);
      await shot(page, `players-profile-nojs-${viewport.width}`);
      // The sessions page by page, newest first.
      expect(await page.locator(".pagination-bar .muted").innerText()).toBe("Showing 1 to 25 of 28 entries");
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2" }).click();
      await page.waitForURL(/page=2/);
      expect(await page.locator(".pagination-bar .muted").innerText()).toBe("Showing 26 to 28 of 28 entries");
      expect(await page.getByTestId("sessions-table").locator("tbody tr").count()).toBe(3);

      // A bad tag is refused with the field's words; a good note is saved and shown.
      await page.getByTestId("note-text").fill("Trades element.");
      await page.getByTestId("note-tags").fill("trader, bad!tag");
      await page.getByTestId("note-save").click();
      await page.locator("#note-tags-error", { hasText: '"bad!tag" is not' }).waitFor();
      expect(await page.getByTestId("note-text").inputValue()).toBe("Trades element.");
      await page.getByTestId("note-tags").fill("trader");
      await page.getByTestId("note-save").click();
      await page.locator(".profile-badges .badge", { hasText: "trader" }).waitFor();

      // A save over someone else's newer note comes back with theirs.
      const note = (await (await context.request.get(`/api/players/${a.eosId}`)).json()).note as { version: number };
      await context.request.put(`/api/players/${a.eosId}/note`, {
        headers: FROM_PAGE,
        data: { text: "Theirs.", tags: [], version: note.version },
      });
      await page.getByTestId("note-text").fill("Mine.");
      await page.getByTestId("note-save").click();
      expect(await page.getByTestId("note-conflict").innerText()).toContain("Theirs.");

      // Watch and stop watching: the form posts and comes back.
      await page.getByTestId("watch-button").click();
      await page.getByRole("button", { name: "Stop watching" }).click();
      await page.getByRole("button", { name: "Watch", exact: true }).waitFor();

      // The sessions' and the tribe heatmap's CSV.
      const csv = await context.request.get(`${playerPath(a.eosId)}/export`);
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="player-[0-9a-f]{32}-sessions-/);
      const lines = (await csv.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe(
        "\uFEFFServer,Started,Ended,How it ended,Minutes played,Display Name,Member Name,Tribe,Status,Platform",
      );
      expect(lines).toHaveLength(1 + 28); // 2411 open, 2573 left, 2411 missed and 25 left
      expect(lines.filter((l) => l.includes(",leave missed,"))).toHaveLength(1);
      const heat = await context.request.get(`${tribePath(tribe)}/export`);
      const rows = (await heat.text()).trimEnd().split("\r\n");
      expect(rows[0]).toBe("\uFEFFWeekday,Hour,Online days,Days,Time zone");
      expect(rows).toHaveLength(1 + 7 * 24);
      expect(rows[1]).toMatch(/^Mon,00:00,\d,[45],Europe\/Berlin$/);

      // The search and "Who was on at" are GET forms.
      await page.goto("/dashboard/players");
      await page.getByTestId("player-search-input").fill(a.eosId);
      await page.getByTestId("player-search-input").press("Enter");
      await page.getByTestId("player-hits").getByRole("link", { name: a.name }).click();
      await showsProfile(page, a);
      await page.goto(`/dashboard/players?server=2573&at=2000-01-01T00:00`);
      expect(await page.locator("#at-error").innerText()).toContain("kept for 90 days");
      await shot(page, `players-page-nojs-${viewport.width}`);
      await page.goto(tribePath(tribe));
      await page.getByTestId("members-table").getByRole("link", { name: a.name }).waitFor();
      await fits(page, viewport.width);
      await shot(page, `players-tribe-nojs-${viewport.width}`);
    });
  }
});
