// The Codes page's loader and action inside workerd, through the Worker as a browser reaches them: sorting, search,
// paging, the edit and delete states of the URL, and the product's toasts after every write.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { Browser, dataPath, location, routeOutboundToSelf, signedIn, toastOf } from "./helpers";

const hex = (n: number) => n.toString(16).padStart(24, "0");

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["codes", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

/** Codes with ids in the given (unsorted) order; odd ids are completed. */
async function seed(ids: number[]) {
  await env.DB.batch(
    ids.map((id) =>
      env.DB.prepare(
        `insert into codes (_id, id, username, code, server, avatar, completed, mainserver, location, user)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(
        hex(id),
        id,
        `member${id}`,
        String(1000 + id),
        id % 3 === 0 ? "2573" : "2411",
        id === 2 ? "https://cdn.discordapp.com/embed/avatars/3.png" : null,
        id % 2,
        "2446",
        id === 4 ? "Crystal Bay" : "Red Ob",
        `7000000000000000${String(id).padStart(2, "0")}`,
      ),
    ),
  );
}

type Loaded = {
  q: string;
  size: number;
  total: number;
  page: { total: number; page: number; pageCount: number; rows: Record<string, unknown>[] };
  editing: Record<string, unknown> | null;
  deleting: Record<string, unknown> | null;
};

async function load(browser: Browser, search = "") {
  const res = await browser.fetch(dataPath(`/dashboard/codes?${search}`));
  expect(res.status).toBe(200);
  return res.json<Loaded>();
}

const stored = (id: number) =>
  env.DB.prepare("select * from codes where id = ?").bind(id).first<Record<string, unknown>>();

describe("the Codes loader", () => {
  it("asks for a signed-in user", async () => {
    const res = await new Browser().fetch("/dashboard/codes");
    expect(res.status).toBe(302);
    expect(location(res)).toMatch(/^\/login/);
  });

  it("lists codes sorted by id, 25 to a page, with Discord's default avatars served locally", async () => {
    await seed([7, 3, 30, 1, ...Array.from({ length: 26 }, (_, i) => i + 31), 2, 4]);
    const browser = await signedIn();
    const first = await load(browser);
    expect(first.total).toBe(32);
    expect(first.page.rows.map((r) => r.id).slice(0, 6)).toEqual([1, 2, 3, 4, 7, 30]);
    expect(first.page.rows).toHaveLength(25);
    expect(first.page.pageCount).toBe(2);
    // Embed avatar 3 becomes the local default 3; no avatar: the default by user id modulo 5 (...01 % 5 = 1).
    expect(first.page.rows[1].avatarSrc).toBe("/avatars/default-3.svg");
    expect(first.page.rows[0].avatarSrc).toBe("/avatars/default-1.svg");
    const second = await load(browser, "page=2");
    expect(second.page.rows.map((r) => r.id)).toEqual([50, 51, 52, 53, 54, 55, 56]);
    expect((await load(browser, "size=50")).page.rows).toHaveLength(32);
    expect((await load(browser, "size=13")).size).toBe(25);
  });

  it("searches every displayed column case-insensitively, Completed as Yes or No", async () => {
    await seed([1, 2, 3, 4]);
    const browser = await signedIn();
    expect((await load(browser, "q=crystal")).page.rows.map((r) => r.id)).toEqual([4]);
    expect((await load(browser, "q=MEMBER3")).page.rows.map((r) => r.id)).toEqual([3]);
    expect((await load(browser, "q=1002")).page.rows.map((r) => r.id)).toEqual([2]);
    expect((await load(browser, "q=2573")).page.rows.map((r) => r.id)).toEqual([3]);
    expect((await load(browser, "q=yes")).page.rows.map((r) => r.id)).toEqual([1, 3]);
    expect((await load(browser, "q=700000000000000004")).page.rows.map((r) => r.id)).toEqual([4]);
    const none = await load(browser, "q=nothing-like-this");
    expect(none.page.total).toBe(0);
    expect(none.q).toBe("nothing-like-this");
  });

  it("opens the Edit Code and delete confirmation states from the URL (the no-JavaScript path)", async () => {
    await seed([1, 2]);
    const browser = await signedIn();
    expect((await load(browser, `edit=${hex(2)}`)).editing).toMatchObject({ id: 2, username: "member2" });
    expect((await load(browser, `confirm=delete&id=${hex(1)}`)).deleting).toMatchObject({ id: 1 });
    expect((await load(browser, `edit=${hex(9)}`)).editing).toBeNull();
  });
});

describe("the Codes action", () => {
  const edit = (overrides: Record<string, string>) => ({
    intent: "update",
    _id: hex(2),
    id: "2",
    username: "member2",
    code: "1002",
    server: "2411",
    avatar: "",
    completed: "No",
    mainserver: "2446",
    location: "Red Ob",
    user: "700000000000000002",
    redirectTo: `/dashboard/codes?q=member&edit=${hex(2)}`,
    ...overrides,
  });

  it("saves the whole code from the Edit Code modal, free text, and says Code updated successfully!", async () => {
    await seed([1, 2]);
    const browser = await signedIn();
    const res = await browser.post(
      "/dashboard/codes",
      edit({ code: "ABC-9", location: "  ", completed: "Yes", server: "anything at all" }),
    );
    expect(res.status).toBe(302);
    expect(location(res)).toBe("/dashboard/codes?q=member");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Code updated successfully!" });
    expect(await stored(2)).toMatchObject({
      code: "ABC-9",
      location: null,
      completed: 1,
      server: "anything at all",
      username: "member2",
    });
    expect(await stored(1)).toMatchObject({ code: "1001" });
  });

  it("says Failed to update code. Please try again. when the host refuses, and changes nothing", async () => {
    await seed([1, 2]);
    const browser = await signedIn();
    await browser.post("/dashboard/codes", edit({ _id: hex(5), id: "5" }));
    expect(await toastOf(browser)).toEqual({ type: "error", message: "Failed to update code. Please try again." });
    await browser.post("/dashboard/codes", edit({ id: "1", code: "changed" })); // the id cannot change
    expect(await toastOf(browser)).toEqual({ type: "error", message: "Failed to update code. Please try again." });
    await browser.post("/dashboard/codes", edit({ code: "x".repeat(501) }));
    expect(await toastOf(browser)).toEqual({ type: "error", message: "Failed to update code. Please try again." });
    expect(await stored(2)).toMatchObject({ code: "1002" });
  });

  it("refuses a save based on an older version (409), shows both people's values, and saves on the newer version", async () => {
    await seed([2]);
    const browser = await signedIn();
    // Two people opened Edit Code on version 1; the first saves a new username.
    expect((await browser.post("/dashboard/codes", edit({ version: "1", username: "alice" }))).status).toBe(302);
    expect(await stored(2)).toMatchObject({ username: "alice", code: "1002", version: 2 });

    // The second saves a new code from the same version, without JavaScript: the page comes back with the modal open
    // on version 2, holding their values, with the first person's value under each field that differs.
    const page = await browser.post(`/dashboard/codes?edit=${hex(2)}`, edit({ version: "1", code: "XYZ" }));
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('data-testid="code-conflict"');
    expect(html).toContain("Someone else saved this code while you were editing it.");
    expect(html).toMatch(/name="version" value="2"/);
    expect(html).toMatch(/name="code"[^>]*value="XYZ"/);
    expect(html).toMatch(/Saved meanwhile: (<!-- -->)?<q>alice<\/q>/);
    expect(html).toMatch(/Saved meanwhile: (<!-- -->)?<q>1002<\/q>/);
    expect(await stored(2)).toMatchObject({ username: "alice", code: "1002", version: 2 });

    // With JavaScript (an in-place edit through a fetcher) the same refusal is JSON, with a toast.
    const fetched = await browser.post(dataPath("/dashboard/codes"), {
      ...edit({ version: "1", code: "XYZ" }),
      fetcher: "1",
    });
    expect(fetched.status).toBe(409);
    expect(await fetched.json()).toMatchObject({
      toast: { type: "error", message: "Not saved: someone else saved it first." },
      errors: { form: expect.stringContaining("Someone else saved this code") },
      conflict: {
        current: { username: "alice", code: "1002", version: 2 },
        submitted: { code: "XYZ", username: "member2" },
      },
    });

    // Saved again on version 2, keeping the first person's username: both edits are kept.
    expect(
      (await browser.post("/dashboard/codes", edit({ version: "2", username: "alice", code: "XYZ" }))).status,
    ).toBe(302);
    expect(await stored(2)).toMatchObject({ username: "alice", code: "XYZ", version: 3 });
  });

  it("deletes a code with Code deleted successfully!, and fails politely for an unknown one", async () => {
    await seed([1, 2, 3]);
    const browser = await signedIn();
    const res = await browser.post("/dashboard/codes", {
      intent: "delete",
      _id: hex(3),
      redirectTo: `/dashboard/codes?confirm=delete&id=${hex(3)}&page=1`,
    });
    expect(location(res)).toBe("/dashboard/codes?page=1");
    expect(await toastOf(browser)).toEqual({ type: "success", message: "Code deleted successfully!" });
    expect(await stored(3)).toBeNull();
    await browser.post("/dashboard/codes", { intent: "delete", _id: hex(3) });
    expect(await toastOf(browser)).toEqual({ type: "error", message: "Failed to delete code. Please try again." });
    expect((await load(browser)).page.rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("stays on the page whatever redirectTo says", async () => {
    await seed([1]);
    const browser = await signedIn();
    const res = await browser.post("/dashboard/codes", {
      intent: "delete",
      _id: hex(1),
      redirectTo: "//evil.example/codes",
    });
    expect(location(res)).toBe("/dashboard/codes");
  });
});

describe("the flash toast", () => {
  it("shows a toast only from a cookie the server signed: a forged one is ignored and cleared", async () => {
    const browser = await signedIn();
    const forged = btoa(JSON.stringify({ type: "success", message: "Forged!" }));
    browser.cookies.set("__toast", forged);
    const res = await browser.fetch(dataPath("/dashboard/codes", "routes/_shell"));
    expect(res.status).toBe(200);
    expect((await res.json<{ toast: unknown }>()).toast).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__toast=;"))).toBe(true);

    await seed([1]);
    await browser.post("/dashboard/codes", { intent: "delete", _id: hex(1), redirectTo: "/dashboard/codes" });
    const signed = await browser.fetch(dataPath("/dashboard/codes", "routes/_shell"));
    expect((await signed.json<{ toast: unknown }>()).toast).toEqual({
      type: "success",
      message: "Code deleted successfully!",
    });
  });
});
