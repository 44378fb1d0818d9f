// The Tribelists page in chromium with JavaScript: remembered tabs, summary filters, inline add and edit, modal delete,
// live updates. Tests add their own marked entries and compare counts with the host's answer at that moment.
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, connected, FROM_PAGE, holdBack, marker, settled, setupBrowser, shot } from "./browser";
import { createEntries, snowflake, TRIBELISTS as PATHS } from "./data";
import { tribelists, list, summary, count, toast, heading, selectRow } from "./tribelists-fixtures";

setupBrowser();

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
