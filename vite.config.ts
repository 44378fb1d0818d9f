import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixOptions from "./remix.config.js";

export default defineConfig({
  plugins: [remix(remixOptions)],
  ssr: {
    // The Worker bundle runs in workerd: resolve packages for workers, and bundle everything.
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
    target: "webworker",
    noExternal: true,
  },
  build: { target: "es2022" },
});
