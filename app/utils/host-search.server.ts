// One page of a list the host searches and pages in SQL (GET {list}/search?q=&page=&size=), shaped as the tables' Page.
// A host without the search call (an older external backend answers 404) is read whole and searched here instead, so
// the dashboard still works in front of it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { host, hostErrorOf } from "../host/client.server";
import { matches, paginate, type Page } from "./table";

type SearchAnswer<T> = { rows: T[]; total: number; page: number; pageCount: number; size: number };
export type SearchedPage<T> = Page<T> & { stale: number | null };

/** The longest search text sent to the host (its limit). */
export const MAX_QUERY = 200;

export async function searchedPage<T>(
  context: AppLoadContext,
  list: string,
  query: { q: string; page: number; size: number },
  fallback: { fields: Parameters<typeof matches<T>>[2]; order?: (a: T, b: T) => number },
): Promise<SearchedPage<T>> {
  const q = query.q.trim().slice(0, MAX_QUERY);
  const params = new URLSearchParams({ q, page: String(query.page), size: String(query.size) });
  try {
    const answer = await host(context).get<SearchAnswer<T>>(`${list}/search?${params}`);
    const { data } = answer;
    const from = data.rows.length === 0 ? 0 : (data.page - 1) * data.size + 1;
    return { ...data, from, to: from === 0 ? 0 : from + data.rows.length - 1, stale: answer.stale ? answer.asOf : null };
  } catch (error) {
    if (hostErrorOf(error)?.status !== 404) throw error;
  }
  const answer = await host(context).get<T[]>(list);
  const all = fallback.order ? [...answer.data].sort(fallback.order) : answer.data;
  return { ...paginate(all.filter((row) => matches(row, q, fallback.fields)), query.page, query.size), stale: answer.stale ? answer.asOf : null };
}
