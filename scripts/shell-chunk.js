// Rollup's manualChunks for the client build: the signed-in shell's modules, and the page parts most pages share, go
// out as one chunk instead of one file each.
//
// - The shell: everything app/routes/_shell.tsx imports, however deep, from app/ and contract/ (the top bar,
//   notifications, the live connection, icons, dates...). Every signed-in page loads all of it anyway, so no page
//   downloads more; it downloads nine fewer files before it can hydrate (issue 11: the first grid paint waited for the
//   last of 33 asset requests).
// - The shared page parts: a module of app/ or contract/ that at least SHARED_BY route modules import, directly or
//   not (the table toolbar, pagination, the host notice, tabs, the modal, the servers' list...). Left to Rollup, each
//   set of pages that shares some of them gets a chunk of its own, a few hundred bytes each: the stock page asked for
//   nine of them. In the shell chunk they cost a page that does not use them a few KiB at most, and every page that
//   does is spared the requests (ADR 052).
//
// The route modules themselves, the document's root and its imports keep their own chunks.
import path from "node:path";

const SHELL = path.resolve("app/routes/_shell.tsx");
const ROOT = path.resolve("app/root.tsx");
const ROUTES = path.resolve("app/routes") + path.sep;
const OWN = [path.resolve("app") + path.sep, path.resolve("contract") + path.sep];
/** How many route modules must import a module for it to ride in the shell chunk. */
export const SHARED_BY = 5;

const own = (id) => OWN.some((dir) => id.startsWith(dir)) && !id.includes("?");

export function shellChunk() {
  let shell = null;
  const reach = (from, getModuleInfo) => {
    const seen = new Set();
    const walk = (id) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of getModuleInfo(id)?.importedIds ?? []) walk(next);
    };
    walk(from);
    return seen;
  };
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!own(id)) return undefined;
    if (!shell) {
      const ofRoot = reach(ROOT, getModuleInfo);
      shell = new Set([...reach(SHELL, getModuleInfo)].filter((m) => m !== SHELL && !ofRoot.has(m) && own(m)));
      const routes = new Set([...getModuleIds()].filter((m) => m.startsWith(ROUTES) && getModuleInfo(m)?.isEntry));
      const importers = new Map();
      for (const route of routes) {
        for (const m of reach(route, getModuleInfo)) {
          if (!routes.has(m) && own(m) && !ofRoot.has(m)) importers.set(m, (importers.get(m) ?? 0) + 1);
        }
      }
      for (const [m, n] of importers) if (n >= SHARED_BY) shell.add(m);
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
