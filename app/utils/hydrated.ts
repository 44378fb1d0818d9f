// Whether the page runs JavaScript yet: false on the server and in the browser's hydrating render (so both render the
// same markup), true once React has hydrated the document. Pages swap their HTML tables for canvas grids, links for
// buttons, on it. One flag for the whole document: the layout sets it in its first effect, which runs after every other
// effect of hydration's commit; a component mounted after that (a client-side navigation) starts hydrated.
import { useEffect, useState } from "react";

let hydrationDone = false;

/** Whether this render is the browser's hydration of the server's HTML (false on the server and once it is done). */
export const isHydrating = () => typeof document !== "undefined" && !hydrationDone;

export function useHydrated() {
  const [hydrated, setHydrated] = useState(hydrationDone);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Marks the end of hydration; the document's layout calls it. */
export function useHydrationDone() {
  useEffect(() => {
    hydrationDone = true;
  }, []);
}
