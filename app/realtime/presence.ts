// The others on a sheet (contract/presence.ts): where this browser is goes to the room whenever it changes, and again
// after every reconnect; the people the room reports on the same sheet come back, each with their cell and colour.
// Used by the sheet's grid, so this code loads with the grid, not with the page.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { parsePresence, type Presence, type PresenceUpdate } from "#contract/presence";
import { useLive } from "./live";

export type Here = Omit<PresenceUpdate, "type" | "sheet">;

export function usePresence(sheet: string | null, here: Here): Presence[] {
  const { status, subscribeMessages, send } = useLive();
  const sendPresence = useCallback((update: PresenceUpdate) => send(JSON.stringify(update)), [send]);
  const [people, setPeople] = useState<ReadonlyMap<string, Presence>>(new Map());
  const key = JSON.stringify(here);

  useEffect(() => {
    setPeople(new Map());
    if (!sheet) return;
    return subscribeMessages((data) => {
      const message = parsePresence(data);
      if (!message) return;
      if (message.type === "presence-sync") {
        if (message.sheet === sheet) setPeople(new Map(message.people.map((p) => [p.id, p])));
        return;
      }
      setPeople((old) => {
        const next = new Map(old);
        if (message.sheet === sheet) next.set(message.id, message);
        else next.delete(message.id);
        return next;
      });
    });
  }, [sheet, subscribeMessages]);

  // Sent a moment after the last change (a drag over many cells is one message), and at once when connected again.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (status !== "connected" || !sheet) return;
    const timer = window.setTimeout(() => {
      sendPresence({ type: "presence", sheet, ...(JSON.parse(key) as Here) });
      sent.current = sheet;
    }, 80);
    return () => window.clearTimeout(timer);
  }, [status, sheet, key, sendPresence]);
  // Leaving the sheet (another tab of the stock page, another page) says so.
  useEffect(
    () => () => {
      if (sent.current) sendPresence({ type: "presence", sheet: null, cell: null, editing: false, pendingRows: [] });
      sent.current = null;
    },
    [sheet, sendPresence],
  );
  return useMemo(() => [...people.values()], [people]);
}
