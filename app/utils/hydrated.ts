// Whether the page runs JavaScript yet: false on the server and in the first browser render (so both render the same
// markup), true once React has hydrated. Pages swap their HTML tables for canvas grids, links for buttons, on it.
import { useEffect, useState } from "react";

export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
