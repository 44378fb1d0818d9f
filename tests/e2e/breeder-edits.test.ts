// The Breeder page in chromium, with JavaScript and without: both dialogs, and in-place edits of FFA Raising and
// Codes Given To (one seen live elsewhere). Every test makes its own marked rows through the API.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, connected, marker, settled, setupBrowser, shot, signedIn, toastShown } from "./browser";
import { snowflake } from "./data";
import { PAGE, UPDATED, ok, listRows, chooseDino } from "./breeder-fixtures";

setupBrowser();

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

      // A text: the editor opens in the cell, which grows only as far as a narrow editor needs (7rem and the cell's
      // padding), not to the page's 16rem text field. Enter commits.
      const closed = (await cell(page, created._id, "notes").boundingBox())!;
      await cell(page, created._id, "notes").getByRole("button").click();
      const open = (await cell(page, created._id, "notes").boundingBox())!;
      expect(open.width).toBeLessThanOrEqual(Math.max(closed.width + 1, 7 * 16 + 40));
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
