// Access levels in the browser: an owner gives a Discord role a level on the Access page, JavaScript off and on, and a
// member holding it sees the change on their next page, without signing out. Only the demo Member role's Codes level
// is changed (and put back): every other demo member already reads codes through another role, so no other test sees it.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { allowConsoleErrors, BASE, FROM_PAGE, marker, newContext, setupBrowser, shot, signedIn } from "./browser";
import { createEntries, TRIBELISTS } from "./data";

setupBrowser();

const MEMBER_ROLE = "500000000000000004"; // worker/discord-standin.ts DEMO_ROLES.member

async function setCodes(page: Page, level: "None" | "View") {
  await page.goto("/dashboard/access");
  const row = page.getByTestId(`role-${MEMBER_ROLE}`);
  await row.getByRole("combobox", { name: "Member: Codes" }).selectOption({ label: level });
  await row.getByRole("button", { name: "Save Member" }).click();
  await page.getByTestId("access-result").filter({ hasText: "Saved the levels of Member" }).waitFor();
}

describe("the Access page", () => {
  it.each([false, true])(
    "gives a role a level and the member sees it on their next page (JavaScript %s)",
    async (javaScriptEnabled) => {
      const owner = await signedIn({ javaScriptEnabled, path: "/dashboard/access" });
      const member = await signedIn({ who: "Tribe Mate", javaScriptEnabled });
      const codesLink = member.page.getByRole("navigation").getByRole("link", { name: "Codes" });
      try {
        expect(await codesLink.count()).toBe(0);
        await setCodes(owner.page, "View");
        await shot(owner.page, `60-access-${javaScriptEnabled ? "js" : "nojs"}`);
        await member.page.reload();
        await codesLink.waitFor();
        await member.page.goto("/dashboard/codes");
        await member.page.getByRole("heading", { name: "Codes" }).first().waitFor();
        // Read only: no form to add a code reaches the server for them (the host API refuses it too: the matrix tests).
        expect(await member.page.getByText("You may not").count()).toBe(0);
      } finally {
        await setCodes(owner.page, "None");
      }
      await member.page.goto("/dashboard");
      expect(await codesLink.count()).toBe(0);
    },
  );

  it("shows a member the page they may not view as not allowed, and what a role sees in its preview", async () => {
    allowConsoleErrors(/status of 403/);
    const member = await signedIn({ who: "Tribe Mate", path: "/dashboard/codes" });
    await member.page.getByRole("heading", { name: "Not allowed" }).waitFor();
    await member.page.getByText("You may not view Codes").waitFor();
    await shot(member.page, "61-access-not-allowed");
    await member.page.goto("/dashboard/access");
    await member.page.getByRole("heading", { name: "Not allowed" }).waitFor();

    const owner = await signedIn({ path: `/dashboard/access?preview=${MEMBER_ROLE}` });
    const preview = owner.page.getByTestId("access-preview");
    await preview.getByRole("heading", { name: "What a member with Member sees" }).waitFor();
    expect(await preview.getByRole("listitem").allInnerTexts()).not.toContain("Codes");
    expect(await preview.getByRole("listitem").allInnerTexts()).toContain("Vouches");
    await shot(owner.page, "62-access-preview");
  });
});

