// What the host client may cache, what a write makes stale, and which live event a write raises.
// One table for every call of the host API (docs/api.md), so caching and invalidation cannot drift apart.
import type { LiveEvent } from "./events";
import { SERVER_IDS } from "./servers";
import { STOCK_TABS, TABS } from "./stock";
import { TRIBELIST_SERVERS, tribelistPath } from "./tribelists";

const perServer = (base: string) => SERVER_IDS.map((s) => `${base}/${s}`);

type Resource = { prefix: string; reads: string[]; event?: LiveEvent };

/** A paged list: its writes make its whole list, its search pages and any `more` reads stale, and raise `type`. */
const paged = (prefix: string, type: LiveEvent["type"], ...more: string[]): Resource => ({
  prefix,
  reads: [prefix, `${prefix}/search`, ...more],
  event: { type } as LiveEvent,
});

/** Each resource: the path prefix its writes go to, the shared GETs they make stale, and the event they raise. */
export const RESOURCES: Resource[] = [
  paged("/api/vouches", "vouches_update", "/api/vouches/card-cache", "/api/vouches/stats", "/api/vouches/avatar-cache"),
  {
    prefix: "/kick",
    reads: ["/api/vouches", "/api/vouches/search", "/api/vouches/card-cache", "/api/vouches/stats"],
    event: { type: "vouches_update" },
  },
  paged("/api/codes", "codes_update"),
  ...TRIBELIST_SERVERS.map(tribelistPath).map((p) => ({
    prefix: p,
    reads: [p],
    event: { type: "tribelist_updated" } as LiveEvent,
  })),
  paged("/api/join-log", "joined_members_update"),
  paged("/api/removed-members", "removed_members_update"),
  ...STOCK_TABS.map((tab) => TABS[tab].path).map((path) => ({
    prefix: path,
    reads: [path, `${path}/history`],
    event: { type: "stock_2411_update" } as LiveEvent,
  })),
  paged("/api/breeder-list", "breeder_list_update", "/api/breeder-list/dinos"),
  paged("/api/ffa-raising", "breeder_update"),
  paged("/api/codes-given-to", "breeder_update"),
  paged("/api/breeder-claim-sessions", "breeder_update"),
  paged("/api/breeder-session-stats", "breeder_update"),
  paged("/api/weeklymembers", "weeklymembers_update"),
  // Each source's last report: the same for every member; an admin's new interval drops it, a report
  // reaches the pages within the TTL (their ages are computed from its times where they are shown).
  { prefix: "/api/sources", reads: ["/api/sources"] },
  {
    prefix: "/api/eoserver",
    reads: [
      ...perServer("/api/eoserver-status"),
      ...perServer("/api/eoserver-population"),
      ...["joinlog", "leavelog", "tribemembers", "unknowns", "enemies", "friendlys"].flatMap((k) =>
        perServer(`/api/${k}`),
      ),
    ],
  },
];

/** Shared answers (the same for every signed-in person) that may be cached at the edge, by path; a query (a page, a
 * search, a range) is part of the cache key. */
export const CACHEABLE = new Set(RESOURCES.flatMap((r) => r.reads));

function resourceOf(path: string) {
  const clean = path.split("?")[0];
  // The longest prefix wins: /api/tribelist-2573 before /api/tribelist.
  return [...RESOURCES]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find((r) => clean === r.prefix || clean.startsWith(`${r.prefix}/`) || clean.startsWith(`${r.prefix}-`));
}

/** The cached GETs a write to this path makes stale. */
export const readsAffectedBy = (path: string) => resourceOf(path)?.reads ?? [];

/** The live event a write to this path raises (for writes that go to an external host). */
export const eventFor = (path: string) => resourceOf(path)?.event;

/** The cached GETs a live event makes stale. */
export function readsAffectedByEvent(event: LiveEvent) {
  if ("serverId" in event) return [...CACHEABLE].filter((p) => p.endsWith(`/${event.serverId}`));
  return RESOURCES.filter((r) => r.event?.type === event.type).flatMap((r) => r.reads);
}
