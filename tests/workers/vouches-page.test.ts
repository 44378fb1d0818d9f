// The Vouches page's loader and action, through the Worker as a browser (or a fetcher) calls them.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import {
  Browser,
  dataPath,
  FETCHER_FIELDS,
  hexId,
  loadData,
  location,
  routeOutboundToSelf,
  seedVouches,
  signedIn,
  toastOf,
  type VouchSeed,
} from "./helpers";
import { externalHost } from "./cron-fixtures";
import { VOUCH_COLUMNS } from "#tests/expected-columns";

const PAGE = "/dashboard/vouches";
const SLOW = 20_000; // the first render of the build in a fresh isolate can take seconds on a busy machine

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["vouches", "audit_log", "avatars"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const hex = hexId;
const seed = (rows: VouchSeed[]) => seedVouches(rows, { vouchedAt: "3/4/2026", vouchedByUsername: "rexrider" });

type Row = {
  _id: string;
  id: number;
  status: string;
  avatarSrc: string;
  canFetchAvatar: boolean;
  vouched: string | null;
};
type LoaderData = {
  q: string;
  size: number;
  page: { rows: Row[]; page: number; pageCount: number; total: number; size: number; from: number; to: number };
  confirm: { kind: string; row: Row } | null;
};

const load = (browser: Browser, search = "") => loadData<LoaderData>(browser, `${PAGE}${search}`);

const statusOf = async (id: number) =>
  env.DB.prepare("select status from vouches where id = ?").bind(id).first<string>("status");

describe("the Vouches loader", () => {
  it(
    "answers the first 25 vouches sorted by id, with the count and the row range",
    async () => {
      await seed(Array.from({ length: 60 }, (_, i) => ({ id: 60 - i }))); // inserted in reverse id order
      const browser = await signedIn();
      const data = await load(browser);
      expect(data.size).toBe(25);
      expect(data.page).toMatchObject({ page: 1, pageCount: 3, total: 60, from: 1, to: 25 });
      expect(data.page.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

      const last = await load(browser, "?page=3");
      expect(last.page).toMatchObject({ page: 3, from: 51, to: 60 });
      expect(last.page.rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 51));

      const fifty = await load(browser, "?size=50&page=2");
      expect(fifty.page).toMatchObject({ page: 2, pageCount: 2, from: 51, to: 60, size: 50 });

      // Sizes other than 25, 50 and 100 fall back to 25; a page past the end shows the last page.
      expect((await load(browser, "?size=7")).size).toBe(25);
      expect((await load(browser, "?page=99")).page).toMatchObject({ page: 3, from: 51 });
    },
    SLOW,
  );

  it(
    "searches every displayed column, case-insensitively",
    async () => {
      await seed([
        { id: 1, igName: "DodoKing" },
        { id: 2, igNameServer2: "astraeosDODO" },
        { id: 3, igNameServer3: "Aberrant" },
        { id: 4, status: "Invalid" },
        { id: 5, vouchedUsername: "NewbieNate" },
        { id: 6, vouchedByUsername: "OfficerKaren", vouchedBy: "300000000000000077" },
        { id: 7, vouchedAt: "12/25/2025" },
      ]);
      const browser = await signedIn();
      const ids = async (q: string) => (await load(browser, `?q=${encodeURIComponent(q)}`)).page.rows.map((r) => r.id);
      expect(await ids("dodo")).toEqual([1, 2]);
      expect(await ids("ABERR")).toEqual([3]);
      expect(await ids("invalid")).toEqual([4]);
      expect(await ids("nate")).toEqual([5]);
      expect(await ids("karen")).toEqual([6]);
      expect(await ids("000077")).toEqual([6]);
      expect(await ids("12/25")).toEqual([7]);
      expect(await ids("500000000000000003")).toEqual([3]);
      const none = await load(browser, "?q=nobody");
      expect(none.page).toMatchObject({ total: 0, from: 0, to: 0, rows: [] });
      expect(none.q).toBe("nobody");
    },
    SLOW,
  );

  it("shapes each row: the status, the default avatar by id mod 5, and whether the avatar can be fetched", async () => {
    await seed([
      { id: 1, vouched: "500000000000000003", status: "Complete" }, // 3 mod 5 = 3
      {
        id: 2,
        vouched: "500000000000000004",
        vouchedAvatar: "https://cdn.discordapp.com/avatars/x/abc.png",
        vouchedAvatarHash: "abc",
      },
      { id: 3, vouched: "500000000000000005", vouchedAvatarHash: "a_123" },
    ]);
    const browser = await signedIn();
    const [a, b, c] = (await load(browser)).page.rows;
    expect(a).toMatchObject({ status: "Complete", avatarSrc: "/avatars/default-3.svg", canFetchAvatar: true });
    expect(b).toMatchObject({ avatarSrc: "https://cdn.discordapp.com/avatars/x/abc.png", canFetchAvatar: false });
    expect(c).toMatchObject({
      avatarSrc: "https://cdn.discordapp.com/avatars/500000000000000005/a_123.gif?size=64",
      canFetchAvatar: true,
    });
  });

  it("renders the HTML table with the product's columns, and the empty text", async () => {
    await seed([{ id: 7, igName: "DodoKing", status: "Invalid", vouchedUsername: "dodo.king" }]);
    const browser = await signedIn();
    const html = await (await browser.fetch(PAGE)).text();
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(VOUCH_COLUMNS);
    expect(html).toContain('placeholder="Search vouches..."');
    expect(html).toMatch(/<span class="badge red">Invalid<\/span>/);
    expect(html).toContain("dodo.king");
    const empty = await (await browser.fetch(`${PAGE}?q=nothing-like-this`)).text();
    expect(empty).toContain("No vouches found.");
  });

  it("renders the confirmation step without JavaScript", async () => {
    await seed([{ id: 1, vouched: "500000000000000042" }]);
    const browser = await signedIn();
    const del = await (await browser.fetch(`${PAGE}?q=&confirm=delete&id=${hex(1)}`)).text();
    expect(del).toContain("Are you sure you want to delete this vouch?");
    expect(del).toContain(`name="_id" value="${hex(1)}"`);
    const kick = await (await browser.fetch(`${PAGE}?confirm=kick&id=${hex(1)}`)).text();
    expect(kick).toContain("Are you sure you want to kick user 500000000000000042 from all Discord servers?");
    expect(kick).toContain('name="vouchedId" value="500000000000000042"');
    const data = await load(browser, `?confirm=kick&id=${hex(1)}`);
    expect(data.confirm).toMatchObject({ kind: "kick", row: { vouched: "500000000000000042" } });
    expect((await load(browser, `?confirm=delete&id=${hex(9)}`)).confirm).toBeNull();
  });

  it("needs a session", async () => {
    const res = await new Browser().fetch(PAGE);
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login\?/);
  });
});

