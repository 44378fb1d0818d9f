// The messages the live room sends to browsers: one tagged union, checked by the publisher and by every receiver.
// Plain code, no schema library: the browser's first load carries this file on every signed-in page (the live socket
// lives in the shell), so a 50 KB validator for three fields would be paid on every first load.
import { isOneOf } from "./one-of";

/** Events that concern the whole tribe. */
export const MESSAGE_EVENTS = [
  "vouches_update",
  "codes_update",
  "discord_join",
  "discord_leave",
  "tribelist_added",
  "tribelist_updated",
  "tribelist_deleted",
  "stock_2411_update",
  "breeder_list_update",
  "breeder_update",
  "joined_members_update",
  "removed_members_update",
  "weeklymembers_update",
] as const;

/** Events about one game server: they carry its id. */
export const SERVER_EVENTS = [
  "eoserver_status_update",
  "joinlog_update",
  "leavelog_update",
  "tribemembers_update",
  "unknowns_update",
  "enemies_update",
  "friendlys_update",
  "enemy_online",
  "watch_online",
] as const;

/**
 * Who made a change and how many rows it touched, stamped on every event of a write: a browser keeps quiet about its
 * own member's changes and sums up the others' (app/realtime/toasts.ts).
 */
export type EventAuthor = { by?: string; byId?: string; count?: number };

export type LiveEvent =
  | ({ type: (typeof MESSAGE_EVENTS)[number]; message?: string } & EventAuthor)
  | ({ type: (typeof SERVER_EVENTS)[number]; serverId: string; message?: string } & EventAuthor);
export type LiveEventType = LiveEvent["type"];
export const LIVE_EVENT_TYPES: LiveEventType[] = [...MESSAGE_EVENTS, ...SERVER_EVENTS];

/**
 * An event as the room sends it: a known type, a text message if any, and the server id of a per-server event; only
 * those fields are kept. Null for anything else.
 */
export function toLiveEvent(value: unknown): LiveEvent | null {
  if (!value || typeof value !== "object") return null;
  const { type, message, serverId, by, byId, count } = value as Record<string, unknown>;
  if (message !== undefined && typeof message !== "string") return null;
  const text = {
    ...(message === undefined ? {} : { message }),
    ...(typeof by === "string" ? { by } : {}),
    ...(typeof byId === "string" ? { byId } : {}),
    ...(typeof count === "number" && Number.isInteger(count) && count > 0 ? { count } : {}),
  };
  if (isOneOf(MESSAGE_EVENTS, type)) return { type, ...text };
  if (isOneOf(SERVER_EVENTS, type) && typeof serverId === "string") return { type, serverId, ...text };
  return null;
}

/** Parses one socket message; anything malformed is dropped (parse errors are ignored). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== "string") return null;
  try {
    return toLiveEvent(JSON.parse(data));
  } catch {
    return null;
  }
}

/**
 * An event for some members only (a watched player came online: their watchers'), named by Discord id. The room sends
 * it to their sockets and never passes the list on.
 */
export type TargetedEvent = LiveEvent & { to?: string[] };

/** Where the browser connects: partyserver's /parties/{kebab-case class}/{room}. */
export const LIVE_PARTY = "live";
export const LIVE_ROOM = "main";
