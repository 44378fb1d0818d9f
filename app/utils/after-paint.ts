// Code a page needs only after its first paint (a chart's library, a form's schema), loaded when the browser is next
// idle: it stays out of the first load, and is there by the time a person reaches for it.
import { startTransition, useEffect, useState } from "react";

/** Runs `start` when the browser is idle (or at once where it cannot say); answers how to cancel it. */
function whenIdle(start: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(start, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 0);
  return () => clearTimeout(id);
}

/** What `load` answers, once loaded after the first paint; null before (and on the server). `load` must be stable. */
export function useAfterPaint<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    let live = true;
    // Its first render (a chart's library draws hundreds of elements) is a transition: React yields to the browser
    // between components, so a slow phone's main thread is not blocked for the whole of it.
    const cancel = whenIdle(() => void load().then((value) => live && startTransition(() => setLoaded({ value }))));
    return () => {
      live = false;
      cancel();
    };
  }, [load]);
  return loaded ? loaded.value : null;
}
