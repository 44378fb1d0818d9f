import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixOptions from "./remix.config.js";
import { gridPreload } from "./scripts/grid-preload-plugin.js";

export default defineConfig({
  plugins: [remix(remixOptions), gridPreload()],
  resolve: {
    // glide-data-grid's markdown and image-carousel dependencies, for cells we never open (app/vendor/glide-unused.tsx).
    alias: {
      marked: fileURLToPath(new URL("./app/vendor/glide-unused.tsx", import.meta.url)),
      "react-responsive-carousel": fileURLToPath(new URL("./app/vendor/glide-unused.tsx", import.meta.url)),
    },
  },
  ssr: {
    // The Worker bundle runs in workerd: resolve packages for workers, and bundle everything.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    target: "webworker",
    noExternal: true,
  },
  build: { target: "es2022" },
});
