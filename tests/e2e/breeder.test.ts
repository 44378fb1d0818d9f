// The Breeder page in chromium, with JavaScript and without: the Add Dino Image and Add Discord Role Mapping dialogs,
// in-place edits of the FFA Raising and Codes Given To tables (and another browser seeing one live), the claim
// sessions' filter cards, the leaderboard's medals and hh:mm:ss, the remembered tab, and screenshots in both themes at
// 1440 and 390 px. Every test makes its own rows through the API, marked so a search finds only them.
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  allowConsoleErrors,
  BASE,
  connected,
  FROM_PAGE,
  marker,
  settled,
  setupBrowser,
  shot,
  signedIn,
  toastShown,
} from "./browser";
import { DEMO_USERS } from "#worker/discord-standin";
import { ingestJoins, snowflake } from "./data";

setupBrowser();

const PAGE = "/dashboard/breeder-stats";
const UPDATED = "A breeder entry was updated! Live update received.";

async function ok<T>(
  request: APIRequestContext,
  method: "get" | "post" | "patch",
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](path, data === undefined ? undefined : { headers: FROM_PAGE, data });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

type ListRow = { _id: string; Dino: string; imageUrl: string | null; roleId: string | null };
const listRows = (context: BrowserContext) => ok<ListRow[]>(context.request, "get", "/api/breeder-list");
const objectId = () =>
  `${Date.now().toString(16).slice(-8).padStart(8, "0")}${Array.from({ length: 16 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("")}`;

/** The dialog's select, choosing the dino by its name. */
const chooseDino = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).locator("select[name=itemName]").selectOption({ label: name });

