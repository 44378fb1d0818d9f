// The 2411 Stock page's loader and action, through the Worker as a browser (or a fetcher) calls them: tabs, derived
// values, search and paging, history, the version check between two officers, the no-JavaScript row form's numeric
// parsing, order, colours and images.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { DEMO_ROLES } from "#worker/discord-standin";
import {
  Browser,
  dataPath,
  fetcherPost,
  grant,
  loadData,
  location,
  MEMBER,
  MEMBER_NO_DISPLAY_NAME,
  routeOutboundToSelf,
  signedIn,
  toastOf,
} from "./helpers";
import { addRow, addSnapshot, cells, vault } from "./stock-fixtures";
import { externalHost } from "./cron-fixtures";

const PAGE = "/dashboard/stock-2411";
const SECOND = "300000000000000002"; // Tek Breeder

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["stock_items", "stock_history", "item_images", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)),
  );
  // The other members (Tek Breeder, vaultkeeper) change stock too (contract/access.ts).
  await grant(DEMO_ROLES.breeder.id, { stock: "edit" });
  await grant(DEMO_ROLES.officer.id, { stock: "edit" });
});
afterEach(() => outbound.mockRestore());

const stored = async (id: string) => {
  const row = await env.DB.prepare("select * from stock_items where _id = ?").bind(id).first<Record<string, unknown>>();
  return {
    ...row!,
    data: JSON.parse(String(row!.data)),
    field_colors: JSON.parse(String(row!.field_colors)),
  } as Record<string, unknown> & {
    data: Record<string, unknown>;
    field_colors: Record<string, string>;
  };
};

type Row = Record<string, unknown> & { _id: string; version: number };
type Data = {
  tab: string;
  label: string;
  size: number;
  q: string;
  page: { rows: Row[]; page: number; pageCount: number; total: number; from: number; to: number };
  allIds: string[];
  itemNames: string[];
  history: { id: string; label: string; updatedBy: string | null }[];
  historyView: { id: string; figures: Record<string, number | null> } | null;
  lastUpdated: { by: string } | null;
  summary: { items: number; total: number; atTarget: number; belowTarget: number };
  editing: string | null;
};

const load = (browser: Browser, search = "") => loadData<Data>(browser, `${PAGE}${search}`);

/** The page's action as a fetcher calls it (JSON back). */
const act = (browser: Browser, fields: Record<string, string>) => fetcherPost(browser, PAGE, fields);

