// The live room: one Durable Object that fans events out to every signed-in browser. It holds no business state.
// Sockets are authenticated before they reach it (onBeforeConnect in worker/index.ts).
import { Server, type Connection, type ConnectionContext } from "partyserver";
import { EVENT_SECTIONS, isSection } from "#contract/access";
import { LIVE_ROOM, toLiveEvent, type LiveEvent, type TargetedEvent } from "#contract/events";
import {
  presenceColour,
  sectionOfSheet,
  toPresenceUpdate,
  type Presence,
  type PresenceUpdate,
} from "#contract/presence";

/** The header the Worker sets on a socket's upgrade: the sections its member may view (worker/index.ts). */
export const LIVE_SECTIONS_HEADER = "x-live-sections";
/** The header the Worker sets on a socket's upgrade: the member's id and name, URI-encoded JSON (worker/index.ts). */
export const LIVE_MEMBER_HEADER = "x-live-member";

/** What the room keeps of a socket (in its attachment, so it survives hibernation): whose it is, and where they are. */
type SocketState = { member: { id: string; name: string }; presence: PresenceUpdate | null };

/** A socket's tag for a section it may view (partyserver also tags each socket with its connection id). */
const sectionTag = (section: string) => `section:${section}`;

export class Live extends Server<Env> {
  static options = { hibernate: true };

  /**
   * A socket is tagged with the sections its member may view, as the Worker resolved them for its upgrade (a browser
   * cannot set the header: the Worker replaces it). Its events are only those (contract/access.ts EVENT_SECTIONS).
   */
  getConnectionTags(_connection: Connection, ctx: ConnectionContext) {
    return (ctx.request.headers.get(LIVE_SECTIONS_HEADER) ?? "").split(",").filter(isSection).map(sectionTag);
  }

  onConnect(connection: Connection<SocketState>, ctx: ConnectionContext) {
    let member = { id: "unknown", name: "Someone" };
    try {
      const value = JSON.parse(decodeURIComponent(ctx.request.headers.get(LIVE_MEMBER_HEADER) ?? ""));
      if (typeof value?.id === "string" && typeof value?.name === "string")
        member = { id: value.id, name: value.name.slice(0, 80) };
    } catch {
      // no member named: shown as "Someone"
    }
    connection.setState({ member, presence: null });
  }

  /**
   * A browser says where it is on a sheet (contract/presence.ts); anything else it sends is ignored. The others who may
   * view that sheet hear of it, and a browser that has just opened a sheet is told who is already there.
   */
  onMessage(connection: Connection<SocketState>, message: unknown) {
    let update: PresenceUpdate | null = null;
    try {
      update = typeof message === "string" ? toPresenceUpdate(JSON.parse(message)) : null;
    } catch {
      return;
    }
    const state = connection.state;
    if (!update || !state) return;
    if (update.sheet && !connection.tags.includes(sectionTag(sectionOfSheet(update.sheet)))) return;
    const before = state.presence?.sheet ?? null;
    connection.setState({ ...state, presence: update });
    this.tell(connection, before, update);
    if (update.sheet && update.sheet !== before) {
      const people = [...this.getConnections<SocketState>()]
        .filter((c) => c.id !== connection.id && c.state?.presence?.sheet === update.sheet)
        .map((c) => personOf(c.id, c.state!.member, c.state!.presence!));
      connection.send(JSON.stringify({ type: "presence-sync", sheet: update.sheet, people }));
    }
  }

  onClose(connection: Connection<SocketState>) {
    const presence = connection.state?.presence;
    if (connection.state && presence?.sheet)
      this.tell(connection, presence.sheet, { ...presence, sheet: null, cell: null, pendingRows: [] });
  }

  /** Sends a person's presence to the other sockets that may view the sheet they were on or are on now. */
  private tell(from: Connection<SocketState>, before: string | null, update: PresenceUpdate) {
    const sheets = [before, update.sheet].filter((s): s is string => s !== null);
    if (sheets.length === 0) return;
    const message = JSON.stringify(personOf(from.id, from.state!.member, update));
    const sockets = new Set(sheets.flatMap((sheet) => this.ctx.getWebSockets(sectionTag(sectionOfSheet(sheet)))));
    for (const socket of sockets) {
      if (socket === (from as WebSocket) || socket.readyState !== WebSocket.OPEN) continue;
      try {
        socket.send(message);
      } catch {
        socket.close(1011, "Unexpected error");
      }
    }
  }

  /**
   * RPC: validates an event and sends it to every open socket allowed to see it. Answers how many sockets it reached. Every socket of this
   * room is a browser's, so it sends on the runtime's sockets directly: partyserver's getConnections and broadcast read
   * (deserialize) each socket's attachment on every message, which costs more the more browsers are open.
   */
  async publish(event: TargetedEvent): Promise<number> {
    const valid = toLiveEvent(event);
    if (!valid) throw new Error(`not a live event: ${JSON.stringify(event)}`);
    const message = JSON.stringify(valid);
    if (Array.isArray(event.to)) return this.sendTo(new Set(event.to), valid, message);
    // The sockets of members who may view a section the event concerns, each once.
    const sockets = new Set(
      EVENT_SECTIONS[valid.type].flatMap((section) => this.ctx.getWebSockets(sectionTag(section))),
    );
    return sendEach(sockets, message);
  }

  /** An event for some members: the sockets of those named that may view its sections (rare, so states are read). */
  private sendTo(members: Set<string>, event: LiveEvent, message: string) {
    const allowed = EVENT_SECTIONS[event.type].map(sectionTag);
    const chosen = [...this.getConnections<SocketState>()].filter(
      (c) => c.state && members.has(c.state.member.id) && c.tags.some((tag) => allowed.includes(tag)),
    );
    return sendEach(chosen, message);
  }
}

/** Sends `message` to each open socket, closing one that fails. Answers how many it reached. */
function sendEach(sockets: Iterable<WebSocket>, message: string): number {
  let count = 0;
  for (const socket of sockets) {
    if (socket.readyState !== WebSocket.OPEN) continue;
    try {
      socket.send(message);
      count++;
    } catch {
      socket.close(1011, "Unexpected error");
    }
  }
  return count;
}

/**
 * Publishes an event to every signed-in browser. Actions, API handlers and the cron all call this. One RPC: the stub is
 * addressed by name (the room knows it from its id), so partyserver's getServerByName, which sends setName first on
 * every call, would only add a round trip to the room before each event.
 */
export async function publish(env: Env, event: TargetedEvent): Promise<number> {
  return env.Live.getByName(LIVE_ROOM).publish(event);
}

const personOf = (id: string, member: SocketState["member"], presence: PresenceUpdate): Presence => ({
  ...presence,
  type: "presence",
  id,
  name: member.name,
  colour: presenceColour(member.id),
});
