// The 2411 stock sheet's API inside workerd with the real D1 and live room.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { database, RACE_RETRIES } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { listHistory, listRows, saveRows } from "#worker/domain/stock";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf } from "./helpers";
import { addRow, addSnapshot, cells, vault } from "./stock-fixtures";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["stock_items", "stock_history", "item_images", "audit_log", "api_tokens"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
});
afterEach(() => outbound.mockRestore());

const BASES: Record<string, string> = {
  "war-room-vaults": "/api/stock-2411",
  "war-room-dedis": "/api/stock-2411-dedis",
  "war-room-dinos": "/api/stock-2411-dinos",
  "defense-room-vaults": "/api/defense-room-vaults",
  "defense-room-dedis": "/api/defense-room-dedis",
  "defense-room-dinos": "/api/defense-room-dinos",
  "admin-logistic-vaults": "/api/admin-logistic-vaults",
  "admin-logistics-dedis": "/api/admin-logistics-dedis",
};

const UNKNOWN = "f".repeat(24);

const count = async (table: string, where = "1 = 1") =>
  (await env.DB.prepare(`select count(*) as n from ${table} where ${where}`).first<number>("n")) ?? 0;
const stored = (rowId: string) =>
  env.DB.prepare("select * from stock_items where _id = ?").bind(rowId).first<Record<string, unknown>>();

type Api = Awaited<ReturnType<typeof client>>;
async function client() {
  const { browser, bearer } = await memberWithToken();
  const send = (method: string, path: string, body?: unknown) =>
    pageFetch(`${ORIGIN}${path}`, {
      method,
      headers: { ...bearer, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    browser,
    send,
    auth: bearer.Authorization,
    get: async <T = Record<string, unknown>[]>(path: string) => (await send("GET", path)).json<T>(),
  };
}

let api: Api;
beforeEach(async () => {
  api = await client();
});

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
    expect(() => ((rows[0] as { item: string }).item = "Changed")).toThrow(TypeError);
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
