// The Breeder page's words and pure rules ("Breeder page (breeder-stats)", sections 3 to 9), for its
// loader and action (breeder.server.ts) and its tabs: the dialogs' texts, the side tables' columns, the claim
// sessions' summary and filters, the rows the host answers. Pure: server and browser.
import {
  BREEDER_PATH,
  CODE_FIELD_LENGTHS,
  CODE_STATUSES,
  DEFAULT_BREEDER_TAB,
  FFA_FIELD_LENGTHS,
  isBreederTab,
  FFA_STATUSES,
  type BreederTab,
  type ClaimFilter,
  type ClaimSummary,
} from "#contract/breeder";
import { dayBounds } from "#contract/zones";
import type { ImageFormTexts } from "#app/components/sheet/rules";
import type { InlineColumn } from "#app/components/table/InlineEditTable";
import type { TabMemory } from "#app/utils/remembered-tab";
import { isOneOf } from "#contract/one-of";

export const PAGE_PATH = BREEDER_PATH;
/** The dialogs' dino names, fetched when a person reaches for one (./dinos beside the page's route). */
export const NAMES_PATH = `${BREEDER_PATH}/dinos`;
/** Where the active tab is remembered: local storage and a cookie, so the server renders it on first paint. */
export const TAB_MEMORY: TabMemory<BreederTab> = {
  storageKey: "breeder-active-tab",
  cookie: "breeder-tab",
  path: PAGE_PATH,
  isTab: isBreederTab,
  fallback: DEFAULT_BREEDER_TAB,
  // A switch keeps the search, and drops the old tab's page, filter, claims' search, edit row and dialog.
  reset: ["page", "filter", "cq", "edit", "dialog"],
};

export const TEXTS = {
  title: "Breeder",
  search: "Search breeder entries...",
  claimSearch: "Search claim sessions...",
  ffaEmpty: "No FFA raisings found",
  codesEmpty: "No codes given found",
  claimsEmpty: "No claim sessions found.",
  statsEmpty: "No breeder statistics found.",
  // Load failures the old app only logged are shown (and the page's rule that failures are shown).
  ffaFailed: "Failed to fetch FFA raisings",
  codesFailed: "Failed to fetch codes given",
  claimsFailed: "Failed to fetch claim sessions",
  statsFailed: "Failed to fetch breeder statistics",
  /** The dialogs' dino select while its names are fetched, or when they could not be. */
  namesLoading: "Loading dinos...",
  namesFailed: "Failed to fetch the dinos: close and try again",
  /** The side tables' saves (saved at once); the same words as the live event they raise. */
  updated: "A breeder entry was updated! Live update received.",
  noChanges: "No changes to save",
  saveFailed: (what: string) => `Failed to save ${what}. Please try again.`,
  imageAdded: (dino: string) => `Image added successfully for ${dino}!`,
  imageUpdatedAll: (n: number, dino: string) =>
    `Image updated successfully for ${n} ${n === 1 ? "entry" : "entries"} with name ${dino}!`,
  imageFailed: (dino: string, reason: string) => `Failed to add image for ${dino}: ${reason}`,
  imageError: "An error occurred while adding the image",
  mappingSaved: (dino: string) => `Discord role mapping saved for ${dino}!`,
  mappingFailed: (dino: string, reason: string) => `Failed to add role mapping for ${dino}: ${reason}`,
  mappingError: "An error occurred while adding the role mapping",
} as const;

/** Add Dino Image (dino name select, image URL, "Update all entries with the same dino name"). */
export const IMAGE_TEXTS: ImageFormTexts = {
  title: "Add Dino Image",
  nameLabel: "Dino name",
  namePlaceholder: "Select a dino",
  hint: "Enter a direct link to the image (JPG, PNG, etc.)",
  updateAll: "Update all entries with the same dino name",
  missing: "Please fill in both item name and image URL",
  notFound: "Item not found. Please make sure you select a valid dino from the dropdown.",
};

/** Add Discord Role Mapping (dino name select, role id text). */
export const MAPPING_TEXTS = {
  title: "Add Discord Role Mapping",
  nameLabel: "Dino name",
  namePlaceholder: "Select a dino",
  roleLabel: "Discord role ID",
  roleHint: "The role's id: 17 to 20 digits (Discord: Server Settings, Roles, Copy Role ID).",
  missing: "Please fill in both item name and role ID",
  notFound: "Item not found. Please make sure you select a valid dino from the dropdown.",
} as const;

export const DIALOGS = ["image", "mapping"] as const;
export type BreederDialog = (typeof DIALOGS)[number];
export const isDialog = (v: unknown): v is BreederDialog => isOneOf(DIALOGS, v);

// ---------------------------------------------------------------------------------------------------------------
// The rows the host answers

