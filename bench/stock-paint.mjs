#!/usr/bin/env node
// Time to first grid paint of the 2411 Stock page's largest demo tab, in Debian's chromium (playwright-core).
//   node bench/stock-paint.mjs [--runs 10] [--scale 1]           starts wrangler dev itself (port 8815)
//   BASE_URL=http://localhost:8787 node bench/stock-paint.mjs     measures a server that is already running
// Signs in through the Discord stand-in, finds the tab with the most cells, then opens it `runs` times and prints
// the time from navigation start to the grid's first canvas paint (the page's "stock-grid-paint" performance mark):
// the first (cold: nothing cached) and the median and worst of the others (the browser cache warm). Needs a build.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg("--runs", 10);
const scale = arg("--scale", 1);
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

let server;
let base = process.env.BASE_URL;
if (!base) {
  const port = 8815;
  const dir = `.wrangler/bench-stock-${scale}`;
  if (!existsSync(dir)) {
    run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
    run("node", ["scripts/seed.mjs", "--scale", String(scale), "--persist-to", dir]);
  }
  server = spawn("npx", ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", dir, "--env-file", ".dev.vars.example"], {
    env,
    stdio: "ignore",
    detached: true,
  });
  base = `http://localhost:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
}

const TABS = {
  "war-room-vaults": ["/api/stock-2411", 24],
  "war-room-dedis": ["/api/stock-2411-dedis", 7],
  "war-room-dinos": ["/api/stock-2411-dinos", 13],
  "defense-room-vaults": ["/api/defense-room-vaults", 23],
  "defense-room-dedis": ["/api/defense-room-dedis", 5],
  "defense-room-dinos": ["/api/defense-room-dinos", 13],
  "admin-logistic-vaults": ["/api/admin-logistic-vaults", 17],
  "admin-logistics-dedis": ["/api/admin-logistics-dedis", 5],
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 1000 } });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 404, body: "" }));
  await context.addInitScript(() => {
    localStorage.setItem("changelog-last-seen", "1.1.0");
    localStorage.setItem("changelog-dismissed", "1.1.0");
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Discord" }).click();
  await page.waitForURL(/\/__discord\/oauth2\/authorize/);
  await page.getByRole("button", { name: /Rex Rider/ }).click();
  await page.waitForURL("**/dashboard");

  // The largest tab: the most cells (rows x columns as the page shows them by default).
  let largest = null;
  for (const [tab, [path, columns]] of Object.entries(TABS)) {
    const rows = (await (await context.request.get(path)).json()).length;
    if (!largest || rows * columns > largest.cells) largest = { tab, rows, columns, cells: rows * columns };
  }
  console.log(`largest tab: ${largest.tab} (${largest.rows} rows x ${largest.columns} columns)`);

  const times = [];
  for (let i = 0; i < runs; i++) {
    await page.goto("about:blank");
    await page.goto(`/dashboard/stock-2411?tab=${largest.tab}`);
    await page.locator("[data-testid=stock-grid][data-painted=true]").waitFor({ timeout: 30_000 });
    const ms = await page.evaluate(() => performance.getEntriesByName("stock-grid-paint")[0]?.startTime ?? NaN);
    const dom = await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd ?? NaN);
    times.push({ ms, dom });
  }
  const warm = times.slice(1).map((t) => t.ms).sort((a, b) => a - b);
  const median = warm.length ? warm[Math.floor(warm.length / 2)] : NaN;
  console.log(`first grid paint, cold: ${times[0].ms.toFixed(0)} ms (DOMContentLoaded ${times[0].dom.toFixed(0)} ms)`);
  if (warm.length) console.log(`first grid paint, warm: median ${median.toFixed(0)} ms, worst ${warm.at(-1).toFixed(0)} ms over ${warm.length} runs`);
  await context.close();
} finally {
  await browser.close();
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {}
  }
}
