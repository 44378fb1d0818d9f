#!/usr/bin/env node
// Sessions kept with the events: what they add to recording a roster snapshot, measured inside workerd with the real
// D1 (bench/players-write.workers.ts; target at most 1.10x the snapshot alone).
//   node bench/players-write.mjs
import { spawnSync } from "node:child_process";

const TARGET = 1.1;
const r = spawnSync("npx", ["vitest", "run", "--config", "bench/vitest.workers.config.ts", "--reporter", "dot"], {
  encoding: "utf8",
});
// eslint-disable-next-line no-control-regex -- the reporter's colour codes
const plain = (r.stdout + r.stderr).replace(/\u001b\[[0-9;]*m/g, "");
const line = plain.split("\n").find((l) => l.trim().startsWith('{"samples"'));
if (r.status !== 0 || !line) {
  process.stderr.write(r.stdout + r.stderr);
  process.exit(1);
}
const f = JSON.parse(line.trim());
const ok = f.ratio <= TARGET;
console.log(
  `Recording a roster snapshot (${f.roster} players, ${f.churn} leave and ${f.churn} join each look; ${f.samples} samples, ${f.sessions} sessions kept)`,
);
console.log(
  `${"snapshot with its sessions, against the snapshot alone".padEnd(56)} ${f.full.toFixed(2)} ms ${f.floor.toFixed(2)} ms ${f.ratio.toFixed(2)}x  <= ${TARGET}x ${ok ? "ok" : "MISSED"}`,
);
if (!ok) process.exitCode = 1;
