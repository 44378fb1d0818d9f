// Searching and paging a list in SQL, the same way for every list a page pages through (vouches, the join log, removed
// members) and for the global search: `q` as a case-insensitive substring of any of the columns (SQLite's LIKE folds
// ASCII case; LIKE's own characters are taken literally), a count, and one page (a page past the end is the last).
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** A LIKE pattern matching `text` anywhere, with LIKE's own characters (and the escape) taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `value` LIKE a pattern of likePattern's, with its escape. */
export const likes = (value: SQL | SQLiteColumn, pattern: string) => sql`${value} like ${pattern} escape '\\'`;

/** `q` as a substring of any of the columns; undefined (no condition) for a blank `q`. */
export function anyColumnLike(columns: (SQL | SQLiteColumn)[], q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  return sql`(${sql.join(
    columns.map((col) => likes(col, pattern)),
    sql` or `,
  )})`;
}

export type PageQuery = { q?: string; page?: number; size?: number };
export type SearchPage<T> = { rows: T[]; total: number; page: number; pageCount: number; size: number };

/** The largest page read ahead with a count: a page past it is past the end of any list (its offset still binds). */
const MAX_PAGE = 1_000_000;

/** The page to read in the same round trip as the count, before the count says whether it exists. */
export const askedPage = (page: number) => Math.min(Math.max(1, Math.floor(page) || 1), MAX_PAGE);

/**
 * A page read in its count's round trip (`rows`, of `askedPage`): kept, or, when the page asked was past the end, the
 * last page read again. A list is then one round trip to the database, and two only for a page past its end.
 */
export async function settlePage<R>(total: number, asked: number, size: number, rows: R[], read: (page: number) => Promise<R[]>) {
  const bounds = pageBounds(total, asked, size);
  return { page: bounds.page, pageCount: bounds.pageCount, rows: bounds.page === asked ? rows : await read(bounds.page) };
}

/** The page to show of `total` rows and its offset: a page past the end is the last, before the first is the first. */
export function pageBounds(total: number, page: number, size: number) {
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { pageCount, page: current, offset: (current - 1) * size };
}
