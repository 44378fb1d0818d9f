// The breeder list read a page at a time (GET /api/breeder-list/search and /dinos): the same rows, order,
// counts and summary as the whole list searched and paged the spec's way; the search columns written with every write,
// and computed the same way by migrations/0006 for the rows already there (its SQL reads sheet dates as
// parseSheetDate does); the summary and dinos kept until the list changes; and the page in front of an older host
// without these calls (404), which is read whole.
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, type MockInstance } from "vitest";
import { daysSince } from "#contract/breeder";
import { cellTextOf, unpackRows, type PackedRows } from "#app/components/sheet/rules";
import { listColumns, summaryOf, type BreederRow } from "#app/routes/_shell.dashboard.breeder-stats/list-rules";
import { matches } from "#app/utils/table";
import { searchColumns } from "#worker/domain/breeder-rows";
import { searchBreeders } from "#worker/domain/breeder-search";
import { SEARCH_SEPARATOR } from "#worker/domain/paging";
import { database } from "#worker/domain/context";
import { externalHost } from "./cron-fixtures";
import { dataPath, hexId, routeOutboundToSelf, signedIn, type Browser } from "./helpers";

let outbound: MockInstance;
beforeEach(async () => {
  outbound = routeOutboundToSelf();
  await env.DB.batch(["breeder_list", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
});
afterEach(() => outbound.mockRestore());

const ZERO = "Curent # of 0/0's";
const DAY = 24 * 3600 * 1000;
const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

type Page = {
  rows: BreederRow[];
  total: number;
  page: number;
  pageCount: number;
  size: number;
  first: string | null;
  last: string | null;
};
type Answer = Page & { summary: ReturnType<typeof summaryOf> };

/** `n` rows in a shuffled order, with every kind of cell: numbers, texts, dates in each format (and not dates). */
async function seedRows(n: number) {
  const now = Date.now();
  const dinos = ["Rex", "Giganotosaurus", "Shadowmane", "Snow Owl", "100% Rex_line"];
  const dates = (i: number) =>
    [
      mdy(now - (i % 30) * DAY),
      "",
      "N/A",
      new Date(now - i * DAY).toISOString().slice(0, 10),
      `${mdy(now + DAY)}`,
      "2/30/2026",
      " 1/2/26 ",
    ][i % 7];
  const statements = Array.from({ length: n }, (_, i) => {
    const values = {
      [ZERO]: i % 4 === 0 ? null : i % 9,
      HP: 20 + (i % 50),
      Dmg: i % 5 === 0 ? 12.5 : 40 + (i % 30),
      "Mut Hp": i % 11,
      Negative: i % 3 === 0 ? "TRUE" : "FALSE",
      Breeder: `Breeder ${i % 6}`,
      Location: i % 10 === 0 ? "Stacking hall" : "Main base",
      notes: i % 13 === 0 ? "keep 5% for claims" : i % 17 === 0 ? `say "hi" \\ a${SEARCH_SEPARATOR}b` : null,
      "Last Claims": dates(i),
      "Last Mut": dates(i + 3),
    };
    const [Dino, Server] = [dinos[i % dinos.length], i % 8 === 7 ? null : ["2411", "2573", "2446"][i % 3]];
    const { dateDay, datetwoDay, searchText } = searchColumns({ Dino, Server, values });
    return env.DB.prepare(
      `insert into breeder_list (_id, "order", dino, server, image_url, field_colors, "values", version, last_updated, date_day, datetwo_day, search_text)
        values (?, ?, ?, ?, ?, '{}', ?, 1, ?, ?, ?, ?)`,
    ).bind(
      hexId(1000 + i),
      (i * 7) % n,
      Dino,
      Server,
      // Snow Owl has no picture on any row.
      i % 4 === 1 && Dino !== "Snow Owl" ? `https://example.test/${Dino}-${i}.png` : null,
      JSON.stringify(values),
      now - i * 60_000,
      dateDay,
      datetwoDay,
      searchText,
    );
  });
  await env.DB.batch(statements);
}

/** Each row's Dino, Server and values beside its stored search columns. */
const storedColumns = () =>
  database(env).all<{
    _id: string;
    dino: string;
    server: string | null;
    values: string;
    dateDay: number | null;
    datetwoDay: number | null;
    searchText: string;
  }>(
    sql`select _id, dino, server, "values", date_day as dateDay, datetwo_day as datetwoDay, search_text as searchText from breeder_list order by _id`,
  );

const search = async (browser: Browser, query: string) => {
  const res = await browser.fetch(`/api/breeder-list/search?${query}`);
  expect(res.status, query).toBe(200);
  return res.json<Answer>();
};

/** The spec's way: the whole list, searched over every shown column's text, filtered by server, 100 rows a page. */
function expected(all: BreederRow[], params: URLSearchParams): Page {
  const columns = listColumns({ base: true, mut: true }).map((c) => (row: BreederRow) => cellTextOf(c, c.value(row)));
  const server = params.get("server");
  const found = all.filter((r) => (!server || r.Server === server) && matches(r, params.get("q") ?? "", columns));
  const size = Number(params.get("size") ?? 100);
  const pageCount = Math.max(1, Math.ceil(found.length / size));
  const page = Math.min(Number(params.get("page") ?? 1), pageCount);
  return {
    rows: found.slice((page - 1) * size, page * size),
    total: found.length,
    page,
    pageCount,
    size,
    first: all[0]?._id ?? null,
    last: all.at(-1)?._id ?? null,
  };
}

describe("GET /api/breeder-list/search", () => {
  it("answers the page the whole list would give for every search, filter and page", async () => {
    const browser = await signedIn();
    await seedRows(140);
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const queries = [
      "",
      "page=2",
      "page=9",
      "size=25&page=3",
      "server=2573",
      "server=2446&size=10&page=2",
      "q=rex",
      "q=REX",
      "q=stacking",
      "q=5%25",
      "q=_line",
      "q=12.5",
      "q=true",
      "q=breeder 3",
      "q=2411",
      "q=-",
      "q=1",
      "q=12",
      "q=0",
      "q=/2026",
      "q=n/a",
      "q=rex&server=2411&size=5&page=2",
      "q=nothing like this",
      // JSON's escaped characters, and the separator of the stored texts: within one text it is found, across two not.
      "q=%22hi%22",
      "q=%5C",
      "q=a%1Fb",
      "q=%1F",
      "q=rex%1F2411",
      "q=breeder 3%1Fmain",
    ];
    for (const query of queries) {
      const { summary, ...page } = await search(browser, query);
      expect(page, query).toEqual(expected(all, new URLSearchParams(query)));
      expect(summary, query).toEqual(summaryOf(all));
    }
  });

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

  it("keeps the count of a search that scans until the list changes, and drops the counts gone stale", async () => {
    const browser = await signedIn();
    await seedRows(60);
    const kept = async () =>
      (
        await env.DB.prepare(
          "select key from aggregate_cache where key like 'breeder_search_count:%' order by key",
        ).all<{ key: string }>()
      ).results.map((r) => r.key.replace(/^breeder_search_count:\d+:/, ""));
    const total = async (query: string) => (await search(browser, query)).total;
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const expectedTotal = (query: string) => expected(all, new URLSearchParams(query)).total;

    // Two characters, a Days since's digits, and a server: counted by a scan, then kept; the index's searches are not.
    for (const query of ["q=12", "q=ma&server=2411", "q=123", "q=stacking"])
      expect(await total(query), query).toBe(expectedTotal(query));
    expect(await kept()).toEqual(["2411:ma", ":12", ":123"]);
    expect(await total("q=12&page=2")).toBe(expectedTotal("q=12"));

    // A write changes the list: the next search counts again, and the other counts, now stale, are gone.
    const added = await browser.fetch("/api/breeder-list", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Dino: "Rex", Server: "2411", notes: "pen 12, main gate" }),
    });
    expect(added.status).toBe(201);
    expect(await total("q=12")).toBe(expectedTotal("q=12") + 1);
    expect(await kept()).toEqual([":12"]);
    expect(await total("q=ma&server=2411")).toBe(expectedTotal("q=ma&server=2411") + 1);
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

  it("keeps the summary, and drops it when the list changes by any path", async () => {
    const browser = await signedIn();
    await seedRows(12);
    const before = (await search(browser, "")).summary;
    const kept = () =>
      env.DB.prepare("select value from aggregate_cache where key = 'breeder_summary'").first<{ value: string }>();
    expect(JSON.parse((await kept())!.value)).toEqual(before);
    await env.DB.prepare(
      `update breeder_list set "values" = json_set("values", '$."Curent # of 0/0''s"', 100) where _id = ?`,
    )
      .bind(hexId(1000))
      .run();
    const after = (await search(browser, "")).summary;
    expect(after.total).toBe(before.total + 100); // the row's count was empty
    expect(after.servers["2411"]).toBe(before.servers["2411"] + 100);
    await env.DB.prepare(`delete from breeder_list where _id = ?`).bind(hexId(1001)).run();
    expect((await search(browser, "")).summary.breeders).toBe(11);
  });

  it("answers a page kept in the isolate, frozen, until the list changes by any path or the day turns (ADR 060)", async () => {
    await seedRows(30);
    const db = database(env);
    const now = new Date();
    const query = { q: "", page: 1, size: 100 };
    const first = await searchBreeders(db, query, now);
    expect(await searchBreeders(db, query, now)).toBe(first);
    expect(() => ((first.rows[0] as { Dino: string }).Dino = "Changed")).toThrow(TypeError);
    expect(await searchBreeders(db, { ...query, q: "rex" }, now)).not.toBe(first);

    // The next day counts every Days since one more.
    const counted = first.rows.find((r) => typeof r["Days since"] === "number")!;
    const tomorrow = await searchBreeders(db, query, new Date(now.getTime() + DAY));
    expect(tomorrow.rows.find((r) => r._id === counted._id)!["Days since"]).toBe(counted["Days since"]! + 1);

    // A write by any path (here in SQL, as a console would) is read at once.
    const id = first.rows[0]._id;
    await env.DB.prepare("update breeder_list set dino = 'Changed' where _id = ?").bind(id).run();
    const changed = await searchBreeders(db, query, now);
    expect(changed.rows.find((r) => r._id === id)!.Dino).toBe("Changed");

    // A database restored to an earlier point counts its versions again from there: the same version after the restore
    // is another list, and the page kept under that version before the restore is not given for it.
    const before = await env.DB.prepare("select version, stamp from data_versions where name = 'breeder_list'").first<{
      version: number;
      stamp: number;
    }>();
    await env.DB.prepare("update breeder_list set dino = 'Kept' where _id = ?").bind(id).run();
    expect((await searchBreeders(db, query, now)).rows.find((r) => r._id === id)!.Dino).toBe("Kept");
    await env.DB.batch([
      env.DB.prepare("update breeder_list set dino = 'Changed' where _id = ?").bind(id),
      env.DB.prepare("update data_versions set version = ?, stamp = ? where name = 'breeder_list'").bind(
        before!.version,
        before!.stamp,
      ),
    ]);
    await env.DB.prepare("update breeder_list set dino = 'Restored, then written' where _id = ?").bind(id).run();
    expect((await searchBreeders(db, query, now)).rows.find((r) => r._id === id)!.Dino).toBe("Restored, then written");
  });

  it("refuses a page size over 100 or an unknown server, naming the field", async () => {
    const browser = await signedIn();
    for (const [query, field] of [
      ["size=101", "size"],
      ["server=9999", "server"],
      ["page=0", "page"],
    ]) {
      const res = await browser.fetch(`/api/breeder-list/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { field: string }).field, query).toBe(field);
    }
    expect((await browser.fetch("/api/breeder-list/search")).status).toBe(200);
  });
});

describe("GET /api/breeder-list/dinos", () => {
  it("names each dino once, in the order of its first row, with the picture of its first row that has one", async () => {
    const browser = await signedIn();
    await seedRows(20);
    const all = (await (await browser.fetch("/api/breeder-list")).json()) as BreederRow[];
    const dinos = (await (await browser.fetch("/api/breeder-list/dinos")).json()) as {
      Dino: string;
      _id: string;
      imageUrl: string | null;
    }[];
    const firsts = all.filter((r, i) => all.findIndex((o) => o.Dino === r.Dino) === i);
    expect(dinos).toEqual(
      firsts.map((r) => ({
        Dino: r.Dino,
        _id: r._id,
        imageUrl: all.find((o) => o.Dino === r.Dino && o.imageUrl)?.imageUrl ?? null,
      })),
    );
    // A new picture on a later row of a dino without one shows at once (the kept list is dropped by the write).
    const bare = dinos.find((d) => d.imageUrl === null)!;
    const later = all.filter((r) => r.Dino === bare.Dino).at(-1)!;
    await env.DB.prepare("update breeder_list set image_url = 'https://example.test/new.png' where _id = ?")
      .bind(later._id)
      .run();
    const again = (await (await browser.fetch("/api/breeder-list/dinos")).json()) as typeof dinos;
    expect(again.find((d) => d.Dino === bare.Dino)?.imageUrl).toBe("https://example.test/new.png");
  });
});

describe("the Breeder page in front of an older host", () => {
  it("reads the whole list when the host has no search or dinos call, and pages it the same way", async () => {
    const browser = await signedIn();
    const list = [
      {
        _id: hexId(1),
        order: 0,
        Dino: "Rex",
        Server: "2411",
        imageUrl: null,
        lastUpdated: "2026-11-20T00:00:00.000Z",
        [ZERO]: 3,
        notes: "stacking",
      },
      {
        _id: hexId(2),
        order: 1,
        Dino: "Giganotosaurus",
        Server: "2573",
        imageUrl: "https://example.test/g.png",
        lastUpdated: "2026-11-21T00:00:00.000Z",
        [ZERO]: 2,
      },
      {
        _id: hexId(3),
        order: 2,
        Dino: "Rex",
        Server: "2411",
        imageUrl: "https://example.test/r.png",
        lastUpdated: "2026-11-19T00:00:00.000Z",
        [ZERO]: 1,
      },
    ];
    const asked: string[] = [];
    const host = externalHost("older-breeder-host", (_request, url) => {
      asked.push(url.pathname);
      return url.pathname === "/api/breeder-list"
        ? Response.json(list)
        : Response.json({ error: "not_found" }, { status: 404 });
    })(browser);
    const load = async (search: string) => {
      const res = await host.get(dataPath(`/dashboard/breeder-stats?tab=breeder-list${search}`));
      expect(res.status).toBe(200);
      return res.json<{
        dinos: string[];
        list: {
          page: { rows: PackedRows; total: number };
          summary: { total: number; breeders: number };
          ends: Record<string, string>;
        };
      }>();
    };
    const data = await load("&server=2411&q=stacking&dialog=mapping");
    expect(unpackRows(data.list.page.rows).map((r) => r._id)).toEqual([hexId(1)]);
    expect(data.list.summary).toMatchObject({ total: 6, breeders: 3 });
    expect(data.list.ends).toEqual({ first: hexId(1), last: hexId(3) });
    expect(data.dinos).toEqual(["Giganotosaurus", "Rex"]);
    expect(asked).toEqual(
      expect.arrayContaining(["/api/breeder-list/search", "/api/breeder-list/dinos", "/api/breeder-list"]),
    );
  });
});

describe("the Breeder page's other tabs in front of an older host", () => {
  it("reads a side table, the claim sessions or the leaderboard whole when the host has no search call, and pages them the same way", async () => {
    const browser = await signedIn();
    const ffa = Array.from({ length: 30 }, (_, n) => ({
      _id: hexId(n + 1),
      breeder: n % 2 ? "Ann" : "Bob",
      creature: "Rex",
      server: "2411",
      status: "In Progress",
    }));
    const at = Date.UTC(2026, 2, 1, 12);
    const sessions = [1, 2, 3].map((n) => ({
      _id: hexId(100 + n),
      dinoName: n === 2 ? "Yutyrannus" : "Rex",
      instructions: null,
      max: 4,
      claims: [],
      completed: [],
      ended: n === 3,
      breederId: null,
      createdAt: at - n * 3600_000,
      updatedAt: at - n * 3600_000,
    }));
    // An older host's leaderboard, in no particular order: ranked here as the host would.
    const stats = [5, 40, 12, 12].map((totalSessions, n) => ({
      _id: hexId(200 + n),
      breederId: `30000000000000020${n}`,
      totalCreatedSessions: totalSessions,
      totalSessions,
      totalClaims: n,
      averageSessionDuration: 61_000,
      totalCompletions: 0,
      averageCompletionRate: 0.25,
      totalEndedSessions: 0,
    }));
    const asked: string[] = [];
    const host = externalHost("older-side-host", (_request, url) => {
      asked.push(url.pathname);
      if (url.pathname === "/api/ffa-raising") return Response.json(ffa);
      if (url.pathname === "/api/breeder-claim-sessions") return Response.json(sessions);
      if (url.pathname === "/api/breeder-session-stats") return Response.json(stats);
      return Response.json({ error: "not_found" }, { status: 404 });
    })(browser);
    const load = async <T>(search: string) => {
      const res = await host.get(dataPath(`/dashboard/breeder-stats?${search}`));
      expect(res.status).toBe(200);
      return res.json<T>();
    };
    type Tab = {
      failed: boolean;
      total: number;
      page: { rows: { _id: string }[]; total: number; page: number; pageCount: number };
    };
    const side = await load<{ ffa: Tab }>("tab=ffa-raising&q=ann&page=2&size=25");
    expect(side.ffa).toMatchObject({ failed: false, total: 30, page: { total: 15, page: 1, pageCount: 1 } });
    expect(side.ffa.page.rows.map((r) => r._id)).toEqual(ffa.filter((r) => r.breeder === "Ann").map((r) => r._id));
    const claims = await load<{ claims: Tab }>("tab=claim-sessions&q=rex&cq=yes");
    expect(claims.claims).toMatchObject({ failed: false, total: 3, page: { total: 1 } });
    expect(claims.claims.page.rows.map((r) => r._id)).toEqual([hexId(103)]);
    type Board = {
      stats: {
        total: number;
        page: { rows: { breederId: string; rank: number; duration: string; completionRate: string }[]; total: number };
      };
    };
    const board = await load<Board>("tab=breeder-statistics");
    expect(board.stats.page.rows.map((r) => [r.rank, r.breederId])).toEqual([
      [1, stats[1].breederId],
      [2, stats[3].breederId],
      [3, stats[2].breederId],
      [4, stats[0].breederId],
    ]);
    expect(board.stats.page.rows[0]).toMatchObject({ duration: "00:01:01", completionRate: "25%" });
    const searched = await load<Board>(`tab=breeder-statistics&q=${stats[2].breederId}`);
    expect(searched.stats).toMatchObject({ total: 4, page: { total: 1, rows: [{ rank: 3 }] } });
    expect(asked).toEqual(
      expect.arrayContaining([
        "/api/ffa-raising/search",
        "/api/ffa-raising",
        "/api/breeder-claim-sessions/search",
        "/api/breeder-claim-sessions",
        "/api/breeder-session-stats/search",
        "/api/breeder-session-stats",
      ]),
    );
  });
});
