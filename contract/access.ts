// Who may do what: access levels per section, from the member's Discord roles. Pure rules shared by the
// host API (which enforces them on every call), the pages (which enforce them on every loader and action, and show only
// what a member may see) and the admin page that maps roles to levels. Imports only types.
import type { LiveEventType } from "./events";
import { isOneOf } from "./one-of";

/** The dashboard's sections, in the sidebar's order. "kick" acts on every Discord server and has a level of its own. */
export const SECTIONS = [
  "dashboard",
  "vouches",
  "codes",
  "tribelists",
  "server-stats",
  "stock",
  "breeder",
  "logs",
  "weekly-members",
  "kick",
  "admin",
] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = {
  dashboard: "Dashboard",
  vouches: "Vouches",
  codes: "Codes",
  tribelists: "Tribelists",
  "server-stats": "Server Stats",
  stock: "Stock",
  breeder: "Breeder",
  logs: "Logs",
  "weekly-members": "Weekly Members",
  kick: "Kick (every Discord server)",
  admin: "Settings and admin",
};

export const LEVELS = ["none", "view", "edit"] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<Level, string> = { none: "None", view: "View", edit: "Edit" };

/** The levels a section offers: a kick is done or not, and admin is all or nothing. */
export const levelsOf = (section: Section): readonly Level[] =>
  section === "kick" || section === "admin" ? ["none", "edit"] : LEVELS;

export type Access = Record<Section, Level>;

const rank = (level: Level) => LEVELS.indexOf(level);
export const isLevel = (value: unknown): value is Level => isOneOf(LEVELS, value);
export const isSection = (value: unknown): value is Section => isOneOf(SECTIONS, value);

/** Whether `access` reaches `need` in `section`. */
export const can = (access: Access, section: Section, need: Exclude<Level, "none">) =>
  rank(access[section]) >= rank(need);

const every = (level: Level): Access => Object.fromEntries(SECTIONS.map((s) => [s, level])) as Access;
export const NO_ACCESS: Access = every("none");
/** Owners (from configuration) may do everything. */
export const FULL_ACCESS: Access = every("edit");

/**
 * What every member of the tribe's Discord has until an admin says otherwise (the guild's @everyone role, whose id is
 * the guild's): every section read only; no kicks and no admin.
 */
export const MEMBER_DEFAULT: Access = { ...every("view"), kick: "none", admin: "none" };

/** A role's level in a section, as an admin set it. */
export type RoleLevel = { roleId: string; section: Section; level: Level };

/** The highest of several levels. */
const highest = (levels: Level[]) => levels.reduce<Level>((a, b) => (rank(b) > rank(a) ? b : a), "none");

/** Several accesses held together (a member's roles): the highest level of any, per section. */
export const combined = (accesses: readonly Access[]): Access =>
  Object.fromEntries(SECTIONS.map((s) => [s, highest(accesses.map((a) => a[s]))])) as Access;

/**
 * A role's access: what an admin set for it, and for sections never set, the member default when the role is a
 * guild's @everyone, else none.
 */
export function roleAccess(roleId: string, mapping: readonly RoleLevel[], everyoneIds: readonly string[]): Access {
  const base = everyoneIds.includes(roleId) ? MEMBER_DEFAULT : NO_ACCESS;
  const set = mapping.filter((m) => m.roleId === roleId);
  return Object.fromEntries(SECTIONS.map((s) => [s, set.find((m) => m.section === s)?.level ?? base[s]])) as Access;
}

/**
 * A member's access: the highest level any of their roles gives, per section. Owners (a user id or a role id listed in
 * configuration) have every level. `roles` includes the @everyone role (the guild id) of each guild they are in; a
 * person in none of the guilds has no roles and no access.
 */
export function accessOf(
  who: { userId: string; roles: readonly string[] },
  mapping: readonly RoleLevel[],
  everyoneIds: readonly string[],
  ownerIds: readonly string[],
): Access {
  if (ownerIds.includes(who.userId) || who.roles.some((r) => ownerIds.includes(r))) return FULL_ACCESS;
  return combined(who.roles.map((r) => roleAccess(r, mapping, everyoneIds)));
}

