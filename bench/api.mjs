#!/usr/bin/env node
// Every GET of the host API over a scale's demo data (`node bench/api.mjs [--scale 10] [--runs 20]`, after a build):
// per path its rows, answer size, and the median and 95th-percentile time of sequential requests. The database is
// kept in .wrangler/bench-<scale>.
import { spawn } from "node:child_process";
import { addBenchToken, d1Rows, numberArg as arg, percentile, prepareDatabase, sleep } from "./lib.mjs";

const scale = arg("scale", 10);
const runs = arg("runs", 20);
const port = 8798;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const dir = prepareDatabase(scale);
const token = addBenchToken(dir);

const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    dir,
    "--env-file",
    ".dev.vars.example",
  ],
  {
    env,
    stdio: "ignore",
    detached: true,
  },
);
const base = `http://127.0.0.1:${port}`;
const headers = { Authorization: `Bearer ${token}` };
try {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`, { headers })).ok) break;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  const [counts] = d1Rows(
    dir,
    "select (select count(*) from vouches) v, (select count(*) from server_events) e, (select count(*) from rosters) r, (select count(*) from join_log) j",
  );
  console.log(
    `scale ${scale}: ${counts.v} vouches, ${counts.e} server events, ${counts.r} roster rows, ${counts.j} join log rows; ${runs} runs each\n`,
  );
  const paths = [
    "/api/vouches",
    "/api/vouches/card-cache",
    "/api/vouches/stats",
    "/api/codes",
    "/api/tribelist",
    "/api/join-log",
    "/api/removed-members",
    "/api/eoserver-status/2411",
    "/api/joinlog/2411",
    "/api/leavelog/2411",
    "/api/enemies/2411",
    "/api/stock-2411",
    "/api/stock-2411-dinos",
    "/api/stock-2411/history",
    "/api/breeder-list",
    "/api/breeder-claim-sessions",
    "/api/breeder-session-stats",
    "/api/weeklymembers",
  ];
  console.log("path".padEnd(30), "rows".padStart(7), "KiB".padStart(9), "p50 ms".padStart(8), "p95 ms".padStart(8));
  for (const path of paths) {
    const first = await fetch(base + path, { headers });
    const text = await first.text();
    const body = JSON.parse(text);
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await (await fetch(base + path, { headers })).arrayBuffer();
      times.push(performance.now() - t);
    }
    const pct = (p) => percentile(times, p).toFixed(1);
    const rows = Array.isArray(body)
      ? body.length
      : Array.isArray(body.currentPlayers)
        ? body.currentPlayers.length
        : "-";
    console.log(
      path.padEnd(30),
      String(rows).padStart(7),
      (text.length / 1024).toFixed(1).padStart(9),
      pct(0.5).padStart(8),
      pct(0.95).padStart(8),
    );
  }
} catch (error) {
  console.error(`benchmark failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}
