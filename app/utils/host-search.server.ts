// One page of a list the host searches and pages in SQL (GET {list}/search?q=&page=&size=), shaped as the tables' Page.
// When the search call is missing (an older external backend answers 404) or fails (a 5xx, a timeout), the whole list
// is read instead and searched here: in front of an external host the whole list is edge-cached, so a host that is down
// still gives its last good answer, marked stale with its time.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { host, hostErrorOf } from "../host/client.server";
import { matches, paginate, placed, type Page } from "./table";

type SearchAnswer<T> = { rows: T[]; total: number; all?: number; page: number; pageCount: number; size: number };
/** `all`: how many rows the whole list has (when the host says, else with the whole list). */
type SearchedPage<T> = Page<T> & { stale: number | null; all: number | null };

/** The longest search text sent to the host (its limit). */
export const MAX_QUERY = 200;

/**
 * Whether a failed search call is answered from the whole list: the call is missing (an older host answers 404) or the
 * host is failing (a 5xx, a timeout), when the whole list may be its cached last good answer. A refusal of the request
 * itself (400, 401, 403) is the host's answer.
 */
export function wholeListStandsIn(error: unknown) {
  const status = hostErrorOf(error)?.status;
  return status === undefined || status >= 500 || status === 404;
}

export async function searchedPage<T>(
  context: AppLoadContext,
  list: string,
  query: { q: string; page: number; size: number },
  fallback: { fields: Parameters<typeof matches<T>>[2]; order?: (a: T, b: T) => number },
): Promise<SearchedPage<T>> {
  const q = query.q.trim().slice(0, MAX_QUERY);
  const params = new URLSearchParams({ q, page: String(query.page), size: String(query.size) });
  try {
    // Edge-cached by path and query in front of an external host (ADR 015), so it can be the last good answer too.
    const { data, ...answer } = await host(context).get<SearchAnswer<T>>(`${list}/search?${params}`);
    const { all, ...page } = data;
    return { ...placed(page), all: all ?? null, stale: answer.stale ? answer.asOf : null };
  } catch (error) {
    if (!wholeListStandsIn(error)) throw error;
  }
  const answer = await host(context).get<T[]>(list);
  const all = fallback.order ? [...answer.data].sort(fallback.order) : answer.data;
  return {
    ...paginate(all.filter((row) => matches(row, q, fallback.fields)), query.page, query.size),
    all: all.length,
    stale: answer.stale ? answer.asOf : null,
  };
}
