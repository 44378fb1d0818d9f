#!/usr/bin/env node
// The load benchmark (docs/performance.md): the Worker's own floor, GET /api/health with a session and the mix of
// requests with live sockets open, measured in turns under the same number of clients, each with its target; then the
// D1 round trips of a page view, an API read and a warm session (COUNT_D1_QUERIES). Exits 1 when a target is missed.
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import {
  launchChromium,
  numberArg as arg,
  percentile,
  prepareDatabase,
  serveSignedIn,
  sleep,
  stopAll,
} from "./lib.mjs";
import { pickWeighted, theMix } from "./mix.mjs";

const clients = arg("clients", 150);
const mixSeconds = arg("seconds", 60);
const floorSeconds = arg("floor-seconds", 10);
const socketCount = arg("sockets", 40);
const rounds = arg("rounds", 5);
const scale = arg("scale", 10);
const PORT = 8840;
const COUNT_PORT = 8841;
const misses = [];

/** A figure's samples, gathered over the rounds of a run: latencies by kind, statuses, errors, time spent. */
const figure = () => ({ seconds: 0, latencies: [], byKind: new Map(), wrong: new Map(), errors: 0, sent: [] });

/** `clients` loops for `seconds`, each sending what `next(client, n)` says, adding to `into`. */
async function load(into, seconds, next) {
  const end = performance.now() + seconds * 1000;
  const { latencies, byKind, wrong, sent } = into;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        const n = sent[client] ?? 0;
        sent[client] = n + 1;
        const { url, init, expect, kind } = next(client, n);
        const t = performance.now();
        try {
          const res = await fetch(url, { ...init, headers: { "Accept-Encoding": "identity", ...init?.headers } });
          await res.arrayBuffer();
          if (res.status !== expect) {
            into.errors++;
            const key = `${kind} ${res.status}`;
            wrong.set(key, (wrong.get(key) ?? 0) + 1);
          }
        } catch (error) {
          into.errors++;
          const key = `${kind} ${error.cause?.code ?? "no answer"}`;
          wrong.set(key, (wrong.get(key) ?? 0) + 1);
        }
        const ms = performance.now() - t;
        latencies.push(ms);
        if (!byKind.has(kind)) byKind.set(kind, []);
        byKind.get(kind).push(ms);
      }
    }),
  );
  into.seconds += seconds;
}

/** What a figure's samples say: throughput, p50, p99, errors, and the same for each kind of request. */
function summary({ seconds, latencies, byKind, wrong, errors }) {
  const kinds = [...byKind].map(([kind, xs]) => ({
    kind,
    rps: xs.length / seconds,
    p50: percentile(xs, 0.5),
    p99: percentile(xs, 0.99),
  }));
  return {
    count: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    wrong,
    kinds,
  };
}

const row = (label, r) =>
  `${label.padEnd(44)} ${r.rps.toFixed(0).padStart(7)}/s ${r.p50.toFixed(0).padStart(7)} ms ${r.p99.toFixed(0).padStart(7)} ms ${String(r.errors).padStart(7)}`;
function target(label, ok, figure) {
  if (!ok) misses.push(`${label}: ${figure}`);
  console.log(`  ${ok ? "ok    " : "MISSED"} ${label}: ${figure}`);
}

if (!existsSync("build/server/index.js"))
  throw new Error("No build: run `npm run build` first (npm run bench:load does).");
const dir = prepareDatabase(scale);
const browser = await launchChromium();