describe("the Stock loader", () => {
  it("shows War Room Vaults by default with its derived values, 100 rows a page, and remembers the tab asked for", async () => {
    const element = await addRow("war-room-vaults", vault("Element", [350, 350, 0, 120], 1400), { order: 0 });
    await addRow("war-room-vaults", vault("Empty Item 1", [], null), { order: 1 });
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 1), "Tek Breeder", [{ itemId: element, currentStock: 700 }]);
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 2), "Rex Rider", [{ itemId: element, currentStock: 820 }]);
    const browser = await signedIn();
    const data = await load(browser);
    expect(data.tab).toBe("war-room-vaults");
    expect(data.label).toBe("War Room Vaults");
    expect(data.size).toBe(100);
    const [row] = data.page.rows;
    expect(row).toMatchObject({ item: "Element", currentStock: 820, maxcount: 1400, percentage: 59, prevStock: 700 });
    expect(data.summary).toEqual({ items: 1, total: 820, atTarget: 0, belowTarget: 1 });
    expect(data.itemNames).toEqual(["Element", "Empty Item 1"]);
    // The newest snapshot is the current state: only the older one is a past version.
    expect(data.history.map((h) => h.updatedBy)).toEqual(["Tek Breeder"]);

    const dinos = await browser.fetch(dataPath(`${PAGE}?tab=war-room-dinos`));
    expect(dinos.headers.get("Set-Cookie")).toContain("stock-2411-tab=war-room-dinos");
    expect((await load(browser)).tab).toBe("war-room-dinos"); // no ?tab=: the remembered one
    expect((await load(browser, "?tab=nonsense")).tab).toBe("war-room-dinos");
  });

  it("derives dino and dedis figures, searches every column, pages and shows a past version per row", async () => {
    const rex = await addRow(
      "war-room-dinos",
      { dino: "Rex", type: "Soaker", ready: cells(16, [3, 4]), unready: cells(16, [2]), target: 20 },
      { order: 0 },
    );
    await addRow(
      "war-room-dinos",
      { dino: "Dodo", type: null, ready: cells(16), unready: cells(16), target: 0 },
      { order: 1 },
    );
    await addSnapshot("war-room-dinos", Date.UTC(2026, 0, 1), "A", [{ itemId: rex, totalRaised: 4 }]);
    await addSnapshot("war-room-dinos", Date.UTC(2026, 0, 2), "B", [{ itemId: rex, totalRaised: 6 }]);
    await addSnapshot("war-room-dinos", Date.UTC(2026, 0, 3), "C", [{ itemId: rex, totalRaised: 9 }]);
    const dedis = await addRow(
      "war-room-dedis",
      { item: "Polymer", currentStock: 80, previousStock: 120, target: null, todo: null },
      { order: 0 },
    );
    const browser = await signedIn();

    const data = await load(browser, "?tab=war-room-dinos");
    expect(data.page.rows[0]).toMatchObject({
      warReady: 7,
      notReady: 2,
      totalRaised: 9,
      needsRaised: 11,
      percentage: 45,
      currentStock: 9,
      prevStock: 6,
      different: 3,
    });
    expect(data.page.rows[1]).toMatchObject({ type: null, totalRaised: 0, percentage: 0, needsRaised: 0 });
    expect((await load(browser, "?tab=war-room-dinos&q=unknown")).page.rows.map((r) => r.dino)).toEqual(["Dodo"]);
    expect((await load(browser, "?tab=war-room-dinos&q=SOAK")).page.rows.map((r) => r.dino)).toEqual(["Rex"]);

    // Version History: the two past snapshots, newest first; choosing one gives each row's figure then.
    expect(data.history.map((h) => h.updatedBy)).toEqual(["B", "A"]);
    const past = await load(browser, `?tab=war-room-dinos&history=${data.history[1].id}`);
    expect(past.historyView!.figures[rex]).toBe(4);

    const dedisData = await load(browser, "?tab=war-room-dedis");
    expect(dedisData.page.rows[0]).toMatchObject({ _id: dedis, target: 100, stockUsed: -40, percentage: 80 });
  });

  it("pages with sizes 25, 50 and 100 (default 100)", async () => {
    for (let i = 0; i < 60; i++)
      await addRow(
        "defense-room-dedis",
        { item: `Item ${String(i).padStart(2, "0")}`, currentStock: i, maxStock: 100, todo: null },
        { order: i },
      );
    const browser = await signedIn();
    expect((await load(browser, "?tab=defense-room-dedis")).page).toMatchObject({
      total: 60,
      from: 1,
      to: 60,
      pageCount: 1,
    });
    const second = await load(browser, "?tab=defense-room-dedis&size=25&page=2");
    expect(second.page).toMatchObject({ page: 2, from: 26, to: 50, pageCount: 3 });
    expect(second.page.rows[0].item).toBe("Item 25");
    expect((await load(browser, "?tab=defense-room-dedis&size=7")).size).toBe(100);
  });
});

