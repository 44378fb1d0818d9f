// The Tribelists page's shapes and rules, shared by the loader, the action and the browser (Tribelists
// page). Pure.

import { SERVER_IDS, SERVER_NAMES, type ServerId } from "#contract/servers";
import { NATIONALITIES, RANKS, tribelistPath, type TribelistEntry } from "#contract/tribelists";
import { conflictText } from "#app/utils/action";
import { labelled } from "#app/utils/forms";
import type { TabMemory } from "#app/utils/remembered-tab";
import { isOneOf } from "#contract/one-of";

export const SERVERS = SERVER_IDS;
export type Server = ServerId;
export const DEFAULT_SERVER: Server = "2411";

export { SERVER_NAMES };
export const tabLabel = (server: Server) => `${server} Tribelist`;

export const listPath = tribelistPath;

export const isServer = (v: unknown): v is Server => isOneOf(SERVERS, v);
export const serverFrom = (v: unknown): Server => (isServer(v) ? v : DEFAULT_SERVER);

export { NATIONALITIES, RANKS };

/** An entry and its place in the whole sorted list (the table's ID column). */
export type Positioned = TribelistEntry & { position: number };
/** A row of the table: a positioned entry and its avatar. */
export type EntryRow = Positioned & { avatar: string };

/** By order ascending, entries without an order last; then by name, case-insensitively. */
export function sortEntries<T extends TribelistEntry>(entries: T[]): T[] {
  const hasOrder = (e: TribelistEntry) => typeof e.order === "number" && Number.isFinite(e.order);
  return [...entries].sort((a, b) => {
    if (hasOrder(a) !== hasOrder(b)) return hasOrder(a) ? -1 : 1;
    if (hasOrder(a) && a.order !== b.order) return (a.order as number) - (b.order as number);
    return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
  });
}

export const FILTERS = ["chinese", "english", "admins"] as const;
export type Filter = (typeof FILTERS)[number];
export const filterFrom = (v: unknown): Filter | null => (isOneOf(FILTERS, v) ? v : null);
export const FILTER_LABELS: Record<Filter, string> = { chinese: "Chinese", english: "English", admins: "Admins" };

const same = (a: string | null | undefined, b: string) => (a ?? "").trim().toLowerCase() === b.toLowerCase();
const isAdmin = (e: TribelistEntry) => same(e.rank, "Admin") || same(e.rank, "Owner");

/** Whether an entry is in a category of the summary card: Chinese, English, or Admins (rank Admin or Owner). */
export function inFilter(entry: TribelistEntry, filter: Filter | null) {
  if (filter === "chinese") return same(entry.nationality, "Chinese");
  if (filter === "english") return same(entry.nationality, "English");
  if (filter === "admins") return isAdmin(entry);
  return true;
}

/** The summary card's numbers. */
export function countEntries(entries: TribelistEntry[]) {
  return {
    total: entries.length,
    chinese: entries.filter((e) => inFilter(e, "chinese")).length,
    english: entries.filter((e) => inFilter(e, "english")).length,
    admins: entries.filter(isAdmin).length,
  };
}

/** Search matches the displayed columns (and the username, as the global search does). */
export const SEARCH_FIELDS: (keyof Positioned)[] = ["position", "name", "username", "discordId", "rank", "nationality"];

/** A save based on an older version of the entry (409). */
export const CONFLICT_TEXT = conflictText("entry");

/** Local storage: the last-updated time per server. */
export const LAST_UPDATED_KEY = "tribelist-last-updated";

export const PAGE_PATH = "/dashboard/tribelists";
/** Where the active tab is remembered (default 2411): local storage and a cookie, so the server renders it first. */
export const TAB_MEMORY: TabMemory<Server> = {
  storageKey: "tribelist-active-tab",
  cookie: "tribelist-tab",
  path: PAGE_PATH,
  isTab: isServer,
  fallback: DEFAULT_SERVER,
};

// ---- The add row and the edit rows ----------------------------------------------------------

/** The fields a person types or picks. */
export const FORM_FIELDS = ["name", "discordId", "rank", "nationality"] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** The page's words for the API's rules: "Name is required.", "Discord ID must be 17 to 20 digits, or empty.". */
export const entryWording = labelled(
  {
    name: "Name",
    discordId: "Discord ID",
    rank: "Rank",
    nationality: "Nationality",
    username: "Username",
    order: "Order",
  },
  {
    discordId: "Discord ID must be 17 to 20 digits, or empty.",
    rank: `Rank must be ${RANKS.join(", ")} or none.`,
    nationality: `Nationality must be ${NATIONALITIES.join(", ")} or none.`,
  },
);
