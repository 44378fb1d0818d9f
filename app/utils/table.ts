// Search, paging and the pagination window shared by every table. Pure: server and browser.
import { searchText } from "#contract/search";

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export function pageSizeFrom(value: unknown, fallback: PageSize = 25): PageSize {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : fallback;
}

/**
 * A sheet's page size: its pages, or `size=all` for the whole sheet in one view, as a spreadsheet shows it (ADR 066).
 * The grid draws only the rows in sight, so ten thousand rows scroll as smoothly as a hundred.
 */
export const WHOLE_SHEET = "all";
export type SheetSize = PageSize | typeof WHOLE_SHEET;
export const sheetSizeFrom = (value: unknown, fallback: PageSize): SheetSize =>
  value === WHOLE_SHEET ? WHOLE_SHEET : pageSizeFrom(value, fallback);
/** The rows a page of `size` takes (the whole sheet: all of them, and never 0). */
export const rowsPerPage = (size: SheetSize, total: number) => (size === WHOLE_SHEET ? Math.max(1, total) : size);

/** A page number from a URL: a whole number from 1 ("abc", "0" or "-2" is page 1, "2.5" page 2). */
export const pageFrom = (value: unknown) => Math.max(1, Math.floor(Number(value ?? 1)) || 1);

export { matches } from "#contract/search";

/** A table's search, page and page size as its URL gives them (?q=, ?page=, ?size=). */
export const pageQueryOf = (params: URLSearchParams) => ({
  q: searchText(params.get("q")),
  page: pageFrom(params.get("page")),
  size: pageSizeFrom(params.get("size")),
});

export type Page<T> = {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
  size: number;
  from: number;
  to: number;
};

/** One page of rows; a page past the end becomes the last page. */
export function paginate<T>(rows: T[], page: number, size: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(pageFrom(page), pageCount);
  const start = (current - 1) * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: current,
    pageCount,
    total: rows.length,
    size,
    from: rows.length === 0 ? 0 : start + 1,
    to: start + slice.length,
  };
}

/** A page the host searched and counted (rows, total, page, pageCount, size), with where its rows stand (from, to). */
export function placed<T>(answer: Omit<Page<T>, "from" | "to">): Page<T> {
  const from = answer.rows.length === 0 ? 0 : (answer.page - 1) * answer.size + 1;
  return { ...answer, from, to: from === 0 ? 0 : from + answer.rows.length - 1 };
}

export type PageLink = { kind: "page"; page: number; current: boolean } | { kind: "ellipsis"; key: string };

/**
 * The pagination window: up to 5 page numbers around the current one, the first and last pages always reachable,
 * and an ellipsis where pages are skipped.
 */
export function pageWindow(page: number, pageCount: number, width = 5): PageLink[] {
  if (pageCount <= 1) return [{ kind: "page", page: 1, current: true }];
  let start = Math.max(1, page - Math.floor(width / 2));
  const end = Math.min(pageCount, start + width - 1);
  start = Math.max(1, end - width + 1);
  const links: PageLink[] = [];
  if (start > 1) {
    links.push({ kind: "page", page: 1, current: page === 1 });
    if (start > 2) links.push({ kind: "ellipsis", key: "start" });
  }
  for (let p = start; p <= end; p++) links.push({ kind: "page", page: p, current: p === page });
  if (end < pageCount) {
    if (end < pageCount - 1) links.push({ kind: "ellipsis", key: "end" });
    links.push({ kind: "page", page: pageCount, current: page === pageCount });
  }
  return links;
}

/**
 * A URL for the same page with some search parameters changed (null removes one): its path and query, no hash. A
 * table renders one per row, so a plain path is split rather than parsed as a URL (the costlier part on the server);
 * anything else (a URL, a protocol-relative or odd string) goes through the URL parser and keeps only its path.
 */
export function withParams(url: URL | string, changes: Record<string, string | number | null>) {
  let path: string;
  let params: URLSearchParams;
  if (typeof url === "string" && url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")) {
    const hash = url.indexOf("#");
    const bare = hash < 0 ? url : url.slice(0, hash);
    const q = bare.indexOf("?");
    path = q < 0 ? bare : bare.slice(0, q);
    params = new URLSearchParams(q < 0 ? "" : bare.slice(q + 1));
  } else {
    const parsed = new URL(typeof url === "string" ? url : url.href, "http://x");
    path = parsed.pathname;
    params = parsed.searchParams;
  }
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") params.delete(k);
    else params.set(k, String(v));
  }
  const qs = params.toString();
  return path + (qs ? `?${qs}` : "");
}

/** Stands for a row's id while a row link is worked out (perRow). */
const ROW_ID = "__row__";

/**
 * Every row's link from one URL worked out for the whole table (a page has up to a hundred rows): `url` with `changes`
 * made and `key` set to the row's id. A parameter's name follows only "?" or "&" (both are escaped in names and values),
 * so the row's place is found once and no search text can take it.
 */
export function perRow(
  url: string,
  key: string,
  changes: Record<string, string | number | null> = {},
): (id: string) => string {
  const href = withParams(url, { ...changes, [key]: ROW_ID });
  const at = `${key}=${ROW_ID}`;
  let i = href.indexOf(`?${at}`);
  if (i < 0) i = href.indexOf(`&${at}`);
  const head = href.slice(0, i + 1 + key.length + 1);
  const tail = href.slice(i + 1 + at.length);
  return (id) => head + formEncoded(id) + tail;
}

/** A value as URLSearchParams writes it (an id of letters and digits, the usual one, as it is). */
const formEncoded = (value: string) =>
  /^[\w.*-]*$/.test(value) ? value : new URLSearchParams({ v: value }).toString().slice(2);

/** Each record's history on the Audit page (the History links: the grid pages' toolbars and the sheets' tables). */
export const historyHrefs = (entity: string) => perRow("/dashboard/audit", "record", { entity });
export const historyHref = (entity: string, id: string) => historyHrefs(entity)(id);
