// The 2411 stock sheet's API inside workerd with the real D1 and live room: saving a row (with a token or a
// session), and a save racing another save.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database, RACE_RETRIES } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { saveRows } from "#worker/domain/stock-writes";
import { Browser, listen, MEMBER, ORIGIN, pageFetch } from "./helpers";
import { addRow, cells, vault } from "./stock-fixtures";
import { withStockApi, BASES, UNKNOWN, count, stored, api } from "./api-stock-fixtures";

withStockApi();

describe("saving a row", () => {
  it("saves a war room vault row: typed cells, editor name, version, history, audit, live event", async () => {
    const element = await addRow("war-room-vaults", vault("Element", [350], 1400));
    const other = await addRow("war-room-vaults", vault("Cryopod", [7, 3], 100), { order: 1 });
    const live = await listen(api.browser);
    const res = await api.send("PUT", `/api/stock-2411/${element}`, {
      item: "Element",
      maxcount: "2,000",
      todo: "",
      displayName: "Vault Keeper",
      isEmpty: false,
      counts: [350, "350", "", "lots", ...Array(14).fill(null)],
      version: 1,
    });
    expect(res.status).toBe(200);
    const row = await res.json<Record<string, unknown>>();
    expect(row).toMatchObject({
      _id: element,
      item: "Element",
      maxcount: 2000,
      todo: null,
      currentStock: 700,
      percentage: 35,
      version: 2,
      updatedBy: "Vault Keeper",
    });
    expect(row.counts).toEqual(cells(18, [350, 350, null, 0]));

    const event = await live.next("stock_2411_update");
    expect(event.message).toContain("War Room Vaults");
    live.close();

    const history = await api.get("/api/stock-2411/history");
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      updatedBy: "Vault Keeper",
      items: [
        { itemId: element, currentStock: 700 },
        { itemId: other, currentStock: 10 },
      ],
    });
    const audit = await env.DB.prepare("select * from audit_log where entity = 'stock_item' and entity_id = ?")
      .bind(element)
      .first<Record<string, string>>();
    expect(audit).toMatchObject({ action: "update", actor_name: "test bot" });
    expect(JSON.parse(audit!.before)).toMatchObject({ version: 1, data: { maxcount: 1400 } });
    expect(JSON.parse(audit!.after)).toMatchObject({ version: 2, data: { maxcount: 2000 } });

    // A second save moves Prev Stock to the first save's figure.
    await api.send("PUT", `/api/stock-2411/${element}`, { counts: [350], displayName: "Vault Keeper", version: 2 });
    const [saved] = await api.get("/api/stock-2411");
    expect(saved).toMatchObject({ currentStock: 350, prevStock: 700, version: 3 });
  });

  it("records the caller's name when no displayName is sent, and derives isEmpty from the name", async () => {
    const row = await addRow("war-room-dedis", {
      item: "Polymer",
      currentStock: 1,
      previousStock: null,
      target: 100,
      todo: null,
    });
    const res = await api.send("PUT", `/api/stock-2411-dedis/${row}`, {
      item: "Empty Item 4",
      currentStock: 0,
      isEmpty: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ item: "Empty Item 4", isEmpty: true, updatedBy: "test bot" });
  });

  it("saves each tab's body, with derived figures recomputed and the snapshot recording the tab's figure", async () => {
    const cases: [string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>][] = [
      [
        "defense-room-vaults",
        { item: "Cryopod", counts: cells(18), maxStock: 10, todo: null },
        { item: "Cryopod", currentStock: 9999, maxStock: 400, todo: "x", displayName: "D", counts: [100, 100] },
        { currentStock: 200, maxStock: 400, percentage: 50 },
      ],
      [
        "admin-logistic-vaults",
        { item: "Polymer", counts: cells(12), target: 10, todo: null },
        { item: "Polymer", target: 100, todo: "t", stock: 1, displayName: "D", counts: Array(12).fill(5) },
        { stock: 60, target: 100, percentage: 60 },
      ],
      [
        "defense-room-dedis",
        { item: "Crystal", currentStock: 1, maxStock: 10, todo: null },
        { item: "Crystal", currentStock: "45", maxStock: 90, todo: null, displayName: "D" },
        { currentStock: 45, percentage: 50 },
      ],
      [
        "admin-logistics-dedis",
        { item: "Element Dust", currentStock: 1, maxStock: 10, todo: null },
        { item: "Element Dust", currentStock: 3, maxStock: "", todo: null, displayName: "D" },
        { currentStock: 3, maxStock: null, percentage: 0 },
      ],
      [
        "war-room-dedis",
        { item: "Metal Ingot", currentStock: 10, previousStock: 20, target: 100, todo: null },
        { item: "Metal Ingot", currentStock: 50, target: 200, todo: null, displayName: "D", isEmpty: false },
        { currentStock: 50, previousStock: 20, stockUsed: 30, percentage: 25 },
      ],
      [
        "war-room-dinos",
        { dino: "Rex", type: null, ready: cells(16), unready: cells(16), target: 10 },
        {
          dino: "Rex",
          type: "DPS",
          warReady: 999,
          totalRaised: 999,
          target: 10,
          displayName: "D",
          ready: [3, 2],
          unready: [1],
        },
        { type: "DPS", warReady: 5, notReady: 1, totalRaised: 6, needsRaised: 4, percentage: 60 },
      ],
      [
        "defense-room-dinos",
        { dino: "Stego", type: "Support", ready: cells(16), unready: cells(16), target: 4 },
        {
          dino: "Stego",
          type: "Support",
          target: 4,
          displayName: "D",
          ready: [1],
          unready: [1, 1],
          lastSync: "2026-02-01T10:00:00Z",
        },
        { totalRaised: 3, needsRaised: 1, lastSync: "2026-02-01T10:00:00.000Z" },
      ],
    ];
    for (const [tab, data, body, expected] of cases) {
      const rowId = await addRow(tab, data);
      const res = await api.send("PUT", `${BASES[tab]}/${rowId}`, body);
      expect(res.status, tab).toBe(200);
      const row = await res.json<Record<string, unknown>>();
      expect(row, tab).toMatchObject({ ...expected, version: 2, updatedBy: "D" });
      const [snapshot] = await api.get(`${BASES[tab]}/history`);
      const key = tab === "admin-logistic-vaults" ? "stock" : tab.endsWith("dinos") ? "totalRaised" : "currentStock";
      expect(snapshot.items, tab).toEqual([{ itemId: rowId, [key]: row[key] }]);
    }
  });

  it("refuses bad input with the field named, and changes nothing", async () => {
    const rowId = await addRow("admin-logistic-vaults", { item: "Polymer", counts: cells(12), target: 10, todo: null });
    const bad = [
      [{ counts: Array(13).fill(1) }, "counts"],
      [{ item: "  " }, "item"],
      [{ target: true }, "target"],
      [{ displayName: "x" }, "body"],
      [{ target: 1, version: "2" }, "version"],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api.send("PUT", `/api/admin-logistic-vaults/${rowId}`, body);
      expect(res.status, field).toBe(400);
      expect(await res.json(), field).toMatchObject({ error: "validation", field });
    }
    const malformed = await pageFetch(`${ORIGIN}/api/admin-logistic-vaults/${rowId}`, {
      method: "PUT",
      headers: { Authorization: api.auth, "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    const badId = await api.send("PUT", "/api/admin-logistic-vaults/nope", { target: 1 });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ field: "id" });
    expect(await stored(rowId)).toMatchObject({ version: 1 });
    expect(await count("stock_history")).toBe(0);
    expect(await count("audit_log", "entity <> 'api_token'")).toBe(0);
  });

  it("answers 404 for an unknown id or a row of another tab", async () => {
    const dedis = await addRow("defense-room-dedis", { item: "Crystal", currentStock: 1, maxStock: 10, todo: null });
    const unknown = await api.send("PUT", `/api/stock-2411/${UNKNOWN}`, { maxcount: 1 });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found" });
    expect((await api.send("PUT", `/api/admin-logistics-dedis/${dedis}`, { currentStock: 5 })).status).toBe(404);
    expect(await stored(dedis)).toMatchObject({ version: 1 });
    expect(await count("stock_history")).toBe(0);
  });

  it("refuses a save based on an older version with 409, naming who changed it, and changes nothing", async () => {
    const rowId = await addRow("war-room-vaults", vault("Fabricated Sniper Rifle", [20], 100), { version: 5 });
    const first = await api.send("PUT", `/api/stock-2411/${rowId}`, {
      counts: [30],
      displayName: "Rex Rider",
      version: 5,
    });
    expect(first.status).toBe(200);
    const after = await stored(rowId);
    const historyBefore = await count("stock_history");
    const auditBefore = await count("audit_log", "entity <> 'api_token'");

    const second = await api.send("PUT", `/api/stock-2411/${rowId}`, {
      counts: [99],
      todo: "stale",
      displayName: "Tek Breeder",
      version: 5,
    });
    expect(second.status).toBe(409);
    const body = await second.json<{ error: string; message: string; current: Record<string, unknown> }>();
    const at = new Date(Number(after!.updated_at)).toISOString();
    expect(body.error).toBe("conflict");
    expect(body.message).toBe(`Fabricated Sniper Rifle was changed by Rex Rider at ${at}.`);
    expect(body.current).toMatchObject({ _id: rowId, currentStock: 30, version: 6, updatedBy: "Rex Rider" });
    expect(await stored(rowId)).toEqual(after);
    expect(await count("stock_history")).toBe(historyBefore);
    expect(await count("audit_log", "entity <> 'api_token'")).toBe(auditBefore);

    // Without a version, the save is taken as it is (last write wins).
    const blind = await api.send("PUT", `/api/stock-2411/${rowId}`, { counts: [99], displayName: "Tek Breeder" });
    expect(blind.status).toBe(200);
    expect(await blind.json()).toMatchObject({ currentStock: 99, version: 7 });
  });
});

describe("cookies work as well as tokens", () => {
  it("a signed-in browser saves with its session, recorded under its own name", async () => {
    const rowId = await addRow("war-room-vaults", vault("Charge Battery", [], 10));
    const browser = new Browser();
    await browser.signIn(MEMBER);
    const res = await browser.fetch(`/api/stock-2411/${rowId}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ maxcount: 20 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ maxcount: 20, updatedBy: "Rex Rider" });
    expect(await env.DB.prepare("select actor from audit_log where entity = 'stock_item'").first("actor")).toBe(
      `user:${MEMBER}`,
    );
  });
});

describe("a save racing another save", () => {
  /** A database whose first batch is preceded by someone else's save of the row (between our read and our write). */
  function racingDeps(rowId: string, times = 1) {
    const db = database(env);
    const realBatch = db.batch.bind(db);
    let raced = times;
    db.batch = (async (queries: Parameters<typeof db.batch>[0]) => {
      if (raced > 0) {
        raced--;
        await env.DB.prepare(
          "update stock_items set version = version + 1, updated_by = 'Sneaky', data = json_set(data, '$.todo', 'theirs') where _id = ?",
        )
          .bind(rowId)
          .run();
      }
      return realBatch(queries);
    }) as unknown as typeof db.batch;
    return { ...domainDeps(env, { id: "user:test", name: "Tester" }), db };
  }

  it("never overwrites the other save: a versioned save becomes a conflict, and nothing of ours is written", async () => {
    const rowId = await addRow("war-room-vaults", vault("Element", [1], 10));
    const result = await saveRows(
      racingDeps(rowId),
      "war-room-vaults",
      [{ _id: rowId, version: 1, fields: { maxcount: 99 } }],
      "Tester",
    );
    expect(result.saved).toEqual([]);
    expect(result.conflicts).toMatchObject([{ _id: rowId, current: { version: 2, todo: "theirs", maxcount: 10 } }]);
    expect(result.conflicts[0].message).toContain("changed by Sneaky");
    expect(await count("stock_history")).toBe(0);
    expect(await count("audit_log", "entity = 'stock_item'")).toBe(0);
  });

  it("an unversioned save that keeps losing is answered as a conflict with the row as it is, and writes nothing", async () => {
    const rowId = await addRow("war-room-vaults", vault("Element", [1], 10));
    const result = await saveRows(
      racingDeps(rowId, RACE_RETRIES + 1),
      "war-room-vaults",
      [{ _id: rowId, fields: { maxcount: 99 } }],
      "Tester",
    );
    expect(result.saved).toEqual([]);
    expect(result.conflicts).toMatchObject([
      { _id: rowId, current: { version: RACE_RETRIES + 2, todo: "theirs", maxcount: 10 } },
    ]);
    expect(await count("stock_history")).toBe(0);
    expect(await count("audit_log", "entity = 'stock_item'")).toBe(0);
  });

  it("an unversioned save is read again and applied on top of the other save", async () => {
    const rowId = await addRow("war-room-vaults", vault("Element", [1], 10));
    const result = await saveRows(
      racingDeps(rowId),
      "war-room-vaults",
      [{ _id: rowId, fields: { maxcount: 99 } }],
      "Tester",
    );
    expect(result.saved).toEqual([rowId]);
    const [row] = await api.get("/api/stock-2411");
    expect(row).toMatchObject({ version: 3, todo: "theirs", maxcount: 99, updatedBy: "Tester" });
    expect(await count("stock_history")).toBe(1);
    expect(await count("audit_log", "entity = 'stock_item'")).toBe(1);
  });
});
