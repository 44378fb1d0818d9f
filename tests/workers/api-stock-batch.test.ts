// The 2411 stock sheet's API inside workerd with the real D1 and live room: batch save, row order, colours and
// images.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listen } from "./helpers";
import { addRow, cells, vault } from "./stock-fixtures";
import { withStockApi, UNKNOWN, count, stored, api } from "./api-stock-fixtures";

withStockApi();

describe("batch save", () => {
  it("saves the rows that do not conflict together with one snapshot, and reports conflicts and failures", async () => {
    const a = await addRow("war-room-dedis", {
      item: "Metal Ingot",
      currentStock: 10,
      previousStock: null,
      target: 100,
      todo: null,
    });
    const b = await addRow(
      "war-room-dedis",
      { item: "Polymer", currentStock: 20, previousStock: null, target: 100, todo: null },
      { order: 1, version: 3, updatedBy: "Rex Rider" },
    );
    const c = await addRow(
      "war-room-dedis",
      { item: "Crystal", currentStock: 30, previousStock: null, target: 100, todo: null },
      { order: 2 },
    );
    const live = await listen(api.browser);
    const res = await api.send("POST", "/api/stock-2411-dedis/batch", {
      displayName: "Vault Keeper",
      rows: [
        { _id: a, currentStock: 15, version: 1 },
        { _id: b, currentStock: 25, version: 2 },
        { _id: c, todo: "refill" },
        { _id: UNKNOWN, currentStock: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const body = await res.json<{
      saved: string[];
      conflicts: { _id: string; message: string; current: Record<string, unknown> }[];
      failed: Record<string, unknown>[];
    }>();
    expect(body.saved).toEqual([a, c]);
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]).toMatchObject({ _id: b, current: { _id: b, currentStock: 20, version: 3 } });
    expect(body.conflicts[0].message).toMatch(/^Polymer was changed by Rex Rider at \d{4}-\d\d-\d\dT/);
    expect(body.failed).toEqual([{ _id: UNKNOWN, error: "not_found", message: expect.any(String) }]);

    const history = await api.get("/api/stock-2411-dedis/history");
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      updatedBy: "Vault Keeper",
      items: [
        { itemId: a, currentStock: 15 },
        { itemId: b, currentStock: 20 },
        { itemId: c, currentStock: 30 },
      ],
    });
    const rows = await api.get("/api/stock-2411-dedis");
    expect(rows.map((r) => [r.currentStock, r.version, r.todo])).toEqual([
      [15, 2, null],
      [20, 3, null],
      [30, 2, "refill"],
    ]);
    expect(await count("audit_log", "entity = 'stock_item'")).toBe(2);

    await live.next("stock_2411_update");
    await new Promise((r) => setTimeout(r, 150));
    expect(live.received.filter((e) => e.type === "stock_2411_update")).toHaveLength(0); // one event per request
    live.close();
  });

  it("saves nothing and publishes nothing when every row conflicts", async () => {
    const a = await addRow("war-room-vaults", vault("Element", [1], 10), { version: 2 });
    const res = await api.send("POST", "/api/stock-2411/batch", { rows: [{ _id: a, counts: [5], version: 1 }] });
    expect(await res.json()).toMatchObject({ saved: [], conflicts: [{ _id: a }], failed: [] });
    expect(await count("stock_history")).toBe(0);
    expect(await count("audit_log", "entity <> 'api_token'")).toBe(0);
  });

  it("refuses a malformed row with the field named, and changes nothing", async () => {
    const a = await addRow("war-room-dinos", {
      dino: "Rex",
      type: "DPS",
      ready: cells(16),
      unready: cells(16),
      target: 10,
    });
    const res = await api.send("POST", "/api/stock-2411-dinos/batch", {
      rows: [
        { _id: a, target: 5 },
        { _id: a, ready: Array(17).fill(1) },
      ],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "validation", field: "rows.1.ready" });
    const empty = await api.send("POST", "/api/stock-2411-dinos/batch", { rows: [] });
    expect(await empty.json()).toMatchObject({ field: "rows" });
    expect(await stored(a)).toMatchObject({ version: 1 });
    expect(await count("stock_history")).toBe(0);
  });
});

