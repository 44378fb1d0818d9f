// The breeder list read a page at a time: search, server filter, order and paging in SQL over the search text kept
// with each row (trigram index for 3+ characters, LIKE below), with the summary and dialog dinos kept until the list
// changes (data_versions.breeder_list). GET /api/breeder-list stays whole for old clients (ADR 018, ADR 027).
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { breederList } from "#drizzle/schema";
import {
  BREEDER_SERVERS,
  dayNumber,
  ZERO_COLUMN,
  type BreederDino,
  type BreederListRow,
  type BreederServer,
  type BreederSummary,
} from "#contract/breeder";
import { aggregateRead, cachedAggregate, keptWhileCurrent, settledAggregate } from "./aggregates";
import { breederJson, DAY_COLUMNS, ROW_FIELDS } from "./breeder-rows";
import type { Db } from "./context";
import { askedPage, contains, ftsPhrase, SEARCH_SEPARATOR, settlePage, trigramsServe, type PageQuery } from "./paging";
import type { SearchPage } from "#contract/search";

/** A "days since" cell's text in SQL from its date's stored day: whole days to `today` (0 if future), '-' when none. */
const daysSinceText = (day: SQLiteColumn, today: number) =>
  sql`coalesce(cast(max(0, cast(${today} AS integer) - ${day}) AS text), '-')`;

/** A "days since" text is digits or '-': only a `q` made of those can be part of one. */
const DAYS_TEXT = /^(?:\d+|-)$/;

/**
 * `q` as a case-insensitive substring of any shown field: Dino, Server, every stored column, both "days since". The
 * texts are read through the trigram index of search_text (breeder_search, migrations/0010) for a query of three
 * characters or more, else with one LIKE over search_text. The index's rows are found by row_key's own index for a
 * count (`walk` false); a page (`walk` true) walks the sheet's order instead (the order's index carries row_key), so it
 * stops when the page is full rather than reading and sorting every match.
 */
function matching(q: string, now: Date, walk: boolean): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  // A query holding the separator could match across two texts of search_text: it is looked for in each text on its
  // own, as before the column (a control character nobody types; exact, and slower).
  const inTexts = text.includes(SEARCH_SEPARATOR)
    ? sql`(${contains(breederList.Dino, text)} or ${contains(breederList.Server, text)} or exists (select 1 from json_each(${breederList.values})
        where type in ('text', 'integer', 'real') and ${contains(sql`cast(value AS text)`, text)}))`
    : trigramsServe(text)
      ? sql`${walk ? sql`+${breederList.rowKey}` : breederList.rowKey} in (select rowid from breeder_search where breeder_search match ${ftsPhrase(text)})`
      : contains(breederList.searchText, text);
  const today = dayNumber(now);
  return sql`(${sql.join(
    [
      inTexts,
      ...(DAYS_TEXT.test(text)
        ? Object.values(DAY_COLUMNS).map((c) => contains(daysSinceText(breederList[c], today), text))
        : []),
    ],
    sql` or `,
  )})`;
}

export type BreederSearch = PageQuery & { server?: BreederServer };
export type BreederPage = SearchPage<BreederListRow> & {
  summary: BreederSummary;
  first: string | null;
  last: string | null;
};

const zeros = sql<number>`coalesce(sum(CASE WHEN json_type(${breederList.values}, ${`$."${ZERO_COLUMN}"`}) IN ('integer', 'real')
  THEN json_extract(${breederList.values}, ${`$."${ZERO_COLUMN}"`}) END), 0)`;

/** The summary card: Total Breeders, each server's total of the 0/0 count, the total of all and Last Updated. */
async function computeSummary(db: Db): Promise<BreederSummary> {
  // One scan, grouped by server: the whole list's figures are the groups' sums (rows without a server included).
  const groups = await db
    .select({
      server: breederList.Server,
      rows: count(),
      zeros,
      last: sql<number | null>`max(${breederList.lastUpdated})`,
    })
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
}

const LIST = "breeder_list";
const SUMMARY = [LIST, "breeder_summary"] as const;

/** The summary card, kept until the list changes. */
export const breederSummary = (db: Db) => cachedAggregate(db, ...SUMMARY, () => computeSummary(db));

type KeptRead = Awaited<ReturnType<typeof aggregateRead>>[number] | undefined;

/**
 * A search the trigram index cannot answer alone (shorter than three characters, one that can be part of a Days
 * since, or one holding the separator) scans the list to count its matches. That count is kept (aggregate_cache, under
 * the day, since Days since changes with it) until the list changes, so paging through the matches, or asking again,
 * scans once. Undefined for a search counted through the index.
 */
function scannedCountKey(q: string, server: BreederServer | undefined, now: Date) {
  const text = q.trim();
  if (!text || (trigramsServe(text) && !DAYS_TEXT.test(text) && !text.includes(SEARCH_SEPARATOR))) return undefined;
  return `breeder_search_count:${dayNumber(now)}:${server ?? ""}:${text}`;
}

/** The pages last read, kept in the isolate until the list changes (ADR 060): most views are of the first page. */
const keptPages = keptWhileCurrent<BreederPage>(LIST, 16);

/**
 * One page of the list in the sheet's order (`order`, then `_id`), filtered by server and `q`, with the summary and
 * the first and last ids of the whole sheet (Move up and Move down are disabled at its ends). A page past the end is
 * the last. Kept until the list changes, per day (Days since counts to it); the answer is shared, so it is frozen.
 */
export function searchBreeders(
  db: Db,
  { q = "", page = 1, size = 100, server }: BreederSearch,
  now = new Date(),
): Promise<BreederPage> {
  const search = { q, page, size, server };
  return keptPages(db, JSON.stringify([dayNumber(now), q, page, size, server ?? null]), () =>
    readBreeders(db, search, now),
  );
}

async function readBreeders(
  db: Db,
  { q, page, size, server }: Required<PageQuery> & { server?: BreederServer },
  now: Date,
): Promise<BreederPage> {
  const where = (walk: boolean) => and(server ? eq(breederList.Server, server) : undefined, matching(q, now, walk));
  const ends = (dir: typeof asc) =>
    db
      .select({ _id: breederList._id })
      .from(breederList)
      .orderBy(dir(breederList.order), dir(breederList._id))
      .limit(1);
  const pageAt = (n: number) =>
    db
      .select(ROW_FIELDS)
      .from(breederList)
      .where(where(true))
      .orderBy(asc(breederList.order), asc(breederList._id))
      .limit(size)
      .offset((n - 1) * size);
  const counted = db.select({ total: count() }).from(breederList).where(where(false));
  const countKey = scannedCountKey(q, server, now);
  const asked = askedPage(page);
  // The count (or its kept value), the sheet's ends, the page asked for and the kept summary in one round trip.
  const [[found], [first], [last], ahead, [kept]] = await db.batch([
    countKey ? aggregateRead(db, LIST, countKey) : counted,
    ends(asc),
    ends(desc),
    pageAt(asked),
    aggregateRead(db, ...SUMMARY),
  ]);
  const total = countKey
    ? await settledAggregate(db, LIST, countKey, found as KeptRead, async () => (await counted)[0].total)
    : (found as { total: number }).total;
  const summary = await settledAggregate(db, ...SUMMARY, kept, () => computeSummary(db));
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
