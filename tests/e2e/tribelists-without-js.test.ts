// The Tribelists page in chromium without JavaScript: forms and confirmation steps. Tests add their own marked entries
// and compare counts with the host's answer at that moment.
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, FROM_PAGE, marker, setupBrowser, shot } from "./browser";
import { createEntries, snowflake, TRIBELISTS as PATHS } from "./data";
import { tribelists, list, count, heading } from "./tribelists-fixtures";

setupBrowser();

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
