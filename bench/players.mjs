// The players' figures (docs/performance.md): a profile, a tribe's heatmap and who was on at T, each at most 2x the
// floor and flat from scale 10 (compared with their scale-10 twins like every page), and what keeping sessions adds
// to recording a roster snapshot (bench/players-write.mjs, at most 1.10x).
import { execFile } from "node:child_process";
import { d1Rows } from "./lib.mjs";
import { against, header, report } from "./figures.mjs";

const DAY = 86_400_000;

/** The pages: the demo's enemy tribe VOID (the same players at every scale) and its raid hour three days ago. */
export function playerPages(dir) {
  const [{ events, eos }] = d1Rows(
    dir,
    "select (select count(*) from server_events) as events, (select min(eos_id) from players where tribe = 'VOID') as eos",
  );
  // 20:00 UTC three days ago, as the form's local minute (no zone cookie: UTC).
  const at = new Date(Math.floor((Date.now() - 3 * DAY) / DAY) * DAY + 20 * 3_600_000).toISOString().slice(0, 16);
  return {
    events,
    paths: [`/dashboard/players/${eos}`, "/dashboard/players/tribe/VOID", `/dashboard/players?server=2573&at=${at}`],
  };
}

export async function playerFigures({ events, paths, health, page, misses }) {
  header(`Players (${events} join and leave events): server render with a session, against GET /api/health`);
  for (const path of paths) report(`GET ${path}`, await against(health, () => page(path)), 2);
  // Not spawnSync: a blocked event loop misses the server closing its idle keep-alive connection, and the run's next
  // request would go out on the closed socket ("fetch failed").
  const write = await new Promise((resolve) =>
    execFile("node", ["bench/players-write.mjs"], (error, stdout, stderr) => resolve({ error, stdout, stderr })),
  );
  process.stdout.write(`\n${write.stdout}`);
  if (write.error) {
    process.stderr.write(write.stderr);
    misses.push("sessions kept with a roster snapshot: over 1.10x the snapshot alone (or the benchmark failed)");
  }
}
