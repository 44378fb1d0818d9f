// The Codes page in chromium without JavaScript: HTML table, forms, URL states. Every test creates the codes it looks
// at, each with a marker no other row has, and searches for that marker: the rows it asserts on are its own.
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, FROM_PAGE, marker, setupBrowser, shot } from "./browser";
import { createCodes } from "./data";
import { codesPage, codes, codeById, summary } from "./codes-fixtures";

setupBrowser();

describe("Codes without JavaScript", () => {
  it("searches and pages through an HTML table", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    // 27 codes of this test's own: a first page of 25 and a second of 2, some completed and some not.
    const m = marker("nojs");
    await createCodes(
      context.request,
      Array.from({ length: 27 }, (_, i) => ({
        username: `pager ${m} ${i + 1}`,
        code: String(5000 + i),
        completed: i % 3 === 0,
      })),
    );
    const all = await codes(context);
    await page.reload();
    const table = page.getByTestId("codes-table");
    expect(await table.locator("thead th").allInnerTexts()).toEqual([
      "ID",
      "Username",
      "Code",
      "Server",
      "User Avatar",
      "Completed",
      "Main Server",
      "Location",
      "User ID",
      "Actions",
    ]);
    expect(await summary(page)).toBe(`Showing 1 to 25 of ${all.length} entries`);
    await shot(page, "codes-nojs");

    await page.getByPlaceholder("Search codes...").fill(m);
    await page.getByPlaceholder("Search codes...").press("Enter");
    await page.waitForURL(new RegExp(`q=${m}`));
    const ids = (await table.locator("tbody tr td:first-child").allInnerTexts()).map(Number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(ids).toHaveLength(25);
    expect(new Set(await table.locator("tbody td:nth-child(6)").allInnerTexts())).toEqual(new Set(["Yes", "No"]));
    expect(await summary(page)).toBe("Showing 1 to 25 of 27 entries");

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "2", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await summary(page)).toBe("Showing 26 to 27 of 27 entries");
    const second = (await table.locator("tbody tr td:first-child").allInnerTexts()).map(Number);
    expect(second[0]).toBeGreaterThan(ids[24]);

    await page.getByPlaceholder("Search codes...").fill("nothing like this at all");
    await page.getByPlaceholder("Search codes...").press("Enter");
    await page.waitForURL(/q=nothing/);
    expect(await page.getByText("No codes found matching your search.").isVisible()).toBe(true);
  });

  it("shows a save refused because someone else saved first, and saves on the newer version", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    allowConsoleErrors(/status of 409/); // the refused save's page
    const m = marker("nojsclash");
    const [mine] = await createCodes(context.request, [{ username: `nojs ${m}`, location: "Plains" }]);
    await page.goto(`/dashboard/codes?q=${m}&edit=${mine._id}`);
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    await dialog.getByLabel("Location").fill("My Cave");
    const other = await context.request.put(`/api/codes/${mine._id}`, {
      headers: FROM_PAGE,
      data: { location: "Their Ridge" },
    });
    expect(other.status()).toBe(200);
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByTestId("code-conflict").waitFor();
    expect(await dialog.getByLabel("Location").inputValue()).toBe("My Cave");
    expect(await dialog.getByTestId("conflict-theirs").allInnerTexts()).toEqual(["Saved meanwhile: Their Ridge"]);
    await shot(page, "codes-nojs-conflict");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Code updated successfully!").waitFor();
    expect(await codeById(context, mine._id)).toMatchObject({ location: "My Cave", version: 3 });
  });

  it("edits a code on its edit page and deletes one after the confirmation step", async () => {
    const { page, context } = await codesPage({ javaScriptEnabled: false });
    const m = marker("nojsedit");
    const [target] = await createCodes(context.request, [
      { username: `nojs ${m}`, location: "Plains", completed: true },
    ]);
    await page.goto(`/dashboard/codes?q=${m}`);
    await page.getByRole("link", { name: `Edit code ${target.id}` }).click();
    await page.waitForURL(new RegExp(`edit=${target._id}`));
    const dialog = page.getByRole("dialog", { name: "Edit Code" });
    expect(await dialog.getByLabel("Username").inputValue()).toBe(`nojs ${m}`);
    await dialog.getByLabel("Location").fill("No-JS Cave");
    await dialog.getByLabel("Completed").selectOption("No");
    await shot(page, "codes-nojs-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => !url.search.includes("edit="));
    await page.getByText("Code updated successfully!").waitFor();
    // Back on the searched page: the search is kept.
    expect(new URL(page.url()).searchParams.get("q")).toBe(m);
    const row = page
      .getByTestId("codes-table")
      .locator("tbody tr")
      .filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^${target.id}$`) }) });
    expect(await row.locator("td:nth-child(8)").innerText()).toBe("No-JS Cave");
    expect(await row.locator("td:nth-child(6)").innerText()).toBe("No");

    await page.getByRole("link", { name: `Delete code ${target.id}` }).click();
    await page.waitForURL(/confirm=delete/);
    const confirm = page.getByRole("dialog", { name: "Delete Code" });
    expect(await confirm.getByText("Are you sure you want to delete this code?").isVisible()).toBe(true);
    await shot(page, "codes-nojs-delete");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL((url) => !url.search.includes("confirm="));
    await page.getByText("Code deleted successfully!").waitFor();
    expect(await page.getByRole("link", { name: `Edit code ${target.id}` }).count()).toBe(0);
    expect((await codes(context)).map((c) => c._id)).not.toContain(target._id);
  });
});
