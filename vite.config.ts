import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixOptions from "./remix.config.js";
import { changelogDialog } from "./scripts/changelog-dialog-plugin.js";
import { gridPreload } from "./scripts/grid-preload-plugin.js";
import { shellChunk } from "./scripts/shell-chunk.js";

/** Stand-ins for glide-data-grid's markdown and image-carousel dependencies, for cells we never open. */
const GLIDE_UNUSED = fileURLToPath(new URL("./app/vendor/glide-unused.tsx", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [remix(remixOptions), gridPreload(), changelogDialog()],
  resolve: { alias: { marked: GLIDE_UNUSED, "react-responsive-carousel": GLIDE_UNUSED } },
  ssr: {
    // The Worker bundle runs in workerd: resolve packages for workers, and bundle everything.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    target: "webworker",
    noExternal: true,
  },
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: shellChunk() } },
  },
}));
