// `virtual:changelog-dialog`: the What's New dialog as the shell's code gets it. On the server, the component itself: it
// renders the no-JavaScript panel of ?changelog=1 at once. In the browser, a React.lazy of it that loads when the dialog
// first opens, so its text and code are not in every page's first load (at most 120 KiB). Resolved per build
// (and per request under the dev server), so the browser's module graph never imports the dialog statically and the
// shell chunk (shell-chunk.js) does not take it in.
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
