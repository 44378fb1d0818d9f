import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixOptions from "./remix.config.js";
import { changelogDialog } from "./scripts/changelog-dialog-plugin.js";
import { gridPreload } from "./scripts/grid-preload-plugin.js";
import { shellChunk } from "./scripts/shell-chunk.js";

/**
 * What the Worker bundles itself: the server build imports these folders (by relative paths) rather than copying them,
 * so the Worker and the Remix app share one instance of each module and of its state (ADR 074).
 */
const WORKER_OWNED = ["worker", "contract", "drizzle", "party"].map((dir) =>
  fileURLToPath(new URL(`./${dir}/`, import.meta.url)),
);
const SERVER_BUILD = fileURLToPath(new URL("./build/server/", import.meta.url));
const ROOT = fileURLToPath(new URL("./", import.meta.url));
/** An import's file: package.json's `#dir/*` aliases name a folder at the root. */
const target = (id: string, importer: string | undefined) =>
  id.startsWith("#")
    ? path.join(ROOT, id.slice(1))
    : importer && id.startsWith(".")
      ? path.resolve(path.dirname(importer.split("?")[0]), id)
      : null;
function ownedByWorker(id: string, importer: string | undefined) {
  const file = target(id, importer);
  return !!file && WORKER_OWNED.some((dir) => file.startsWith(dir));
}

/** Stand-ins for glide-data-grid's markdown and image-carousel dependencies, for cells we never open. */
const GLIDE_UNUSED = fileURLToPath(new URL("./app/vendor/glide-unused.tsx", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixOptions), gridPreload(), changelogDialog()],
  resolve: { alias: { marked: GLIDE_UNUSED, "react-responsive-carousel": GLIDE_UNUSED } },
  ssr: {
    // The Worker bundle runs in workerd: resolve packages for workers, and bundle every package (the Worker's own
    // folders are imported instead: ownedByWorker).
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    target: "webworker",
    noExternal: true,
  },
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild
      ? {
          external: ownedByWorker,
          output: {
            paths: (id: string) => {
              const file = id.startsWith("#") ? target(id, undefined) : path.isAbsolute(id) ? id : null;
              return file ? path.relative(SERVER_BUILD, file) : id;
            },
          },
        }
      : { output: { manualChunks: shellChunk() } },
  },
}));