describe("saving through the page's action", () => {
  it("refuses a row another officer saved since it was loaded, naming who and when, and saves the others", async () => {
    const x = await addRow("war-room-vaults", vault("Element", [350, 350], 700), { order: 0 });
    const y = await addRow("war-room-vaults", vault("Polymer", [100], 350), { order: 1 });
    const rex = await signedIn(MEMBER);
    const tek = await signedIn(SECOND);
    const seenByRex = await load(rex);
    const seenByTek = await load(tek);
    const version = (d: Data, id: string) => d.page.rows.find((r) => r._id === id)!.version;

    // Tek saves row X first.
    const first = await act(tek, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([
        { _id: x, version: version(seenByTek, x), fields: { counts: cells(18, [350, 350, 200]) } },
      ]),
    });
    expect(first.body).toMatchObject({ saved: [x], conflicts: [], failed: [] });

    // Rex saves X (from the version he loaded) and Y: Y is saved, X is refused with a message naming Tek Breeder.
    const second = await act(rex, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([
        { _id: x, version: version(seenByRex, x), fields: { counts: cells(18, [1, 350]) } },
        { _id: y, version: version(seenByRex, y), fields: { todo: "Craft 50" } },
      ]),
    });
    expect(second.body.saved).toEqual([y]);
    const conflicts = second.body.conflicts as { _id: string; message: string; version: number }[];
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]._id).toBe(x);
    expect(conflicts[0].message).toMatch(/^Element was changed by Tek Breeder at \d{4}-\d\d-\d\dT/);
    expect(conflicts[0].version).toBe(2);
    expect((await stored(x)).data.counts).toEqual(cells(18, [350, 350, 200])); // Tek's save stands
    expect((await stored(y)).data.todo).toBe("Craft 50");
    expect((await stored(y)).updated_by).toBe("Rex Rider");

    // Applied again on purpose (the current version), Rex's value is saved.
    const third = await act(rex, {
      intent: "save",
      tab: "war-room-vaults",
      rows: JSON.stringify([{ _id: x, version: 2, fields: { counts: cells(18, [1, 350, 200]) } }]),
    });
    expect(third.body).toMatchObject({ saved: [x], conflicts: [] });
    expect((await stored(x)).data.counts).toEqual(cells(18, [1, 350, 200]));
  });

  it("records the username as the editor when there is no display name", async () => {
    const x = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null });
    const keeper = await signedIn(MEMBER_NO_DISPLAY_NAME);
    await act(keeper, {
      intent: "save",
      tab: "defense-room-dedis",
      rows: JSON.stringify([{ _id: x, version: 1, fields: { currentStock: 5 } }]),
    });
    expect((await stored(x)).updated_by).toBe("vaultkeeper");
  });

  it("parses the no-JavaScript row form by the sheet's rules and saves only the changed cells", async () => {
    const x = await addRow("war-room-dedis", {
      item: "Polymer",
      currentStock: 80,
      previousStock: 120,
      target: 300,
      todo: "Farm",
    });
    const rex = await signedIn();
    const form = (values: Record<string, string>, was: Record<string, string>, version = "1") => ({
      intent: "save-row",
      tab: "war-room-dedis",
      _id: x,
      version,
      redirectTo: `${PAGE}?tab=war-room-dedis&edit=${x}`,
      ...values,
      ...Object.fromEntries(Object.entries(was).map(([k, v]) => [`was:${k}`, v])),
    });
    const was = { item: "Polymer", currentStock: "80", previousStock: "120", target: "300", todo: "Farm" };
    const res = await rex.post(
      PAGE,
      form({ item: "Polymer", currentStock: "", previousStock: "1,250", target: "lots", todo: "Farm" }, was),
    );
    expect(res.status).toBe(302);
    expect(location(res)).toBe(`${PAGE}?tab=war-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Successfully saved 1 changes!" });
    const row = await stored(x);
    expect(row.data).toMatchObject({
      item: "Polymer",
      currentStock: null,
      previousStock: 1250,
      target: 0,
      todo: "Farm",
    });
    expect(row.updated_by).toBe("Rex Rider");

    // Nothing changed: nothing saved.
    const same = { item: "Polymer", currentStock: "", previousStock: "1250", target: "0", todo: "Farm" };
    await rex.post(PAGE, form(same, same, "2"));
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "No changes to save" });

    // A name may not be emptied.
    const empty = await rex.post(dataPath(PAGE), form({ ...same, item: " " }, same, "2"));
    expect(empty.status).toBe(400);
    expect((await empty.json<{ error: string }>()).error).toBe("Item Name is required.");
    // Nor made longer than a name can be; nothing is saved.
    const long = await rex.post(dataPath(PAGE), form({ ...same, item: "x".repeat(201) }, same, "2"));
    expect(long.status).toBe(400);
    expect((await long.json<{ error: string }>()).error).toBe("Item Name can be at most 200 characters.");
    expect((await stored(x)).data.item).toBe("Polymer");
  });

  it("refuses a stale row form and hands back the typed values with the current version", async () => {
    const x = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null });
    const rex = await signedIn();
    const tek = await signedIn(SECOND);
    await act(tek, {
      intent: "save",
      tab: "defense-room-dedis",
      rows: JSON.stringify([{ _id: x, version: 1, fields: { maxStock: 50 } }]),
    });
    const res = await rex.post(dataPath(PAGE), {
      intent: "save-row",
      tab: "defense-room-dedis",
      _id: x,
      version: "1",
      redirectTo: `${PAGE}?tab=defense-room-dedis&edit=${x}`,
      item: "Crystal",
      "was:item": "Crystal",
      currentStock: "7",
      "was:currentStock": "1",
      maxStock: "10",
      "was:maxStock": "10",
    });
    expect(res.status).toBe(409);
    const body = await res.json<{ conflict: string; values: Record<string, string>; version: number }>();
    expect(body.conflict).toMatch(/^Crystal was changed by Tek Breeder at /);
    expect(body.values).toEqual({ currentStock: "7" }); // only what Rex changed
    expect(body.version).toBe(2);
    expect((await stored(x)).data).toMatchObject({ currentStock: 1, maxStock: 50 });
    // Saved again with the current version: Rex's cell and Tek's cell both stand.
    await rex.post(PAGE, {
      intent: "save-row",
      tab: "defense-room-dedis",
      _id: x,
      version: "2",
      redirectTo: PAGE,
      currentStock: "7",
      "was:currentStock": "1",
      maxStock: "50",
      "was:maxStock": "50",
    });
    expect((await stored(x)).data).toMatchObject({ currentStock: 7, maxStock: 50 });
  });
});

describe("order, colours and images", () => {
  it("saves a reordered page into its slots of the whole tab", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        await addRow(
          "admin-logistics-dedis",
          { item: `Item ${i}`, currentStock: i, maxStock: 10, todo: null },
          { order: i },
        ),
      );
    const rex = await signedIn();
    // A search showed rows 1, 3 and 4; they were dragged into the order 4, 1, 3.
    const res = await act(rex, {
      intent: "order",
      tab: "admin-logistics-dedis",
      ids: JSON.stringify([ids[4], ids[1], ids[3]]),
    });
    expect(res.body).toMatchObject({ ok: true, message: "Order saved successfully!" });
    expect((await load(rex, "?tab=admin-logistics-dedis")).allIds).toEqual([ids[0], ids[4], ids[2], ids[1], ids[3]]);
  });

  it("moves a row one place up or down without JavaScript, and says when it cannot", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await addRow(
          "defense-room-dedis",
          { item: `Item ${i}`, currentStock: i, maxStock: 10, todo: null },
          { order: i },
        ),
      );
    const rex = await signedIn();
    // The buttons are in the row being edited (ADR 055): a move comes back to it, still open, to move again.
    const back = `${PAGE}?tab=defense-room-dedis&q=Item&page=1&edit=${ids[2]}`;
    const move = (_id: string, direction: string) =>
      rex.post(PAGE, { intent: "move", tab: "defense-room-dedis", _id, direction, redirectTo: back });
    const order = async () => (await load(rex, "?tab=defense-room-dedis")).allIds;

    const res = await move(ids[2], "up");
    expect(location(res)).toBe(back);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Order saved successfully!" });
    expect(await order()).toEqual([ids[0], ids[2], ids[1]]);

    await move(ids[0], "down");
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);

    // At either end nothing changes.
    await move(ids[2], "up");
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "This row is already the first." });
    await move(ids[1], "down");
    expect(await toastOf(rex)).toEqual({ type: "warning", message: "This row is already the last." });
    await move(ids[1], "sideways");
    expect(await toastOf(rex)).toEqual({ type: "error", message: "Failed to save order" });
    expect(await order()).toEqual([ids[2], ids[0], ids[1]]);
  });

  it("colours a whole row or one of its columns from the no-JavaScript row form", async () => {
    const x = await addRow("defense-room-dedis", { item: "Cryopod", currentStock: 5, maxStock: 10, todo: null });
    const rex = await signedIn();
    const back = `${PAGE}?tab=defense-room-dedis&edit=${x}`;
    const colour = (fields: Record<string, string>) =>
      rex.post(PAGE, { intent: "colour", tab: "defense-room-dedis", _id: x, redirectTo: back, ...fields });

    const res = await colour({ colour: "#2F9E44", target: "" });
    expect(location(res)).toBe(`${PAGE}?tab=defense-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Text color saved." });
    expect((await stored(x)).text_color).toBe("#2f9e44");

    await colour({ colour: "#E03131", target: "currentStock" });
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Text color saved." });
    expect((await stored(x)).field_colors).toEqual({ currentStock: "#e03131" });

    // A column the tab does not have, or no colour: refused, nothing changed.
    await colour({ colour: "#E03131", target: "nope" });
    expect(await toastOf(rex)).toEqual({ type: "error", message: "An error occurred while saving the text color." });
    await colour({ colour: "green", target: "" });
    expect(await toastOf(rex)).toEqual({ type: "error", message: "An error occurred while saving the text color." });
    const row = await stored(x);
    expect(row.field_colors).toEqual({ currentStock: "#e03131" });
    expect(row.text_color).toBe("#2f9e44");
  });

  it("colours selected cells (fieldColors) and whole rows (textColor)", async () => {
    const x = await addRow("admin-logistic-vaults", {
      item: "Narcotic",
      counts: cells(12, [350]),
      target: 350,
      todo: null,
    });
    const y = await addRow(
      "admin-logistic-vaults",
      { item: "Stimulant", counts: cells(12), target: 350, todo: null },
      { order: 1 },
    );
    const rex = await signedIn();
    const res = await act(rex, {
      intent: "colour",
      tab: "admin-logistic-vaults",
      colour: "#C2255C",
      cells: JSON.stringify([{ _id: x, columns: ["count1", "stock"] }]),
      rows: JSON.stringify([y]),
    });
    expect(res.body).toMatchObject({ ok: true, count: 2 });
    expect((await stored(x)).field_colors).toEqual({ count1: "#c2255c", stock: "#c2255c" });
    expect((await stored(y)).text_color).toBe("#c2255c");
    const bad = await act(rex, {
      intent: "colour",
      tab: "admin-logistic-vaults",
      colour: "red",
      cells: "[]",
      rows: "[]",
    });
    expect(bad.body.error).toBe("An error occurred while saving the text color.");
  });

  it("checks the Add Item Image form, reduces a pasted wiki link and updates every tab on request", async () => {
    await addRow("war-room-dedis", {
      item: "Metal Ingot",
      currentStock: 1,
      previousStock: null,
      target: 100,
      todo: null,
    });
    await addRow("defense-room-dedis", { item: "Metal Ingot", currentStock: 1, maxStock: 10, todo: null });
    await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null }, { order: 1 });
    const rex = await signedIn();
    const image = (fields: Record<string, string>) => act(rex, { intent: "image", tab: "war-room-dedis", ...fields });

    expect((await image({ itemName: "", imageUrl: "https://x.example/a.png" })).body.error).toBe(
      "Please fill in both item name and image URL",
    );
    expect((await image({ itemName: "Crystal", imageUrl: "https://x.example/a.png" })).body.error).toBe(
      "Item not found. Please make sure you're on the correct tab and enter the exact item name as it appears in the table.",
    );
    const one = await image({ itemName: "Metal Ingot", imageUrl: "https://x.example/ingot.jpg" });
    expect(one.body).toMatchObject({ ok: true, message: "Image added successfully for Metal Ingot!" });

    const all = await image({
      itemName: "Metal Ingot",
      imageUrl: "look: https://ark.wiki.gg/images/thumb/4/4c/Metal_Ingot.png/120px-Metal_Ingot.png?x=1",
      updateAllMatching: "true",
    });
    expect(all.body).toMatchObject({
      ok: true,
      message: "Image updated successfully for 2 items with name Metal Ingot across all tabs!",
    });
    const urls = await env.DB.prepare(
      "select tab, image_url from stock_items where json_extract(data, '$.item') = 'Metal Ingot' order by tab",
    ).all();
    expect(urls.results).toEqual([
      { tab: "defense-room-dedis", image_url: "https://ark.wiki.gg/images/4/4c/Metal_Ingot.png" },
      { tab: "war-room-dedis", image_url: "https://ark.wiki.gg/images/4/4c/Metal_Ingot.png" },
    ]);

    // Without JavaScript a success comes back as a redirect with the toast.
    const res = await rex.post(PAGE, {
      intent: "image",
      tab: "war-room-dedis",
      itemName: "Metal Ingot",
      imageUrl: "https://x.example/b.png",
      redirectTo: `${PAGE}?tab=war-room-dedis&dialog=image`,
    });
    expect(location(res)).toBe(`${PAGE}?tab=war-room-dedis`);
    expect(await toastOf(rex)).toEqual({ type: "success", message: "Image added successfully for Metal Ingot!" });
  });
});

