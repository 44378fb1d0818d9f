// The live room: one Durable Object that fans events out to every signed-in browser. It holds no business state.
// Sockets are authenticated before they reach it (onBeforeConnect in worker/index.ts).
import { Server, type Connection } from "partyserver";
import { LIVE_ROOM, toLiveEvent, type LiveEvent } from "../contract/events";

export class Live extends Server<Env> {
  static options = { hibernate: true };

  /** Browsers only listen; anything they send is ignored. */
  onMessage(_connection: Connection, _message: unknown) {}

  /**
   * RPC: validates an event and sends it to every open socket. Answers how many sockets it reached. Every socket of this
   * room is a browser's, so it sends on the runtime's sockets directly: partyserver's getConnections and broadcast read
   * (deserialize) each socket's attachment on every message, which costs more the more browsers are open.
   */
  async publish(event: LiveEvent): Promise<number> {
    const valid = toLiveEvent(event);
    if (!valid) throw new Error(`not a live event: ${JSON.stringify(event)}`);
    const message = JSON.stringify(valid);
    let count = 0;
    for (const socket of this.ctx.getWebSockets()) {
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
