// The browser's side of the live room: one reconnecting socket per tab, shared by every route through context.
import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import type PartySocket from "partysocket";
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { LIVE_PARTY, LIVE_ROOM, parseLiveEvent, type LiveEvent, type LiveEventType } from "#contract/events";

export type LiveStatus = "connecting" | "connected" | "disconnected";
type Listener = (event: LiveEvent | { type: "reconnected" }) => void;
/** The room's messages that are not events (a sheet's presence, read by app/realtime/presence.ts where it is used). */
type MessageListener = (data: string) => void;

type Live = {
  status: LiveStatus;
  subscribe: (l: Listener) => () => void;
  subscribeMessages: (l: MessageListener) => () => void;
  /** Sends the room a message; dropped while the socket is not open (a sheet says where it is again on open). */
  send: (message: string) => void;
};
const LiveContext = createContext<Live | null>(null);

export function LiveProvider({ children }: { children: React.ReactNode }) {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const listeners = useRef(new Set<Listener>());
  const messageListeners = useRef(new Set<MessageListener>());
  const socketRef = useRef<PartySocket | null>(null);

  useEffect(() => {
    // The socket's library loads with the effect (after hydration, when the socket opens anyway), not in the first load.
    let socket: PartySocket | null = null;
    let closed = false;
    void import("partysocket").then(({ default: Socket }) => {
      if (closed) return;
      const live = new Socket({ host: window.location.host, party: LIVE_PARTY, room: LIVE_ROOM });
      socket = live;
      socketRef.current = live;
      let wasOpen = false;
      const emit: Listener = (e) => listeners.current.forEach((l) => l(e));
      live.addEventListener("open", () => {
        setStatus("connected");
        // After a drop, events may have been missed: let the routes reload their data.
        if (wasOpen) emit({ type: "reconnected" });
        wasOpen = true;
      });
      live.addEventListener("close", () => setStatus(wasOpen ? "disconnected" : "connecting"));
      live.addEventListener("message", (message) => {
        const event = parseLiveEvent(message.data);
        if (event) return emit(event);
        if (typeof message.data === "string") messageListeners.current.forEach((l) => l(message.data));
      });
    });
    return () => {
      closed = true;
      socketRef.current = null;
      socket?.close();
    };
  }, []);

  const value = useMemo<Live>(
    () => ({
      status,
      subscribe: (l) => {
        listeners.current.add(l);
        return () => void listeners.current.delete(l);
      },
      subscribeMessages: (l) => {
        messageListeners.current.add(l);
        return () => void messageListeners.current.delete(l);
      },
      send: (message) => {
        const socket = socketRef.current;
        if (socket?.readyState === WebSocket.OPEN) socket.send(message);
      },
    }),
    [status],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

export function useLive() {
  const live = useContext(LiveContext);
  if (!live) throw new Error("useLive must be used inside <LiveProvider>.");
  return live;
}

export const useLiveStatus = () => useLive().status;

/** Calls back on every live event of the given types. */
export function useLiveEvent(types: readonly LiveEventType[], onEvent: (event: LiveEvent) => void) {
  const { subscribe } = useLive();
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const key = types.join(",");
  useEffect(
    () =>
      subscribe((e) => {
        if (e.type !== "reconnected" && key.split(",").includes(e.type)) callback.current(e);
      }),
    [subscribe, key],
  );
}

/**
 * Reloads the open page's data when an event it shows arrives (of those, the ones `accepts` takes), or after the socket
 * reconnects; but not while a write of this browser is on its way: a form or a fetcher submitting, or Remix reloading
 * the loaders after that write's action answered. The write's own event goes out after its answer (the fan-out never
 * holds a write's answer back), so it arrives while that reload runs, and the reload already reads the write: the page
 * is reloaded once, by Remix after its own write, and by the event after anyone else's. An event of someone else's
 * write that lands in the same few milliseconds is read by that reload too, unless it committed after the reload's
 * read: that update then shows with the next event or view.
 */
export function useLiveRevalidate(
  types: readonly LiveEventType[],
  accepts: (event: LiveEvent) => boolean = () => true,
) {
  const { subscribe } = useLive();
  const accept = useRef(accepts);
  accept.current = accepts;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const writing = useRef(false);
  // A navigation or fetcher carrying a submission (not a GET) is writing until it is idle again: while it submits, and
  // while Remix reloads the loaders after its action.
  const submits = (s: { state: string; formMethod?: string }) =>
    s.state !== "idle" && !!s.formMethod && s.formMethod.toUpperCase() !== "GET";
  writing.current = submits(navigation) || fetchers.some(submits);
  const key = types.join(",");
  useEffect(
    () =>
      subscribe((e) => {
        if (e.type !== "reconnected" && !(key.split(",").includes(e.type) && accept.current(e))) return;
        if (!writing.current) revalidate.current();
      }),
    [subscribe, key],
  );
}

/** Shown only once the page runs JavaScript: without it there is no socket to report on. */
export function LiveStatusBadge() {
  const status = useLiveStatus();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // Served (and without JavaScript) as a hidden placeholder of the same size, its words drawn by CSS: the badge must not
  // move the page on a phone when it appears.
  if (!mounted)
    return (
      <span className="live-status live-pending" aria-hidden data-label="Live updates: Connecting...">
        <span className="dot" />
      </span>
    );
  const label = status === "connected" ? "Connected" : status === "connecting" ? "Connecting..." : "Disconnected";
  return (
    <span className={`live-status live-${status}`} data-testid="live-status" aria-live="polite">
      <span className="dot" aria-hidden />
      Live updates: {label}
    </span>
  );
}
