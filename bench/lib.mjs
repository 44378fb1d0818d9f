// What the benchmarks share (bench/run.mjs, load.mjs, cpu.mjs, api.mjs): statistics, chromium, a service token, the
// bench's copy of wrangler.toml, the production build served by wrangler's dev server on its own database, and a
// member signed in through the Discord stand-in.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

export const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}\n${r.stdout}${r.stderr}`);
  return r.stdout;
};
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The benchmark's database for a scale, in `dir`: seeded on first use (and kept for later runs), migrated on every run.
 * Answers `dir`.
 */
export function prepareDatabase(scale, dir = `.wrangler/bench-${scale}`) {
  if (!existsSync(dir)) {
    const t = Date.now();
    run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
    run("node", ["scripts/seed.mjs", "--scale", String(scale), "--persist-to", dir]);
    console.log(`seeded scale ${scale} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } else {
    run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  }
  return dir;
}

/** Rows a SQL query answers from the benchmark's database in `dir`. */
export const d1Rows = (dir, command) =>
  JSON.parse(
    run("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", dir, "--json", "--command", command]),
  )[0].results;

/** An API token in `dir`'s database, made by the service account 100000000000000999 ("bench"): its bearer text. */
export function addBenchToken(dir) {
  const token = "atd_benchmark-token-not-for-production-use-000000";
  const hash = createHash("sha256").update(token).digest("hex");
  run("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    dir,
    "--command",
    `insert or ignore into users (id, username) values ('100000000000000999', 'bench');
   insert or ignore into api_tokens (id, user_id, name, hash, prefix) values ('bench', '100000000000000999', 'bench', '${hash}', 'atd_be');`,
  ]);
  return token;
}

/** Headless chromium for measuring: no first-run work, background networking, component updates or sync. */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });

/**
 * wrangler.toml with room in its rate limits (ADR 031): this benchmark is one member calling the API and writing far
 * faster than a person, which the real limits refuse. Each request still goes through its limiter's binding. Written
 * beside wrangler.toml (its paths are relative to it), and ignored by git.
 */
const BENCH_CONFIG = "wrangler.bench.toml";
function writeBenchConfig() {
  const config = readFileSync("wrangler.toml", "utf8");
  const limits = /simple = \{ limit = \d+, period = 60 \}/g;
  // Every [[ratelimits]] block must be widened, or the benchmark would measure refusals.
  if ((config.match(limits) ?? []).length !== (config.match(/^\[\[ratelimits\]\]$/gm) ?? []).length) {
    throw new Error(
      "wrangler.toml's [[ratelimits]] blocks are not all `simple = { limit = N, period = 60 }`: update bench/run.mjs",
    );
  }
  writeFileSync(BENCH_CONFIG, config.replace(limits, "simple = { limit = 1000000, period = 60 }"));
}

const servers = [];
/** Whether the benchmark measures with `wrangler dev`'s devtools inspector attached (--devtools), as before ADR 049. */
export const WITH_DEVTOOLS = process.argv.includes("--devtools");
/**
 * The production build served by wrangler's dev server on `port` (bench/serve.mjs: without the devtools inspector that
 * `wrangler dev` attaches, unless the benchmark was given --devtools; ADR 049).
 */
export function startWrangler(port, persist, vars = {}) {
  if (servers.length === 0) writeBenchConfig();
  const args = ["bench/serve.mjs", "--config", BENCH_CONFIG, "--port", String(port), "--persist-to", persist];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  if (WITH_DEVTOOLS) args.push("--devtools");
  const server = spawn(process.execPath, args, { env, stdio: "ignore", detached: true });
  servers.push(server);
  return `http://127.0.0.1:${port}`;
}
export async function waitUp(base) {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${base} did not start`);
}
export function stopAll() {
  for (const s of servers) {
    try {
      process.kill(-s.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** A member signed in through the Discord stand-in, in a chromium context: the page, and its cookie header. */
export async function signIn(browser, base) {
  const context = await browser.newContext({ baseURL: base });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.fulfill({ status: 404, body: "" }));
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Continue with Discord" }).click();
  await page.waitForURL(/\/__discord\/oauth2\/authorize/);
  await page.getByRole("button", { name: /Rex Rider/ }).click();
  await page.waitForURL("**/dashboard");
  // A returning member: this version's "What's New" was read once, so it does not open over every page measured. The
  // dialog closes at once and its cookie comes with the post's answer: leaving before it came kept What's New unread,
  // and it opened over the sheet the paste figure clicks into.
  const read = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/preferences",
  );
  await page.getByRole("button", { name: "Got it!" }).click();
  await read;
  await page.getByTestId("changelog").waitFor({ state: "detached" });
  const cookies = await context.cookies();
  // The tab leaves the dashboard: left open, its live socket would take every event of the load that follows and
  // reload the page's data, chromium's work sharing this machine's two cores with the server measured (a third of a
  // core under the load benchmark's mix), and its reloads reaching the server unmeasured.
  await page.goto("about:blank");
  return { context, page, cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
}

/** The build served on `port` from the database in `persist`, once it answers, and a member signed in there. */
export async function serveSignedIn(browser, port, persist, vars) {
  const base = startWrangler(port, persist, vars);
  await waitUp(base);
  return { base, ...(await signIn(browser, base)) };
}

/** A numeric option of a benchmark's command line (`--name 10`), or `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
