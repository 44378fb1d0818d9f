// A Vite plugin: `virtual:grid-preload` answers, in the server build, the URLs of the sheet grid's chunk, its imports
// and styles from the client build's manifest, so sheet pages preload them in <head>; in the client build and in
// development it answers [].
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ID = "virtual:grid-preload";
const GRID_SOURCE = "app/components/sheet/SheetGrid.client.tsx";

export function gridPreload({ clientDir = "build/client", publicPath = "/" } = {}) {
  return {
    name: "grid-preload",
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id, options) {
      if (id !== `\0${ID}`) return undefined;
      const manifestPath = path.resolve(clientDir, ".vite/manifest.json");
      if (!options?.ssr || !existsSync(manifestPath)) return "export default [];";
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
      const files = [];
      const walk = (key) => {
        const chunk = manifest[key];
        if (!chunk || files.includes(chunk.file)) return;
        files.push(chunk.file);
        // Its styles too, if a chunk has any (glide-data-grid's are in app.css since ADR 059): Vite's loader waits for
        // them before it runs a dynamic import.
        for (const css of chunk.css ?? []) if (!files.includes(css)) files.push(css);
        for (const imported of chunk.imports ?? []) walk(imported);
      };
      walk(GRID_SOURCE);
      if (files.length === 0) this.error(`grid-preload: ${GRID_SOURCE} is not in the client build's manifest`);
      return `export default ${JSON.stringify(files.map((f) => publicPath + f))};`;
    },
  };
}