describe("the dialogs", () => {
  it("with JavaScript: adds an image to every row of a dino and maps a dino to a Discord role, showing the host's refusal", async () => {
    const { page, context } = await signedIn({ path: `${PAGE}?tab=ffa-raising` });
    const m = marker("Rex");
    for (const Dino of [m, m, `${m} Giga`]) await ok(context.request, "post", "/api/breeder-list", { Dino });
    await page.reload();
    await connected(page);

    await page.getByRole("button", { name: "Add Image" }).click();
    const image = page.getByTestId("add-image-dialog");
    await image.getByRole("heading", { name: "Add Dino Image" }).waitFor();
    // The names are fetched as the button is reached for: the select takes the focus at once, and lists them.
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "itemName");
    await image.locator("select option", { hasText: `${m} Giga` }).waitFor({ state: "attached" });
    expect(await image.locator("select option").first().textContent()).toBe("Select a dino");
    await image.getByRole("button", { name: "Add Image" }).click();
    const missing = image.getByText("Please fill in both item name and image URL");
    await missing.waitFor();
    // Once shown, the message is checked again as the member edits: it stays while the URL is still missing, and goes
    // once both fields are filled.
    await chooseDino(page, "add-image-dialog", m);
    expect(await missing.isVisible()).toBe(true);
    await image.locator("input[type=url]").fill("https://example.com/rex.png");
    await missing.waitFor({ state: "detached" });
    await image.getByLabel("Update all entries with the same dino name").check();
    await shot(page, "breeder-add-image");
    await image.getByRole("button", { name: "Add Image" }).click();
    await toastShown(page, `Image updated successfully for 2 entries with name ${m}!`);
    await image.waitFor({ state: "detached" });
    const rows = (await listRows(context)).filter((r) => r.Dino.startsWith(m));
    expect(rows.map((r) => [r.Dino, r.imageUrl])).toEqual([
      [m, "https://example.com/rex.png"],
      [m, "https://example.com/rex.png"],
      [`${m} Giga`, null],
    ]);

    // The host refuses a role id that is not a Discord id; the dialog stays open with its message.
    allowConsoleErrors(/Failed to load resource.*400/);
    await page.getByRole("button", { name: "Add Mapping" }).click();
    const mapping = page.getByTestId("add-mapping-dialog");
    await mapping.getByRole("heading", { name: "Add Discord Role Mapping" }).waitFor();
    await mapping.getByRole("button", { name: "Add Mapping" }).click();
    const noRole = mapping.getByText("Please fill in both item name and role ID");
    await noRole.waitFor();
    await chooseDino(page, "add-mapping-dialog", `${m} Giga`);
    expect(await noRole.isVisible()).toBe(true);
    await mapping.getByLabel("Discord role ID").fill("12345");
    await noRole.waitFor({ state: "detached" });
    await mapping.getByRole("button", { name: "Add Mapping" }).click();
    await mapping
      .getByText(`Failed to add role mapping for ${m} Giga: Role ID must be a Discord id (17 to 20 digits)`)
      .waitFor();
    const role = snowflake();
    await mapping.getByLabel("Discord role ID").fill(role);
    await mapping.getByRole("button", { name: "Add Mapping" }).click();
    await toastShown(page, `Discord role mapping saved for ${m} Giga!`);
    await mapping.waitFor({ state: "detached" });
    expect((await listRows(context)).find((r) => r.Dino === `${m} Giga`)?.roleId).toBe(role);
  });

  it("without JavaScript: the dialogs open from the URL, a refusal comes back with what was typed, a success closes them", async () => {
    const { page, context } = await signedIn({ javaScriptEnabled: false, path: `${PAGE}?tab=codes-given-to` });
    allowConsoleErrors(/Failed to load resource.*400/); // the refused form answers 400 with the page
    const m = marker("Stego");
    await ok(context.request, "post", "/api/breeder-list", { Dino: m });
    await page.reload();

    await page.getByRole("link", { name: "Add Mapping" }).click();
    await page.waitForURL(/dialog=mapping/);
    const mapping = page.getByTestId("add-mapping-dialog");
    await chooseDino(page, "add-mapping-dialog", m);
    await mapping.getByLabel("Discord role ID").fill("not-a-role");
    await mapping.getByRole("button", { name: "Add Mapping" }).click();
    await mapping
      .getByText(`Failed to add role mapping for ${m}: Role ID must be a Discord id (17 to 20 digits)`)
      .waitFor();
    expect(await mapping.getByLabel("Discord role ID").inputValue()).toBe("not-a-role");
    expect(await mapping.locator("select[name=itemName]").inputValue()).toBe(m);
    const role = snowflake();
    await mapping.getByLabel("Discord role ID").fill(role);
    await mapping.getByRole("button", { name: "Add Mapping" }).click();
    await toastShown(page, `Discord role mapping saved for ${m}!`);
    expect(new URL(page.url()).search).toBe("?tab=codes-given-to");
    expect(await page.getByTestId("add-mapping-dialog").count()).toBe(0);

    await page.getByRole("link", { name: "Add Image" }).click();
    const image = page.getByTestId("add-image-dialog");
    await chooseDino(page, "add-image-dialog", m);
    await image.locator("input[type=url]").fill("https://example.com/stego.png");
    await image.getByRole("button", { name: "Add Image" }).click();
    await toastShown(page, `Image added successfully for ${m}!`);
    const row = (await listRows(context)).find((r) => r.Dino === m)!;
    expect([row.imageUrl, row.roleId]).toEqual(["https://example.com/stego.png", role]);
  });
});

/** The two side tables, each edited the same way. */
const TABLES = [
  {
    tab: "ffa-raising",
    path: "/api/ffa-raising",
    intentTitle: "FFA Raising",
    make: (m: string) => ({ breeder: m, creature: "Rex", server: "2411" }),
    text: "creature",
    status: "Completed",
  },
  {
    tab: "codes-given-to",
    path: "/api/codes-given-to",
    intentTitle: "Codes Given To",
    make: (m: string) => ({ breeder: m, code: "GC-1", server: "2573" }),
    text: "code",
    status: "Revoked",
  },
] as const;

const cell = (page: Page, id: string, field: string) => page.locator(`tr[data-id="${id}"] td[data-field="${field}"]`);
const rowOf = async (context: BrowserContext, path: string, id: string) =>
  (await ok<Record<string, unknown>[]>(context.request, "get", path)).find((r) => r._id === id)!;