/** The lower of two accesses per section: what an API token may do is its scopes within its maker's current access. */
export const within = (a: Access, b: Access): Access =>
  Object.fromEntries(SECTIONS.map((s) => [s, rank(a[s]) <= rank(b[s]) ? a[s] : b[s]])) as Access;

/** An access as stored or sent: only known sections and levels count; anything missing is none. */
export function toAccess(value: unknown): Access {
  const raw = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(SECTIONS.map((s) => [s, isLevel(raw[s]) ? raw[s] : "none"])) as Access;
}

// ---- Which sections a live event concerns -----------------------------------------------------------------------------

/**
 * The sections whose pages a live event updates: the room sends it only to sockets of members who may view one of them
 * (party/live.ts). The dashboard shows vouch counts and the servers' status.
 */
export const EVENT_SECTIONS: Record<LiveEventType, readonly Section[]> = {
  vouches_update: ["vouches", "dashboard"],
  codes_update: ["codes"],
  discord_join: ["logs"],
  discord_leave: ["logs"],
  joined_members_update: ["logs"],
  removed_members_update: ["logs"],
  tribelist_added: ["tribelists"],
  tribelist_updated: ["tribelists"],
  tribelist_deleted: ["tribelists"],
  stock_2411_update: ["stock"],
  breeder_list_update: ["breeder"],
  breeder_update: ["breeder"],
  weeklymembers_update: ["weekly-members"],
  eoserver_status_update: ["server-stats"],
  joinlog_update: ["server-stats"],
  leavelog_update: ["server-stats"],
  tribemembers_update: ["server-stats"],
  unknowns_update: ["server-stats"],
  enemies_update: ["server-stats"],
  friendlys_update: ["server-stats"],
  enemy_online: ["server-stats"],
  watch_online: ["server-stats"],
};

/** The sections a member may view that live events concern (at most 9: a socket's tags, party/live.ts). */
export const liveSections = (access: Access): Section[] =>
  SECTIONS.filter((s) => s !== "kick" && s !== "admin" && can(access, s, "view"));

// ---- Which section a request concerns -------------------------------------------------------------------------------

/** What a request needs: a section and a level, or only to be signed in (its answer is the caller's own or filtered). */
export type Need = { section: Section; level: "view" | "edit" } | "signed-in";

/** The methods that only read: they need the view level; every other needs edit (the request gate uses them too). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
const levelFor = (method: string): "view" | "edit" => (SAFE_METHODS.has(method.toUpperCase()) ? "view" : "edit");

/** Dashboard pages by path prefix (after /dashboard/); the first match wins. */
const PAGE_SECTIONS: [RegExp, Section][] = [
  [/^(vouches|analytics)(\/|$)/, "vouches"],
  [/^codes(\/|$)/, "codes"],
  [/^tribelists?(-\d+)?(\/|$)/, "tribelists"],
  [/^server-stats(-\d+)?(\/|$)/, "server-stats"],
  [/^stock(-\d+)?(\/|$)/, "stock"],
  [/^breeder-stats(\/|$)/, "breeder"],
  [/^(logs|join-log|leave-log)(\/|$)/, "logs"],
  [/^weekly-members(\/|$)/, "weekly-members"],
  [/^(access|audit|sources)(\/|$)/, "admin"],
];

/**
 * Player profiles read what server stats read, and their notes, tags and watches change what a tribelist editor may
 * change: reading needs server-stats view, every change tribelists edit.
 */
const playersNeed = (method: string): Need =>
  levelFor(method) === "view" ? { section: "server-stats", level: "view" } : { section: "tribelists", level: "edit" };

/**
 * What a page request needs, by its path and method: a section's page needs view to read and edit to post; the global
 * search (filtered per section) and Settings (the member's own sessions and tokens) need a session; every other
 * dashboard page (the home page and the placeholder pages) belongs to the dashboard section.
 */