export type FfaRaising = {
  _id: string;
  breeder: string | null;
  creature: string | null;
  server: string | null;
  status: string | null;
  startDate: string | null;
  expectedCompletion: string | null;
  notes: string | null;
};
export type CodeGiven = {
  _id: string;
  breeder: string | null;
  code: string | null;
  server: string | null;
  dateGiven: string | null;
  status: string | null;
  notes: string | null;
};
export type ClaimSession = {
  _id: string;
  dinoName: string;
  instructions: string | null;
  max: number | null;
  claims: string[];
  completed: string[];
  ended: boolean;
  breederId: string | null;
  createdAt: number;
  updatedAt: number;
};

// ---------------------------------------------------------------------------------------------------------------
// The two side tables: FFA Raising and Codes Given To (inline editing, each change saved at once)

export const FFA_COLUMNS: readonly InlineColumn[] = [
  { key: "breeder", title: "Breeder" },
  { key: "creature", title: "Creature" },
  { key: "server", title: "Server", width: "6rem" },
  { key: "status", title: "Status", options: FFA_STATUSES, width: "9rem" },
  { key: "startDate", title: "Start Date", width: "8rem" },
  { key: "expectedCompletion", title: "Expected Completion", width: "9rem" },
  { key: "notes", title: "Notes", wide: true },
];

export const CODE_COLUMNS: readonly InlineColumn[] = [
  { key: "breeder", title: "Breeder" },
  { key: "code", title: "Code" },
  { key: "server", title: "Server", width: "6rem" },
  { key: "dateGiven", title: "Date Given", width: "8rem" },
  { key: "status", title: "Status", options: CODE_STATUSES, width: "8rem" },
  { key: "notes", title: "Notes", wide: true },
];

/** Each side table: its tab, the intent its edits post, the host's path, its columns and its words. */
export const SIDE_TABLES = {
  ffa: {
    tab: "ffa-raising",
    intent: "ffa",
    path: "/api/ffa-raising",
    columns: FFA_COLUMNS,
    lengths: FFA_FIELD_LENGTHS,
    what: "the FFA raising",
    listName: "the FFA raising",
    empty: TEXTS.ffaEmpty,
    failed: TEXTS.ffaFailed,
  },
  codes: {
    tab: "codes-given-to",
    intent: "code",
    path: "/api/codes-given-to",
    columns: CODE_COLUMNS,
    lengths: CODE_FIELD_LENGTHS,
    what: "the code given",
    listName: "the codes given",
    empty: TEXTS.codesEmpty,
    failed: TEXTS.codesFailed,
  },
} as const;
export type SideTable = keyof typeof SIDE_TABLES;
export const sideTableOfIntent = (intent: unknown): SideTable | null =>
  intent === SIDE_TABLES.ffa.intent ? "ffa" : intent === SIDE_TABLES.codes.intent ? "codes" : null;

// ---------------------------------------------------------------------------------------------------------------
// Claim sessions: the summary cards and their filters

// What each filter keeps: CLAIM_FILTERS in contract/breeder.ts (the host filters the same way).
export { CLAIM_FILTERS, isClaimFilter, type ClaimFilter } from "#contract/breeder";
export const CLAIM_FILTER_LABELS: Record<ClaimFilter, string> = {
  "claims-today": "Claims Today",
  "completed-today": "Completed Today",
  "most-participants": "Most Participants Today",
};

/** The cards' figures and which sessions each filter keeps. */
export function claimSummary(sessions: readonly ClaimSession[], now: number, timeZone: string) {
  const today = dayBounds(now, timeZone);
  const todays = sessions.filter((s) => s.createdAt >= today.start && s.createdAt < today.end);
  const mostParticipants = todays.reduce((m, s) => Math.max(m, s.claims.length), 0);
  const summary: ClaimSummary = {
    claimsToday: todays.reduce((n, s) => n + s.claims.length, 0),
    completedToday: todays.reduce((n, s) => n + s.completed.length, 0),
    mostParticipants,
  };
  const keep: Record<ClaimFilter, (s: ClaimSession) => boolean> = {
    "claims-today": (s) => s.claims.length > 0,
    "completed-today": (s) => s.completed.length > 0,
    "most-participants": (s) => mostParticipants > 0 && s.claims.length === mostParticipants,
  };
  const filter = (f: ClaimFilter | null) => (f ? todays.filter(keep[f]) : [...sessions]);
  return { summary, filter };
}

/** A session's searchable texts: every column as shown (Ended as Yes/No, dates as shown). */
export function claimTexts(s: ClaimSession, date: (ms: number) => string) {
  return [
    s.dinoName,
    s.instructions,
    s.max,
    s.claims.length,
    s.completed.length,
    s.ended ? "Yes" : "No",
    s.breederId,
    date(s.createdAt),
    date(s.updatedAt),
  ];
}
