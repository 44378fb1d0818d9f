#!/usr/bin/env node
// `npm run bench` (docs/performance.md: its sections, options and targets): seeds a scale's demo data once, serves the
// build, signs in through the Discord stand-in and prints each figure beside a floor measured in the same run, samples
// interleaved because the machine is shared. Exits 1 when a target is missed, so a regression is seen.
import { existsSync, readFileSync } from "node:fs";
import {
  addBenchToken,
  d1Rows,
  launchChromium,
  prepareDatabase,
  run,
  serveSignedIn,
  signIn,
  startWrangler,
  stopAll,
  waitUp,
} from "./lib.mjs";
import { externalFigures } from "./external.mjs";
import {
  against,
  arg,
  header,
  HOST_DATA_PAGES,
  IDENTITY,
  line,
  misses,
  report,
  samples,
  scale,
  skip,
  timed,
} from "./figures.mjs";
import { lighthouseFigures, reportFigures } from "./lighthouse.mjs";
import { liveFigures } from "./live.mjs";
import { playerFigures, playerPages } from "./players.mjs";
import { sheetFigures } from "./sheets.mjs";

const PORT = 8830;

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** The scale a larger one is compared with (flat with the data), and where its build is served meanwhile. */
const FLAT_BASE_SCALE = 10;
const FLAT_PORT = 8833;

/**
 * Flat with the data: each page at this scale at most 1.2x its own figure at scale 10. Both are served side by side in
 * this run (the scale-10 database by a second wrangler, signed in alike), and their samples interleaved, one after the
 * other, as every figure is with its floor: two runs' figures differ by the machine's load more than by the data.
 */
async function flatWithTheData(paths, figure) {
  const baseDir = prepareDatabase(FLAT_BASE_SCALE);
  const signed = await serveSignedIn(browser, FLAT_PORT, baseDir);
  const smaller = signed.base;
  const headers = { Cookie: signed.cookie, Accept: "text/html", ...IDENTITY };
  // The twin starts now, while this run's server has served each page a warm-up and `samples` times already: each page
  // is asked of the twin as often first, so that neither side is measured while its code is still being compiled.
  for (const path of paths) for (let i = 0; i <= samples; i++) await timed(`${smaller}${path}`, { headers });
  header(
    `Flat with the data: each page at scale ${scale} against the same page at scale ${FLAT_BASE_SCALE}, side by side`,
  );
  for (const path of paths) {
    report(
      `GET ${path}`,
      await against(
        async () => (await timed(`${smaller}${path}`, { headers })).ms,
        () => figure(path),
      ),
      1.2,
    );
  }
  await signed.context.close();
}

// ---------------------------------------------------------------------------------------------------------------
// The host: seeded data, the production build

if (!existsSync("build/server/index.js")) throw new Error("No build: run `npm run build` first (npm run bench does).");
const dir = prepareDatabase(scale);
// A service token for the edge in front of this host (HOST_TOKEN).
const SERVICE_TOKEN = addBenchToken(dir);
const counts = d1Rows(
  dir,
  "select (select count(*) from vouches) vouches, (select count(*) from codes) codes, (select count(*) from join_log) joins, (select count(*) from removed_members) leaves, (select count(*) from tribelist_entries) tribelists",
)[0];

// Read before the server starts: `wrangler d1 execute` blocks this process for seconds, and a request sent after that
// would go out on a keep-alive connection the server had closed meanwhile ("fetch failed").
const players = skip.has("players") ? null : playerPages(dir);

// The token's maker is a service account that the host's configuration names as an owner (ADR 041: a token may do at
// most what its maker may), as an operator would set up the edge's HOST_TOKEN; without it every edge read is refused.
const DEV_OWNERS = /^OWNER_IDS=(.*)$/m.exec(readFileSync(".dev.vars.example", "utf8"))?.[1].trim();
const base = startWrangler(PORT, dir, { OWNER_IDS: [DEV_OWNERS, "100000000000000999"].filter(Boolean).join(",") });
const browser = await launchChromium();