try {
  // ---- D1 round trips per request, on an instance that counts them --------------------------------------------
  const counted = await serveSignedIn(browser, COUNT_PORT, dir, { COUNT_D1_QUERIES: "true" });
  const counting = counted.base;
  const queries = async (path, accept = "application/json") => {
    await fetch(`${counting}${path}`, { headers: { Cookie: counted.cookie, Accept: accept } }); // the session warm
    const res = await fetch(`${counting}${path}`, { headers: { Cookie: counted.cookie, Accept: accept } });
    await res.arrayBuffer();
    return Number(res.headers.get("X-D1-Queries"));
  };
  const d1 = {
    page: await queries("/dashboard/codes", "text/html"),
    data: await queries("/dashboard/codes?_data=routes%2F_shell.dashboard.codes"),
    api: await queries("/api/codes/search?q=&page=1&size=25"),
    health: await queries("/api/health"),
  };
  await counted.context.close();
  stopAll();
  await sleep(1000);

  // ---- The load ------------------------------------------------------------------------------------------------
  const session = await serveSignedIn(browser, PORT, dir);
  const base = session.base;
  const cookie = session.cookie;
  const shared = await theMix(base, cookie);
  const codes = shared.codes;
  const pickMix = (client, n) => pickWeighted(shared.mix, client, n);

  // The machine is shared and its speed drifts: the three figures are measured in turns, `rounds` times, so each ratio
  // compares samples taken under the same conditions. The live sockets stay open throughout.
  const crowd = fork(new URL("./crowd.mjs", import.meta.url), [
    JSON.stringify({ url: `${base.replace(/^http/, "ws")}/parties/live/main`, cookie, count: socketCount }),
  ]);
  await new Promise((resolve, reject) => {
    crowd.on("message", (m) => m?.type === "open" && resolve());
    crowd.on("exit", (code) => reject(new Error(`the sockets' process exited (${code})`)));
  });
  const floorRun = figure();
  const healthRun = figure();
  const mixRun = figure();
  for (let round = 0; round < rounds; round++) {
    await load(floorRun, floorSeconds / rounds, () => ({ kind: "floor", url: `${base}/api/codes`, expect: 401 }));
    await load(healthRun, floorSeconds / rounds, () => ({
      kind: "health",
      url: `${base}/api/health`,
      init: { headers: { Cookie: cookie } },
      expect: 200,
    }));
    await load(mixRun, mixSeconds / rounds, pickMix);
  }
  crowd.removeAllListeners("exit");
  crowd.send({ type: "close" });
  const [floor, health, mix] = [floorRun, healthRun, mixRun].map(summary);

  console.log(
    `\n${clients} concurrent clients; scale ${scale}; in ${rounds} rounds, the mix for ${mixSeconds} s in all, the others for ${floorSeconds} s each; ${socketCount} live sockets open`,
  );
  console.log(
    `${"".padEnd(44)} ${"throughput".padStart(9)} ${"p50".padStart(10)} ${"p99".padStart(10)} ${"errors".padStart(7)}`,
  );
  console.log(row("Floor: GET /api/codes, no session (401)", floor));
  console.log(row("GET /api/health with a session", health));
  console.log(row(`The mix, ${socketCount} live sockets open`, mix));
  for (const [what, n] of mix.wrong) console.log(`  unexpected: ${what} x${n}`);
  // Information: each kind of request in the mix.
  for (const k of mix.kinds) console.log(row(`  of which ${k.kind}`, { ...k, errors: "" }));

  // Every write acknowledged is in the database: each shared code holds one of the locations the writes gave it. Read
  // whole (GET /api/codes): the database of earlier runs keeps their "load" codes, so a search's first page may not
  // hold this run's.
  const stored = await (await fetch(`${base}/api/codes`, { headers: { Cookie: cookie } })).json();
  const kept = stored.filter(
    (c) => codes.some((x) => x._id === c._id) && /^(client|action) /.test(c.location ?? ""),
  ).length;

  console.log("\nD1 round trips (warm session, counted by the Worker):");
  console.log(`  a page view (GET /dashboard/codes):            ${d1.page}`);
  console.log(`  its data request:                              ${d1.data}`);
  console.log(`  an API read (GET /api/codes/search):           ${d1.api}`);
  console.log(`  GET /api/health (its ping, and the session):   ${d1.health}`);

  console.log("\nTargets:");
  target("the mix: 0 errors", mix.errors === 0, `${mix.errors} of ${mix.count}`);
  target(
    "the mix: throughput >= 20 % of the floor's",
    mix.rps >= 0.2 * floor.rps,
    `${((100 * mix.rps) / floor.rps).toFixed(1)} %`,
  );
  target("the mix: p99 <= 4x the floor's p99", mix.p99 <= 4 * floor.p99, `${(mix.p99 / floor.p99).toFixed(2)}x`);
  target(
    "GET /api/health with a session >= 60 % of the floor",
    health.rps >= 0.6 * floor.rps,
    `${((100 * health.rps) / floor.rps).toFixed(1)} %`,
  );
  target(
    "0 D1 queries to resolve a warm session",
    d1.health <= 1,
    `${d1.health - 1} (health's ${d1.health} round trips, one of them its ping)`,
  );
  target("every shared code holds a write", kept === codes.length, `${kept} of ${codes.length}`);
  await session.context.close();
} finally {
  await browser.close();
  stopAll();
}
if (misses.length) {
  console.log(`\nMissed: ${misses.join("; ")}`);
  process.exitCode = 1;
} else {
  console.log("\nEvery target met.");
}
