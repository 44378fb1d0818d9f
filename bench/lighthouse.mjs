#!/usr/bin/env node
// Lighthouse's mobile figures of every signed-in page against the slow-phone targets of docs/performance.md.
//   node bench/lighthouse.mjs [--pages /dashboard,/settings] [--runs 3]   (npm run bench runs it as section "lighthouse")
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
// Lighthouse's own puppeteer (its dependency, so the version it drives): it takes a page to run in.
import puppeteer from "puppeteer-core";
import { median, numberArg, prepareDatabase, serveSignedIn, stopAll } from "./lib.mjs";

/**
 * Every page of the sidebar, as tests/e2e/phone.test.ts visits them: read from the sidebar's source, which node cannot
 * import (TypeScript importing TypeScript), so a page added there is measured here too.
 */
export const SIDEBAR_PAGES = [
  ...readFileSync(new URL("../app/components/shell/nav.ts", import.meta.url), "utf8").matchAll(/\bto: "(\/[^"]*)"/g),
].map((m) => m[1]);

export const TARGETS = { performance: 90, tbt: 200, cls: 0.05, accessibility: 100 };
/** Where each run's whole report is kept (git-ignored), for what the printed lines leave out. */
const REPORTS = ".wrangler/lighthouse";

/**
 * Lighthouse's default mobile run (simulated slow 4G, 4x CPU slowdown, a phone's screen) of each page, in one chromium,
 * signed in: each figure's median over `runs`, the failed accessibility audits and where the time goes. The simulated
 * TBT is the observed main-thread work slowed 4x, so a busy moment of this shared machine moved one page's TBT from
 * 294 to 1,196 ms between two runs: hence the median, and rounds of every page rather than one page's runs in a row.
 * Sequential: on two cores a second run beside it would slow both.
 */
