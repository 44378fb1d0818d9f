// One page of a list the host searches in SQL (GET {list}/search), shaped as the tables' Page; if that call is missing
// (404) or fails, the whole list (edge-cached, so a down host still gives its last good answer) is searched here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { host, hostErrorOf } from "#app/host/client.server";
import { searchText } from "#contract/search";
import { matches, pageFrom, paginate, placed, type Page } from "./table";

type SearchAnswer<T> = { rows: T[]; total: number; all?: number; page: number; pageCount: number; size: number };
/** `all`: how many rows the whole list has (when the host says, else with the whole list). */
type SearchedPage<T> = Page<T> & { stale: number | null; all: number | null };

/**
 * Whether a failed search call is answered from the whole list: the call is missing (an older host answers 404) or the
 * host is failing (a 5xx, a timeout), when the whole list may be its cached last good answer. A refusal of the request
 * itself (400, 401, 403) is the host's answer.
 */
function wholeListStandsIn(error: unknown) {
  const status = hostErrorOf(error)?.status;
  return status === undefined || status >= 500 || status === 404;
}

/**
 * A host's paged search (GET {path}?q=&page=&size= and the list's own parameters after them), with `q` as the host takes
 * it and the page a whole number from 1: its answer and, when it is a last good one, its time; null when the whole list
 * is to be read instead (wholeListStandsIn).
 */
export async function searchCall<A>(
  context: AppLoadContext,
  path: string,
  { q, page, size, ...more }: { q: string; page: number; size: number } & Record<string, string | number>,
): Promise<{ data: A; stale: number | null } | null> {
  const params = new URLSearchParams({ q: searchText(q), page: String(pageFrom(page)), size: String(size) });
  for (const [name, value] of Object.entries(more)) params.set(name, String(value));
  try {
    // Edge-cached by path and query in front of an external host (ADR 015), so it can be the last good answer too.
    const answer = await host(context).get<A>(`${path}?${params}`);
    return { data: answer.data, stale: answer.stale ? answer.asOf : null };
  } catch (error) {
    if (!wholeListStandsIn(error)) throw error;
    return null;
  }
}

export async function searchedPage<T>(
  context: AppLoadContext,
  list: string,
  query: { q: string; page: number; size: number },
  fallback: { fields: Parameters<typeof matches<T>>[2]; order?: (a: T, b: T) => number },
): Promise<SearchedPage<T>> {
  const found = await searchCall<SearchAnswer<T>>(context, `${list}/search`, query);
  if (found) {
    const { all, ...page } = found.data;
    return { ...placed(page), all: all ?? null, stale: found.stale };
  }
  const answer = await host(context).get<T[]>(list);
  const all = fallback.order ? [...answer.data].sort(fallback.order) : answer.data;
  return {
    ...paginate(
      all.filter((row) => matches(row, searchText(query.q), fallback.fields)),
      query.page,
      query.size,
    ),
    all: all.length,
    stale: answer.stale ? answer.asOf : null,
  };
}

/**
 * A searched page as a page shows it (host-read.server.ts's Shown): on a failure, an empty page and `failed(error)`,
 * logged; a page never turns a failed read into "nothing found".
 */
export async function shownPage<T>(
  context: AppLoadContext,
  list: string,
  query: { q: string; page: number; size: number },
  fallback: Parameters<typeof searchedPage<T>>[3],
  failed: (error: unknown) => string,
): Promise<{ page: Page<T>; all: number | null; staleAsOf: number | null; loadError: string | null }> {
  try {
    const { stale, all, ...page } = await searchedPage<T>(context, list, query, fallback);
    return { page, all, staleAsOf: stale, loadError: null };
  } catch (error) {
    console.error(`${list}: load failed`, error);
    return { page: paginate<T>([], 1, query.size), all: null, staleAsOf: null, loadError: failed(error) };
  }
}