describe("the side tables", () => {
  for (const t of TABLES) {
    it(`with JavaScript: edits ${t.intentTitle} in place (a status select and a text), Escape cancels, a refusal goes back`, async () => {
      const m = marker("brd");
      const { page, context } = await signedIn({ path: `${PAGE}?tab=${t.tab}&q=${m}` });
      const created = await ok<{ _id: string }>(context.request, "post", t.path, t.make(m));
      await page.reload();
      await connected(page);
      await settled(page);

      // Status: a select with the table's statuses; changing it saves at once.
      await cell(page, created._id, "status").getByRole("button").click();
      const select = cell(page, created._id, "status").locator("select");
      await select.selectOption(t.status);
      await expect.poll(async () => (await rowOf(context, t.path, created._id)).status).toBe(t.status);
      await cell(page, created._id, "status")
        .getByRole("button", { name: new RegExp(`^Status: ${t.status}`) })
        .waitFor();

      // A text: Enter commits.
      await cell(page, created._id, "notes").getByRole("button").click();
      await cell(page, created._id, "notes").locator("input").fill(`noted ${m}`);
      await cell(page, created._id, "notes").locator("input").press("Enter");
      await expect.poll(async () => (await rowOf(context, t.path, created._id)).notes).toBe(`noted ${m}`);
      await toastShown(page, UPDATED);

      // Escape cancels.
      await cell(page, created._id, t.text).getByRole("button").click();
      await cell(page, created._id, t.text).locator("input").fill("never saved");
      await cell(page, created._id, t.text).locator("input").press("Escape");
      expect(await cell(page, created._id, t.text).locator("input").count()).toBe(0);
      expect(await cell(page, created._id, t.text).innerText()).not.toContain("never saved");

      // The host refuses a note over 2000 characters: shown, and the cell goes back to the stored value.
      allowConsoleErrors(/Failed to load resource.*400/);
      await cell(page, created._id, "notes").getByRole("button").click();
      await cell(page, created._id, "notes").locator("input").fill("x".repeat(2001));
      await cell(page, created._id, "notes").locator("input").press("Enter");
      await cell(page, created._id, "notes")
        .getByRole("alert")
        .filter({ hasText: "Notes is at most 2000 characters." })
        .waitFor();
      await toastShown(page, "Notes is at most 2000 characters.");
      expect(await cell(page, created._id, "notes").getByRole("button").innerText()).toBe(`noted ${m}`);
      expect((await rowOf(context, t.path, created._id)).notes).toBe(`noted ${m}`);
    });

    it(`without JavaScript: edits ${t.intentTitle} through the row's Edit form`, async () => {
      const m = marker("nojs");
      const { page, context } = await signedIn({ javaScriptEnabled: false, path: `${PAGE}?tab=${t.tab}&q=${m}` });
      const created = await ok<{ _id: string }>(context.request, "post", t.path, t.make(m));
      await page.reload();
      await page.locator(`tr[data-id="${created._id}"]`).getByRole("link", { name: "Edit" }).click();
      await page.waitForURL(/edit=/);
      const row = page.locator(`tr[data-id="${created._id}"]`);
      await row.getByLabel("Status").selectOption(t.status);
      await row.getByLabel("Notes").fill(`typed ${m}`);
      await row.getByRole("button", { name: "Save" }).click();
      await toastShown(page, UPDATED);
      expect(page.url()).not.toContain("edit=");
      expect(page.url()).toContain(`q=${m}`);
      const stored = await rowOf(context, t.path, created._id);
      expect([stored.status, stored.notes, stored.breeder]).toEqual([t.status, `typed ${m}`, m]);
      expect(await page.locator(`tr[data-id="${created._id}"]`).innerText()).toContain(`typed ${m}`);
    });
  }

  it("another browser sees an FFA edit live", async () => {
    const m = marker("live");
    const first = await signedIn({ path: `${PAGE}?tab=ffa-raising&q=${m}` });
    const created = await ok<{ _id: string }>(first.context.request, "post", "/api/ffa-raising", {
      breeder: m,
      creature: "Rex",
    });
    const second = await signedIn({ who: "Tek Breeder", path: `${PAGE}?tab=ffa-raising&q=${m}` });
    await first.page.reload();
    await Promise.all([connected(first.page), connected(second.page)]);
    await cell(second.page, created._id, "creature").waitFor();

    await cell(first.page, created._id, "creature").getByRole("button").click();
    await cell(first.page, created._id, "creature").locator("input").fill(`Giga ${m}`);
    await cell(first.page, created._id, "creature").locator("input").press("Tab");
    // The other browser's toast sums up the change; the first one's own answer says it was saved.
    await toastShown(second.page, "Breeder tables: 1 change by Rex Rider");
    await toastShown(first.page, UPDATED);
    await cell(second.page, created._id, "creature").getByText(`Giga ${m}`).waitFor();
  });
});

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
