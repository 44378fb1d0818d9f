// The live room: one Durable Object that fans events out to every signed-in browser. It holds no business state.
// Sockets are authenticated before they reach it (onBeforeConnect in worker/index.ts).
import { Server, type Connection, type ConnectionContext } from "partyserver";
import { EVENT_SECTIONS, isSection } from "../contract/access";
import { LIVE_ROOM, toLiveEvent, type LiveEvent } from "../contract/events";

/** The header the Worker sets on a socket's upgrade: the sections its member may view (worker/index.ts). */
export const LIVE_SECTIONS_HEADER = "x-live-sections";
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

  /** Browsers only listen; anything they send is ignored. */
  onMessage(_connection: Connection, _message: unknown) {}

  /**
   * RPC: validates an event and sends it to every open socket allowed to see it. Answers how many sockets it reached. Every socket of this
   * room is a browser's, so it sends on the runtime's sockets directly: partyserver's getConnections and broadcast read
   * (deserialize) each socket's attachment on every message, which costs more the more browsers are open.
   */
  async publish(event: LiveEvent): Promise<number> {
    const valid = toLiveEvent(event);
    if (!valid) throw new Error(`not a live event: ${JSON.stringify(event)}`);
    const message = JSON.stringify(valid);
    // The sockets of members who may view a section the event concerns, each once.
    const sockets = new Set(EVENT_SECTIONS[valid.type].flatMap((section) => this.ctx.getWebSockets(sectionTag(section))));
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
}

/**
 * Publishes an event to every signed-in browser. Actions, API handlers and the cron all call this. One RPC: the stub is
 * addressed by name (the room knows it from its id), so partyserver's getServerByName, which sends setName first on
 * every call, would only add a round trip to the room before each event.
 */
export async function publish(env: Env, event: LiveEvent): Promise<number> {
  return env.Live.getByName(LIVE_ROOM).publish(event);
}
