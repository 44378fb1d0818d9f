// The page's clock for relative times ("5 seconds ago"): one timer for every component that shows one, each re-rendered
// on a tick and nothing else. It starts from the loader's time, so the served text and hydration agree.
import { useSyncExternalStore } from "react";

let now = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) clearInterval(timer);
  };
}

/** The time now, ticking every second once hydrated; `serverNow` (the loader's time) on the server and in hydration. */
export function useNow(serverNow: number) {
  return useSyncExternalStore(
    subscribe,
    () => now || serverNow,
    () => serverNow,
  );
}
