// The breeder list API: batch colours, order, a row's image and a dino's role.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listen, memberWithToken, ORIGIN, pageFetch } from "./helpers";
import {
  withBreederTables,
  send,
  REX,
  REX2,
  GIGA,
  UNKNOWN,
  seedRows,
  stored,
  auditRows,
  member,
} from "./api-breeder-fixtures";

withBreederTables();

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
