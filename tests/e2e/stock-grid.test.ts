// The 2411 Stock page in a real browser: grid editing and Save, two officers on one tab, the remembered tab, themes and
// the grid's code loading. Stock rows are the seeded items, so each test reads the tab at its start and asserts
// relative to that.
import { describe, expect, it } from "vitest";
import { holdBack, settled, setupBrowser, shot } from "./browser";
import {
  PAGE,
  signedIn,
  api,
  openGrid,
  cellPoint,
  editCell,
  gridText,
  VAULT_WIDTHS,
  DEDIS_WIDTHS,
  editor,
  toast,
} from "./stock-fixtures";

setupBrowser();

describe("editing on the canvas grid", () => {
  it("puts the grid in the served table's place: no frame shows both, and then the table is gone", async () => {
    const { page, context } = await signedIn();
    const served = await (
      await context.request.get(`${PAGE}?tab=war-room-dedis`, { headers: { Accept: "text/html" } })
    ).text();
    expect(served).toContain('data-testid="stock-table"');
    // Before every frame the page draws: is the grid there, and is a served table shown (ADR 057 keeps it, hidden, for a
    // frame after the grid came)?
    await page.addInitScript(() => {
      const seen = { frames: 0, grid: 0, both: 0 };
      Object.assign(window, { framesSeen: seen });
      const look = () => {
        seen.frames++;
        const grid = document.querySelector("[data-testid=stock-grid] canvas") !== null;
        const table = [...document.querySelectorAll("[data-testid=stock-table]")].some((t) => t.checkVisibility());
        if (grid) seen.grid++;
        if (grid && table) seen.both++;
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${PAGE}?tab=war-room-dedis`);
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    await expect.poll(() => page.getByTestId("stock-table").count()).toBe(0);
    const seen = await page.evaluate(
      () => (window as unknown as { framesSeen: { frames: number; grid: number; both: number } }).framesSeen,
    );
    expect(seen.grid).toBeGreaterThan(0);
    expect(seen.both).toBe(0);
  });

  it("holds edits as pending, applies the numeric rules, saves them all and shows them after a reload", async () => {
    const { page, context } = await signedIn();
    const before = await api(context, "/api/stock-2411");
    await openGrid(page, "tab=war-room-vaults");

    // Three rows: A gets a number, B gets text (becomes 0), C's filled first cell is emptied (stays empty).
    const ia = before.findIndex((r) => !r.isEmpty && (r.counts as (number | null)[])[0] !== 300);
    const ib = before.findIndex((r, i) => i > ia && !r.isEmpty && (r.counts as (number | null)[])[1] !== 0);
    const ic = before.findIndex((r, i) => i > ib && (r.counts as (number | null)[])[0] !== null);
    const [a, b, c] = [before[ia], before[ib], before[ic]];
    await editCell(page, VAULT_WIDTHS, 1, ia, "300");
    await expect
      .poll(() => page.getByTestId("sheet-status").textContent())
      .toContain(`${a.item}: 1 changed (pending save)`);
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await editCell(page, VAULT_WIDTHS, 2, ib, "lots");
    await editCell(page, VAULT_WIDTHS, 1, ic, "");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("3 modified rows");
    // Escape cancels an edit.
    const { x, y } = await cellPoint(page, VAULT_WIDTHS, 3, ia);
    await page.mouse.dblclick(x, y);
    await editor(page).waitFor();
    await editor(page).fill("999");
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("3 modified rows");
    await shot(page, "stock-pending-light");

    await page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(page, "Successfully saved 3 changes!").waitFor();
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");

    const after = await api(context, "/api/stock-2411");
    const byId = new Map(after.map((r) => [r._id, r]));
    expect((byId.get(a._id)!.counts as number[])[0]).toBe(300);
    expect((byId.get(b._id)!.counts as number[])[1]).toBe(0);
    expect((byId.get(c._id)!.counts as (number | null)[])[0]).toBeNull();
    expect((byId.get(a._id)!.counts as number[])[2]).toEqual((a.counts as number[])[2]); // the cancelled edit
    expect(byId.get(a._id)!.updatedBy).toBe("Rex Rider");
    expect(byId.get(a._id)!.version).toBe(a.version + 1);
    // Current Stock is the sum of the stock columns.
    const sum = (byId.get(a._id)!.counts as (number | null)[]).reduce<number>((s, v) => s + (v ?? 0), 0);
    expect(byId.get(a._id)!.currentStock).toBe(sum);

    await page.reload();
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    expect(await gridText(page, 1, ia)).toBe("300");
    expect(await gridText(page, 2, ib)).toBe("0");
    expect(await gridText(page, 1, ic)).toBe("");
  });

  it("commits with Tab and moves to the next cell as Google Sheets does; Ctrl+S with nothing pending says so", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/defense-room-dedis");
    await openGrid(page, "tab=defense-room-dedis");
    // Tab commits Stock and selects Target; Enter opens Target's editor there; Shift+Tab after Escape goes back to Stock.
    await editCell(page, DEDIS_WIDTHS, 1, 1, "77", "Tab");
    await editor(page).waitFor({ state: "detached" });
    await page.keyboard.press("Enter");
    await expect.poll(() => editor(page).inputValue()).toBe(String(rows[1].maxStock ?? ""));
    await page.keyboard.press("Escape");
    await editor(page).waitFor({ state: "detached" });
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("F2");
    await expect.poll(() => editor(page).inputValue()).toBe("77");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await page.getByTestId("sheet-bar").getByRole("button", { name: "Discard", exact: true }).click();
    await expect.poll(() => page.getByTestId("sheet-status").textContent()).toBe("All changes saved");
    await page.keyboard.press("Control+s");
    await toast(page, "No changes to save").waitFor();
  });

  it("asks before switching tabs with unsaved changes: Cancel stays, Discard Changes leaves, Save & Switch saves", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/defense-room-dedis");
    await openGrid(page, "tab=defense-room-dedis");
    await editCell(page, DEDIS_WIDTHS, 1, 3, "1234");
    const tabLink = page.getByRole("navigation", { name: "Stock tabs" }).getByRole("link", { name: "War Room Dedis" });

    await tabLink.click();
    const dialog = page.getByTestId("unsaved-dialog");
    await dialog.getByText("You have unsaved changes in 1 row").waitFor();
    // Focus starts on the suggested answer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Save & Switch");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(page.url()).toContain("tab=defense-room-dedis");

    await tabLink.click();
    await dialog.getByRole("button", { name: "Discard Changes" }).click();
    await page.waitForURL(/tab=war-room-dedis/);
    expect((await api(context, "/api/defense-room-dedis"))[3].currentStock).toBe(rows[3].currentStock);

    await openGrid(page, "tab=defense-room-dedis");
    await editCell(page, DEDIS_WIDTHS, 1, 3, "1234");
    await tabLink.click();
    await dialog.getByRole("button", { name: "Save & Switch" }).click();
    await page.waitForURL(/tab=war-room-dedis/);
    await toast(page, "Successfully saved 1 changes!").waitFor();
    expect((await api(context, "/api/defense-room-dedis"))[3].currentStock).toBe(1234);
  });
});

describe("two officers at once", () => {
  it("shows the other officer's save live without dropping a pending edit, and refuses a stale row without losing it", async () => {
    const a = await signedIn("Rex Rider");
    const b = await signedIn("Tek Breeder");
    const rows = await api(a.context, "/api/stock-2411");
    const x = rows[5];
    const y = rows[6];
    await openGrid(a.page, "tab=war-room-vaults");
    await openGrid(b.page, "tab=war-room-vaults");

    // A edits row X's stock column 4 and keeps it pending.
    await editCell(a.page, VAULT_WIDTHS, 4, 5, "111");
    await expect.poll(() => a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    const updates = Number((await a.page.getByTestId("stock-grid").getAttribute("data-updates")) ?? 0);

    // B changes row X's stock column 6 and row Y's stock column 1, and saves.
    await editCell(b.page, VAULT_WIDTHS, 6, 5, "222");
    await editCell(b.page, VAULT_WIDTHS, 1, 6, "333");
    await b.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(b.page, "Successfully saved 2 changes!").waitFor();

    // A: the live event arrives (one toast that sums it up) and repaints only the cells that changed; A's pending edit
    // is still there.
    await toast(a.page, "2411 Stock: 2 changes by Tek Breeder").waitFor();
    await expect
      .poll(async () => Number((await a.page.getByTestId("stock-grid").getAttribute("data-updates")) ?? 0), {
        timeout: 10_000,
      })
      .toBeGreaterThan(updates);
    const repainted = await a.page.getByTestId("stock-grid").getAttribute("data-last-repaint");
    expect(repainted).not.toBe("all");
    expect(Number(repainted)).toBeGreaterThan(0);
    expect(Number(repainted)).toBeLessThan(rows.length * 5);
    await a.page.keyboard.press("ArrowDown"); // a selection change refreshes the grid's accessibility table
    await expect.poll(() => gridText(a.page, 1, 6)).toBe("333");
    expect(await gridText(a.page, 6, 5)).toBe("222");
    expect(await gridText(a.page, 4, 5)).toBe("111");
    expect(await a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    await shot(a.page, "stock-live-pending");

    // A saves: row X changed since A edited it, so it is refused with who and when; the edit stays pending.
    await a.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(a.page, "Failed to save changes").waitFor();
    const conflict = a.page.getByTestId("stock-conflicts");
    await conflict.getByText(`${x.item} was changed by Tek Breeder at`).waitFor();
    expect(await a.page.getByTestId("sheet-status").textContent()).toContain("1 modified row");
    expect((await api(a.context, "/api/stock-2411")).find((r) => r._id === x._id)!.counts).toEqual(
      (x.counts as (number | null)[]).map((v, i) => (i === 5 ? 222 : v)),
    );

    // Applied again on purpose, it saves, and both officers' values are in the row.
    await a.page.getByTestId("sheet-bar").getByRole("button", { name: "Save", exact: true }).click();
    await toast(a.page, "Successfully saved 1 changes!").waitFor();
    const saved = (await api(a.context, "/api/stock-2411")).find((r) => r._id === x._id)!;
    expect((saved.counts as number[])[3]).toBe(111);
    expect((saved.counts as number[])[5]).toBe(222);
    expect((await api(a.context, "/api/stock-2411")).find((r) => r._id === y._id)!.counts).toEqual(
      (y.counts as (number | null)[]).map((v, i) => (i === 0 ? 333 : v)),
    );
  });
});

describe("the page", () => {
  it("remembers the active tab, and looks right in light and dark", async () => {
    const { page, context } = await signedIn();
    await openGrid(page, "tab=war-room-dinos&ready=1&unready=1");
    await shot(page, "stock-dinos-light");
    // Opened without ?tab=, the page shows the tab used last.
    await page.goto(PAGE);
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    const tabs = page.getByRole("navigation", { name: "Stock tabs" });
    expect(await tabs.getByRole("link", { name: "War Room Dinos" }).getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => localStorage.getItem("stock_2411_active_tab"))).toBe("war-room-dinos");
    await context.addCookies([{ name: "vite-ui-theme", value: "dark", url: page.url() }]);
    await openGrid(page, "tab=war-room-vaults");
    await page.locator("html.theme-dark").waitFor({ state: "attached" });
    await settled(page);
    await shot(page, "stock-dark");
    await openGrid(page, "tab=war-room-dinos&ready=1&unready=1");
    await settled(page);
    await shot(page, "stock-dinos-dark");
    await context.addCookies([{ name: "vite-ui-theme", value: "light", url: page.url() }]);
    await openGrid(page, "tab=war-room-vaults");
    await page.locator("html.theme-light").waitFor({ state: "attached" });
    await settled(page);
    await shot(page, "stock-light");
  });

  it("keeps the server's table under a spinner while the grid's code loads, then puts the grid in its place", async () => {
    const { page, context } = await signedIn();
    const rows = await api(context, "/api/stock-2411");
    const release = await holdBack(context, /\/assets\/SheetGrid\.client-[^/]*\.js$/);
    await page.goto(`${PAGE}?tab=war-room-vaults`);
    await page.getByRole("status").filter({ hasText: "Loading summary..." }).waitFor();
    const table = page.getByTestId("stock-table");
    expect(await table.isVisible()).toBe(true);
    expect(await table.locator(`tr[data-row="${rows[0]._id}"]`).textContent()).toContain(String(rows[0].item));
    expect(await page.getByTestId("stock-grid").count()).toBe(0);
    await shot(page, "stock-grid-loading");
    release();
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor();
    await expect.poll(() => table.count()).toBe(0); // removed after the grid's first frame (ADR 057)
    expect(await page.getByRole("status").filter({ hasText: "Loading summary..." }).count()).toBe(0);
  });

  it("has its code kept by the browser for good (hashed names), and the rest revalidated", async () => {
    const { page } = await signedIn();
    await openGrid(page, "tab=war-room-vaults");
    const grid = await page.locator('link[rel=modulepreload][href*="SheetGrid.client"]').getAttribute("href");
    const styles = await page.locator('link[rel=stylesheet][href^="/assets/"]').first().getAttribute("href");
    for (const asset of [grid, styles]) {
      const res = await page.request.get(asset!);
      expect(res.status(), asset!).toBe(200);
      expect(res.headers()["cache-control"], asset!).toBe("public, max-age=31536000, immutable");
    }
    const favicon = await page.request.get("/favicon.svg");
    expect(favicon.headers()["cache-control"] ?? "").not.toContain("immutable");
    expect((await page.request.get("/_headers")).status()).toBe(404);
  });
});
