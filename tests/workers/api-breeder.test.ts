// The breeder list API: read, PATCH (validation, version conflicts), batch colours, order, image, role, create, delete.
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { patchBreeder } from "#worker/domain/breeder";
import { searchColumns } from "#worker/domain/breeder-rows";
import { SEARCH_SEPARATOR } from "#worker/domain/paging";
import { database, RACE_RETRIES } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { Browser, listen, MEMBER, memberWithToken, ORIGIN, pageFetch, routeOutboundToSelf, stamped } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(
    ["breeder_list", "item_images", "role_mappings", "audit_log", "api_tokens"].map((t) =>
      env.DB.prepare(`delete from ${t}`),
    ),
  );
});
afterEach(() => outbound.mockRestore());

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const DAY = 24 * 3600 * 1000;
const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

const REX = "00000000000000000000000a";
const REX2 = "00000000000000000000000b";
const GIGA = "00000000000000000000000c";
const UNKNOWN = "ffffffffffffffffffffffff";

/** Three rows stored out of order: Giga (order 0), Rex (1), second Rex line (2). */
async function seedRows() {
  const now = Date.now();
  const insert = (id: string, order: number, dino: string, server: string, values: Record<string, unknown>) =>
    env.DB.prepare(
      `insert into breeder_list (_id, "order", dino, server, field_colors, "values", version, last_updated) values (?, ?, ?, ?, ?, ?, 1, ?)`,
    ).bind(id, order, dino, server, JSON.stringify({ HP: "#ff0000" }), JSON.stringify(values), now);
  await env.DB.batch([
    insert(REX2, 2, "Rex", "2573", { HP: 20 }),
    insert(REX, 1, "Rex", "2411", {
      HP: 45,
      "Curent # of 0/0's": 4,
      "Last Claims": mdy(now - 12 * DAY),
      "Last Mut": "soon",
      Negative: "FALSE",
    }),
    insert(GIGA, 0, "Giganotosaurus", "2446", { HP: 60, "Last Claims": mdy(now + 3 * DAY) }),
  ]);
}

const stored = async (id: string) => {
  const row = await env.DB.prepare("select * from breeder_list where _id = ?")
    .bind(id)
    .first<Record<string, string | number | null>>();
  if (!row) return null;
  const { values, field_colors, ...rest } = row;
  return { ...rest, values: JSON.parse(String(values)), field_colors: JSON.parse(String(field_colors)) } as Record<
    string,
    unknown
  > & {
    values: Record<string, unknown>;
    field_colors: Record<string, string>;
  };
};
const auditRows = async (entity = "breeder_list") =>
  (
    await env.DB.prepare("select * from audit_log where entity = ? order by id")
      .bind(entity)
      .all<Record<string, string>>()
  ).results;

async function member() {
  const browser = new Browser();
  await browser.signIn(MEMBER);
  return browser;
}

describe("GET /api/breeder-list", () => {
  it("answers every row in order with the spec's column keys and computed days", async () => {
    await seedRows();
    const browser = await member();
    const res = await browser.fetch("/api/breeder-list");
    expect(res.status).toBe(200);
    const rows = await res.json<Record<string, unknown>[]>();
    expect(rows.map((r) => r._id)).toEqual([GIGA, REX, REX2]);
    const rex = rows[1];
    for (const key of [
      "_id",
      "order",
      "Dino",
      "imageUrl",
      "Server",
      "textColor",
      "fieldColors",
      "lastUpdated",
      "roleId",
      "Curent # of 0/0's",
      "Dmg",
      "Food",
      "HP",
      "Mut Dmg",
      "Mut Food",
      "Mut Hp",
      "Mut Oxy",
      "Mut Stam",
      "Mut Weight",
      "Oxy",
      "Priority",
      "Stam",
      "Weight",
      "Last Claims",
      "Last Mut",
      "Days since",
      "Days sincetwo",
      "Negative",
      "Location",
      "notes",
      "version",
    ]) {
      expect(rex).toHaveProperty([key]);
    }
    expect(rex).toMatchObject({
      Dino: "Rex",
      Server: "2411",
      HP: 45,
      "Curent # of 0/0's": 4,
      Stam: null,
      Negative: "FALSE",
      "Days since": 12,
      "Days sincetwo": null,
      fieldColors: { HP: "#ff0000" },
      version: 1,
    });
    expect(typeof rex.lastUpdated).toBe("string");
    expect(rows[0]["Days since"]).toBe(0); // a date in the future
    expect(rows[2]["Days since"]).toBeNull(); // no date
  });

  it("needs a session or an API token", async () => {
    await seedRows();
    expect((await pageFetch(`${ORIGIN}/api/breeder-list`)).status).toBe(401);
    const { bearer } = await memberWithToken();
    const res = await pageFetch(`${ORIGIN}/api/breeder-list`, { headers: bearer });
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveLength(3);
  });
});

