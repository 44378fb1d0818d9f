// The breeder list read a page at a time (issue 11): search over every shown field, the server filter, the sheet's
// order and paging in SQL with a count; the summary card and the dinos of the dialogs kept as aggregates until the list
// changes (data_versions.breeder_list, bumped by triggers: migrations/0005). GET /api/breeder-list stays whole for old
// clients.
//
// The search reads only columns kept with the row (migrations/0006, written by searchColumns in ./breeder): one LIKE
// over the row's shown texts joined by a separator, and for a query that can be part of a Days since, a subtraction
// from each date's stored day. It parses no date text and walks no JSON (but for a query holding the separator), so a
// query costs one plain scan of the list whatever it matches (before, "12" parsed both dates of every row in SQL: 31
// times the cost of a health check).
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { breederList } from "../../drizzle/schema";
import { BREEDER_SERVERS, dayNumber, ZERO_COLUMN, type BreederDino, type BreederServer, type BreederSummary } from "../../contract/breeder";
import { cachedAggregate } from "./aggregates";
import { breederJson, DAY_COLUMNS, ROW_FIELDS, SEARCH_SEPARATOR, type BreederJson } from "./breeder";
import type { Db } from "./context";
import { askedPage, contains, settlePage, type PageQuery, type SearchPage } from "./paging";

/** A "days since" cell's text in SQL from its date's stored day: whole days to `today` (0 if future), '-' when none. */
const daysSinceText = (day: SQLiteColumn, today: number) => sql`coalesce(cast(max(0, cast(${today} AS integer) - ${day}) AS text), '-')`;

/** A "days since" text is digits or '-': only a `q` made of those can be part of one. */
const DAYS_TEXT = /^(?:\d+|-)$/;

/** `q` as a case-insensitive substring of any shown field: Dino, Server, every stored column, both "days since". */
function matching(q: string, now: Date): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  // A query holding the separator could match across two texts of search_text: it is looked for in each text on its
  // own, as before the column (a control character nobody types; exact, and slower).
  const inTexts = text.includes(SEARCH_SEPARATOR)
    ? sql`(${contains(breederList.Dino, text)} or ${contains(breederList.Server, text)} or exists (select 1 from json_each(${breederList.values})
        where type in ('text', 'integer', 'real') and ${contains(sql`cast(value AS text)`, text)}))`
    : contains(breederList.searchText, text);
  const today = dayNumber(now);
  return sql`(${sql.join(
    [inTexts, ...(DAYS_TEXT.test(text) ? Object.values(DAY_COLUMNS).map((c) => contains(daysSinceText(breederList[c], today), text)) : [])],
    sql` or `,
  )})`;
}

export type BreederSearch = PageQuery & { server?: BreederServer };
export type BreederPage = SearchPage<BreederJson> & { summary: BreederSummary; first: string | null; last: string | null };

const zeros = sql<number>`coalesce(sum(CASE WHEN json_type(${breederList.values}, ${`$."${ZERO_COLUMN}"`}) IN ('integer', 'real')
  THEN json_extract(${breederList.values}, ${`$."${ZERO_COLUMN}"`}) END), 0)`;

/** The summary card: Total Breeders, each server's total of the 0/0 count, the total of all and Last Updated. */
export const breederSummary = (db: Db) =>
  cachedAggregate(db, "breeder_list", "breeder_summary", async (): Promise<BreederSummary> => {
    // One scan, grouped by server: the whole list's figures are the groups' sums (rows without a server included).
    const groups = await db
      .select({ server: breederList.Server, rows: count(), zeros, last: sql<number | null>`max(${breederList.lastUpdated})` })
      .from(breederList)
      .groupBy(breederList.Server);
    const servers = Object.fromEntries(BREEDER_SERVERS.map((id) => [id, 0])) as Record<BreederServer, number>;
    for (const g of groups) if (g.server && g.server in servers) servers[g.server as BreederServer] = Number(g.zeros);
    const last = Math.max(...groups.map((g) => Number(g.last ?? -Infinity)));
    return {
      breeders: groups.reduce((n, g) => n + g.rows, 0),
      servers,
      total: groups.reduce((n, g) => n + Number(g.zeros), 0),
      lastUpdated: Number.isFinite(last) ? new Date(last).toISOString() : null,
    };
  });

/**
 * One page of the list in the sheet's order (`order`, then `_id`), filtered by server and `q`, with the summary and
 * the first and last ids of the whole sheet (Move up and Move down are disabled at its ends). A page past the end is
 * the last.
 */
export async function searchBreeders(db: Db, { q = "", page = 1, size = 100, server }: BreederSearch, now = new Date()): Promise<BreederPage> {
  const where = and(server ? eq(breederList.Server, server) : undefined, matching(q, now));
  const ends = (dir: typeof asc) =>
    db.select({ _id: breederList._id }).from(breederList).orderBy(dir(breederList.order), dir(breederList._id)).limit(1);
  const pageAt = (n: number) =>
    db.select(ROW_FIELDS).from(breederList).where(where).orderBy(asc(breederList.order), asc(breederList._id)).limit(size).offset((n - 1) * size);
  const asked = askedPage(page);
  // The count, the sheet's ends and the page asked for in one round trip (beside the kept summary).
  const [[[{ total }], [first], [last], ahead], summary] = await Promise.all([
    db.batch([db.select({ total: count() }).from(breederList).where(where), ends(asc), ends(desc), pageAt(asked)]),
    breederSummary(db),
  ]);
  const shown = await settlePage(total, asked, size, ahead, pageAt);
  return {
    ...shown,
    rows: shown.rows.map((r) => breederJson(r, now)),
    total,
    size,
    summary,
    first: first?._id ?? null,
    last: last?._id ?? null,
  };
}

/**
 * Each dino once, in the sheet's order of its first row: that row's id (the one the image and role calls name) and
 * the picture of its first row that has one (the claim sessions' icons).
 */
export const breederDinos = (db: Db) =>
  cachedAggregate(db, "breeder_list", "breeder_dinos", async (): Promise<BreederDino[]> => {
    // One pass: each dino's rows in the sheet's order; its first row, and the first picture (rows without one last).
    const picture = sql`nullif(${breederList.imageUrl}, '')`;
    return db.all<BreederDino>(sql`select "Dino", "_id", "imageUrl" from (
      select ${breederList.Dino} as "Dino", ${breederList._id} as "_id", ${breederList.order} as "at",
        row_number() over (partition by ${breederList.Dino} order by ${breederList.order}, ${breederList._id}) as "n",
        first_value(${picture}) over (partition by ${breederList.Dino} order by ${picture} is null, ${breederList.order}, ${breederList._id}) as "imageUrl"
      from ${breederList}
    ) where "n" = 1 order by "at", "_id"`);
  });