describe("edit controls by level", () => {
  it.each([false, true])(
    "shows a member who may only read no edit controls, and an officer no kick (JavaScript %s)",
    async (javaScriptEnabled) => {
      const member = await signedIn({ who: "Tribe Mate", javaScriptEnabled, path: "/dashboard/vouches" });
      await member.page.getByRole("heading", { name: "Vouches" }).first().waitFor();
      expect(await member.page.getByRole("link", { name: /^Delete vouch/ }).count()).toBe(0);
      expect(await member.page.getByRole("link", { name: /^Kick user/ }).count()).toBe(0);
      await member.page.goto("/dashboard/tribelists");
      await member.page.getByRole("heading", { name: "Tribelists" }).first().waitFor();
      // Case matters: the bell's panel has a "Clear all" of its own.
      const control = (name: string) =>
        member.page.locator("a, button").filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) });
      expect(await control("Add Entry").count()).toBe(0);
      expect(await control("Clear All").count()).toBe(0);
      await shot(member.page, `64-tribelists-read-only-${javaScriptEnabled ? "js" : "nojs"}`);

      await member.page.goto("/dashboard/stock-2411");
      await member.page.getByRole("heading", { name: "2411 Stock" }).first().waitFor();
      expect(await control("Add Image").count()).toBe(0);
      expect(await control("Color Picker").count()).toBe(0);
      await shot(member.page, `65-stock-read-only-${javaScriptEnabled ? "js" : "nojs"}`);

      if (javaScriptEnabled) return; // the tables' own links: the server-rendered page shows them without JavaScript
      expect(await member.page.getByRole("link", { name: /^Edit / }).count()).toBe(0);
      expect(await member.page.getByRole("button", { name: /^Move / }).count()).toBe(0);
      await member.page.goto("/dashboard/breeder-stats?tab=ffa-raising");
      await member.page.getByTestId("ffa-raising-table").waitFor();
      expect(await member.page.getByRole("link", { name: /^Edit / }).count()).toBe(0);
      const officer = await signedIn({ who: "vaultkeeper", javaScriptEnabled, path: "/dashboard/vouches" });
      await officer.page
        .getByRole("link", { name: /^Delete vouch/ })
        .first()
        .waitFor();
      expect(await officer.page.getByRole("link", { name: /^Kick user/ }).count()).toBe(0);
    },
  );
});

describe("API token scopes on Settings", () => {
  it("makes a token that may do only what was chosen, without JavaScript", async () => {
    const { page } = await signedIn({ who: "Tek Breeder", javaScriptEnabled: false, path: "/settings" });
    await page.getByPlaceholder("Name, e.g. Discord bot").fill("stock collector");
    await page.getByText("What it may do").click();
    // A breeder may only read codes: a token of theirs is offered no more.
    expect(await page.locator('select[name="scopes.codes"] option').allInnerTexts()).toEqual(["None", "View"]);
    for (const name of await page
      .locator('select[name^="scopes."]')
      .evaluateAll((s) => s.map((e) => e.getAttribute("name") ?? ""))) {
      await page.locator(`select[name="${name}"]`).selectOption(name === "scopes.stock" ? "edit" : "none");
    }
    await page.getByRole("button", { name: "Create token" }).click();
    const token = await page.getByTestId("new-token").innerText();
    await shot(page, "63-token-scopes");
    expect(await page.getByTestId("token-row").filter({ hasText: "stock collector" }).innerText()).toContain(
      "Stock: Edit",
    );

    const bot = await newContext({ extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    expect((await bot.request.get(`${BASE}/api/stock-2411`)).status()).toBe(200);
    expect((await bot.request.get(`${BASE}/api/vouches/search`)).status()).toBe(403);
  });
});

describe("the Audit page", () => {
  it.each([false, true])(
    "shows who changed a record, when and what, and its whole history (JavaScript %s)",
    async (javaScriptEnabled) => {
      const { page, context } = await signedIn({ javaScriptEnabled, path: "/dashboard" });
      const name = marker("audit");
      const [entry] = await createEntries(context.request, "2573", [{ name }]);
      const saved = await context.request.put(`${TRIBELISTS["2573"]}/${entry._id}`, {
        headers: FROM_PAGE,
        data: { ...entry, rank: "Admin", version: 1 },
      });
      expect(saved.status()).toBe(200);

      await page.goto(`/dashboard/audit?q=${entry._id}`);
      const rows = page.getByTestId("audit-row");
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().innerText()).toMatch(/Rex Rider[\s\S]*Tribelists[\s\S]*update[\s\S]*rank: Admin/);
      await shot(page, `66-audit-${javaScriptEnabled ? "js" : "nojs"}`);

      await page
        .getByRole("link", { name: `History of Tribelist entry ${entry._id}` })
        .first()
        .click();
      await page.getByTestId("audit-history").waitFor();
      expect(new URL(page.url()).searchParams.get("record")).toBe(entry._id);
      await expect.poll(() => rows.count()).toBe(2);

      await page.getByLabel("Section").selectOption({ label: "Codes" });
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByText("No changes match.").waitFor();
    },
  );
});
