// "Last updated" of a tribelist: the server renders it in UTC; the browser shows its own time.
import { useEffect, useState } from "react";
import { formatInBrowser, formatUtcDateTime } from "#app/utils/dates";
import { LAST_UPDATED_KEY, type Server } from "./tribelists";

/** "Last updated": the server renders it in UTC; the browser shows its own time. */
export function LastUpdated({ at }: { at: number }) {
  const [text, setText] = useState(() => formatUtcDateTime(at));
  useEffect(() => setText(formatInBrowser(at, "dateTime")), [at]);
  return (
    <time dateTime={new Date(at).toISOString()} data-testid="last-updated">
      {text}
    </time>
  );
}

/**
 * The last-updated time, stored locally per server: when this browser first saw the list as it is
 * now. The server's answer carries a fingerprint of the list; a new fingerprint means a new time.
 */
export function useLastUpdated(server: Server, signature: string, fetchedAt: number) {
  const [at, setAt] = useState(fetchedAt);
  useEffect(() => {
    let stored: Record<string, { at: number; signature: string }> = {};
    try {
      stored = JSON.parse(localStorage.getItem(LAST_UPDATED_KEY) ?? "{}") ?? {};
    } catch {
      stored = {};
    }
    const known = stored[server];
    if (known && known.signature === signature && typeof known.at === "number") return setAt(known.at);
    stored[server] = { at: fetchedAt, signature };
    localStorage.setItem(LAST_UPDATED_KEY, JSON.stringify(stored));
    setAt(fetchedAt);
  }, [server, signature, fetchedAt]);
  return at;
}
