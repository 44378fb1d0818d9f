// The Tribelists page in chromium (three lists): with JavaScript (tabs remembered, filters from the summary card,
// inline add and edit rows, delete in a modal, live updates from another browser) and without (tabs, filters, add,
// edit, delete and clear through forms and confirmation steps). Tests add the entries they look at, named with a
// marker no other entry has, and compare counts with the list as the host answers it at that moment.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  allowConsoleErrors,
  clickGridRow,
  connected,
  FROM_PAGE,
  holdBack,
  marker,
  open,
  settled,
  setupBrowser,
  shot,
  signedIn,
  toastShown,
  type Session,
} from "./browser";
import { createEntries, snowflake, TRIBELISTS as PATHS, type Entry } from "./data";

setupBrowser();

const tribelists = (
  options: Parameters<typeof open>[0] = {},
  path = "/dashboard/tribelists",
  theme?: "dark",
): Promise<Session> => signedIn({ ...options, who: "vaultkeeper", theme, path });

async function list(context: BrowserContext, server: string): Promise<Entry[]> {
  const res = await context.request.get(PATHS[server]);
  expect(res.status()).toBe(200);
  return res.json();
}

const summary = (page: Page) => page.locator(".pagination-bar .muted").innerText();
const count = async (page: Page, which: string) => Number(await page.getByTestId(`count-${which}`).innerText());
const toast = toastShown;
const heading = (page: Page) => page.getByTestId("tribelist-summary").getByRole("heading").innerText();

const selectRow = (page: Page, row: number) => clickGridRow(page, row, 160);