export function pageNeed(pathname: string, method: string): Need {
  const path = routedPath(pathname);
  if (path === "/settings" || path.startsWith("/settings/")) return "signed-in";
  const rest = path.replace(/^\/dashboard\/?/, "");
  if (rest === "search" || rest.startsWith("search/")) return "signed-in";
  if (/^players(\/|$)/.test(rest)) return playersNeed(method);
  const section = PAGE_SECTIONS.find(([re]) => re.test(rest))?.[1] ?? "dashboard";
  // A sheet's import page changes the sheet even to look at a preview: it needs edit.
  return { section, level: /^[^/]+\/import(\/|$)/.test(rest) ? "edit" : levelFor(method) };
}

/**
 * A path as the router matches it: each segment decoded, in lower case (Remix matches routes case-insensitively after
 * decoding), so /dashboard/Access or /dashboard/%61ccess needs what /dashboard/access needs. A path that cannot be
 * decoded is kept as it is (the router answers it 404 or 400).
 */
export function routedPath(pathname: string) {
  try {
    return pathname
      .split("/")
      .map((s) => decodeURIComponent(s))
      .join("/")
      .toLowerCase();
  } catch {
    return pathname.toLowerCase();
  }
}

/** The host API's paths by prefix; the first match wins. */
const API_SECTIONS: [RegExp, Section][] = [
  [/^\/kick\//, "kick"],
  [/^\/api\/vouches\/(card-cache|stats)$/, "dashboard"],
  [/^\/api\/ingest\/discord\/member-roles$/, "admin"],
  [/^\/api\/audit(\/|$)/, "admin"],
  // Every screen shows its figures' age from the sources' states; changing a source is an admin's (the default below).
  [/^\/api\/sources$/, "dashboard"],
  [/^\/api\/(vouches|ingest\/discord\/vouches)(\/|$)/, "vouches"],
  [/^\/api\/codes(\/|$)/, "codes"],
  [/^\/api\/tribelist(-\d+)?(\/|$)/, "tribelists"],
  [/^\/api\/(eoserver-|ingest\/servers\/)/, "server-stats"],
  [/^\/api\/(tribemembers|unknowns|enemies|friendlys|joinlog|leavelog)\//, "server-stats"],
  // The stock sheet's tabs (contract/stock.ts TABS; contract/access.test.ts checks each is here).
  [/^\/api\/(stock-2411|defense-room-|admin-logistic)/, "stock"],
  [/^\/api\/(breeder-|ffa-raising|codes-given-to|ingest\/breeder\/)/, "breeder"],
  [/^\/api\/(join-log|removed-members|ingest\/discord\/(joins|leaves))(\/|$)/, "logs"],
  [/^\/api\/(weeklymembers|ingest\/weekly-members)/, "weekly-members"],
];

/**
 * What a host API call needs. Health, the global search (filtered per section), avatars and a member's own API tokens
 * need only a caller; an unknown path needs admin, so a route added without a line here is closed, not open.
 */
export function apiNeed(rawPath: string, method: string): Need {
  const path = routedPath(rawPath);
  // Avatars show wherever a member is shown (tribelists, the breeder sheet): every signed-in member may look them up.
  if (
    path === "/api/health" ||
    path === "/api/search" ||
    path.startsWith("/avatar/") ||
    path === "/api/vouches/avatar-cache"
  )
    return "signed-in";
  if (path === "/api/tokens" || path.startsWith("/api/tokens/")) return "signed-in";
  if (/^\/api\/(players|tribes|roster-at)(\/|$)/.test(path)) return playersNeed(method);
  const section = API_SECTIONS.find(([re]) => re.test(path))?.[1];
  return { section: section ?? "admin", level: section === "kick" ? "edit" : levelFor(method) };
}

/** Whether `access` meets `need`. */
export const meets = (access: Access, need: Need) => need === "signed-in" || can(access, need.section, need.level);

/** The message of a refusal, in words a member understands. */
export const refusal = (need: Exclude<Need, "signed-in">) =>
  need.section === "kick"
    ? "You may not kick members: ask an owner for the kick level."
    : `You may not ${need.level === "view" ? "view" : "change"} ${SECTION_LABELS[need.section]}: ask an owner for the ${need.level} level.`;
