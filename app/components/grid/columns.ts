// Which columns a person sees first: on a phone a table is a list of cards whose lines come in the columns' priority
// order, and a grid wider than its box puts the same columns first (widths.ts sizes them).

/** Up to this width (CSS px) a table is a list of cards, in HTML, with or without JavaScript (app.css's media query). */
export const CARDS_UP_TO = 640;
export const PHONE_QUERY = `(max-width: ${CARDS_UP_TO}px)`;
/** A phone's screen, read once when the page's modules run (false on the server): a table does not change kind. */
export const onPhone = typeof window !== "undefined" && window.matchMedia(PHONE_QUERY).matches;

/** A column's priority: 1 for what a person looks for first (name, status, time, actions), 3 for ids and hashes. */
export const priorityOf = (c: { priority?: 1 | 2 | 3 }) => c.priority ?? 2;

/** The columns in the order a card lists them: by priority, and in the table's order within one priority. */
export const byPriority = <T extends { priority?: 1 | 2 | 3 }>(columns: readonly T[]): T[] =>
  columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => priorityOf(a.c) - priorityOf(b.c) || a.i - b.i)
    .map(({ c }) => c);