describe("Tribelists with JavaScript", () => {
  it("opens on 2411 with its summary card, switches tabs and remembers the tab", async () => {
    const { page, context } = await tribelists();
    await page.getByTestId("canvas-grid").waitFor();
    expect(await page.getByRole("heading", { name: "Tribelists", level: 1 }).isVisible()).toBe(true);
    expect(await heading(page)).toBe("NA-PVP-TheCenter2411");
    expect(await page.getByRole("link", { name: "2411 Tribelist" }).getAttribute("aria-current")).toBe("page");
    const center = await list(context, "2411");
    expect(await count(page, "total")).toBe(center.length);
    expect(await count(page, "admins")).toBe(center.filter((e) => e.rank === "Admin" || e.rank === "Owner").length);
    expect(await count(page, "chinese")).toBe(center.filter((e) => e.nationality === "Chinese").length);
    expect(await count(page, "english")).toBe(center.filter((e) => e.nationality === "English").length);
    expect(await page.getByTestId("tribelist-summary").getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId("last-updated").innerText()).toMatch(/\d/);
    await page.getByTestId("live-status").filter({ hasText: "Connected" }).waitFor();
    await shot(page, "tribelists-light");

    await page.getByRole("link", { name: "2573 Tribelist" }).click();
    await page.waitForURL(/tab=2573/);
    await expect.poll(() => heading(page)).toBe("NA-PVP-Astraeos2573");
    expect(await count(page, "total")).toBe((await list(context, "2573")).length);
    expect(await page.evaluate(() => localStorage.getItem("tribelist-active-tab"))).toBe("2573");

    // Back without ?tab=: the remembered tab opens.
    await page.goto("/dashboard/tribelists");
    expect(await heading(page)).toBe("NA-PVP-Astraeos2573");
    // Even with only local storage to go by (no cookie), the page switches to it.
    await context.clearCookies({ name: "tribelist-tab" });
    await page.goto("/dashboard/tribelists");
    await page.waitForURL(/tab=2573/);
    await expect.poll(() => heading(page)).toBe("NA-PVP-Astraeos2573");

    await page.getByRole("link", { name: "2411 Tribelist" }).click();
    await expect.poll(() => heading(page)).toBe("NA-PVP-TheCenter2411");
    expect(await page.evaluate(() => localStorage.getItem("tribelist-active-tab"))).toBe("2411");
  });

  it("filters the table by a count of the summary card, and Clear Filter resets it", async () => {
    const { page, context } = await tribelists({}, "/dashboard/tribelists?tab=2411");
    // At least one Chinese entry and one Admin to filter for.
    const m = marker("filter");
    await createEntries(context.request, "2411", [
      { name: `Filter ${m} A`, nationality: "Chinese" },
      { name: `Filter ${m} B`, rank: "Admin", nationality: "English" },
    ]);
    await page.reload();
    await page.getByTestId("canvas-grid").waitFor();
    const total = await count(page, "total");
    expect(total).toBe((await list(context, "2411")).length);
    const chinese = await count(page, "chinese");
    expect(chinese).toBeGreaterThan(0);
    await page.getByRole("link", { name: /^Chinese:/ }).click();
    await page.waitForURL(/filter=chinese/);
    await expect.poll(() => summary(page)).toBe(`Showing 1 to ${Math.min(chinese, 25)} of ${chinese} entries`);
    expect(await page.getByRole("link", { name: /^Chinese:/ }).getAttribute("aria-current")).toBe("true");
    await shot(page, "tribelists-filtered");

    const admins = await count(page, "admins");
    await page.getByRole("link", { name: /^Admins:/ }).click();
    await page.waitForURL(/filter=admins/);
    expect(admins).toBeGreaterThan(0);
    await expect.poll(() => summary(page)).toBe(`Showing 1 to ${Math.min(admins, 25)} of ${admins} entries`);

    await page.getByRole("link", { name: "Clear Filter" }).click();
    await page.waitForURL((url) => !url.search.includes("filter="));
    await expect.poll(() => summary(page)).toBe(`Showing 1 to ${Math.min(total, 25)} of ${total} entries`);
    expect(await page.getByRole("link", { name: "Clear Filter" }).count()).toBe(0);
  });

  it("adds an entry in the inline row, edits it in its row and deletes it after the modal", async () => {
    const { page, context } = await tribelists({}, "/dashboard/tribelists?tab=2411");
    await page.getByTestId("canvas-grid").waitFor();
    const total = await count(page, "total");
    const name = `E2E Warden ${marker("")}`;
    const discordId = snowflake();

    await page.getByRole("button", { name: "Add Entry" }).click();
    const add = page.getByTestId("entry-add");
    const addButton = add.getByRole("button", { name: "Add" });
    expect(await addButton.isDisabled()).toBe(true); // no name yet
    await add.getByLabel("Name").fill("   ");
    expect(await addButton.isDisabled()).toBe(true);
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Discord ID").fill(discordId);
    await add.getByLabel("Rank").selectOption("Admin");
    await add.getByLabel("Nationality").selectOption("English");
    await shot(page, "tribelists-add-row");
    await addButton.click();
    await toast(page, `Added entry: ${name}.`);
    await add.waitFor({ state: "detached" });
    await expect.poll(() => count(page, "total")).toBe(total + 1);
    expect(
      await page
        .getByTestId("toast")
        .filter({ hasText: `Added entry: ${name}.` })
        .count(),
    ).toBe(1);
    const added = (await list(context, "2411")).find((e) => e.name === name);
    expect(added).toMatchObject({ discordId, rank: "Admin", nationality: "English" });

    await page.getByPlaceholder("Search tribelist entries...").fill(name);
    await page.waitForURL((url) => url.searchParams.get("q") === name);
    await expect.poll(() => summary(page)).toBe("Showing 1 to 1 of 1 entries");
    await selectRow(page, 0);
    const bar = page.getByRole("toolbar", { name: "Selected entry" });
    await bar.getByText(name).waitFor();
    await bar.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByTestId("entry-edit");
    expect(await edit.getByLabel("Name").inputValue()).toBe(name);
    // Cancel discards the copy.
    await edit.getByLabel("Name").fill("Never Saved");
    await edit.getByRole("button", { name: "Cancel" }).click();
    await edit.waitFor({ state: "detached" });
    await bar.getByRole("button", { name: "Edit" }).click();
    expect(await edit.getByLabel("Name").inputValue()).toBe(name);
    await edit.getByLabel("Name").fill("");
    expect(await edit.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await edit.getByLabel("Name").fill(`${name} Two`);
    await edit.getByLabel("Nationality").selectOption("Chinese");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, `Updated entry: ${name} Two.`);
    await edit.waitFor({ state: "detached" });
    expect((await list(context, "2411")).find((e) => e._id === added!._id)).toMatchObject({
      name: `${name} Two`,
      nationality: "Chinese",
      rank: "Admin",
    });

    await page.getByPlaceholder("Search tribelist entries...").fill(`${name} Two`);
    await page.waitForURL((url) => url.searchParams.get("q") === `${name} Two`);
    await expect.poll(() => summary(page)).toBe("Showing 1 to 1 of 1 entries");
    await selectRow(page, 0);
    await bar.getByText(`${name} Two`).waitFor();
    await bar.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Entry" });
    await dialog.getByText("Are you sure you want to delete this entry?").waitFor();
    await shot(page, "tribelists-delete-modal");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page, `Removed entry: ${name} Two.`);
    await page.getByTestId("tribelist-empty").filter({ hasText: "No entries" }).waitFor();
    await expect.poll(() => count(page, "total")).toBe(total);
    expect((await list(context, "2411")).map((e) => e._id)).not.toContain(added!._id);
  });

  it("keeps both edits when someone else saves the entry while its row is open", async () => {
    const { page, context } = await tribelists();
    allowConsoleErrors(/status of 409/); // the refused save
    const [first] = await createEntries(context.request, "2573", [{ name: `Clash ${marker("")}`, rank: "Admin" }]);
    await page.goto(`/dashboard/tribelists?tab=2573&q=${encodeURIComponent(first.name)}`);
    await connected(page);
    await expect.poll(() => summary(page)).toBe("Showing 1 to 1 of 1 entries");
    await selectRow(page, 0);
    const bar = page.getByRole("toolbar", { name: "Selected entry" });
    await bar.getByText(first.name).waitFor();
    await bar.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByTestId("entry-edit");
    await edit.getByLabel("Name").waitFor();

    // Another person makes the entry an Owner; the live reload must not move the version this row saves on.
    const other = await context.request.put(`${PATHS["2573"]}/${first._id}`, {
      headers: FROM_PAGE,
      data: { ...first, rank: "Owner" },
    });
    expect(other.status()).toBe(200);
    await toast(page, `Updated entry: ${first.name}.`);
    await edit.getByLabel("Nationality").selectOption("English");
    await edit.getByRole("button", { name: "Save" }).click();

    await edit.getByTestId("entry-conflict").waitFor();
    expect(await edit.getByTestId("conflict-theirs").allInnerTexts()).toEqual([
      "Saved meanwhile: Owner",
      "Saved meanwhile: empty",
    ]);
    expect((await list(context, "2573")).find((e) => e._id === first._id)).toMatchObject({
      rank: "Owner",
      nationality: null,
    });
    await shot(page, "tribelists-conflict");

    await edit.getByLabel("Rank").selectOption("Owner");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await list(context, "2573")).find((e) => e._id === first._id))
      .toMatchObject({ rank: "Owner", nationality: "English", version: 3 });
  });

  it("opened at an entry's edit link while the grid's code loads, shows one edit form, its panel, and saves through it", async () => {
    const { page, context } = await tribelists();
    const [entry] = await createEntries(context.request, "2446", [{ name: `Slow Grid ${marker("")}` }]);
    const release = await holdBack(context, /\/assets\/DataGrid\.client-[^/]*\.js$/);
    await page.goto(`/dashboard/tribelists?tab=2446&q=${encodeURIComponent(entry.name)}&edit=${entry._id}`);
    await connected(page);
    const edit = page.getByTestId("entry-edit");
    expect(await edit.getByLabel("Name").inputValue()).toBe(entry.name);
    // The table stands until the grid takes its place, without the edit row the server put in it for a page without
    // JavaScript: one form for the entry on the page, not two.
    expect(
      await page.getByTestId("tribelist-table").getByRole("cell", { name: entry.name, exact: true }).isVisible(),
    ).toBe(true);
    expect(await page.getByTestId("edit-row").count()).toBe(0);
    await edit.getByLabel("Rank").selectOption("Admin");
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, `Updated entry: ${entry.name}.`);
    expect((await list(context, "2446")).find((e) => e._id === entry._id)).toMatchObject({ rank: "Admin" });
    await edit.waitFor({ state: "detached" });
    expect(
      await page.getByTestId("tribelist-table").getByRole("cell", { name: entry.name, exact: true }).isVisible(),
    ).toBe(true);
    release();
    await page.getByTestId("canvas-grid").waitFor();
    expect(await page.getByTestId("tribelist-table").count()).toBe(0);
  });

  it("edits a name in place on the grid", async () => {
    const { page, context } = await tribelists();
    const [first] = await createEntries(context.request, "2446", [{ name: `Inplace ${marker("")}` }]);
    await page.goto(`/dashboard/tribelists?tab=2446&q=${encodeURIComponent(first.name)}`);
    await connected(page);
    await expect.poll(() => summary(page)).toBe("Showing 1 to 1 of 1 entries");
    await selectRow(page, 0);
    await page.getByRole("toolbar", { name: "Selected entry" }).getByText(first.name).waitFor();
    await page.keyboard.press("Enter");
    const editor = page.locator("#portal textarea, #portal input").first();
    await editor.waitFor();
    await editor.fill(`${first.name} (edited)`);
    await page.keyboard.press("Enter");
    await toast(page, `Updated entry: ${first.name} (edited).`);
    await expect
      .poll(async () => (await list(context, "2446")).find((e) => e._id === first._id)?.name)
      .toBe(`${first.name} (edited)`);
  });

  it("shows an entry added in another browser without a reload", async () => {
    const a = await tribelists({}, "/dashboard/tribelists?tab=2573");
    const b = await tribelists({}, "/dashboard/tribelists?tab=2573");
    await connected(a.page);
    const before = await count(a.page, "total");
    const name = `Live Newcomer ${marker("")}`;
    const res = await b.context.request.post(PATHS["2573"], {
      headers: FROM_PAGE,
      data: { name, nationality: "Chinese" },
    });
    expect(res.status()).toBe(201);
    await toast(a.page, `Added entry: ${name}.`);
    await expect.poll(() => count(a.page, "total")).toBe(before + 1);
    await a.page.getByPlaceholder("Search tribelist entries...").fill(name);
    await expect.poll(() => summary(a.page)).toBe("Showing 1 to 1 of 1 entries");
  });

  it("looks right in the dark theme", async () => {
    const { page, context } = await tribelists({}, "/dashboard/tribelists?tab=2411", "dark");
    const m = marker("dark");
    const [, second] = await createEntries(context.request, "2411", [
      { name: `Dark ${m} One`, rank: "Admin", nationality: "English" },
      { name: `Dark ${m} Two`, nationality: "Chinese" },
    ]);
    await page.goto(`/dashboard/tribelists?tab=2411&q=${m}`);
    expect(await page.evaluate(() => document.documentElement.className)).toBe("theme-dark");
    await page.getByTestId("canvas-grid").waitFor();
    await expect.poll(() => summary(page)).toBe("Showing 1 to 2 of 2 entries");
    await page.getByRole("button", { name: "Add Entry" }).click();
    await selectRow(page, 1);
    await page.getByRole("toolbar", { name: "Selected entry" }).getByText(second.name).waitFor();
    await settled(page);
    await shot(page, "tribelists-dark");
  });
});

