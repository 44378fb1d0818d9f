// The 2411 stock sheet's API inside workerd with the real D1 and live room: reading a tab and its history, and
// what the isolate keeps.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#worker/domain/context";
import { listHistory, listRows } from "#worker/domain/stock";
import { ORIGIN, pageFetch } from "./helpers";
import { addRow, addSnapshot, cells, vault } from "./stock-fixtures";
import { withStockApi, UNKNOWN, api } from "./api-stock-fixtures";

withStockApi();

describe("reading a tab", () => {
  it("needs a session or an API token", async () => {
    const anonymous = await pageFetch(`${ORIGIN}/api/stock-2411`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: "unauthorized" });
    const write = await pageFetch(`${ORIGIN}/api/stock-2411/${UNKNOWN}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(write.status).toBe(401);
    // A signed-in browser reads it with its cookie, a bot with its token.
    expect((await api.browser.fetch("/api/stock-2411")).status).toBe(200);
    expect((await api.send("GET", "/api/stock-2411")).status).toBe(200);
  });

  it("war room vaults: rows by order with the common fields, the tab's fields and the derived columns", async () => {
    const element = await addRow("war-room-vaults", vault("Element", [350, 350, 200], 1400, "farm"), {
      order: 1,
      fieldColors: { count1: "#ff0000" },
    });
    const empty = await addRow("war-room-vaults", vault("Empty Item 1", [], null), { order: 2 });
    const rifle = await addRow("war-room-vaults", vault("Tek Rifle", [12], 0), { order: 0, version: 4 });
    await addRow("defense-room-vaults", { item: "Other tab", counts: cells(18), maxStock: 1 });
    // The newest snapshot is the current state; the one before it gives Prev Stock.
    await addSnapshot("war-room-vaults", Date.now() - 7200_000, "Older", [{ itemId: element, currentStock: 100 }]);
    await addSnapshot("war-room-vaults", Date.now() - 3600_000, "Before", [
      { itemId: element, currentStock: 600 },
      { itemId: rifle, currentStock: 10 },
    ]);
    await addSnapshot("war-room-vaults", Date.now(), "Latest", [
      { itemId: element, currentStock: 900 },
      { itemId: rifle, currentStock: 12 },
    ]);

    const rows = await api.get("/api/stock-2411");
    expect(rows.map((r) => r._id)).toEqual([rifle, element, empty]);
    expect(Object.keys(rows[1]).sort()).toEqual(
      [
        "_id",
        "order",
        "imageUrl",
        "isEmpty",
        "fieldColors",
        "textColor",
        "item",
        "counts",
        "maxcount",
        "todo",
        "currentStock",
        "percentage",
        "prevStock",
        "version",
        "updatedAt",
        "updatedBy",
      ].sort(),
    );
    expect(rows[1]).toMatchObject({
      item: "Element",
      currentStock: 900,
      maxcount: 1400,
      percentage: 64,
      prevStock: 600,
      todo: "farm",
      isEmpty: false,
      fieldColors: { count1: "#ff0000" },
      textColor: null,
      version: 1,
      updatedAt: "2026-01-02T03:04:05.001Z", // the fixture saves rows in their order, a millisecond apart
      updatedBy: "Seeder",
    });
    expect(rows[1].counts).toEqual(cells(18, [350, 350, 200]));
    expect(rows[0]).toMatchObject({ item: "Tek Rifle", percentage: 0, prevStock: 10, version: 4 });
    expect(rows[2]).toMatchObject({ item: "Empty Item 1", isEmpty: true, currentStock: 0, prevStock: null });
  });

  it("every other tab answers its own shape", async () => {
    await addRow("defense-room-vaults", { item: "Cryopod", counts: cells(18, [100, 50]), maxStock: 300, todo: null });
    await addRow("admin-logistic-vaults", { item: "Polymer", counts: cells(12, [60, 60]), target: 240, todo: "craft" });
    await addRow("defense-room-dedis", { item: "Crystal", currentStock: 30, maxStock: 120, todo: null });
    await addRow("admin-logistics-dedis", { item: "Black Pearl", currentStock: 5, maxStock: 10, todo: null });
    await addRow("war-room-dedis", { item: "Metal Ingot", currentStock: 80, previousStock: 95, todo: null });
    const ready = cells(16, [2, 3]);
    const unready = cells(16, [1]);
    await addRow("war-room-dinos", { dino: "Rex", type: "Soaker", ready, unready, target: 20, lastSync: null });
    await addRow("defense-room-dinos", {
      dino: "Stego",
      type: "Support",
      ready: cells(16, [4]),
      unready: cells(16),
      target: 2,
    });

    const [defense] = await api.get("/api/defense-room-vaults");
    expect(defense).toMatchObject({
      item: "Cryopod",
      currentStock: 150,
      maxStock: 300,
      percentage: 50,
      prevStock: null,
    });
    const [admin] = await api.get("/api/admin-logistic-vaults");
    expect(admin).toMatchObject({ item: "Polymer", stock: 120, target: 240, percentage: 50, todo: "craft" });
    expect(admin.counts).toHaveLength(12);
    const [dedis] = await api.get("/api/defense-room-dedis");
    expect(dedis).toMatchObject({ item: "Crystal", currentStock: 30, maxStock: 120, percentage: 25 });
    const [adminDedis] = await api.get("/api/admin-logistics-dedis");
    expect(adminDedis).toMatchObject({ item: "Black Pearl", currentStock: 5, maxStock: 10, percentage: 50 });
    const [warDedis] = await api.get("/api/stock-2411-dedis");
    expect(warDedis).toMatchObject({
      item: "Metal Ingot",
      currentStock: 80,
      previousStock: 95,
      stockUsed: -15,
      target: 100,
      percentage: 80,
    });
    const [rex] = await api.get("/api/stock-2411-dinos");
    expect(rex).toMatchObject({
      dino: "Rex",
      type: "Soaker",
      ready,
      unready,
      warReady: 5,
      notReady: 1,
      totalRaised: 6,
      target: 20,
      percentage: 30,
      needsRaised: 14,
      currentStock: 6,
      different: null,
      lastSync: null,
    });
    const [stego] = await api.get("/api/defense-room-dinos");
    expect(stego).toMatchObject({
      dino: "Stego",
      warReady: 4,
      totalRaised: 4,
      target: 2,
      percentage: 200,
      needsRaised: 0,
    });
  });

  it("history: snapshots newest first, with a limit", async () => {
    const element = await addRow("war-room-vaults", vault("Element", [1], 10));
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 1), "Rex Rider", [{ itemId: element, currentStock: 1 }]);
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 3), "Tek Breeder", [{ itemId: element, currentStock: 3 }]);
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 2), "Vault Keeper", [{ itemId: element, currentStock: 2 }]);
    await addSnapshot("war-room-dedis", Date.UTC(2026, 0, 4), "Other tab", []);
    const history = await api.get("/api/stock-2411/history");
    expect(history.map((h) => h.updatedBy)).toEqual(["Tek Breeder", "Vault Keeper", "Rex Rider"]);
    expect(history[0]).toEqual({
      _id: expect.any(String),
      id: expect.any(Number),
      date: "2026-01-03T00:00:00.000Z",
      updatedBy: "Tek Breeder",
      items: [{ itemId: element, currentStock: 3 }],
    });
    expect(history[0]._id).toBe(String(history[0].id));
    expect(await api.get("/api/stock-2411/history?limit=1")).toHaveLength(1);
    const bad = await api.send("GET", "/api/stock-2411/history?limit=0");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "validation", field: "limit" });
    // The dates alone (the page's Version History select), and one snapshot whole by its id, of this tab only.
    expect(await api.get("/api/stock-2411/history?items=0")).toEqual(history.map(({ items, ...date }) => date));
    expect(await api.get(`/api/stock-2411/history?id=${history[1].id}`)).toEqual([history[1]]);
    expect(await api.get(`/api/stock-2411-dedis/history?id=${history[1].id}`)).toEqual([]);
    for (const [query, field] of [
      ["items=no", "items"],
      ["id=abc", "id"],
      ["id=0", "id"],
    ]) {
      const refused = await api.send("GET", `/api/stock-2411/history?${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json(), query).toMatchObject({ error: "validation", field });
    }
  });
});

