// Shared by the breeder list search tests: rows with every kind of cell, their stored search columns, a search call,
// and the page the old way (the whole list searched and paged) to compare with.
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, type MockInstance } from "vitest";
import { cellTextOf } from "#app/components/sheet/rules";
import { listColumns, summaryOf, type BreederRow } from "#app/routes/_shell.dashboard.breeder-stats/list-rules";
import { matches } from "#app/utils/table";
import { searchColumns } from "#worker/domain/breeder-rows";
import { SEARCH_SEPARATOR } from "#worker/domain/paging";
import { database } from "#worker/domain/context";
import { hexId, routeOutboundToSelf, type Browser } from "./helpers";

/** The hooks of a file that reads the breeder list: an empty list and audit log, outbound calls to the Worker. */
export function withBreederList() {
  let outbound: MockInstance;
  beforeEach(async () => {
    outbound = routeOutboundToSelf();
    await env.DB.batch(["breeder_list", "audit_log"].map((t) => env.DB.prepare(`delete from ${t}`)));
  });
  afterEach(() => outbound.mockRestore());
}

export const ZERO = "Curent # of 0/0's";
export const DAY = 24 * 3600 * 1000;
export const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};

export type Page = {
  rows: BreederRow[];
  total: number;
  page: number;
  pageCount: number;
  size: number;
  first: string | null;
  last: string | null;
};
export type Answer = Page & { summary: ReturnType<typeof summaryOf> };

/** `n` rows in a shuffled order, with every kind of cell: numbers, texts, dates in each format (and not dates). */
export async function seedRows(n: number) {
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
export const storedColumns = () =>
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

export const search = async (browser: Browser, query: string) => {
  const res = await browser.fetch(`/api/breeder-list/search?${query}`);
  expect(res.status, query).toBe(200);
  return res.json<Answer>();
};

/** The old way: the whole list, searched over every shown column's text, filtered by server, 100 rows a page. */
export function expected(all: BreederRow[], params: URLSearchParams): Page {
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