describe("order", () => {
  it("moves one row, audited and announced, without touching its version", async () => {
    const a = await addRow("defense-room-vaults", { item: "A", counts: cells(18), maxStock: 1 }, { order: 0 });
    const b = await addRow("defense-room-vaults", { item: "B", counts: cells(18), maxStock: 1 }, { order: 1 });
    const live = await listen(api.browser);
    const res = await api.send("PUT", `/api/defense-room-vaults/${a}/order`, { order: 2 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: a, order: 2, version: 1 });
    expect((await api.get("/api/defense-room-vaults")).map((r) => r._id)).toEqual([b, a]);
    await live.next("stock_2411_update");
    live.close();
    const audit = await env.DB.prepare("select * from audit_log where entity_id = ?")
      .bind(a)
      .first<Record<string, string>>();
    expect(audit).toMatchObject({ action: "order" });
    expect(JSON.parse(audit!.after)).toMatchObject({ order: 2 });

    expect((await api.send("PUT", `/api/defense-room-vaults/${a}/order`, { order: -1 })).status).toBe(400);
    expect((await api.send("PUT", `/api/defense-room-vaults/${a}/order`, { order: "x" })).status).toBe(400);
    expect((await api.send("PUT", `/api/defense-room-vaults/${UNKNOWN}/order`, { order: 1 })).status).toBe(404);
    expect(await stored(a)).toMatchObject({ order: 2 });
  });

  it("sets the whole tab's order at once, and refuses a list that is not every row once", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await addRow(
          "war-room-dinos",
          { dino: `D${i}`, ready: cells(16), unready: cells(16), target: 1 },
          { order: i },
        ),
      );
    const live = await listen(api.browser);
    const res = await api.send("POST", "/api/stock-2411-dinos/order", { ids: [ids[2], ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect((await live.next("stock_2411_update")).message).toContain("War Room Dinos");
    live.close();
    expect((await res.json<Record<string, unknown>[]>()).map((r) => [r._id, r.order])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect(await count("audit_log", "action = 'order'")).toBe(3);

    const missing = await api.send("POST", "/api/stock-2411-dinos/order", { ids: [ids[0], ids[1]] });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "validation", field: "ids" });
    expect((await api.send("POST", "/api/stock-2411-dinos/order", { ids: [ids[0], ids[0], ids[1]] })).status).toBe(400);
    expect((await api.get("/api/stock-2411-dinos")).map((r) => r._id)).toEqual([ids[2], ids[0], ids[1]]);
  });
});