describe("the Stock page's colours", () => {
  it("marks a picked colour for the theme to show readable, keeps the stored one, and explains the colours in a legend", async () => {
    const x = await addRow(
      "defense-room-dedis",
      { item: "Stimulant", currentStock: 5, maxStock: 10, todo: null },
      { fieldColors: { currentStock: "#fab005" } },
    );
    const rex = await signedIn();
    const html = await (await rex.fetch(`${PAGE}?tab=defense-room-dedis`)).text();
    const row = html.slice(html.indexOf(`data-row="${x}"`), html.indexOf("</tr>", html.indexOf(`data-row="${x}"`)));
    // The cell carries the colour as picked, for .pick (app.css) to show readable in the page's theme; it is stored so.
    expect(row).toMatch(/<td class="num pick"[^>]* style="--pick:#fab005">5<\/td>/);
    expect((await stored(x)).field_colors).toEqual({ currentStock: "#fab005" });

    const dinos = await (await rex.fetch(`${PAGE}?tab=war-room-dinos`)).text();
    const legend = dinos.slice(dinos.indexOf('data-testid="stock-legend"'));
    for (const type of ["DPS", "Flyer", "Soaker", "Support"]) expect(legend).toContain(`</span>${type}</li>`);
    const vaults = await (await rex.fetch(`${PAGE}?tab=war-room-vaults`)).text();
    expect(vaults.slice(vaults.indexOf('data-testid="stock-legend"'))).toContain("Full (350)");
  });
});

