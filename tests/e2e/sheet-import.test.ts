// Importing a tribe's sheet, as a person does it: an XLSX file into the Breeder List and a CSV file into a stock tab,
// each previewed with its refused line and applied; and the same by pasting the sheet with JavaScript off.
import type { Page } from "playwright-core";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, FROM_PAGE, marker, setupBrowser, shot, signedIn, toastShown } from "./browser";

setupBrowser();

const VIEWPORT = { width: 1440, height: 900 };
type Row = Record<string, unknown> & { _id: string; Dino?: string; item?: string };

/** A one-sheet XLSX file of these rows (inline strings and numbers), as Excel writes the parts a reader needs. */
function xlsx(rows: (string | number)[][]): Buffer {
  const col = (i: number) => String.fromCharCode(65 + i);
  const cell = (v: string | number, ref: string) =>
    typeof v === "number" ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const sheet = rows
    .map((r, y) => `<row r="${y + 1}">${r.map((v, x) => cell(v, `${col(x)}${y + 1}`)).join("")}</row>`)
    .join("");
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return Buffer.from(
    zipSync({
      "[Content_Types].xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
      "_rels/.rels": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      "xl/workbook.xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="Breeding" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      "xl/worksheets/sheet1.xml": strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData>${sheet}</sheetData></worksheet>`,
      ),
    }),
  );
}

const breeders = async (page: Page, tag: string) =>
  ((await (await page.context().request.get("/api/breeder-list")).json()) as Row[]).filter((r) =>
    String(r.Dino).startsWith(tag),
  );

async function preview(page: Page) {
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByTestId("import-preview").waitFor();
}

describe("importing a tribe's sheet", () => {
  it("reads an XLSX file into the Breeder List, previews it with the refused line, and applies it", async () => {
    const tag = marker("xlsx");
    const { page } = await signedIn({
      who: "Tek Breeder",
      viewport: VIEWPORT,
      path: "/dashboard/breeder-stats?tab=breeder-list",
    });
    await page.getByRole("link", { name: "Import" }).click();
    await page.waitForURL(/\/dashboard\/breeder-stats\/import/);
    await page.locator("input[type=file]").setInputFiles({
      name: "tribe.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: xlsx([
        ["Dino", "HP", "Server", "Notes"],
        [`${tag} Rex`, 44, "2411", "from the sheet"],
        [`${tag} Giga`, 55, "2573", ""],
        [`${tag} Raptor`, "lots", "2411", ""],
      ]),
    });
    await expect.poll(() => page.locator("textarea[name=text]").inputValue()).toContain(`${tag} Giga\t55\t2573`);
    await preview(page);
    expect(await page.getByTestId("import-counts").textContent()).toBe(
      "0 to change, 2 to add, 0 unchanged, 1 refused.",
    );
    expect(await page.getByTestId("import-refused").textContent()).toContain(
      `Line 4 (${tag} Raptor): HP must be a number`,
    );
    await shot(page, "import-xlsx-preview");
    await page.getByRole("button", { name: "Apply: 2 rows" }).click();
    await page.waitForURL(/\/dashboard\/breeder-stats\?tab=breeder-list/);
    await toastShown(page, "Imported: 0 rows changed, 2 added. 1 line was refused.");
    const rows = await breeders(page, tag);
    expect(rows.map((r) => [r.Dino, r.HP, r.Server, r.notes])).toEqual([
      [`${tag} Rex`, 44, "2411", "from the sheet"],
      [`${tag} Giga`, 55, "2573", null],
    ]);
  });

  it("reads a CSV file into a stock tab: known items change, an unknown name is refused", async () => {
    const { page, context } = await signedIn({
      viewport: VIEWPORT,
      path: "/dashboard/stock-2411/import?tab=defense-room-dedis",
    });
    const before = ((await (await context.request.get("/api/defense-room-dedis")).json()) as Row[]).filter(
      (r) => r.item,
    );
    const [a, b] = before;
    const csv = [
      "Item,Current Stock,Todo",
      `"${a.item}",1111,import todo`,
      `"${b.item}",2222,`,
      "No Such Item,5,",
    ].join("\n");
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect.poll(() => page.locator("textarea[name=text]").inputValue()).toContain("No Such Item");
    await preview(page);
    expect(await page.getByTestId("import-counts").textContent()).toMatch(
      /^2 to change, 0 to add, 0 unchanged, 1 refused\.$/,
    );
    expect(await page.getByTestId("import-refused").textContent()).toContain(
      "Line 4 (No Such Item): no item of that name on Defense Room Dedis",
    );
    await page.getByRole("button", { name: "Apply: 2 rows" }).click();
    await page.waitForURL(/\/dashboard\/stock-2411\?tab=defense-room-dedis/);
    await toastShown(page, "Imported: 2 rows changed. 1 line was refused.");
    const after = new Map(
      ((await (await context.request.get("/api/defense-room-dedis")).json()) as Row[]).map((r) => [r._id, r]),
    );
    expect(after.get(a._id)).toMatchObject({ currentStock: 1111, todo: "import todo" });
    expect(after.get(b._id)).toMatchObject({ currentStock: 2222 });
  });

  it("imports a pasted sheet without JavaScript, with a clear message for what it cannot read", async () => {
    const tag = marker("paste");
    allowConsoleErrors(/status of 400 \(Bad Request\)/); // the refused text's page is answered 400, as a refused form is
    const { page } = await signedIn({
      who: "Tek Breeder",
      viewport: VIEWPORT,
      javaScriptEnabled: false,
      path: "/dashboard/breeder-stats/import",
    });
    await page.locator("textarea[name=text]").fill("just one line");
    await page.getByRole("button", { name: "Preview" }).click();
    expect(await page.getByTestId("import-error").textContent()).toBe(
      "Nothing to import: the first line names the columns, then one row per line.",
    );
    await page.locator("textarea[name=text]").fill(["Dino\tHP", `${tag} Dodo\t12`].join("\n"));
    await preview(page);
    expect(await page.getByTestId("import-counts").textContent()).toBe(
      "0 to change, 1 to add, 0 unchanged, 0 refused.",
    );
    await shot(page, "import-paste-nojs");
    // On a phone the page and its preview fit the screen (the preview's table scrolls inside its own box).
    await page.setViewportSize({ width: 390, height: 844 });
    // Polled: the sidebar folds into its rail with a transition.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "import-paste-nojs-phone");
    await page.setViewportSize(VIEWPORT);
    await page.getByRole("button", { name: "Apply: 1 row" }).click();
    await page.waitForURL(/\/dashboard\/breeder-stats\?tab=breeder-list/);
    await page.getByText("Imported: 0 rows changed, 1 added.").waitFor();
    expect((await breeders(page, tag)).map((r) => [r.Dino, r.HP])).toEqual([[`${tag} Dodo`, 12]]);
  });

  it("is only for those who may change the sheet", async () => {
    const { page } = await signedIn({
      who: "Tribe Mate",
      viewport: VIEWPORT,
      path: "/dashboard/breeder-stats?tab=breeder-list",
    });
    expect(await page.getByRole("link", { name: "Import" }).count()).toBe(0);
    const res = await page.context().request.post("/dashboard/breeder-stats/import", {
      headers: FROM_PAGE,
      form: { intent: "apply", text: "Dino\nX" },
    });
    expect(res.status()).toBe(403);
  });
});