describe("the Vouches loader when the host fails", () => {
  it("says the load failed, with the host's reason and a Retry link, and never that there are no vouches", async () => {
    const browser = await signedIn();
    const host = externalHost("vouches-down", () =>
      Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 }),
    )(browser);
    const data = await (await host.get(dataPath(PAGE))).json<{ loadError: string | null }>();
    expect(data.loadError).toBe("Failed to load vouches: Database is restarting");
    const html = await (await host.get(PAGE)).text();
    expect(html).toContain("Failed to load vouches: Database is restarting");
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/vouches"[^>]*>Retry<\/a>/);
    expect(html).not.toContain("No vouches found.");
  });
});

describe("the Vouches action", () => {
  it("deletes a vouch and comes back to the same search and page with the toast", async () => {
    await seed(Array.from({ length: 30 }, (_, i) => ({ id: i + 1 })));
    const browser = await signedIn();
    const res = await browser.post(PAGE, {
      intent: "delete",
      _id: hex(27),
      redirectTo: `${PAGE}?size=25&page=2&confirm=delete&id=${hex(27)}`,
    });
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`${PAGE}?size=25&page=2`);
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Vouch deleted successfully!" });
    const data = await load(browser, "?page=2");
    expect(data.page.rows.map((r) => r.id)).toEqual([26, 28, 29, 30]);
    expect(data.page.total).toBe(29);
  });

  it("on /dashboard/analytics (the same view), deletes and comes back to Analytics with the toast", async () => {
    await seed(Array.from({ length: 3 }, (_, i) => ({ id: i + 1 })));
    const browser = await signedIn();
    const ANALYTICS = "/dashboard/analytics";
    const res = await browser.post(ANALYTICS, {
      intent: "delete",
      _id: hex(2),
      redirectTo: `${ANALYTICS}?size=25&confirm=delete&id=${hex(2)}`,
    });
    expect(location(res)).toBe(`${ANALYTICS}?size=25`);
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Vouch deleted successfully!" });
    expect((await load(browser)).page.rows.map((r) => r.id)).toEqual([1, 3]);
  });

  it("says so when the host refuses the delete", async () => {
    const browser = await signedIn();
    const res = await browser.post(PAGE, { intent: "delete", _id: hex(5), redirectTo: PAGE });
    expect(location(res)).toBe(PAGE);
    expect(await toastOf(browser)).toEqual({ type: "error", message: "Failed to delete vouch. Please try again." });
  });

  it("kicks a user: the toast counts the guilds, and every vouch of the user becomes Remove Pending", async () => {
    await seed([
      { id: 1, vouched: "500000000000000011", status: "Complete" },
      { id: 2, vouched: "500000000000000022", status: "Complete" },
      { id: 3, vouched: "500000000000000011", status: "Invalid" },
    ]);
    const browser = await signedIn();
    const res = await browser.post(PAGE, {
      intent: "kick",
      vouchedId: "500000000000000011",
      redirectTo: `${PAGE}?q=5000`,
    });
    expect(location(res)).toBe(`${PAGE}?q=5000`);
    expect(await toastOf(browser)).toEqual({ type: "success", message: "1 kicked, 0 failed." });
    expect([await statusOf(1), await statusOf(2), await statusOf(3)]).toEqual([
      "Remove Pending",
      "Complete",
      "Remove Pending",
    ]);
  });

  it("warns when a kick failed, and leaves the vouches as they were", async () => {
    await seed([{ id: 1, vouched: "500000000000000019", status: "Complete" }]); // the stand-in does not know ids ending in 9
    const browser = await signedIn();
    await browser.post(PAGE, { intent: "kick", vouchedId: "500000000000000019", redirectTo: PAGE });
    expect(await toastOf(browser)).toEqual({ type: "warning", message: "0 kicked, 1 failed." });
    expect(await statusOf(1)).toBe("Complete");
  });

  it("refuses a kick without a vouched id, and reports the host's refusal", async () => {
    const browser = await signedIn();
    await browser.post(PAGE, { intent: "kick", vouchedId: "", redirectTo: PAGE });
    expect(await toastOf(browser)).toEqual({ type: "error", message: "No vouched user ID to kick" });
    await browser.post(PAGE, { intent: "kick", vouchedId: "12345", redirectTo: PAGE });
    expect(await toastOf(browser)).toEqual({
      type: "error",
      message: "Failed to kick user: vouchedId: must be a Discord id (17 to 20 digits)",
    });
  });

  it("fetches a missing avatar and shows it", async () => {
    await seed([
      { id: 1, vouched: "500000000000000031" },
      { id: 2, vouched: "500000000000000031" },
    ]);
    const browser = await signedIn();
    const res = await browser.post(PAGE, { intent: "fetch-avatar", _id: hex(1), redirectTo: `${PAGE}?page=1` });
    expect(location(res)).toBe(`${PAGE}?page=1`);
    expect(await toastOf(browser)).toBeNull();
    const rows = (await load(browser)).page.rows;
    expect(rows[0].avatarSrc).toMatch(/^https:\/\/cdn\.discordapp\.com\//);
    expect(rows[1].avatarSrc).toBe(rows[0].avatarSrc); // stored on every vouch of that user
  });

  it("only ever redirects back to the Vouches page", async () => {
    await seed([{ id: 1 }]);
    const browser = await signedIn();
    const res = await browser.post(PAGE, { intent: "delete", _id: hex(1), redirectTo: "https://evil.example/" });
    expect(location(res)).toBe(PAGE);
    const other = await browser.post(PAGE, { intent: "delete", _id: hex(1), redirectTo: "/settings" });
    expect(location(other)).toBe(PAGE);
  });

  it("answers the page's fetchers with the toast as data, and JavaScript forms with a replacing redirect", async () => {
    await seed([{ id: 1, vouched: "500000000000000011" }, { id: 2 }]);
    const browser = await signedIn();
    const fetcher = await browser.post(dataPath(PAGE), {
      intent: "kick",
      vouchedId: "500000000000000011",
      ...FETCHER_FIELDS,
      redirectTo: PAGE,
    });
    expect(fetcher.status).toBe(200);
    expect(await fetcher.json()).toEqual({ toast: { type: "success", message: "1 kicked, 0 failed." } });
    expect(browser.cookies.has("__toast")).toBe(false);
    expect(await statusOf(1)).toBe("Remove Pending");

    const form = await browser.post(dataPath(PAGE), {
      intent: "delete",
      _id: hex(2),
      redirectTo: `${PAGE}?q=x&confirm=delete&id=${hex(2)}`,
    });
    expect(form.headers.get("X-Remix-Redirect")).toBe(`${PAGE}?q=x`);
    expect(form.headers.get("X-Remix-Replace")).toBe("true");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Vouch deleted successfully!" });
  });
});