describe("the Stock page's first load", () => {
  it("asks for the grid's code in <head>, with the page, not after hydration", async () => {
    const html = await (await (await signedIn()).fetch(PAGE)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(
      /<link rel="modulepreload" href="\/assets\/SheetGrid\.client-[\w-]+\.js" media="\(min-width: 641px\)"\/>/,
    );
    // glide-data-grid with the modules only the grids import, in one file (ADR 059).
    expect(head).toMatch(/<link rel="modulepreload" href="\/assets\/grid-[\w-]+\.js" media="\(min-width: 641px\)"\/>/);
  });

  it("asks for two stylesheets: the app's, with the parts' and glide-data-grid's inside it, and the sheet's (ADR 059)", async () => {
    const html = await (await (await signedIn()).fetch(PAGE)).text();
    const sheets = new Set(
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((m) => m[1].replace(/-[\w-]+\.css$/, "")),
    );
    expect([...sheets]).toEqual(["/assets/app", "/assets/stock"]);
  });

  it("asks for the grid's chunks before the page's own modules (ADR 052)", async () => {
    const html = await (await (await signedIn()).fetch(PAGE)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"(?: media="[^"]+")?\/>/g)].map(
      (m) => m[1],
    );
    const grid = preloads.findIndex((href) => /\/SheetGrid\.client-/.test(href));
    const entry = preloads.findIndex((href) => /\/entry\.client-/.test(href));
    const route = preloads.findIndex((href) => /\/route-/.test(href));
    expect(grid).toBeGreaterThanOrEqual(0);
    expect(entry).toBeGreaterThan(grid);
    expect(route).toBeGreaterThan(grid);
  });
});