export async function lighthouseFigures({ baseUrl, cookie, pages = SIDEBAR_PAGES, runs = 3 }) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true, // --headless=new
    defaultViewport: null, // Lighthouse sets the phone's screen
    // --no-sandbox: the benchmark runs as root. --disable-quic: this machine's network is closed.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic"],
  });
  try {
    // The session goes in chromium's cookie jar, as a returning member's browser holds it, and not in Lighthouse's
    // extraHeaders: chromium replaces that Cookie header with the jar's cookies once the site has set one (the D1
    // bookmark's, on the first page), and the second page would be the login page's figures.
    const { hostname } = new URL(baseUrl);
    await browser.setCookie(
      ...cookie.split(/;\s*/).map((c) => ({
        name: c.slice(0, c.indexOf("=")),
        value: c.slice(c.indexOf("=") + 1),
        domain: hostname,
        path: "/",
      })),
    );
    const page = await browser.newPage();
    mkdirSync(REPORTS, { recursive: true });
    const results = new Map(pages.map((path) => [path, []]));
    for (let round = 1; round <= runs; round++) {
      for (const path of pages) {
        const url = `${baseUrl}${path}`;
        const { lhr } = await lighthouse(
          url,
          { onlyCategories: ["performance", "accessibility"], logLevel: "error" },
          undefined,
          page,
        );
        writeFileSync(`${REPORTS}/${path.replace(/\W+/g, "-").replace(/^-/, "")}.${round}.json`, JSON.stringify(lhr));
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
        // A page whose own files did not load (a build replaced under the server, say) would flatter its figures.
        const broken = lhr.audits["network-requests"].details.items.filter(
          (r) => r.url.startsWith(baseUrl) && !(r.statusCode >= 200 && r.statusCode < 400),
        );
        if (broken.length)
          throw new Error(
            `${path}: ${broken.length} of its requests failed, first ${broken[0].statusCode} ${broken[0].url}`,
          );
        // Signed out, the figures would be the login page's.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
          throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}`);
        results.get(path).push(figuresOf(lhr, baseUrl));
      }
    }
    return pages.map((path) => {
      const all = results.get(path);
      const of = (key) => median(all.map((r) => r[key]));
      // Where the time goes, from the run whose TBT is the median (the lower middle one of an even count).
      const middle = [...all].sort((a, b) => a.tbt - b.tbt)[Math.floor((all.length - 1) / 2)];
      return {
        path,
        runs: all.length,
        performance: of("performance"),
        lcp: of("lcp"),
        tbt: of("tbt"),
        cls: of("cls"),
        accessibility: of("accessibility"),
        a11yFailed: [...new Set(all.flatMap((r) => r.a11yFailed))],
        why: middle.why,
        benchmarks: all.map((r) => r.benchmark),
      };
    });
  } finally {
    await browser.close();
  }
}

function figuresOf(lhr, baseUrl) {
  const audit = (id) => lhr.audits[id];
  const failed = (category) =>
    lhr.categories[category].auditRefs.map((r) => audit(r.id)).filter((a) => a.score !== null && a.score < 1);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    cls: audit("cumulative-layout-shift").numericValue,
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    a11yFailed: failed("accessibility").map((a) => a.id),
    why: costs(lhr, baseUrl),
    benchmark: lhr.environment.benchmarkIndex,
  };
}

/**
 * Where a page's time goes, in Lighthouse's simulated (slowed) milliseconds: its longest main-thread tasks (TBT), what
 * holds back its first paint (LCP is its first paint's text on every page), and the JavaScript downloaded but not run.
 */
function costs(lhr, baseUrl) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const file = (url) =>
    url
      .replace(baseUrl, "")
      .replace(/^\/assets\//, "")
      .replace(/-[\w-]{8}\.(js|css)$/, ".$1");
  const ms = (n) => `${Math.round(n)} ms`;
  const kib = (bytes) => `${Math.round(bytes / 1024)} KiB`;
  const unused = items("unused-javascript");
  // Other hosts' files (item icons, Discord avatars) fail at once on this closed network: on a phone they cost more.
  const elsewhere = items("network-requests").filter((r) => /^https?:/.test(r.url) && !r.url.startsWith(baseUrl));
  return [
    `main thread ${ms(lhr.audits["mainthread-work-breakdown"].numericValue)}; longest tasks: ${items("long-tasks")
      .slice(0, 4)
      .map((t) => `${file(t.url)} ${ms(t.duration)}`)
      .join(", ")}`,
    `FCP ${ms(lhr.audits["first-contentful-paint"].numericValue)}; render-blocking: ${
      items("render-blocking-resources")
        .map((r) => `${file(r.url)} ${ms(r.wastedMs)}`)
        .join(", ") || "none"
    }`,
    `unused JavaScript ${kib(unused.reduce((sum, u) => sum + u.wastedBytes, 0))}: ${unused.map((u) => `${file(u.url)} ${kib(u.wastedBytes)} of ${kib(u.totalBytes)}`).join(", ") || "none"}${elsewhere.length ? `; ${elsewhere.length} requests to other hosts, not loaded here` : ""}`,
  ];
}

/** Prints the figures beside their targets, as bench/run.mjs prints its own, and adds each miss to `misses`. */
export function reportFigures(rows, misses) {
  const t = TARGETS;
  console.log(
    `${"page".padEnd(34)} ${"perf".padStart(5)} ${"LCP".padStart(8)} ${"TBT".padStart(8)} ${"CLS".padStart(6)} ${"a11y".padStart(5)}  (medians of ${rows[0]?.runs} runs; targets: perf >= ${t.performance}, TBT <= ${t.tbt} ms, CLS <= ${t.cls}, a11y ${t.accessibility})`,
  );
  for (const r of rows) {
    const missed = [
      r.performance < t.performance && `perf ${r.performance}`,
      r.tbt > t.tbt && `TBT ${Math.round(r.tbt)} ms`,
      r.cls > t.cls && `CLS ${r.cls.toFixed(3)}`,
      r.accessibility < t.accessibility && `a11y ${r.accessibility} (${r.a11yFailed.join(", ")})`,
    ].filter(Boolean);
    if (missed.length) misses.push(`Lighthouse mobile ${r.path}: ${missed.join(", ")}`);
    console.log(
      `${r.path.padEnd(34)} ${String(r.performance).padStart(5)} ${`${(r.lcp / 1000).toFixed(2)} s`.padStart(8)} ${`${Math.round(r.tbt)} ms`.padStart(8)} ${r.cls.toFixed(3).padStart(6)} ${String(r.accessibility).padStart(5)}  ${missed.length ? `MISSED: ${missed.join(", ")}` : "ok"}`,
    );
    // What costs a slow page its score, so the miss can be worked on without opening its reports.
    if (r.performance < t.performance || r.tbt > t.tbt) for (const why of r.why) console.log(`${"".padEnd(36)}${why}`);
  }
  // Lighthouse's reading of the CPU's speed as each run starts: a low one was a run on a busy machine, its TBT inflated.
  const speeds = rows.flatMap((r) => r.benchmarks);
  console.log(
    `(CPU benchmark index of the runs ${Math.round(Math.min(...speeds))} to ${Math.round(Math.max(...speeds))}; whole reports: ${REPORTS}/<page>.<run>.json)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // Alone: the production build on the scale-10 bench database, on a port of its own, signed in as bench/run.mjs is.
  const i = process.argv.indexOf("--pages");
  const pages = i >= 0 ? process.argv[i + 1].split(",") : SIDEBAR_PAGES;
  const misses = [];
  const dir = prepareDatabase(10);
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu"],
    });
    const { base, cookie } = await serveSignedIn(browser, 8840, dir);
    await browser.close(); // its cores are Lighthouse's while it measures
    console.log("Lighthouse mobile (default config: simulated slow 4G, 4x CPU slowdown), signed in");
    reportFigures(await lighthouseFigures({ baseUrl: base, cookie, pages, runs: numberArg("runs", 3) }), misses);
  } catch (error) {
    console.error(`lighthouse failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  } finally {
    stopAll();
  }
  if (misses.length) process.exitCode = 1;
}
