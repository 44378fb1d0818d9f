// The Breeder page in chromium, with JavaScript and without: claim session cards, the leaderboard, the remembered
// tab, and screenshots. Every test makes its own marked rows through the API.
import { describe, expect, it } from "vitest";
import { BASE, connected, marker, settled, setupBrowser, shot, signedIn } from "./browser";
import { DEMO_USERS } from "#worker/discord-standin";
import { ingestJoins, snowflake } from "./data";
import { PAGE, ok, objectId } from "./breeder-fixtures";

setupBrowser();

describe("claim sessions and the leaderboard", () => {
  it("filters claim sessions by the summary cards and searches them (with JavaScript and without)", async () => {
    const m = marker("claim");
    const { page, context } = await signedIn({
      path: `${PAGE}?tab=claim-sessions`,
      viewport: { width: 1440, height: 900 },
    });
    const now = Date.now();
    // The breeder is this page's member: the product knows their name from their sign-in.
    const rexId = DEMO_USERS.find((u) => u.global_name === "Rex Rider")!.id;
    const breeder = rexId;
    const session = (n: number, over: Record<string, unknown>) => ({
      _id: objectId(),
      dinoName: `Dino${n} ${m}`,
      instructions: `Bring a cryopod ${m}`,
      max: 4,
      claims: [],
      completed: [],
      ended: false,
      breederId: breeder,
      createdAt: now - n * 1000,
      ...over,
    });
    // Many claimers, so these are today's sessions with the most participants whatever other tests made.
    const crowd = Array.from({ length: 60 }, () => snowflake());
    await ok(context.request, "post", "/api/ingest/breeder/claim-sessions", [
      session(1, { claims: crowd, completed: crowd.slice(0, 2) }),
      session(2, { claims: crowd.slice(0, 3), ended: true }),
      session(3, {}),
      session(4, { claims: crowd, createdAt: now - 3 * 86_400_000 }),
    ]);
    await page.reload();
    const search = page.getByPlaceholder("Search claim sessions...");
    await search.fill(m);
    await page.waitForURL(/cq=/);
    const names = () => page.getByTestId("claim-sessions-table").locator("tbody tr .dino-label").allInnerTexts();
    await expect.poll(names).toEqual([`Dino1 ${m}`, `Dino2 ${m}`, `Dino3 ${m}`, `Dino4 ${m}`]);
    expect(await page.getByTestId("claim-sessions-table").locator("tbody tr").nth(1).innerText()).toContain("Yes");
    // The breeder is shown by the name they signed in with (Rex Rider is this page's member), the id last and on hover.
    const who = page.getByTestId("claim-sessions-table").locator("tbody tr").first().locator(".member-name");
    expect(await who.innerText()).toBe("Rex Rider");
    expect(await who.getAttribute("title")).toBe(`Discord id ${rexId}`);
    // Its copy button puts the id on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
    await who.getByRole("button", { name: `Copy ${rexId}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(rexId);
    await who.getByRole("button", { name: `Copied ${rexId}` }).waitFor();
    // At 1440 px the table fits its card with its times whole; the breeder's id column waits for a wider screen.
    const box = page.getByRole("region", { name: "Claim sessions" });
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const created = page
      .getByTestId("claim-sessions-table")
      .locator("tbody tr")
      .first()
      .locator("td[data-label='Created At']");
    expect(await created.evaluate((td) => td.scrollWidth <= td.clientWidth)).toBe(true);
    expect((await created.innerText()).replace(/\s+/g, " ")).toMatch(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(await page.getByTestId("claim-sessions-table").locator("th", { hasText: "Breeder ID" }).isVisible()).toBe(
      false,
    );

    await page.getByTestId("card-claims-today").click();
    await expect.poll(names).toEqual([`Dino1 ${m}`, `Dino2 ${m}`]);
    await page.getByTestId("card-completed-today").click();
    await page.waitForURL(/filter=completed-today/);
    await expect.poll(names).toEqual([`Dino1 ${m}`]);
    await page.getByTestId("card-most-participants").click();
    await page.waitForURL(/filter=most-participants/);
    await expect.poll(names).toEqual([`Dino1 ${m}`]);
    // The list is the same as under the previous card: wait for the pressed card itself, not for the rows.
    await expect.poll(() => page.getByTestId("card-most-participants").getAttribute("aria-pressed")).toBe("true");
    await settled(page);
    await shot(page, "breeder-claims-light");
    // Clicking the active card clears the filter; so does Clear Filter.
    await page.getByTestId("card-most-participants").click();
    await expect.poll(names).toHaveLength(4);
    await page.getByTestId("card-claims-today").click();
    await page.getByRole("link", { name: "Clear Filter" }).click();
    await expect.poll(names).toHaveLength(4);
    // The shared search applies too.
    await page.getByPlaceholder("Search breeder entries...").fill(`Dino3 ${m}`);
    await expect.poll(names).toEqual([`Dino3 ${m}`]);

    const nojs = await signedIn({ javaScriptEnabled: false, path: `${PAGE}?tab=claim-sessions&cq=${m}` });
    // Each click loads a new document: wait for it to be loaded before reading its rows (the URL changes first).
    await nojs.page.getByTestId("card-completed-today").click();
    await nojs.page.waitForURL(/filter=completed-today/, { waitUntil: "load" });
    expect(await nojs.page.getByTestId("claim-sessions-table").locator("tbody tr .dino-label").allInnerTexts()).toEqual(
      [`Dino1 ${m}`],
    );
    await nojs.page.getByRole("link", { name: "Clear Filter" }).click();
    await nojs.page.waitForURL((url) => !url.search.includes("filter="), { waitUntil: "load" });
    expect(await nojs.page.getByTestId("claim-sessions-table").locator("tbody tr").count()).toBe(4);
  });

  it("ranks breeders by total sessions with gold, silver and bronze, durations as hh:mm:ss", async () => {
    const { page, context } = await signedIn({ path: `${PAGE}?tab=breeder-statistics` });
    const ids = [snowflake(), snowflake(), snowflake(), snowflake()];
    const base = 1_000_000 + Math.floor(Math.random() * 1000) * 1000;
    const stat = (breederId: string, totalSessions: number, duration: number) => ({
      breederId,
      totalCreatedSessions: totalSessions,
      totalSessions,
      totalClaims: 3,
      averageSessionDuration: duration,
      totalCompletions: 2,
      averageCompletionRate: 66.7,
      totalEndedSessions: 1,
      totalRemovals: 1,
    });
    await ok(context.request, "post", "/api/ingest/breeder/session-stats", [
      stat(ids[0], base + 30, 3_723_000),
      stat(ids[1], base + 20, 45_000),
      stat(ids[2], base + 10, 360_000_000),
      stat(ids[3], base, 0),
    ]);
    // The first breeder is known by name from the Discord join log; the others only by their ids.
    const name = `Breeder ${marker("lb")}`;
    await ingestJoins(context.request, [{ id: ids[0], displayName: name, joinedAt: Date.now() - 60_000 }]);
    await page.reload();
    const table = page.getByTestId("leaderboard-table");
    const row = (id: string) => table.locator("tbody tr", { hasText: id === ids[0] ? name : id });
    // Names, not ids: the id is on hover.
    expect(await row(ids[0]).locator(".member-name").getAttribute("title")).toBe(`Discord id ${ids[0]}`);
    expect(await row(ids[0]).innerText()).not.toContain(ids[0]);
    expect(await row(ids[0]).locator(".rank").getAttribute("class")).toContain("gold");
    expect(await row(ids[1]).locator(".rank").getAttribute("class")).toContain("silver");
    expect(await row(ids[2]).locator(".rank").getAttribute("class")).toContain("bronze");
    expect(await row(ids[3]).locator(".rank").getAttribute("class")).not.toContain("medal");
    expect((await row(ids[0]).innerText()).replace(/\s+/g, " ")).toContain("01:02:03");
    expect(await row(ids[1]).innerText()).toContain("00:00:45");
    expect(await row(ids[2]).innerText()).toContain("100:00:00");
    expect(await row(ids[0]).innerText()).toContain("66.7%");
    expect(await row(ids[0]).locator("td").first().innerText()).toBe("1");
    // Searching keeps each breeder's place on the whole board.
    await page.getByPlaceholder("Search breeder entries...").fill(ids[2]);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    expect(await row(ids[2]).locator("td").first().innerText()).toBe("3");
    // A breeder is found by the name the tab shows.
    await page.getByPlaceholder("Search breeder entries...").fill(name);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    expect(await row(ids[0]).locator("td").first().innerText()).toBe("1");
  });
});

describe("the page", () => {
  it("remembers the tab (with JavaScript and without)", async () => {
    const { page } = await signedIn({ path: PAGE });
    await page.getByRole("heading", { name: "Breeder", exact: true }).waitFor();
    expect(await page.locator(".breeder-tabs .tab.active").innerText()).toBe("Breeder List");
    await page.getByRole("link", { name: "Codes Given To" }).click();
    await page.waitForURL(/tab=codes-given-to/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("breeder-active-tab"))).toBe("codes-given-to");
    await page.goto(PAGE);
    expect(await page.locator(".breeder-tabs .tab.active").innerText()).toBe("Codes Given To");
    await page.getByText("No codes given found").or(page.getByTestId("codes-given-to-table")).first().waitFor();

    const nojs = await signedIn({ javaScriptEnabled: false, path: `${PAGE}?tab=breeder-statistics` });
    await nojs.page.goto(PAGE);
    expect(await nojs.page.locator(".breeder-tabs .tab.active").innerText()).toBe("Breeder Statistics");
  });

  it("looks right in both themes at 1440 px and 390 px", async () => {
    const m = marker("shot");
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1440, 390]) {
        const { page, context } = await signedIn({
          theme,
          viewport: { width, height: 900 },
          path: `${PAGE}?tab=ffa-raising`,
        });
        if (theme === "light" && width === 1440) {
          for (let i = 0; i < 3; i++) {
            await ok(context.request, "post", "/api/ffa-raising", {
              breeder: `Breeder ${i} ${m}`,
              creature: ["Rex", "Therizinosaurus", "Rock Drake"][i],
              server: "2411",
              status: ["In Progress", "Completed", "On hold"][i],
              startDate: "3/1/2026",
              expectedCompletion: "3/8/2026",
              notes: i === 1 ? "Imprint every 8 hours; bring a cryopod and a wyvern milk stack for the babies." : null,
            });
          }
        }
        for (const tab of ["ffa-raising", "claim-sessions", "breeder-statistics"]) {
          await page.goto(`${PAGE}?tab=${tab}${tab === "ffa-raising" ? `&q=${m}` : ""}`);
          await connected(page);
          await settled(page);
          await shot(page, `breeder-${tab}-${theme}-${width}`);
          // Nothing sticks out of the page sideways: wide tables scroll inside their card.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${tab} ${theme} ${width}`).toBeLessThanOrEqual(0);
        }
        await page.getByRole("button", { name: "Add Mapping" }).click();
        await page.getByTestId("add-mapping-dialog").waitFor();
        await settled(page);
        await shot(page, `breeder-mapping-${theme}-${width}`);
        await context.close();
      }
    }
  });
});
