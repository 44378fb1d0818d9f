// The breeder list's search columns (GET /api/breeder-list/search): written on every write, with the trigram index in
// step, and computed the same way by migrations/0006 for the rows already there.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { daysSince } from "#contract/breeder";
import { type BreederRow } from "#app/routes/_shell.dashboard.breeder-stats/list-rules";
import { searchColumns } from "#worker/domain/breeder-rows";
import { SEARCH_SEPARATOR } from "#worker/domain/paging";
import { hexId, signedIn } from "./helpers";
import { withBreederList, DAY, mdy, seedRows, storedColumns, search } from "./api-breeder-search-fixtures";

withBreederList();

describe("GET /api/breeder-list/search", () => {
  it("writes each row's search columns with every write to the list, and finds the row by them", async () => {
    const browser = await signedIn();
    const call = async (method: string, path: string, body: unknown) => {
      const res = await browser.fetch(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.json<BreederRow>();
    };
    const columnsOf = async (id: string) => {
      const { _id, dino, server, values, ...stored } = (await storedColumns()).find((c) => c._id === id)!;
      return stored;
    };
    /** After every write, each row's columns are what searchColumns makes of its stored Dino, Server and values. */
    const kept = async (step: string) => {
      for (const { _id, dino, server, values, ...stored } of await storedColumns()) {
        expect(stored, `${step}: ${_id}`).toEqual(
          searchColumns({ Dino: dino, Server: server, values: JSON.parse(values) }),
        );
      }
    };

    const rex = await call("POST", "/api/breeder-list", {
      Dino: "Rex",
      Server: "2411",
      HP: 45,
      Dmg: 7.5,
      "Last Claims": "1/2/2026",
      "Last Mut": "2026-11-24T10:00",
      notes: 'say "hi" \\ 5%',
    });
    expect(await columnsOf(rex._id)).toEqual({
      dateDay: Date.UTC(2026, 0, 2) / DAY,
      datetwoDay: Date.UTC(2026, 10, 24) / DAY,
      searchText: ["Rex", "2411", "45", "7.5", "1/2/2026", "2026-11-24T10:00", 'say "hi" \\ 5%'].join(SEARCH_SEPARATOR),
    });
    const owl = await call("POST", "/api/breeder-list", { Dino: "Snow Owl", "Last Claims": "N/A" });
    expect(await columnsOf(owl._id)).toEqual({
      dateDay: null,
      datetwoDay: null,
      searchText: `Snow Owl${SEARCH_SEPARATOR}N/A`,
    });
    await kept("create");

    // A PATCH of dates, Dino, Server and a text (and a colour), with its version; then one without.
    // 987 days ago: Days sincetwo is 987, a number no date text of these years holds.
    const mutAt = Date.now() - 987 * DAY;
    await call("PATCH", `/api/breeder-list/${rex._id}`, {
      "Last Claims": "2/30/2026",
      "Last Mut": mdy(mutAt),
      Dino: "Giganotosaurus",
      Server: "2573",
      notes: null,
      "fieldColors.HP": "#ff0000",
      version: 1,
    });
    expect(await columnsOf(rex._id)).toEqual({
      dateDay: null,
      datetwoDay: Math.floor(mutAt / DAY),
      searchText: ["Giganotosaurus", "2573", "45", "7.5", "2/30/2026", mdy(mutAt)].join(SEARCH_SEPARATOR),
    });
    await call("PATCH", `/api/breeder-list/${owl._id}`, {
      "Last Claims": mdy(Date.now() - 40 * DAY),
      Stam: 30,
      Server: "2446",
    });
    await kept("patch");
    await call("PATCH", `/api/breeder-list/${owl._id}`, { textColor: "#00ff00", "fieldColors.Stam": "#0000ff" });
    await kept("colour patch");

    // The writes that change no searched field keep the columns as they were.
    const before = await storedColumns();
    await call("POST", "/api/breeder-list/batch-color", {
      cells: [{ rowId: rex._id, columnKey: "notes" }],
      color: "#123456",
    });
    await call("PUT", `/api/breeder-list/${owl._id}/order`, { order: 5 });
    await call("POST", "/api/breeder-list/order", { ids: [owl._id, rex._id] });
    await call("PUT", `/api/breeder-list/${rex._id}/image`, {
      imageUrl: "https://example.test/giga.png",
      updateAllMatching: true,
    });
    await call("PUT", `/api/breeder-list/${rex._id}/role`, { roleId: "130000000000000001" });
    expect(await storedColumns()).toEqual(before);

    // The search reads them: Days since from the stored day, a text only from what the row holds now.
    const ids = async (q: string) => (await search(browser, `q=${encodeURIComponent(q)}`)).rows.map((r) => r._id);
    expect(await ids("987")).toEqual([rex._id]);
    expect(await ids("giga")).toEqual([rex._id]);
    expect(await ids("rex")).toEqual([]);
    expect(await ids("2446")).toEqual([owl._id]);
    expect(await ids('"hi"')).toEqual([]);
    // A search longer than D1's LIKE patterns take (50 bytes) is found the same way, not refused by the database.
    const spot = "Behind the northern dam, second pen from the left, under the big tree";
    await call("PATCH", `/api/breeder-list/${owl._id}`, { Location: spot });
    expect(await ids(spot.slice(7).toUpperCase())).toEqual([owl._id]);
    expect(await ids(`${spot} and more`)).toEqual([]);
  });

  it("keeps the trigram index of the texts in step with every write: a row is found by what it holds now", async () => {
    const browser = await signedIn();
    const call = async (method: string, path: string, body?: unknown) => {
      const init =
        body === undefined
          ? { method }
          : { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
      const res = await browser.fetch(path, init);
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      return res.json<BreederRow>();
    };
    const ids = async (q: string) => (await search(browser, `q=${encodeURIComponent(q)}`)).rows.map((r) => r._id);
    const owl = await call("POST", "/api/breeder-list", { Dino: "Snow Owl", Location: "Ébène tower" });
    const rex = await call("POST", "/api/breeder-list", { Dino: "Rex", Location: "Redwood pen" });
    // Case folded beyond ASCII as the page's own search folds it ("ébène" finds "Ébène").
    expect(await ids("ÉBÈNE")).toEqual([owl._id]);
    expect(await ids("redwood")).toEqual([rex._id]);

    await call("PATCH", `/api/breeder-list/${rex._id}`, { Location: "Swamp pen" });
    expect(await ids("redwood")).toEqual([]);
    expect(await ids("swamp")).toEqual([rex._id]);
    expect(await ids(" pen")).toEqual([rex._id]);
    await call("DELETE", `/api/breeder-list/${owl._id}`);
    expect(await ids("ébène")).toEqual([]);
    expect(await ids("owl")).toEqual([]);

    // Each row keeps the key the index names it by; the index agrees with the list (FTS5's own check).
    const keys = await env.DB.prepare("select row_key from breeder_list").all<{ row_key: number | null }>();
    expect(keys.results.map((k) => k.row_key).every((k) => Number.isInteger(k))).toBe(true);
    await expect(env.DB.prepare("update breeder_list set row_key = row_key + 100").run()).rejects.toThrow(
      /row_key never changes/,
    );
    await env.DB.prepare("insert into breeder_search (breeder_search, rank) values ('integrity-check', 1)").run();
  });

  it("computes in migrations/0006 the columns the writes compute, for the rows already there", async () => {
    await seedRows(140);
    // The migration reads sheet dates in SQL, which must read them as parseSheetDate does: every form it takes or refuses,
    // untrimmed ones too, and every kind of value (written raw, as an old row).
    const texts = [
      "1/2/2026",
      "01/02/2026",
      "12/31/25",
      "2/29/2024",
      "2/29/2025",
      "2/30/2026",
      "13/1/2026",
      "0/1/2026",
      "1/1/0099",
      "1/1/0100",
      "1/1/026",
      "111/1/2026",
      "1//2026",
      "1/2/2026/",
      " 1/2/2026 ",
      "\t3/4/2026",
      "2026-11-24",
      "2026-02-30",
      "2026-13-01",
      "2026-11-24T10:00",
      "2026-11-24T10:00:00.123Z",
      "2026-11-24 10:00+05:30",
      "2026-11-24T10:00-0530",
      "2026-11-24T",
      "2026-11-24TZ",
      "2026-11-24T10:00+5:30",
      "2026-11-24x",
      "2026-1-24",
      "1969-07-20",
      "",
      "N/A",
      "-",
    ];
    const values = (i: number) => ({
      "Last Claims": texts[i],
      "Last Mut": texts.at(-1 - i)!,
      HP: [0, -3, 12.5, 99.25, 1234567, null][i % 6],
      Breeder: ['Ana "Rex" \\ Á', "龙骑士12", "🦖", `a${SEARCH_SEPARATOR}b`, "", null][i % 6],
      Negative: i % 2 ? "TRUE" : null,
    });
    await env.DB.batch([
      ...texts.map((_, i) =>
        env.DB.prepare(`insert into breeder_list (_id, "order", dino, server, "values") values (?, ?, ?, ?, ?)`).bind(
          hexId(5000 + i),
          500 + i,
          `Dino ${i}`,
          i % 3 ? "2411" : null,
          JSON.stringify(values(i)),
        ),
      ),
      env.DB.prepare(`insert into breeder_list (_id, "order", dino, "values") values (?, 600, 'Bare', '{}')`).bind(
        hexId(6000),
      ),
      // A date cell holding a number, not a text, is no date.
      env.DB.prepare(
        `insert into breeder_list (_id, "order", dino, "values") values (?, 601, 'Numbered', '{"Last Claims":12}')`,
      ).bind(hexId(6001)),
    ]);
    const migration = (
      env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }
    ).TEST_MIGRATIONS.find((m) => m.name.startsWith("0006_"))!;
    const backfill = migration.queries.find((q) => /^\s*UPDATE/.test(q))!;
    await env.DB.prepare("update breeder_list set date_day = null, datetwo_day = null, search_text = ''").run();
    await env.DB.prepare(backfill).run();
    const rows = await storedColumns();
    expect(rows).toHaveLength(140 + texts.length + 2);
    for (const { _id, dino, server, values, ...stored } of rows) {
      expect(stored, _id).toEqual(searchColumns({ Dino: dino, Server: server, values: JSON.parse(values) }));
    }
    expect(rows.find((r) => r._id === hexId(6001))?.dateDay).toBeNull();
    expect(daysSince("2/30/2026")).toBeNull();
  });
});
