import type { AppLoadContext } from "@remix-run/cloudflare";
import { can, type Access } from "#contract/access";
import { playerName, playerPath, type PlayerHit } from "#contract/players";
import { host } from "#app/host/client.server";
import { formatDateTime } from "#app/utils/dates";

type ApiResult = {
  list: "vouches" | "tribelist" | "join-log" | "leave-log" | "codes";
  tab: string;
  name: string;
  key: string;
  server?: string;
  /** When the row happened (vouched, joined, left, given), epoch ms; from our host. */
  at?: number | null;
  /** The field the query was found in ("username", "Discord id"...); from our host. */
  matched?: string | null;
};
/** A result and what tells it apart from another of the same name: its server, the field that matched, its time. */
export type SearchHit = { name: string; tab: string; href: string; detail: string };

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

/** "Server 2573 · matched username · Dec 3, 2026, 9:14 PM": what the host said of the row, in the viewer's zone. */
const detailOf = (r: ApiResult, timeZone: string) =>
  [
    r.server ? `Server ${r.server}` : null,
    r.matched ? `matched ${r.matched}` : null,
    r.at ? formatDateTime(r.at, timeZone) : null,
  ]
    .filter(Boolean)
    .join(" · ");

/** "Tribe GC · matched EOS id · last seen Dec 3, 2026, 9:14 PM": a player hit's detail. */
const playerDetail = (p: PlayerHit, timeZone: string) =>
  [
    p.tribe ? `Tribe ${p.tribe}` : null,
    `matched ${p.matched}`,
    p.lastSeen ? `last seen ${formatDateTime(p.lastSeen, timeZone)}` : null,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Players by name, EOS id or Discord id, for a member who may view server stats (else none, and no call). A failure
 * leaves them out rather than fail the lists' results.
 */
async function playerHits(context: AppLoadContext, q: string, timeZone: string, access: Access) {
  if (!can(access, "server-stats", "view")) return [];
  try {
    const { data } = await host(context).get<{ rows: PlayerHit[] }>(`/api/players/search?q=${encodeURIComponent(q)}`);
    return data.rows.map((p) => ({
      name: playerName(p),
      tab: "Players",
      href: playerPath(p.eosId),
      detail: playerDetail(p, timeZone),
    }));
  } catch (error) {
    console.warn("search: players failed", error);
    return [];
  }
}

/** One request to the host per query over the seven lists, and one for players; the lists' hits first. */
export async function searchEverything(
  context: AppLoadContext,
  q: string,
  timeZone: string,
  access: Access,
): Promise<SearchHit[]> {
  if (!q.trim()) return [];
  const [{ data }, players] = await Promise.all([
    host(context).get<{ results: ApiResult[] }>(`/api/search?q=${encodeURIComponent(q.trim())}`),
    playerHits(context, q.trim(), timeZone, access),
  ]);
  const lists = data.results.map((r) => ({ name: r.name, tab: r.tab, href: hrefOf(r), detail: detailOf(r, timeZone) }));
  return [...lists, ...players];
}