try {
  await waitUp(base);
  const session = await signIn(browser, base);
  const headers = { Cookie: session.cookie, ...IDENTITY };
  const html = { ...headers, Accept: "text/html" };
  const health = async () => (await timed(`${base}/api/health`, { headers })).ms;
  console.log(
    `scale ${scale}: ${counts.vouches} vouches, ${counts.codes} codes, ${counts.joins} join-log rows, ${counts.leaves} removed members, ${counts.tribelists} tribelist entries; ${samples} interleaved samples per figure`,
  );

  // ---------------------------------------------------------------------------------------------------------------
  // Pages and the API calls they make

  // The Breeder page's other tabs too: each pages a table that grows with the data (claim sessions by the thousand).
  const BREEDER_TABS = ["ffa-raising", "codes-given-to", "claim-sessions", "breeder-statistics"].map(
    (t) => `/dashboard/breeder-stats?tab=${t}`,
  );
  const PAGES = [...HOST_DATA_PAGES, ...BREEDER_TABS, "/dashboard/search?q=rex"];
  if (!skip.has("pages")) header("Pages: server render with a session, against GET /api/health");
  const page = async (path) => (await timed(`${base}${path}`, { headers: html })).ms;
  for (const path of skip.has("pages") ? [] : PAGES) {
    report(`GET ${path}`, await against(health, () => page(path)), 3);
  }
  if (players) await playerFigures({ ...players, health, page, misses });
  const flatPages = [...(skip.has("pages") ? [] : PAGES), ...(players?.paths ?? [])];
  if (flatPages.length && scale > FLAT_BASE_SCALE) await flatWithTheData(flatPages, page);
  if (!skip.has("pages")) {
    // Information, no target: the largest document and its floor as a browser asks for them (gzip, compressed here).
    const gzip = { Cookie: session.cookie, "Accept-Encoding": "gzip, deflate, br" };
    const r = await against(
      async () => (await timed(`${base}/api/health`, { headers: gzip })).ms,
      async () => (await timed(`${base}/dashboard/breeder-stats`, { headers: { ...gzip, Accept: "text/html" } })).ms,
    );
    console.log(line("GET /dashboard/breeder-stats, compressed (information)", r));
  }

  const hit = "rex";
  const miss = "qqqzzzxxj";
  const API = [
    "/api/vouches/search?page=1&size=25",
    "/api/vouches/stats",
    "/api/vouches/card-cache",
    "/api/codes/search?page=1&size=25",
    "/api/join-log/search?page=1&size=25",
    "/api/removed-members/search?page=1&size=25",
    "/api/tribelist-2411",
    "/api/eoserver-status/2411",
    "/api/eoserver-population/2411?range=24h",
    "/api/stock-2411",
    "/api/breeder-list/search?page=1&size=100",
    "/api/breeder-list/search?q=rex&page=1&size=100",
    "/api/breeder-list/search?q=12&page=1&size=100",
    "/api/breeder-list/dinos",
    "/api/ffa-raising/search?page=1&size=25",
    "/api/codes-given-to/search?page=1&size=25",
    "/api/breeder-claim-sessions/search?tz=UTC&page=1&size=25",
    "/api/breeder-claim-sessions/search?q=rex&tz=UTC&page=1&size=25",
    "/api/weeklymembers/search?tab=active&page=1&size=25",
    "/api/weeklymembers/search?tab=inactive&q=steam&page=1&size=25",
    `/api/search?q=${hit}`,
    `/api/search?q=${miss}`,
  ];
  if (!skip.has("api")) header("API calls the pages make, against GET /api/health");
  for (const path of skip.has("api") ? [] : API) {
    report(`GET ${path}`, await against(health, async () => (await timed(`${base}${path}`, { headers })).ms), 2);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // First-load JavaScript (the first grid paint against the first contentful paint is retired: the served table is
  // the first contentful paint, with all its data)

  console.log("\nFirst-load JavaScript (gzip), at most 120 KiB on every page");
  const firstLoad = run("node", ["bench/first-load.mjs"]);
  process.stdout.write(firstLoad);
  if (firstLoad.includes("over 120")) misses.push("first-load JavaScript over 120 KiB on some pages");

  // Lighthouse's mobile figures of every page of the sidebar (docs/performance.md), in this run's session, before the
  // live and external sections start their processes on these two cores.
  if (!skip.has("lighthouse")) {
    console.log("\nLighthouse mobile (default config: simulated slow 4G, 4x CPU slowdown), every page of the sidebar");
    reportFigures(
      await lighthouseFigures({ baseUrl: base, cookie: session.cookie, runs: Number(arg("lighthouse-runs", 3)) }),
      misses,
    );
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Live: a write's POST with many sockets open, and the fan-out to the last of them

  if (!skip.has("live")) await liveFigures({ base, headers, session, health });

  // ---------------------------------------------------------------------------------------------------------------
  // An external host 150 ms away (HOST_URL): a proxy in front of the host above, and a second Worker (the edge)

  // The sheets: a 1,000-cell paste in chromium, and a 10,000-line import of the Breeder List (scale 100).
  if (!skip.has("sheets")) await sheetFigures({ base, session, samples, misses, health });

  if (!skip.has("external")) await externalFigures({ base, browser, serviceToken: SERVICE_TOKEN });
  await session.context.close();
} catch (error) {
  console.error(`benchmark failed: ${error.stack ?? error}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  stopAll();
}

if (misses.length) {
  console.log(`\n${misses.length} target(s) missed:\n- ${misses.join("\n- ")}`);
  process.exitCode = 1;
} else if (!process.exitCode) {
  console.log("\nEvery target met.");
}
