// `virtual:changelog-dialog`: the What's New dialog as the shell gets it: the component itself on the server (for the
// no-JavaScript ?changelog=1 panel), a React.lazy in the browser, so its text stays out of every page's first load and
// out of the shell chunk (ADR 045).
import path from "node:path";

const ID = "virtual:changelog-dialog";

export function changelogDialog() {
  return {
    name: "changelog-dialog",
    resolveId(id, _importer, options) {
      if (id !== ID) return null;
      return path.resolve(
        options?.ssr ? "app/components/changelog/server-dialog.ts" : "app/components/changelog/lazy-dialog.ts",
      );
    },
  };
}
