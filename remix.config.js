// The Remix options, in one place. vite.config.ts passes this object to the Remix Vite plugin (the classic compiler
// that used to read this file is deprecated); nothing here is silently ignored.
import { SERVER_IDS } from "./contract/servers";
import { PLACEHOLDER_PAGES } from "./app/routes/placeholder-page/pages";
import { EXPORT_PAGES } from "./app/routes/export/pages";

/**
 * One route module serves the three servers' stats pages (/dashboard/server-stats-2411, -2573 and -2446): the flat-routes
 * convention skips its folder, and routes() below maps it once per server, each with its own route id, under the
 * routes/_shell layout like the pages beside it. The module reads its server from the URL.
 */
const SERVER_STATS = "routes/server-stats-page";
/** The seven placeholder pages ("Router"), one module that reads its title from the URL. */
const PLACEHOLDER = "routes/placeholder-page";
/** /dashboard/tribelist-2411, -2573 and -2446: one module that sends each to its tab of the Tribelists page. */
const TRIBELIST_TAB = "routes/tribelist-tab";
/** /dashboard/analytics is the Vouches view ("Router"): the Vouches route module, mapped a second time. */
const VOUCHES = "routes/_shell.dashboard.vouches/route.tsx";
/** <page>/export: each exportable page's table as CSV, one resource module under the page's own path. */
const EXPORT = "routes/export";

/** @type {Partial<import("@remix-run/dev").VitePluginConfig>} */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ignoredRouteFiles: [
    "**/*.css",
    "**/*.test.{ts,tsx}",
    "**/*.server.test.ts",
    SERVER_STATS,
    PLACEHOLDER,
    TRIBELIST_TAB,
    EXPORT,
  ],
  routes: (defineRoutes) => {
    const routes = defineRoutes((route) => {
      for (const id of SERVER_IDS)
        route(`dashboard/server-stats-${id}`, `${SERVER_STATS}/route.tsx`, { id: `server-stats-${id}` });
      for (const id of SERVER_IDS)
        route(`dashboard/tribelist-${id}`, `${TRIBELIST_TAB}/route.tsx`, { id: `tribelist-${id}` });
      for (const page of Object.keys(PLACEHOLDER_PAGES))
        route(`dashboard/${page}`, `${PLACEHOLDER}/route.tsx`, { id: `placeholder-${page}` });
      route("dashboard/analytics", VOUCHES, { id: "analytics" });
      for (const page of EXPORT_PAGES)
        route(`dashboard/${page}/export`, `${EXPORT}/route.ts`, { id: `export-${page}` });
    });
    for (const route of Object.values(routes)) route.parentId = "routes/_shell";
    return routes;
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};
