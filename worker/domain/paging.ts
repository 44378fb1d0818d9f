// Searching and paging a list in SQL the same way for every paged list and the global search: `q` as a case-insensitive
// substring of any column (LIKE's wildcards taken literally), a count, and one page (past the end: the last).
import { count, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SearchPage } from "#contract/search";
import type { Db } from "./context";

/**
 * The unit separator: it joins the texts of a row's kept search text (search_text of the breeder list and the claim
 * sessions, the global search's documents), so a query without it never matches across two of them.
 */
export const SEARCH_SEPARATOR = "\u001f";

/** D1 refuses a LIKE pattern longer than this many bytes ("LIKE or GLOB pattern too complex"). */
const LIKE_PATTERN_BYTES = 50;

/**
 * `text` anywhere in `value`, case-insensitively for ASCII, every character taken literally. A pattern D1 takes is a
 * LIKE (LIKE's own characters and the escape escaped); a longer text is instr over both sides lowered, which matches the
 * same rows (SQLite's lower() folds ASCII only, as LIKE does) but scans slower, so it is kept for long searches.
 */
export function contains(value: SQL | SQLiteColumn, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (new TextEncoder().encode(pattern).length <= LIKE_PATTERN_BYTES) return sql`${value} like ${pattern} escape '\\'`;
  return sql`instr(lower(${value}), lower(${text})) > 0`;
}

/**
 * Whether a trigram index (FTS5's trigram tokenizer: migrations/0004 and 0010) can answer `text`: three characters or
 * more. It then matches exactly the rows whose text holds `text`, case folded (beyond ASCII, unlike LIKE).
 */
export const trigramsServe = (text: string) => [...text].length >= 3;

/** `text` as an FTS5 phrase: in double quotes, its own quotes doubled (inside a phrase everything else is literal). */
export const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** `q` as a substring of any of the columns; undefined (no condition) for a blank `q`. */
export function anyColumnLike(columns: (SQL | SQLiteColumn)[], q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  return sql`(${sql.join(
    columns.map((col) => contains(col, text)),
    sql` or `,
  )})`;
}

export type PageQuery = { q?: string; page?: number; size?: number };

/** The largest page read ahead with a count: a page past it is past the end of any list (its offset still binds). */
const MAX_PAGE = 1_000_000;

/** The page to read in the same round trip as the count, before the count says whether it exists. */
export const askedPage = (page: number) => Math.min(Math.max(1, Math.floor(page) || 1), MAX_PAGE);

/**
 * A page read in its count's round trip (`rows`, of `askedPage`): kept, or, when the page asked was past the end, the
 * last page read again. A list is then one round trip to the database, and two only for a page past its end.
 */
export async function settlePage<R>(
  total: number,
  asked: number,
  size: number,
  rows: R[],
  read: (page: number) => Promise<R[]>,
) {
  const bounds = pageBounds(total, asked, size);
  return {
    page: bounds.page,
    pageCount: bounds.pageCount,
    rows: bounds.page === asked ? rows : await read(bounds.page),
  };
}

/** The page to show of `total` rows and its offset: a page past the end is the last, before the first is the first. */
export function pageBounds(total: number, page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { pageCount, page: current, offset: (current - 1) * size };
}

type PageRead<R> = (page: number) => BatchItem<"sqlite"> & PromiseLike<R[]>;

/**
 * One page of `table` (`pageAt` reads a page of what `where` finds, in the list's order), with the count found and the
 * table's count (`all`): the two counts and the page asked for in one round trip, a page past the end read again as
 * the last (settlePage).
 */
export async function countedPage<R>(
  db: Db,
  table: SQLiteTable,
  where: SQL | undefined,
  pageAt: PageRead<R>,
  query: PageQuery,
) {
  return (await countedPageWith(db, table, where, pageAt, query))[0];
}

/** countedPage, with `alongside` (a read of the page's own, such as a summary) in the same round trip: its rows second. */
export async function countedPageWith<R, B = never>(
  db: Db,
  table: SQLiteTable,
  where: SQL | undefined,
  pageAt: PageRead<R>,
  { page = 1, size = 25 }: PageQuery,
  alongside?: BatchItem<"sqlite"> & PromiseLike<B[]>,
): Promise<[SearchPage<R> & { all: number }, B[]]> {
  const asked = askedPage(page);
  const [[{ total }], [{ all }], ahead, beside = []] = await db.batch([
    db.select({ total: count() }).from(table).where(where),
    db.select({ all: count() }).from(table),
    pageAt(asked),
    ...(alongside ? [alongside] : []),
  ]);
  const shown = await settlePage(total, asked, size, ahead as R[], async (n) => pageAt(n));
  return [{ ...shown, total, all, size }, beside as B[]];
}

/**
 * countedPage of whole rows of `table` (`select *`) that `where` finds, in `order`: the paged lists that show a table's
 * own columns.
 */
export async function countedRows<T extends SQLiteTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: (SQL | SQLiteColumn)[],
  { page = 1, size = 25 }: PageQuery,
): Promise<SearchPage<T["$inferSelect"]> & { all: number }> {
  const pageAt = (n: number) =>
    db
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(...order)
      .limit(size)
      .offset((n - 1) * size);
  return (await countedPage(db, table, where, pageAt, { page, size })) as SearchPage<T["$inferSelect"]> & {
    all: number;
  };
}
