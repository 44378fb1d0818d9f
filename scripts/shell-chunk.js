// Rollup's manualChunks for the client build: the shell (what the root and every page share), the canvas grids' own
// chunk, the sheet pages' parts and `shared`, so a page asks for few files before it hydrates; route modules and the
// root keep their own chunks (ADR 052, ADR 059).
import path from "node:path";

const SHELL = path.resolve("app/routes/_shell.tsx");
const ROOT = path.resolve("app/root.tsx");
const ROUTES = path.resolve("app/routes") + path.sep;
const SHEET = path.resolve("app/components/sheet") + path.sep;
const OWN = [path.resolve("app") + path.sep, path.resolve("contract") + path.sep];
/** The canvas grids' components: each is loaded by a dynamic import, in the browser only. */
export const GRIDS = ["app/components/sheet/SheetGrid.client.tsx", "app/components/grid/DataGrid.client.tsx"].map((f) =>
  path.resolve(f),
);
/** How many route modules must import a module for it to ride in the shell chunk. */
export const SHARED_BY = 5;

const own = (id) => OWN.some((dir) => id.startsWith(dir)) && !id.includes("?");

/** Every module `from` reaches through static imports (and dynamic ones with `dynamic`), not entering `stop`. */
function reach(from, getModuleInfo, { dynamic = false, stop = [] } = {}) {
  const seen = new Set();
  const walk = (id) => {
    if (seen.has(id) || stop.includes(id)) return;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const next of info?.importedIds ?? []) walk(next);
    if (dynamic) for (const next of info?.dynamicallyImportedIds ?? []) walk(next);
  };
  for (const id of [from].flat()) walk(id);
  return seen;
}

/** Each module's manual chunk, worked out once from the whole module graph. */
function plan({ getModuleIds, getModuleInfo }) {
  const chunkOf = new Map();
  const entries = [...getModuleIds()].filter((m) => getModuleInfo(m)?.isEntry);
  // A route is an entry (Remix's `?__remix-build-client-route` module) and the module it wraps: both keep their chunk.
  const routes = new Set(entries.flatMap((m) => [m, m.split("?")[0]]));
  const name = (m, chunk) => {
    if (!routes.has(m) && !chunkOf.has(m)) chunkOf.set(m, chunk);
  };
  for (const m of reach([SHELL, ROOT], getModuleInfo)) name(m, "shell");
  const importers = new Map();
  for (const route of entries.filter((m) => m.startsWith(ROUTES))) {
    for (const m of reach(route, getModuleInfo)) if (own(m)) importers.set(m, (importers.get(m) ?? 0) + 1);
  }
  for (const [m, n] of importers) if (n >= SHARED_BY) name(m, "shell");
  // What the pages load with themselves, and what they reach at all (their lazy code too), without the grids.
  const eager = reach(entries, getModuleInfo, { stop: GRIDS });
  const pages = reach(entries, getModuleInfo, { dynamic: true, stop: GRIDS });
  // Each grid's own reach: what both grids (and no page) import is the grid chunk's; what one grid alone imports is
  // left to Rollup, which keeps it with that grid.
  const grids = GRIDS.filter((g) => getModuleInfo(g));
  const ofGrid = grids.map((g) => reach(g, getModuleInfo, { stop: GRIDS.filter((other) => other !== g) }));
  // A module the grid shares with the pages is named and not walked into: its chunk takes in what it imports. Only a
  // module the pages load with themselves goes into the shell or the sheet; one that lazy code shares with the grid
  // gets the chunk `shared`, which neither loads before it is needed.
  const seen = new Set();
  const walk = (m) => {
    if (seen.has(m)) return;
    seen.add(m);
    if (pages.has(m)) {
      if (!eager.has(m) || !own(m)) return name(m, "shared");
      return name(m, m.startsWith(SHEET) ? "sheet" : "shell");
    }
    if (!GRIDS.includes(m) && ofGrid.every((reached) => reached.has(m))) name(m, "grid");
    for (const next of getModuleInfo(m)?.importedIds ?? []) walk(next);
  };
  for (const g of grids) walk(g);
  for (const m of eager) if (m.startsWith(SHEET) && own(m)) name(m, "sheet");
  return chunkOf;
}

export function shellChunk() {
  let chunks = null;
  return (id, meta) => {
    chunks ??= plan(meta);
    return chunks.get(id);
  };
}
