// The Tribelists page's action inside workerd, through the Worker as a browser (or a fetcher) reaches it: validation
// and every write's answer.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, dataPath, FETCHER_FIELDS, location, signedIn, toastOf } from "./helpers";
import { withTribelists, hex, seed, CENTER, rows } from "./tribelists-page-fixtures";

withTribelists();

describe("the Tribelists action", () => {
  const post = (browser: Browser, fields: Record<string, string>, data = false) => {
    const path = `/dashboard/tribelists?tab=${fields.tab ?? "2411"}`;
    return browser.post(data ? dataPath(path) : path, fields);
  };

  it("refuses an empty name with a clear message and adds nothing", async () => {
    const browser = await signedIn();
    const res = await post(
      browser,
      { intent: "add", tab: "2573", name: "   ", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ intent: "add", errors: { name: "Name is required." } });
    const bad = await post(
      browser,
      { intent: "add", tab: "2573", name: "Ok", discordId: "12ab", rank: "Boss", nationality: "" },
      true,
    );
    expect(await bad.json()).toMatchObject({
      errors: {
        discordId: "Discord ID must be 17 to 20 digits, or empty.",
        rank: "Rank must be Admin, Owner or none.",
      },
      values: { name: "Ok", discordId: "12ab" },
    });
    expect(await rows("2573")).toEqual([]);
  });

  it("renders the refusal on the page without JavaScript, with the add row still open and the typed values", async () => {
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "add",
      tab: "2411",
      name: "",
      discordId: "700000000000000123",
      rank: "Admin",
      nationality: "",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Name is required.");
    expect(html).toContain('value="700000000000000123"');
  });

  it("adds an entry to the tab's list and comes back with the product's toast and the add row closed", async () => {
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "add",
      tab: "2446",
      name: " Frost Warden ",
      discordId: "700000000000000001",
      rank: "Admin",
      nationality: "English",
      redirectTo: "/dashboard/tribelists?tab=2446&add=1&q=frost",
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/dashboard/tribelists?tab=2446&q=frost");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Added entry: Frost Warden." });
    expect(await rows("2446")).toEqual([
      {
        name: "Frost Warden",
        discordId: "700000000000000001",
        rank: "Admin",
        nationality: "English",
        username: null,
        order: null,
      },
    ]);
    expect(await rows("2411")).toEqual([]);
  });

  it("answers a fetcher with the toast as data, marked as announced so the live event can bring it instead", async () => {
    const browser = await signedIn();
    const res = await post(
      browser,
      { intent: "add", tab: "2411", name: "Quiet", discordId: "", rank: "", nationality: "", ...FETCHER_FIELDS },
      true,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ toast: { type: "success", message: "Added entry: Quiet." }, announced: true });
    expect(await toastOf(browser)).toBeNull();
    expect((await rows("2411")).map((r) => r.name)).toEqual(["Quiet"]);
  });

  it("saves an edited copy of the whole entry, keeping username and order", async () => {
    await seed("2411", CENTER);
    await env.DB.prepare(`update tribelist_entries set username = 'bravo_b' where _id = ?`).bind(hex(2)).run();
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "update",
      tab: "2411",
      _id: hex(2),
      name: "Bravo Two",
      discordId: "",
      rank: "Owner",
      nationality: "Chinese",
      username: "bravo_b",
      order: "2",
      redirectTo: `/dashboard/tribelists?edit=${hex(2)}`,
    });
    expect(location(res)).toBe("/dashboard/tribelists");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Updated entry: Bravo Two." });
    const saved = (await rows("2411")).find((r) => r.name === "Bravo Two");
    expect(saved).toEqual({
      name: "Bravo Two",
      discordId: null,
      rank: "Owner",
      nationality: "Chinese",
      username: "bravo_b",
      order: 2,
    });

    const empty = await post(
      browser,
      { intent: "update", tab: "2411", _id: hex(2), name: "", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(await empty.json()).toMatchObject({ intent: "update", _id: hex(2), errors: { name: "Name is required." } });
    // An entry of another list is not found in this one.
    const other = await post(
      browser,
      { intent: "update", tab: "2573", _id: hex(2), name: "X", discordId: "", rank: "", nationality: "" },
      true,
    );
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ errors: { form: "That entry no longer exists." } });
  });

  it("refuses a save based on an older version (409), shows both people's values, and saves on the newer version", async () => {
    await seed("2411", [{ name: "Bravo", order: 2, rank: "Admin", nationality: "English" }]);
    const browser = await signedIn();
    const fields = {
      intent: "update",
      tab: "2411",
      _id: hex(1),
      name: "Bravo",
      discordId: "",
      rank: "Admin",
      nationality: "English",
      order: "2",
      username: "",
      version: "1",
    };
    // Two people opened the edit row on version 1; the first makes Bravo an Owner.
    expect((await post(browser, { ...fields, rank: "Owner" })).status).toBe(302);

    // The second renames it from the same version, without JavaScript: the edit row comes back on version 2 with their
    // name, and the first person's rank under theirs.
    const page = await browser.post(`/dashboard/tribelists?tab=2411&edit=${hex(1)}`, { ...fields, name: "Bravo Six" });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain("Someone else saved this entry while you were editing it.");
    expect(html).toMatch(/name="version" value="2"/);
    expect(html).toMatch(/name="name"[^>]*value="Bravo Six"/);
    expect(html).toMatch(/Saved meanwhile: (<!-- -->)?<q>Owner<\/q>/);
    expect(await rows("2411")).toMatchObject([{ name: "Bravo", rank: "Owner" }]);

    const fetched = await post(browser, { ...fields, name: "Bravo Six", fetcher: "1" }, true);
    expect(fetched.status).toBe(409);
    expect(await fetched.json()).toMatchObject({
      intent: "update",
      _id: hex(1),
      values: { name: "Bravo Six", rank: "Admin" },
      conflict: { current: { name: "Bravo", rank: "Owner", version: 2 } },
    });

    // Saved again on version 2 with the first person's rank: both edits are kept.
    expect((await post(browser, { ...fields, name: "Bravo Six", rank: "Owner", version: "2" })).status).toBe(302);
    expect(await rows("2411")).toMatchObject([{ name: "Bravo Six", rank: "Owner" }]);
  });

  it("deletes an entry with the product's toast, and says so when it is already gone", async () => {
    await seed("2411", CENTER);
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "delete",
      tab: "2411",
      _id: hex(3),
      redirectTo: `/dashboard/tribelists?confirm=delete&id=${hex(3)}&page=1`,
    });
    expect(location(res)).toBe("/dashboard/tribelists?page=1");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Removed entry: alpha." });
    expect((await rows("2411")).map((r) => r.name)).not.toContain("alpha");
    await post(browser, { intent: "delete", tab: "2411", _id: hex(3) });
    expect(await toastOf(browser)).toEqual({ type: "error", message: "That entry was already removed." });
  });

  it("clears only the current tab's list", async () => {
    await seed("2411", CENTER);
    await seed("2573", [{ name: "Stays", order: 0 }], 10);
    const browser = await signedIn();
    const res = await post(browser, {
      intent: "clear",
      tab: "2411",
      redirectTo: "/dashboard/tribelists?confirm=clear",
    });
    expect(location(res)).toBe("/dashboard/tribelists");
    expect(await toastOf(browser)).toEqual({ type: "warning", message: "Cleared the 2411 tribelist (5 entries)." });
    expect(await rows("2411")).toEqual([]);
    expect((await rows("2573")).map((r) => r.name)).toEqual(["Stays"]);
    await post(browser, { intent: "clear", tab: "2411" });
    expect(await toastOf(browser)).toEqual({ type: "warning", message: "The 2411 tribelist is already empty." });
  });

  it("never redirects off the page", async () => {
    const browser = await signedIn();
    const res = await post(browser, { intent: "clear", tab: "2573", redirectTo: "https://evil.example/x" });
    expect(location(res)).toBe("/dashboard/tribelists?tab=2573");
  });
});
