// The 2411 Stock page's loader, through the Worker as a browser calls it: tabs, derived values, search and paging,
// history, the colours' legend, the first load's assets, and the last good rows when the host fails.
import { describe, expect, it } from "vitest";
import { dataPath, signedIn } from "./helpers";
import { addRow, addSnapshot, cells, vault } from "./stock-fixtures";
import { externalHost } from "./cron-fixtures";
import { withStockPage, PAGE, stored, load } from "./stock-page-fixtures";

withStockPage();

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
