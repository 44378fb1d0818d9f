// The breeder list API: read, PATCH (validation, version conflicts), create and delete.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { VALUE_COLUMNS } from "#contract/breeder";
import { patchBreeder } from "#worker/domain/breeder";
import { searchColumns } from "#worker/domain/breeder-rows";
import { SEARCH_SEPARATOR } from "#worker/domain/paging";
import { database, RACE_RETRIES } from "#worker/domain/context";
import { domainDeps } from "#worker/platform/deps";
import { listen, MEMBER, memberWithToken, ORIGIN, pageFetch, stamped } from "./helpers";
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

describe("GET /api/breeder-list", () => {
  it("answers every row in order with the API's column keys and computed days", async () => {
    await seedRows();
    const browser = await member();
    const res = await browser.fetch("/api/breeder-list");
    expect(res.status).toBe(200);
    const rows = await res.json<Record<string, unknown>[]>();
    expect(rows.map((r) => r._id)).toEqual([GIGA, REX, REX2]);
    const rex = rows[1];
    // Every field of the wire row (their order is breederJson's rule, tested in worker/domain/breeder.test.ts).
    const own = ["_id", "order", "Dino", "imageUrl", "Server", "textColor", "fieldColors", "lastUpdated", "roleId"];
    const counts = ["Days since", "Days sincetwo", "version"];
    expect(Object.keys(rex).sort()).toEqual([...own, ...VALUE_COLUMNS, ...counts].sort());
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
