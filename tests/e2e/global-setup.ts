// Starts the product as `npm start` does (production build, wrangler dev, local D1 with migrations), on its own port
// and database, with the settings of .dev.vars.example; stops it afterwards. The tests keep control of time: no local
// cron (LOCAL_CRON=0) and no demo collectors moving the rosters (a test fires the cron itself when it needs it).
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { E2E_PORT, E2E_STATE } from "./env";
import { answered, portFreed, requirePortFree } from "./servers";
import { writeSessionPool } from "./sessions";

let server: ChildProcess | undefined;

export default async function setup() {
  await requirePortFree(E2E_PORT); // an earlier run's server, still stopping, would be taken for this run's
  rmSync(E2E_STATE, { recursive: true, force: true });
  const vars = `.wrangler/e2e-vars-${E2E_PORT}`;
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(
    vars,
    readFileSync(".dev.vars.example", "utf8").replace(/^DEMO_COLLECTORS=.*$/m, "DEMO_COLLECTORS=false"),
  );
  server = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      SKIP_BUILD: "1",
      PORT: String(E2E_PORT),
      PERSIST_DIR: E2E_STATE,
      ENV_FILE: vars,
      LOCAL_CRON: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  // E2E_SERVER_LOG=<file> keeps the server's whole output, for a failure that needs its side of the story.
  if (process.env.E2E_SERVER_LOG) {
    const file = createWriteStream(process.env.E2E_SERVER_LOG);
    server.stdout!.pipe(file);
    server.stderr!.pipe(file);
  }
  const exitedEarly = () => {
    if (server!.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
  };
  if (await answered(`http://localhost:${E2E_PORT}/`, 90_000, exitedEarly)) {
    await writeSessionPool();
    return teardown;
  }
  await teardown();
  throw new Error(`the server did not answer within 90 s:\n${log}`);
}

async function teardown() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  // The next run binds the same port: this one ends when its server has let go of it.
  await portFreed(E2E_PORT);
}
