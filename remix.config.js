// The Remix options, in one place. vite.config.ts passes this object to the Remix Vite plugin (the classic compiler
// that used to read this file is deprecated); nothing here is silently ignored.
/** @type {Partial<import("@remix-run/dev").VitePluginConfig>} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: ["**/*.css", "**/*.test.{ts,tsx}", "**/*.server.test.ts"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
