// Whether the page runs JavaScript yet: false on the server and in the first browser render (so both render the same
// markup), true once React has hydrated. Pages swap their HTML tables for canvas grids, links for buttons, on it.
import { useEffect, useState } from "react";

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

let hydrationDone = false;

/** Whether this render is the browser's hydration of the server's HTML (false on the server and once it is done). */
export const isHydrating = () => typeof document !== "undefined" && !hydrationDone;

/** Marks the end of hydration; the document's layout calls it, so its effect runs after every other of the first commit. */
export function useHydrationDone() {
  useEffect(() => {
    hydrationDone = true;
  }, []);
}
