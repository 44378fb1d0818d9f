// A list's search text, for the host API (which refuses a longer one) and the pages (which cut what is typed to it).

/** The longest search text a list's paged search (GET {list}/search?q=) takes. */
export const MAX_QUERY = 200;

/** A typed search as the host takes it: trimmed, and cut to MAX_QUERY. */
export const searchText = (q: string | null | undefined) => (q ?? "").trim().slice(0, MAX_QUERY);
