// The Breeder List tab's loader and action through the Worker: summary and server filter, search, toggles and paging;
// one PATCH per row with the version check; the no-JavaScript row form; swap order; batch colours; nothing signed out.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { unpackRows, type PackedRows } from "#app/components/sheet/rules";
import { Browser, dataPath, fetcherPost, loadData, location, routeOutboundToSelf, signedIn, toastOf } from "./helpers";

const PAGE = "/dashboard/breeder-stats";
const ZERO = "Curent # of 0/0's";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["breeder_list", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

type Row = Record<string, unknown> & { _id: string; version: number; order: number; Dino: string };
type List = {
  failed: boolean;
  filter: string | null;
  toggles: { base: boolean; mut: boolean };
  size: number;
  page: { rows: Row[]; total: number; page: number; pageCount: number };
  summary: { breeders: number; servers: Record<string, number>; total: number; lastUpdated: string | null };
  editing: string | null;
};

async function create(browser: Browser, body: Record<string, unknown>): Promise<Row> {
  const res = await browser.fetch("/api/breeder-list", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status).toBe(201);
  return res.json();
}
const rows = async (browser: Browser) => (await (await browser.fetch("/api/breeder-list")).json()) as Row[];

/** The tab's loader data, its page's rows unpacked as the tab unpacks them. */
async function load(browser: Browser, search = ""): Promise<List> {
  const { list } = await loadData<{
    list: Omit<List, "page"> & { page: Omit<List["page"], "rows"> & { rows: PackedRows } };
  }>(browser, `${PAGE}?tab=breeder-list${search}`);
  return { ...list, page: { ...list.page, rows: unpackRows<Row>(list.page.rows) } };
}

const act = (browser: Browser, fields: Record<string, string>) =>
  fetcherPost(browser, PAGE, { tab: "breeder-list", ...fields });

describe("the Breeder List loader", () => {
  it("sums the 0/0 count per server, filters by server and search, and toggles the stat columns", async () => {
    const browser = await signedIn();
    await create(browser, { Dino: "Rex", Server: "2411", [ZERO]: 4, HP: 55 });
    await create(browser, { Dino: "Rex", Server: "2573", [ZERO]: 2 });
    await create(browser, { Dino: "Giga", Server: "2411", [ZERO]: 1, notes: "Stacking HP muts" });
    const all = await load(browser);
    expect(all.summary).toMatchObject({ breeders: 3, servers: { "2411": 5, "2573": 2, "2446": 0 }, total: 7 });
    expect(all.toggles).toEqual({ base: true, mut: false });
    expect(all.size).toBe(100);
    expect(all.page.rows.map((r) => r.Dino)).toEqual(["Rex", "Rex", "Giga"]);
    expect((await load(browser, "&server=2411")).page.rows.map((r) => r[ZERO])).toEqual([4, 1]);
    expect((await load(browser, "&q=stacking")).page.rows.map((r) => r.Dino)).toEqual(["Giga"]);
    expect((await load(browser, "&base=0&mut=1")).toggles).toEqual({ base: false, mut: true });
    // The summary stays the whole list's while a filter narrows the rows.
    expect((await load(browser, "&server=2573")).summary.total).toBe(7);
    // A page number typed by hand is read as a whole page, not sent on for the host to refuse.
    for (const typed of ["1.5", "abc", "-1"]) {
      const list = await load(browser, `&size=25&page=${typed}`);
      expect(list.failed, typed).toBe(false);
      expect(list.page.page, typed).toBe(1);
      expect(list.page.rows, typed).toHaveLength(3);
    }
  });

  it("says No breeders found in the page, and sends a signed-out visitor to sign in", async () => {
    const browser = await signedIn();
    expect((await load(browser)).page.total).toBe(0);
    const html = await (await browser.fetch(`${PAGE}?tab=breeder-list`)).text();
    expect(html).toContain("No breeders found");
    const anonymous = await new Browser().fetch(`${PAGE}?tab=breeder-list`);
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toMatch(/^\/login/);
  });
});

describe("the Breeder List action", () => {
  it("saves one PATCH per modified row with its version, and refuses a row someone saved first", async () => {
    const browser = await signedIn();
    const a = await create(browser, { Dino: "Rex", HP: 40 });
    const b = await create(browser, { Dino: "Giga", Negative: "FALSE" });
    // Someone else saves b after this browser loaded it.
    await browser.fetch(`/api/breeder-list/${b._id}`, {
      method: "PATCH",
      body: JSON.stringify({ notes: "theirs" }),
      headers: { "Content-Type": "application/json" },
    });
    const answer = await act(browser, {
      intent: "save",
      rows: JSON.stringify([
        { _id: a._id, version: a.version, fields: { HP: 65, Server: "2446" } },
        { _id: b._id, version: b.version, fields: { Negative: "TRUE" } },
      ]),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.saved).toEqual([a._id]);
    expect(answer.body.conflicts).toEqual([expect.objectContaining({ _id: b._id, version: b.version + 1 })]);
    const now = new Map((await rows(browser)).map((r) => [r._id, r]));
    expect(now.get(a._id)).toMatchObject({ HP: 65, Server: "2446", version: a.version + 1 });
    expect(now.get(b._id)).toMatchObject({ Negative: "FALSE", notes: "theirs" });
  });

  it("checks the no-JavaScript row form: a number column refuses text and nothing changes", async () => {
    const browser = await signedIn();
    const a = await create(browser, { Dino: "Rex", HP: 40 });
    const bad = await browser.post(dataPath(PAGE), {
      intent: "save-row",
      tab: "breeder-list",
      _id: a._id,
      version: String(a.version),
      HP: "lots",
      "was:HP": "40",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toBe("HP must be a number.");
    const blank = await browser.post(dataPath(PAGE), {
      intent: "save-row",
      tab: "breeder-list",
      _id: a._id,
      version: String(a.version),
      Dino: " ",
      "was:Dino": "Rex",
    });
    expect((await blank.json<{ error: string }>()).error).toBe("Dino is required.");
    expect((await rows(browser))[0]).toMatchObject({ HP: 40, version: a.version });

    const ok = await browser.post(PAGE, {
      intent: "save-row",
      tab: "breeder-list",
      _id: a._id,
      version: String(a.version),
      HP: "61",
      "was:HP": "40",
      Negative: "TRUE",
      "was:Negative": "",
    });
    expect(location(ok)).toBe(PAGE);
    expect(await toastOf(browser)).toMatchObject({ type: "success", message: "Successfully saved 1 change!" });
    expect((await rows(browser))[0]).toMatchObject({ HP: 61, Negative: "TRUE" });
  });

  it("stores the order of a reordered page, and moves one row without JavaScript", async () => {
    const browser = await signedIn();
    const [a, b, c] = [
      await create(browser, { Dino: "A" }),
      await create(browser, { Dino: "B" }),
      await create(browser, { Dino: "C" }),
    ];
    const order = await act(browser, { intent: "order", ids: JSON.stringify([c._id, b._id, a._id]) });
    expect(order.body).toMatchObject({ ok: true, message: "Order saved successfully!" });
    expect((await rows(browser)).map((r) => r.Dino)).toEqual(["C", "B", "A"]);
    const move = await browser.post(PAGE, { intent: "move", tab: "breeder-list", _id: a._id, direction: "up" });
    expect(location(move)).toBe(PAGE);
    expect((await rows(browser)).map((r) => r.Dino)).toEqual(["C", "A", "B"]);
    await browser.post(PAGE, { intent: "move", tab: "breeder-list", _id: c._id, direction: "up" });
    expect(await toastOf(browser)).toMatchObject({ type: "warning", message: "This row is already the first." });
  });

  it("colours cells in one batch-color call and whole rows by their text colour; refuses an unknown column", async () => {
    const browser = await signedIn();
    const a = await create(browser, { Dino: "Rex" });
    const b = await create(browser, { Dino: "Giga" });
    const ok = await act(browser, {
      intent: "colour",
      colour: "#ff0000",
      cells: JSON.stringify([{ _id: a._id, columns: ["HP", "Days since"] }]),
      rows: JSON.stringify([b._id]),
    });
    expect(ok.body).toMatchObject({ ok: true, count: 2 });
    const now = new Map((await rows(browser)).map((r) => [r._id, r]));
    expect(now.get(a._id)!.fieldColors).toEqual({ HP: "#ff0000", "Days since": "#ff0000" });
    expect(now.get(b._id)!.textColor).toBe("#ff0000");
    const bad = await act(browser, {
      intent: "colour",
      colour: "#ff0000",
      cells: JSON.stringify([{ _id: a._id, columns: ["nope"] }]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("An error occurred while saving the text color.");
  });

  it("changes nothing for a signed-out caller", async () => {
    const browser = await signedIn();
    const a = await create(browser, { Dino: "Rex", HP: 40 });
    const anonymous = await new Browser().post(PAGE, {
      intent: "save",
      tab: "breeder-list",
      rows: JSON.stringify([{ _id: a._id, version: 1, fields: { HP: 1 } }]),
    });
    expect([302, 401]).toContain(anonymous.status);
    expect((await rows(browser))[0]).toMatchObject({ HP: 40 });
  });
});
