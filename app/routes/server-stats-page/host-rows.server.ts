// What the host answers for a server (docs/api/servers.md) and the rows and state the server stats pages make of it.
import { formatDateTime } from "#app/utils/dates";
import {
  eventTone,
  formatLaunch,
  isActivityTab,
  platformOf,
  SERVERS,
  statusBadge,
  type ServerState,
  type StatsRow,
  type Tab,
} from "./servers";
import {
  MAX_PLAYERS,
  type CurrentPlayer,
  type ServerActivity,
  type ServerEventEntry,
  type ServerId,
  type ServerJoin,
  type ServerLeave,
  type ServerStatus,
} from "#contract/servers";
import { isSourceId, kindOf, SOURCE_KINDS, sourceLabel, type SourceId } from "#contract/sources";
import { isEosId, playerPath, tribePath } from "#contract/players";

// ---- What the host answers (docs/api/servers.md) ------------------------------------------------------------------

// The answers' types are in contract/servers.ts; they are read warily all the same (an older host may leave fields out
// or send times as text).

/** An entry of any of the event lists: the join log's, the leave log's or an activity tab's, each with its own time. */
export type LogEntry = ServerEventEntry &
  Partial<
    Pick<ServerJoin, "joinTime"> & Pick<ServerLeave, "leaveTime"> & Pick<ServerActivity, "eventType" | "eventTime">
  >;

// ---- What the page gets ------------------------------------------------------------------------------------------

/** A time as the host may send it (epoch ms, digits, or a date text) in epoch ms, or null. */
export const toMs = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim()) {
    const n = /^\d+$/.test(v.trim()) ? Number(v) : Date.parse(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};
/** Text without surrounding spaces, or null when there is none. */
export const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
/** A link to show (http or https only), or null. */
export const safeLink = (v: unknown) => {
  const s = text(v);
  return s && /^https?:\/\//i.test(s) ? s : null;
};

/**
 * Where a row's names lead: the player's profile when the row has an EOS id, the tribe's page when it names a tribe.
 * Worked out here, so the pages' browser code needs none of the players' rules.
 */
export const rowLinks = (eosId: string, tribe: string | null) => ({
  profileHref: isEosId(eosId.toLowerCase()) ? playerPath(eosId.toLowerCase()) : null,
  tribeHref: tribe ? tribePath(tribe) : null,
});

function tribelistLabel(match: unknown): string | null {
  if (!match) return null;
  if (typeof match === "string") return match;
  if (match === true) return "Tribelist";
  if (typeof match === "object") {
    const m = match as Record<string, unknown>;
    const name = text(m.name) ?? text(m.username);
    const server = text(m.server) ?? text(m.serverId) ?? text(m.list);
    if (name && server) return `${name} (${server})`;
    return name ?? server ?? "Tribelist";
  }
  return null;
}

export function playerRow(p: CurrentPlayer, index: number): StatsRow {
  const status = text(p.status) ?? "";
  const badge = statusBadge(status, p.tribe);
  const platform = platformOf(p.platform);
  return {
    key: text(p.eosId) ?? `row-${index}`,
    id: index + 1,
    eosId: text(p.eosId) ?? "",
    displayName: text(p.displayName),
    name: text(p.name),
    status,
    statusLabel: badge.label,
    statusTone: badge.tone,
    tribe: text(p.tribe),
    platform: platform.kind,
    platformLabel: platform.label,
    time: null,
    eventType: null,
    eventTone: null,
    lastArkLaunch: null,
    steamProfileLink: null,
    tribelist: tribelistLabel(p.tribelistMatch),
    ...rowLinks(text(p.eosId) ?? "", text(p.tribe)),
  };
}

export function eventRow(e: LogEntry, index: number, tab: Tab, timeZone: string): StatsRow & { timeMs: number | null } {
  const eventType = e.eventType === "join" || e.eventType === "leave" ? e.eventType : null;
  const timeMs = toMs(tab === "joinlog" ? e.joinTime : tab === "leavelog" ? e.leaveTime : e.eventTime);
  const status = text(e.status) ?? "";
  const badge = statusBadge(status, e.tribe);
  const platform = platformOf(e.platform);
  const eosId = text(e.eosId) ?? "";
  return {
    // Row keys combine the EOS id with the time.
    key: `${eosId}:${eventType ?? tab}:${timeMs ?? index}`,
    id: e.id ?? index + 1,
    eosId,
    displayName: text(e.displayName),
    name: text(e.memberName),
    status,
    statusLabel: badge.label,
    statusTone: badge.tone,
    tribe: text(e.tribe),
    platform: platform.kind,
    platformLabel: platform.label,
    time: formatDateTime(timeMs, timeZone),
    timeMs,
    eventType,
    eventTone: eventType && isActivityTab(tab) ? eventTone(tab, eventType) : null,
    lastArkLaunch: formatLaunch(e.lastArkLaunch, timeZone),
    steamProfileLink: safeLink(e.steamProfileLink),
    tribelist: null,
    ...rowLinks(eosId, text(e.tribe)),
  };
}

/** An answer without currentPlayers means no players and no status. */
export const playersOf = (data: ServerStatus) => (Array.isArray(data.currentPlayers) ? data.currentPlayers : []);

/** A server's state from the host's status answer: online, players n/70, map, last update. */
export function serverStateOf(id: ServerId, answer: unknown): ServerState {
  const data = (answer && typeof answer === "object" ? answer : {}) as ServerStatus;
  const roster = data.roster && isSourceId(data.roster.source) ? data.roster : null;
  return {
    online: Array.isArray(data.currentPlayers) && data.status === "online",
    unknown: data.status === "unknown",
    roster: roster && {
      label: sourceLabel(roster.source as SourceId),
      observedAt: toMs(roster.observedAt),
      intervalMs: roster.intervalMs ?? SOURCE_KINDS[kindOf(roster.source as SourceId)].interval,
      unknownReason: text(roster.unknownReason),
    },
    errorDetails: text(data.errorDetails),
    lastUpdated: toMs(data.lastUpdated),
    mapName: SERVERS[id].mapName,
    playerCount: typeof data.playerCount === "number" ? data.playerCount : playersOf(data).length,
    maxPlayers: MAX_PLAYERS,
  };
}
