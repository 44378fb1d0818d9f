// CSV export in the browser: a searched table downloads exactly the rows the search lists, on every page of
// it, with a formula neutralised, the same with JavaScript off (a plain link) and on; and a member who may not view a
// section has no way to its download.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { allowConsoleErrors, marker, setupBrowser, shot, signedIn } from "./browser";
import { createVouches } from "./data";
import { parseCsv } from "#tests/fixtures/csv";

setupBrowser();

describe("Export CSV", () => {
  it.each([false, true])(
    "downloads the searched vouches, every page of them (JavaScript %s)",
    async (javaScriptEnabled) => {
      const { page, context } = await signedIn({ javaScriptEnabled });
      const name = marker("csv");
      const made = await createVouches(
        context.request,
        Array.from({ length: 30 }, (_, i) => ({ vouchedUsername: name, igName: i === 0 ? "=1+2" : `${name} ${i}` })),
      );
      await page.goto(`/dashboard/vouches?q=${name}&size=25`);
      await page.getByText(`30 vouches match “${name}”`).waitFor();
      const link = page.getByRole("link", { name: "Export CSV" });
      expect(await link.getAttribute("href")).toBe(`/dashboard/vouches/export?q=${name}`);
      await shot(page, `67-export-link-${javaScriptEnabled ? "js" : "nojs"}`);

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^vouches-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parseCsv(await readFile((await download.path())!, "utf8"));
      expect(rows[0].slice(0, 4)).toEqual(["ID", "2411", "2573", "2446"]);
      // All 30, across the page's two pages, in the page's order; the formula is text.
      expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(made.map((v) => v.id));
      expect(rows[1][1]).toBe("'=1+2");
      // The page stays where it was.
      await page.getByText(`30 vouches match “${name}”`).waitFor();
    },
  );

  it("offers no download of a section the member may not view, and refuses its address", async () => {
    allowConsoleErrors(/status of 403/);
    const member = await signedIn({ who: "Tribe Mate", path: "/dashboard/vouches" });
    await member.page.getByRole("link", { name: "Export CSV" }).waitFor();
    const res = await member.context.request.get("/dashboard/codes/export");
    expect(res.status()).toBe(403);
    expect(await res.text()).not.toContain("ID,Username");
  });
});