describe("Tribelists without JavaScript", () => {
  it("switches tabs and filters through links", async () => {
    const { page, context } = await tribelists({ javaScriptEnabled: false }, "/dashboard/tribelists?tab=2411");
    // An English entry to filter for.
    await createEntries(context.request, "2411", [{ name: `English ${marker("")}`, nationality: "English" }]);
    await page.reload();
    const table = page.getByTestId("tribelist-table");
    expect(await table.locator("thead th").allInnerTexts()).toEqual([
      "ID",
      "Name",
      "Discord ID",
      "Avatar",
      "Rank",
      "Nationality",
      "Actions",
    ]);
    const center = await list(context, "2411");
    // Sorted by order with entries without an order last.
    const names = await table.locator("tbody td.entry-name").allInnerTexts();
    expect(names).toEqual(center.slice(0, 25).map((e) => e.name));
    const ordered = center.filter((e) => typeof e.order === "number");
    expect(center.slice(0, ordered.length)).toEqual(ordered);
    await shot(page, "tribelists-nojs");

    await page.getByRole("link", { name: /^English:/ }).click();
    await page.waitForURL(/filter=english/);
    expect(new Set(await table.locator("tbody td:nth-child(6)").allInnerTexts())).toEqual(new Set(["English"]));
    await page.getByRole("link", { name: "Clear Filter" }).click();
    await page.waitForURL((url) => !url.search.includes("filter="));

    await page.getByRole("link", { name: "2446 Tribelist" }).click();
    await page.waitForURL(/tab=2446/);
    expect(await heading(page)).toBe("NA-PVP-Aberration2446");
  });

  it("shows a save refused because someone else saved first in the edit row, and saves on the newer version", async () => {
    const { page, context } = await tribelists({ javaScriptEnabled: false }, "/dashboard/tribelists?tab=2573");
    allowConsoleErrors(/status of 409/); // the refused save's page
    const [first] = await createEntries(context.request, "2573", [{ name: `NoJS Clash ${marker("")}`, rank: "Admin" }]);
    await page.goto(`/dashboard/tribelists?tab=2573&q=${encodeURIComponent(first.name)}&edit=${first._id}`);
    const row = page.getByTestId("edit-row");
    await row.getByLabel("Nationality").selectOption("Chinese");
    const other = await context.request.put(`${PATHS["2573"]}/${first._id}`, {
      headers: FROM_PAGE,
      data: { ...first, rank: "Owner" },
    });
    expect(other.status()).toBe(200);
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByText("Someone else saved this entry while you were editing it.").waitFor();
    expect(await row.getByLabel("Nationality").inputValue()).toBe("Chinese");
    expect(await row.getByTestId("conflict-theirs").allInnerTexts()).toEqual([
      "Saved meanwhile: Owner",
      "Saved meanwhile: empty",
    ]);
    await shot(page, "tribelists-nojs-conflict");
    await row.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.search.includes("edit="));
    expect((await list(context, "2573")).find((e) => e._id === first._id)).toMatchObject({
      rank: "Admin",
      nationality: "Chinese",
      version: 3,
    });
  });

  it("adds, edits and deletes entries, and clears the list after the confirmation step", async () => {
    const { page, context } = await tribelists({ javaScriptEnabled: false }, "/dashboard/tribelists?tab=2446");
    // Entries of this test's own on 2446 (Clear All empties the list) and on 2411 (which Clear All must not touch).
    const name = `NoJS Scout ${marker("")}`;
    await createEntries(context.request, "2446", [{ name: `${name} Bystander` }]);
    const [other] = await createEntries(context.request, "2411", [{ name: `${name} Elsewhere` }]);
    await page.reload();
    const table = page.getByTestId("tribelist-table");
    const total = await count(page, "total");

    await page.getByRole("link", { name: "Add Entry" }).click();
    await page.waitForURL(/add=1/);
    const addRow = page.getByTestId("add-row");
    await addRow.getByLabel("Name").fill(name);
    await addRow.getByLabel("Discord ID").fill(snowflake());
    await addRow.getByLabel("Nationality").selectOption("Chinese");
    await shot(page, "tribelists-nojs-add");
    await addRow.getByRole("button", { name: "Add" }).click();
    await page.getByText(`Added entry: ${name}.`).waitFor();
    expect(page.url()).not.toContain("add=1");
    expect(await count(page, "total")).toBe(total + 1);

    // Searched for the new entry's name (the bystander's name starts with it: a search matches a part of a name).
    await page.getByPlaceholder("Search tribelist entries...").fill(name);
    await page.getByPlaceholder("Search tribelist entries...").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === name);
    expect(await table.locator("tbody td.entry-name").allInnerTexts()).toEqual([`${name} Bystander`, name].sort());

    await page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
    await page.waitForURL(/edit=/);
    const editRow = page.getByTestId("edit-row");
    expect(await editRow.getByLabel("Name").inputValue()).toBe(name);
    await editRow.getByLabel("Name").fill(`${name} II`);
    await editRow.getByLabel("Rank").selectOption("Owner");
    await shot(page, "tribelists-nojs-edit");
    await editRow.getByRole("button", { name: "Save" }).click();
    await page.getByText(`Updated entry: ${name} II.`).waitFor();
    const edited = table.locator("tbody tr", { has: page.locator("td.entry-name", { hasText: `${name} II` }) });
    expect(await edited.locator("td.entry-name").innerText()).toBe(`${name} II`);
    expect(await edited.locator("td:nth-child(5)").innerText()).toBe("Owner");

    await page.getByRole("link", { name: `Delete ${name} II`, exact: true }).click();
    await page.waitForURL(/confirm=delete/);
    const dialog = page.getByRole("dialog", { name: "Delete Entry" });
    expect(await dialog.getByText("Are you sure you want to delete this entry?").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText(`Removed entry: ${name} II.`).waitFor();
    expect(await table.locator("tbody td.entry-name").allInnerTexts()).toEqual([`${name} Bystander`]);
    expect(await count(page, "total")).toBe(total);

    await page.getByRole("link", { name: "Clear All" }).click();
    await page.waitForURL(/confirm=clear/);
    const clear = page.getByRole("dialog", { name: "Clear All" });
    expect(
      await clear.getByText("Are you sure you want to clear all entries from the current tribelist?").isVisible(),
    ).toBe(true);
    await shot(page, "tribelists-nojs-clear");
    await clear.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => !url.search.includes("confirm="));
    expect(await count(page, "total")).toBe(total);

    await page.getByRole("link", { name: "Clear All" }).click();
    await clear.getByRole("button", { name: "Clear All" }).click();
    await page.getByText(`Cleared the 2446 tribelist (${total} entries).`).waitFor();
    expect(await count(page, "total")).toBe(0);
    expect(await list(context, "2446")).toEqual([]);
    expect((await list(context, "2411")).map((e) => e._id)).toContain(other._id);
  });
});
