import type { AppLoadContext } from "@remix-run/cloudflare";
import { host } from "../../host/client.server";

type ApiResult = { list: "vouches" | "tribelist" | "join-log" | "leave-log" | "codes"; tab: string; name: string; key: string; server?: string };
export type SearchHit = { name: string; tab: string; href: string };

/** Where each list's result leads: its page, searched for the row. */
function hrefOf(r: ApiResult) {
  const q = encodeURIComponent(r.key);
  switch (r.list) {
    case "vouches":
      return `/dashboard/vouches?q=${q}`;
    case "tribelist":
      return `/dashboard/tribelists?tab=${r.server ?? "2411"}&q=${q}`;
    case "codes":
      return `/dashboard/codes?q=${q}`;
    case "join-log":
      return `/dashboard/logs?tab=join-log&q=${q}`;
    case "leave-log":
      return `/dashboard/logs?tab=leave-log&q=${q}`;
  }
}

/** One request to the host per query, over the seven lists. */
export async function searchEverything(context: AppLoadContext, q: string): Promise<SearchHit[]> {
  if (!q.trim()) return [];
  const { data } = await host(context).get<{ results: ApiResult[] }>(`/api/search?q=${encodeURIComponent(q.trim())}`);
  return data.results.map((r) => ({ name: r.name, tab: r.tab, href: hrefOf(r) }));
}