describe("colours", () => {
  it("merges column colours and sets the text colour", async () => {
    const rowId = await addRow("war-room-vaults", vault("Element", [], 1), {
      fieldColors: { item: "#111111", todo: "#222222" },
    });
    const live = await listen(api.browser);
    const res = await api.send("PATCH", `/api/stock-2411/${rowId}`, { fieldColors: { count3: "#FF0000", todo: null } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fieldColors: { item: "#111111", count3: "#ff0000" },
      textColor: null,
      version: 1,
    });
    await live.next("stock_2411_update");
    live.close();
    // The old client's dotted form, and the text colour.
    const dotted = await api.send("PATCH", `/api/stock-2411/${rowId}`, {
      "fieldColors.maxcount": "#00ff00",
      textColor: "#000000",
    });
    expect(await dotted.json()).toMatchObject({
      fieldColors: { item: "#111111", count3: "#ff0000", maxcount: "#00ff00" },
      textColor: "#000000",
    });
    expect(await count("audit_log", "action = 'colour'")).toBe(2);
  });

  it("refuses a bad colour with 400 and changes nothing; unknown rows get 404", async () => {
    const rowId = await addRow(
      "defense-room-dedis",
      { item: "Crystal", currentStock: 1, maxStock: 1 },
      { fieldColors: { item: "#111111" } },
    );
    for (const body of [
      { fieldColors: { item: "red" } },
      { textColor: "#12345" },
      { "fieldColors.item": "#GGGGGG" },
      {},
    ]) {
      const res = await api.send("PATCH", `/api/defense-room-dedis/${rowId}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: "validation" });
    }
    expect(JSON.parse(String((await stored(rowId))!.field_colors))).toEqual({ item: "#111111" });
    expect(await count("audit_log", "entity <> 'api_token'")).toBe(0);
    expect((await api.send("PATCH", `/api/defense-room-dedis/${UNKNOWN}`, { textColor: "#000000" })).status).toBe(404);
  });
});

describe("images", () => {
  it("sets one row's image, reducing a pasted wiki value to its png link", async () => {
    const rowId = await addRow("war-room-vaults", vault("Element", [], 1));
    const twin = await addRow("defense-room-vaults", { item: "Element", counts: cells(18), maxStock: 1 });
    const res = await api.send("PUT", `/api/stock-2411/${rowId}/image`, {
      imageUrl: '<img src="https://ark.wiki.gg/images/thumb/d/d7/Element.png/120px-Element.png?5b2a">',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      updatedCount: 1,
      itemName: "Element",
      imageUrl: "https://ark.wiki.gg/images/d/d7/Element.png",
    });
    expect(await stored(rowId)).toMatchObject({ image_url: "https://ark.wiki.gg/images/d/d7/Element.png" });
    expect(await stored(twin)).toMatchObject({ image_url: null });
    expect(await env.DB.prepare("select scope, name, image_url from item_images").all()).toMatchObject({
      results: [{ scope: "stock", name: "Element", image_url: "https://ark.wiki.gg/images/d/d7/Element.png" }],
    });
  });

  it("with updateAllMatching, every row with that name across all tabs gets it", async () => {
    const url = "https://cdn.example.com/rex.png";
    const rex = await addRow("war-room-dinos", { dino: "Rex", ready: cells(16), unready: cells(16), target: 1 });
    const rex2 = await addRow("defense-room-dinos", { dino: "Rex", ready: cells(16), unready: cells(16), target: 1 });
    const rexItem = await addRow("admin-logistic-vaults", { item: "Rex", counts: cells(12), target: 1 });
    const other = await addRow(
      "war-room-dinos",
      { dino: "Giganotosaurus", ready: cells(16), unready: cells(16), target: 1 },
      { order: 1, imageUrl: "https://cdn.example.com/giga.png" },
    );
    const live = await listen(api.browser);
    const res = await api.send("PUT", `/api/stock-2411-dinos/${rex}/image`, { imageUrl: url, updateAllMatching: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ updatedCount: 3, itemName: "Rex" });
    for (const rowId of [rex, rex2, rexItem]) expect(await stored(rowId)).toMatchObject({ image_url: url });
    expect(await stored(other)).toMatchObject({ image_url: "https://cdn.example.com/giga.png" });
    expect((await api.get("/api/defense-room-dinos"))[0].imageUrl).toBe(url);
    await live.next("stock_2411_update");
    live.close();
    expect(await count("audit_log", "action = 'image'")).toBe(3);
    expect(await count("item_images", "scope = 'dino' and name = 'Rex'")).toBe(1);
    // Setting it again replaces the stored image for the name.
    await api.send("PUT", `/api/stock-2411-dinos/${rex}/image`, {
      imageUrl: "https://cdn.example.com/rex2.png",
      updateAllMatching: true,
    });
    expect(await count("item_images", "scope = 'dino' and name = 'Rex'")).toBe(1);
  });

  it("refuses a missing or non-http URL, and unknown rows", async () => {
    const rowId = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 1 });
    for (const body of [
      {},
      { imageUrl: "" },
      { imageUrl: "javascript:alert(1)" },
      { imageUrl: "https://x.example/a.png", updateAllMatching: "yes" },
    ]) {
      const res = await api.send("PUT", `/api/defense-room-dedis/${rowId}/image`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await stored(rowId)).toMatchObject({ image_url: null });
    expect(await count("item_images")).toBe(0);
    expect(
      (await api.send("PUT", `/api/defense-room-dedis/${UNKNOWN}/image`, { imageUrl: "https://x.example/a.png" }))
        .status,
    ).toBe(404);
  });
});
