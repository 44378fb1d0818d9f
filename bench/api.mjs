#!/usr/bin/env node
// Times every GET of the host API over demo data of a given scale, through wrangler dev on this machine.
//   node bench/api.mjs [--scale 10] [--runs 20]
// Prints, per path: rows, answer size, and the median and 95th-percentile time of `runs` sequential requests.
// Needs a build (npm run build). The database is kept in .wrangler/bench-<scale> and reused on later runs.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const scale = arg("--scale", 10);
const runs = arg("--runs", 20);
const port = 8798;
const dir = `.wrangler/bench-${scale}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")}\n${r.stdout}${r.stderr}`);
  return r.stdout;
};

if (!existsSync(dir)) {
  const t = Date.now();
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  run("node", ["scripts/seed.mjs", "--scale", String(scale), "--persist-to", dir]);
  console.log(`seeded scale ${scale} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
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
    await new Promise((r) => setTimeout(r, 250));
  }
  const counts = JSON.parse(
    run("npx", [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      dir,
      "--json",
      "--command",
      "select (select count(*) from vouches) v, (select count(*) from server_events) e, (select count(*) from rosters) r, (select count(*) from join_log) j",
    ]),
  )[0].results[0];
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
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
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
