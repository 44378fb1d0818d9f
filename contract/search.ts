// A list's search text, for the host API (which refuses a longer one) and the pages (which cut what is typed to it).

/** The longest search text a list's paged search (GET {list}/search?q=) takes. */
export const MAX_QUERY = 200;

/** A typed search as the host takes it: trimmed, and cut to MAX_QUERY. */
export const searchText = (q: string | null | undefined) => (q ?? "").trim().slice(0, MAX_QUERY);

/**
 * Case-insensitive substring match over the given fields (numbers and booleans as their text): the tables' search where
 * a list is searched as shown rather than in SQL (the pages over an older host's whole list, the leaderboard's texts).
 */
export function matches<T>(row: T, query: string, fields: readonly (keyof T | ((row: T) => unknown))[]) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return fields.some((f) => {
    const v = typeof f === "function" ? f(row) : row[f];
    return v !== null && v !== undefined && String(v).toLowerCase().includes(q);
  });
}

/** One page of a list's paged search (GET {list}/search): the page's rows, how many were found, and where it is. */
export type SearchPage<T> = { rows: T[]; total: number; page: number; pageCount: number; size: number };