describe("the Stock page when the host fails (HOST_URL)", () => {
  const NO_CACHE = { HOST_CACHE_TTL: "0", HOST_CACHE_SWR: "0" };
  const failing = () => Response.json({ error: "internal", message: "Database is restarting" }, { status: 500 });

  it("shows the last good rows marked stale with their age, never an empty tab", async () => {
    await addRow("war-room-vaults", vault("Black Pearl", [5], 10), { order: 0 });
    const browser = await signedIn();
    const good = await (await browser.fetch("/api/stock-2411")).text();
    let up = true;
    const host = externalHost(
      "stock-stale",
      (_request, url) => (!up ? failing() : url.pathname.endsWith("/history") ? Response.json([]) : new Response(good)),
      NO_CACHE,
    )(browser);
    expect(await (await host.get(PAGE)).text()).not.toContain("The host is not answering");
    up = false;
    const html = await (await host.get(PAGE)).text();
    expect(html).toMatch(/The host is not answering: <!-- -->showing <!-- -->War Room Vaults<!-- --> as of <!-- -->\d/);
    expect(html).toContain("Black Pearl");
    expect(html).not.toContain("No stock items yet.");
  });

  it("says why nothing could be read, with Retry, when the host fails and nothing was cached", async () => {
    const browser = await signedIn();
    const html = await (await externalHost("stock-down", failing, NO_CACHE)(browser).get(PAGE)).text();
    expect(html).toContain("Could not load War Room Vaults: Database is restarting");
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/stock-2411"[^>]*>Retry<\/a>/);
    expect(html).not.toContain("No stock items yet.");
  });
});
