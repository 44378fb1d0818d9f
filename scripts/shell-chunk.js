// Rollup's manualChunks for the client build: the modules of the signed-in shell (the top bar, notifications, the
// live connection, icons, dates...: everything app/routes/_shell.tsx imports, however deep, from app/ and contract/)
// go out as one chunk instead of one file each. Every signed-in page loads all of them anyway, so no page downloads
// more; it downloads nine fewer files before it can hydrate (issue 11: the first grid paint waited for the last of
// 33 asset requests). The route modules themselves, the document's root and its imports keep their own chunks.
import path from "node:path";

const SHELL = path.resolve("app/routes/_shell.tsx");
const ROOT = path.resolve("app/root.tsx");
const OWN = [path.resolve("app") + path.sep, path.resolve("contract") + path.sep];

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
  return (id, { getModuleInfo }) => {
    if (!OWN.some((dir) => id.startsWith(dir)) || id.includes("?")) return undefined;
    if (!shell) {
      const ofRoot = reach(ROOT, getModuleInfo);
      shell = new Set([...reach(SHELL, getModuleInfo)].filter((m) => m !== SHELL && !ofRoot.has(m) && OWN.some((dir) => m.startsWith(dir))));
    }
    return shell.has(id) ? "shell" : undefined;
  };
}