describe("what the isolate keeps (ADR 060)", () => {
  it("answers a tab's rows and its history's dates kept, frozen, until the sheet changes by any path", async () => {
    const db = database(env);
    const element = await addRow("war-room-vaults", vault("Element", [1], 10));
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 1), "Rex Rider", [{ itemId: element, currentStock: 1 }]);
    const rows = await listRows(db, "war-room-vaults");
    const dates = await listHistory(db, "war-room-vaults", { items: false });
    expect(await listRows(db, "war-room-vaults")).toBe(rows);
    expect(await listHistory(db, "war-room-vaults", { items: false })).toBe(dates);
    expect(() => (rows[0].item = "Changed")).toThrow(TypeError);
    // The whole history with its figures (older clients) is read each time; another tab has rows of its own.
    expect(await listHistory(db, "war-room-vaults")).not.toBe(await listHistory(db, "war-room-vaults"));
    expect(await listRows(db, "war-room-dedis")).toEqual([]);

    // A write in SQL, as a console would, to a row and then to the history: each is read at once.
    await env.DB.prepare(`update stock_items set data = json_set(data, '$.item', 'Metal') where _id = ?`)
      .bind(element)
      .run();
    expect((await listRows(db, "war-room-vaults"))[0].item).toBe("Metal");
    await addSnapshot("war-room-vaults", Date.UTC(2026, 0, 2), "Vault Keeper", [{ itemId: element, currentStock: 2 }]);
    expect((await listHistory(db, "war-room-vaults", { items: false })).map((h) => h.updatedBy)).toEqual([
      "Vault Keeper",
      "Rex Rider",
    ]);
    // The snapshot before the latest gives each row its previous stock.
    expect((await listRows(db, "war-room-vaults"))[0]).toMatchObject({ item: "Metal", prevStock: 1 });
  });
});