describe("PATCH /api/breeder-list/{id}", () => {
  it("saves columns, text colour and cell colours, bumps the version, audits and tells every browser", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch(
      `/api/breeder-list/${REX}`,
      send("PATCH", {
        HP: 50,
        Stam: null,
        Negative: "TRUE",
        notes: "mut stacking",
        "Last Mut": "3/1/2026",
        textColor: "#112233",
        "fieldColors.Dmg": "#00ff00",
      }),
    );
    expect(res.status).toBe(200);
    const row = await res.json<Record<string, unknown>>();
    expect(row).toMatchObject({
      _id: REX,
      HP: 50,
      Stam: null,
      Negative: "TRUE",
      notes: "mut stacking",
      textColor: "#112233",
      version: 2,
    });
    expect(row.fieldColors).toEqual({ HP: "#ff0000", Dmg: "#00ff00" });
    expect(row["Days sincetwo"]).toEqual(expect.any(Number));
    expect(await live.next("breeder_list_update")).toEqual(
      stamped({ type: "breeder_list_update", message: "Breeder list updated! Live update received." }),
    );
    live.close();

    const db = await stored(REX);
    expect(db!.values).toMatchObject({
      HP: 50,
      "Last Mut": "3/1/2026",
      "Curent # of 0/0's": 4,
      Negative: "TRUE",
      notes: "mut stacking",
    });
    const [audit] = await auditRows();
    expect(audit).toMatchObject({ actor: `user:${MEMBER}`, entity_id: REX, action: "update" });
    expect(JSON.parse(audit.before)).toMatchObject({ HP: 45, Negative: "FALSE", "fieldColors.Dmg": null });
    expect(JSON.parse(audit.after)).toMatchObject({ HP: 50, Negative: "TRUE", "fieldColors.Dmg": "#00ff00" });
  });

  it("works with an API token and removes a cell colour given null", async () => {
    await seedRows();
    const { bearer } = await memberWithToken();
    const res = await pageFetch(`${ORIGIN}/api/breeder-list/${REX}`, {
      ...send("PATCH", { fieldColors: { HP: null } }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect((await res.json<Record<string, unknown>>()).fieldColors).toEqual({});
    expect((await auditRows())[0].actor).toMatch(/^token:/);
  });

  it("refuses an unknown column with 400 naming it, and changes nothing", async () => {
    await seedRows();
    const browser = await member();
    const res = await browser.fetch(`/api/breeder-list/${REX}`, send("PATCH", { HP: 10, Colour: "blue" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "validation",
      field: "Colour",
      message: 'Colour: unknown column "Colour"',
    });
    expect((await stored(REX))!.values.HP).toBe(45);
    expect(await auditRows()).toHaveLength(0);
  });

  it("refuses bad values naming the field", async () => {
    await seedRows();
    const browser = await member();
    for (const [body, field] of [
      [{ HP: "ten" }, "HP"],
      [{ Negative: "yes" }, "Negative"],
      [{ Server: "1234" }, "Server"],
      [{ textColor: "blue" }, "textColor"],
      [{ "fieldColors.Nope": "#000000" }, "fieldColors.Nope"],
      [{ "Days since": 1 }, "Days since"],
      [{ order: 4 }, "order"],
      [{}, "body"],
    ] as const) {
      const res = await browser.fetch(`/api/breeder-list/${REX}`, send("PATCH", body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ field: string }>()).field).toBe(field);
    }
    expect((await stored(REX))!.version).toBe(1);
  });

  it("answers 409 with the current row when the version is stale, and changes nothing", async () => {
    await seedRows();
    const browser = await member();
    const first = await browser.fetch(`/api/breeder-list/${REX}`, send("PATCH", { HP: 55, version: 1 }));
    expect(first.status).toBe(200);
    expect((await first.json<{ version: number }>()).version).toBe(2);

    const stale = await browser.fetch(`/api/breeder-list/${REX}`, send("PATCH", { HP: 70, version: 1 }));
    expect(stale.status).toBe(409);
    const body = await stale.json<{ error: string; message: string; current: Record<string, unknown> }>();
    expect(body.error).toBe("conflict");
    expect(body.message).toContain("version 2");
    expect(body.current).toMatchObject({ _id: REX, HP: 55, version: 2 });
    expect((await stored(REX))!.values.HP).toBe(55);
    expect(await auditRows()).toHaveLength(1);
  });

  describe("when another write lands between the read and the batch", () => {
    /** The domain's database, with someone else's write slipped in just before each of the next `times` batches. */
    function racing(sqlText: string, times = 1) {
      const db = database(env);
      let armed = times;
      const batch = db.batch.bind(db);
      db.batch = (async (statements: Parameters<typeof db.batch>[0]) => {
        if (armed > 0) {
          armed--;
          await env.DB.prepare(sqlText).bind(REX).run();
        }
        return batch(statements);
      }) as unknown as typeof db.batch;
      return { ...domainDeps(env, { id: MEMBER, name: "Rex Rider" }), db };
    }

    it("refuses a versioned PATCH as a conflict and writes nothing, not even an audit row", async () => {
      await seedRows();
      const deps = racing(
        `update breeder_list set version = version + 1, "values" = json_set("values", '$.HP', 99) where _id = ?`,
      );
      const result = await patchBreeder(deps, REX, { HP: 70, version: 1 });
      expect(result).toMatchObject({ status: "conflict", current: { _id: REX, HP: 99, version: 2 } });
      expect((await stored(REX))!.values.HP).toBe(99);
      expect(await auditRows()).toHaveLength(0);
    });

    it("merges an unversioned PATCH into the new row, with the audit row's before as it really was", async () => {
      await seedRows();
      const deps = racing(
        `update breeder_list set version = version + 1, "values" = json_set("values", '$.HP', 99) where _id = ?`,
      );
      const result = await patchBreeder(deps, REX, { Negative: "TRUE" });
      expect(result).toMatchObject({ status: "ok", row: { _id: REX, HP: 99, Negative: "TRUE", version: 3 } });
      const audit = await auditRows();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0].before)).toMatchObject({ Negative: "FALSE" });
      // The search columns are the merged row's, the other write's value included.
      const row = (await stored(REX))!;
      expect({ dateDay: row.date_day, datetwoDay: row.datetwo_day, searchText: row.search_text }).toEqual(
        searchColumns({ Dino: "Rex", Server: "2411", values: row.values as Record<string, string | number | null> }),
      );
      expect(row.search_text).toContain(`${SEARCH_SEPARATOR}99${SEARCH_SEPARATOR}`);
    });

    it("answers an unversioned PATCH that keeps losing as a conflict with the row as it is, never an error", async () => {
      await seedRows();
      const raise = `update breeder_list set version = version + 1, "values" = json_set("values", '$.HP', json_extract("values", '$.HP') + 1) where _id = ?`;
      const result = await patchBreeder(racing(raise, RACE_RETRIES + 1), REX, { Negative: "TRUE" });
      expect(result).toMatchObject({
        status: "conflict",
        current: { _id: REX, Negative: "FALSE", version: RACE_RETRIES + 2 },
      });
      expect(await auditRows()).toHaveLength(0);
      // One loss fewer, and it lands.
      const landed = await patchBreeder(racing(raise, RACE_RETRIES), REX, { Negative: "TRUE" });
      expect(landed).toMatchObject({ status: "ok", row: { Negative: "TRUE" } });
      expect(await auditRows()).toHaveLength(1);
    });

    it("answers not found when the row was deleted", async () => {
      await seedRows();
      const result = await patchBreeder(racing("delete from breeder_list where _id = ?"), REX, { HP: 70, version: 1 });
      expect(result).toEqual({ status: "not_found" });
      expect(await auditRows()).toHaveLength(0);
    });
  });

  it("answers 404 for an unknown row and 400 for a malformed id", async () => {
    const browser = await member();
    const res = await browser.fetch(`/api/breeder-list/${UNKNOWN}`, send("PATCH", { HP: 1 }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found" });
    const bad = await browser.fetch(`/api/breeder-list/nope`, send("PATCH", { HP: 1 }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "id" });
  });

  it("needs credentials", async () => {
    await seedRows();
    const res = await pageFetch(`${ORIGIN}/api/breeder-list/${REX}`, send("PATCH", { HP: 1 }));
    expect(res.status).toBe(401);
    expect((await stored(REX))!.values.HP).toBe(45);
  });
});

describe("POST /api/breeder-list/batch-color", () => {
  it("colours every named cell at once", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch(
      "/api/breeder-list/batch-color",
      send("POST", {
        cells: [
          { rowId: REX, columnKey: "HP" },
          { rowId: REX, columnKey: "Days since" },
          { rowId: GIGA, columnKey: "Curent # of 0/0's" },
        ],
        color: "#abcdef",
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ updatedRows: 2, updatedCells: 3 });
    await live.next("breeder_list_update");
    live.close();
    expect((await stored(REX))!.field_colors).toEqual({ HP: "#abcdef", "Days since": "#abcdef" });
    expect((await stored(GIGA))!.field_colors).toEqual({ HP: "#ff0000", "Curent # of 0/0's": "#abcdef" });
    expect((await stored(REX2))!.field_colors).toEqual({ HP: "#ff0000" });
    const audit = await auditRows();
    expect(audit.map((a) => [a.entity_id, a.action]).sort()).toEqual(
      [
        [GIGA, "color"],
        [REX, "color"],
      ].sort(),
    );
  });

  it("changes nothing when one row is unknown (404)", async () => {
    await seedRows();
    const { bearer } = await memberWithToken();
    const res = await pageFetch(`${ORIGIN}/api/breeder-list/batch-color`, {
      ...send("POST", {
        cells: [
          { rowId: REX, columnKey: "HP" },
          { rowId: UNKNOWN, columnKey: "HP" },
        ],
        color: "#000000",
      }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", message: `No breeder entry with id ${UNKNOWN}.` });
    expect((await stored(REX))!.field_colors).toEqual({ HP: "#ff0000" });
    expect((await stored(REX))!.version).toBe(1);
    expect(await auditRows()).toHaveLength(0);
  });

  it("refuses a bad colour or column (400) and anonymous callers (401)", async () => {
    await seedRows();
    const browser = await member();
    const badColour = await browser.fetch(
      "/api/breeder-list/batch-color",
      send("POST", { cells: [{ rowId: REX, columnKey: "HP" }], color: "red" }),
    );
    expect(badColour.status).toBe(400);
    expect((await badColour.json<{ field: string }>()).field).toBe("color");
    const badColumn = await browser.fetch(
      "/api/breeder-list/batch-color",
      send("POST", { cells: [{ rowId: REX, columnKey: "Nope" }], color: "#000" }),
    );
    expect((await badColumn.json<{ field: string }>()).field).toBe("cells.0.columnKey");
    expect(
      (await pageFetch(`${ORIGIN}/api/breeder-list/batch-color`, send("POST", { cells: [], color: "#000" }))).status,
    ).toBe(401);
    expect((await stored(REX))!.field_colors).toEqual({ HP: "#ff0000" });
  });
});

describe("POST /api/breeder-list/order", () => {
  it("stores the whole order at once: only moved rows are written, versions stay, one event", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch("/api/breeder-list/order", send("POST", { ids: [REX, GIGA, REX2] }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Order saved.", moved: 2 });
    await live.next("breeder_list_update");
    live.close();
    const list = await (await browser.fetch("/api/breeder-list")).json<{ _id: string; version: number }[]>();
    expect(list.map((r) => r._id)).toEqual([REX, GIGA, REX2]);
    expect(list.map((r) => r.version)).toEqual([1, 1, 1]);
    expect((await auditRows()).map((a) => a.entity_id).sort()).toEqual([GIGA, REX].sort());
  });

  it("refuses a list that misses, repeats or invents a row, and anonymous callers; nothing changes", async () => {
    await seedRows();
    const browser = await member();
    const missing = await browser.fetch("/api/breeder-list/order", send("POST", { ids: [REX, GIGA] }));
    expect(missing.status).toBe(400);
    expect((await missing.json<{ message: string }>()).message).toBe(
      "ids: must list every breeder entry exactly once (3 rows)",
    );
    expect((await browser.fetch("/api/breeder-list/order", send("POST", { ids: [REX, REX, GIGA] }))).status).toBe(400);
    expect((await browser.fetch("/api/breeder-list/order", send("POST", { ids: [REX, GIGA, UNKNOWN] }))).status).toBe(
      400,
    );
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/order`, send("POST", { ids: [REX, GIGA, REX2] }))).status).toBe(
      401,
    );
    expect((await stored(GIGA))!.order).toBe(0);
    expect(await auditRows()).toEqual([]);
  });
});

describe("PUT /api/breeder-list/{id}/order", () => {
  it("moves a row, audits and announces it", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch(`/api/breeder-list/${GIGA}/order`, send("PUT", { order: 5 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: GIGA, order: 5, version: 2 });
    await live.next("breeder_list_update");
    live.close();
    const list = await (await browser.fetch("/api/breeder-list")).json<{ _id: string }[]>();
    expect(list.map((r) => r._id)).toEqual([REX, REX2, GIGA]);
    expect(await auditRows()).toMatchObject([
      { entity_id: GIGA, action: "order", before: '{"order":0}', after: '{"order":5}' },
    ]);
  });

  it("refuses a bad order, an unknown row and anonymous callers", async () => {
    await seedRows();
    const browser = await member();
    const bad = await browser.fetch(`/api/breeder-list/${GIGA}/order`, send("PUT", { order: -1 }));
    expect(bad.status).toBe(400);
    expect((await bad.json<{ field: string }>()).field).toBe("order");
    expect((await browser.fetch(`/api/breeder-list/${UNKNOWN}/order`, send("PUT", { order: 1 }))).status).toBe(404);
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/${GIGA}/order`, send("PUT", { order: 1 }))).status).toBe(401);
    expect((await stored(GIGA))!.order).toBe(0);
    const { bearer } = await memberWithToken();
    const ok = await pageFetch(`${ORIGIN}/api/breeder-list/${GIGA}/order`, {
      ...send("PUT", { order: 9 }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(ok.status).toBe(200);
  });
});

describe("PUT /api/breeder-list/{id}/image", () => {
  it("sets one row's image and remembers it for the dino", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const url = "https://ark.wiki.gg/images/Rex.png";
    const res = await browser.fetch(
      `/api/breeder-list/${REX}/image`,
      send("PUT", { imageUrl: url, updateAllMatching: false }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ updatedCount: 1, itemName: "Rex" });
    await live.next("breeder_list_update");
    live.close();
    expect((await stored(REX))!.image_url).toBe(url);
    expect((await stored(REX2))!.image_url).toBeNull();
    const images = await env.DB.prepare("select scope, name, image_url from item_images").all();
    expect(images.results).toEqual([{ scope: "dino", name: "Rex", image_url: url }]);
    expect(await auditRows("item_image")).toHaveLength(1);
    expect(await auditRows()).toMatchObject([{ entity_id: REX, action: "image" }]);
  });

  it("with updateAllMatching sets every row of the same dino, and a new row of it gets the image", async () => {
    await seedRows();
    const { bearer } = await memberWithToken();
    const headers = { ...bearer, "Content-Type": "application/json" };
    const url = "https://ark.wiki.gg/images/Rex_new.png";
    const res = await pageFetch(`${ORIGIN}/api/breeder-list/${REX2}/image`, {
      ...send("PUT", { imageUrl: url, updateAllMatching: true }),
      headers,
    });
    expect(await res.json()).toMatchObject({ updatedCount: 2, itemName: "Rex" });
    expect((await stored(REX))!.image_url).toBe(url);
    expect((await stored(REX2))!.image_url).toBe(url);
    expect((await stored(GIGA))!.image_url).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from item_images").first("n")).toBe(1);

    const created = await pageFetch(`${ORIGIN}/api/breeder-list`, { ...send("POST", { Dino: "Rex" }), headers });
    expect(await created.json()).toMatchObject({ imageUrl: url });
  });

  it("refuses a missing URL, an unknown row and anonymous callers", async () => {
    await seedRows();
    const browser = await member();
    const bad = await browser.fetch(
      `/api/breeder-list/${REX}/image`,
      send("PUT", { imageUrl: "  ", updateAllMatching: true }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json<{ field: string }>()).field).toBe("imageUrl");
    const notUrl = await browser.fetch(
      `/api/breeder-list/${REX}/image`,
      send("PUT", { imageUrl: "javascript:alert(1)" }),
    );
    expect(notUrl.status).toBe(400);
    const url = "https://ark.wiki.gg/images/Rex.png";
    expect((await browser.fetch(`/api/breeder-list/${UNKNOWN}/image`, send("PUT", { imageUrl: url }))).status).toBe(
      404,
    );
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/${REX}/image`, send("PUT", { imageUrl: url }))).status).toBe(
      401,
    );
    expect((await stored(REX))!.image_url).toBeNull();
    expect(await env.DB.prepare("select count(*) as n from item_images").first("n")).toBe(0);
  });
});

describe("PUT /api/breeder-list/{id}/role", () => {
  const ROLE = "1234567890123456789";

  it("maps the dino to the role and answers the row", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch(`/api/breeder-list/${REX}/role`, send("PUT", { roleId: ROLE }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ _id: REX, roleId: ROLE, version: 2 });
    await live.next("breeder_list_update");
    live.close();
    expect(
      await env.DB.prepare("select dino, role_id from role_mappings")
        .all()
        .then((r) => r.results),
    ).toEqual([{ dino: "Rex", role_id: ROLE }]);
    expect((await stored(REX2))!.role_id).toBe(ROLE); // the mapping is per dino
    expect((await stored(GIGA))!.role_id).toBeNull();
    expect(await auditRows("role_mapping")).toMatchObject([{ entity_id: "Rex", action: "set" }]);

    // A new line of the dino picks the mapping up.
    const created = await browser.fetch("/api/breeder-list", send("POST", { Dino: "Rex", Server: "2446" }));
    expect(await created.json()).toMatchObject({ roleId: ROLE });
  });

  it("refuses a role that is not a snowflake, an unknown row and anonymous callers", async () => {
    await seedRows();
    const { bearer } = await memberWithToken();
    const headers = { ...bearer, "Content-Type": "application/json" };
    const bad = await pageFetch(`${ORIGIN}/api/breeder-list/${REX}/role`, {
      ...send("PUT", { roleId: "admins" }),
      headers,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "validation", field: "roleId" });
    const missing = await pageFetch(`${ORIGIN}/api/breeder-list/${UNKNOWN}/role`, {
      ...send("PUT", { roleId: ROLE }),
      headers,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toHaveProperty("error");
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/${REX}/role`, send("PUT", { roleId: ROLE }))).status).toBe(401);
    expect(await env.DB.prepare("select count(*) as n from role_mappings").first("n")).toBe(0);
  });
});

describe("POST and DELETE /api/breeder-list", () => {
  it("adds a row at the end and deletes it again", async () => {
    await seedRows();
    const browser = await member();
    const live = await listen(browser);
    const res = await browser.fetch(
      "/api/breeder-list",
      send("POST", { Dino: "Shadowmane", Server: 2446, HP: 33, Negative: false }),
    );
    expect(res.status).toBe(201);
    const row = await res.json<Record<string, unknown>>();
    expect(row).toMatchObject({ Dino: "Shadowmane", Server: "2446", HP: 33, Negative: "FALSE", order: 3, version: 1 });
    expect(row._id).toMatch(/^[0-9a-f]{24}$/);
    await live.next("breeder_list_update");
    expect(await auditRows()).toMatchObject([{ entity_id: row._id, action: "create" }]);

    const del = await browser.fetch(`/api/breeder-list/${row._id}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    await live.next("breeder_list_update");
    live.close();
    expect(await stored(String(row._id))).toBeNull();
    expect((await auditRows()).map((a) => a.action)).toEqual(["create", "delete"]);
    expect((await browser.fetch(`/api/breeder-list/${row._id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("needs a Dino and known columns, and credentials", async () => {
    const browser = await member();
    const noDino = await browser.fetch("/api/breeder-list", send("POST", { HP: 3 }));
    expect(noDino.status).toBe(400);
    expect((await noDino.json<{ field: string }>()).field).toBe("Dino");
    const unknown = await browser.fetch("/api/breeder-list", send("POST", { Dino: "Rex", Colour: 1 }));
    expect((await unknown.json<{ field: string }>()).field).toBe("Colour");
    expect((await pageFetch(`${ORIGIN}/api/breeder-list`, send("POST", { Dino: "Rex" }))).status).toBe(401);
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/${REX}`, { method: "DELETE" })).status).toBe(401);
    expect(await env.DB.prepare("select count(*) as n from breeder_list").first("n")).toBe(0);

    const { bearer } = await memberWithToken();
    const created = await pageFetch(`${ORIGIN}/api/breeder-list`, {
      ...send("POST", { Dino: "Rex" }),
      headers: { ...bearer, "Content-Type": "application/json" },
    });
    expect(created.status).toBe(201);
    const { _id } = await created.json<{ _id: string }>();
    expect((await pageFetch(`${ORIGIN}/api/breeder-list/${_id}`, { method: "DELETE", headers: bearer })).status).toBe(
      200,
    );
  });
});
