// Issue 14 in the browser: an owner gives a Discord role a level on the Access page, with JavaScript off and on, and a
// member holding it sees the change on their next page, without signing out. Only the demo Member role's Codes level
// is changed (and put back): every other demo member already reads codes through another role, so no other test sees it.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { allowConsoleErrors, setupBrowser, shot, signedIn } from "./browser";

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
  it.each([false, true])("gives a role a level and the member sees it on their next page (JavaScript %s)", async (javaScriptEnabled) => {
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
  });

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
