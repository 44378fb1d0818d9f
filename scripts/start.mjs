#!/usr/bin/env node
// `npm start`: .dev.vars from .dev.vars.example when missing, the build, D1 migrations, demo data into an empty
// database, wrangler dev on $PORT (8787), and the one-minute cron through /__scheduled, which wrangler dev never fires
// (LOCAL_CRON=0 leaves it to the caller). PERSIST_DIR and ENV_FILE give a separate database and vars (browser tests).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

const port = process.env.PORT ?? "8787";
const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
const envFile = process.env.ENV_FILE ? ["--env-file", process.env.ENV_FILE] : [];
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!envFile.length && !existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local development settings).");
}
if (process.env.SKIP_BUILD !== "1") run("npx", ["remix", "vite:build"]);
run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persist]);
if (process.env.SKIP_SEED !== "1") run("node", ["scripts/seed.mjs", "--if-empty", ...persist]);

const dev = spawn(
  "npx",
  ["wrangler", "dev", "--port", port, "--ip", "127.0.0.1", "--test-scheduled", ...persist, ...envFile],
  {
    stdio: "inherit",
    env,
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => dev.kill(signal));
dev.on("exit", (code) => process.exit(code ?? 0));

if (process.env.LOCAL_CRON !== "0") {
  const origin = `http://127.0.0.1:${port}`;
  const fire = async () => {
    try {
      const res = await fetch(`${origin}/__scheduled?cron=*+*+*+*+*`);
      if (!res.ok) console.warn(`cron: /__scheduled answered ${res.status}`);
    } catch {
      // Not listening yet (the first minute): the next minute fires it.
    }
  };
  // Once the server answers, then at the start of every minute. One chain only, however slow a probe's answer.
  let started = false;
  const ready = setInterval(async () => {
    const up = await fetch(`${origin}/api/health`).then(
      () => true,
      () => false,
    );
    if (!up || started) return;
    started = true;
    clearInterval(ready);
    await fire();
    const untilNextMinute = 60_000 - (Date.now() % 60_000) + 500;
    setTimeout(() => {
      fire();
      setInterval(fire, 60_000);
    }, untilNextMinute);
  }, 1000);
  console.log("The one-minute cron runs locally (LOCAL_CRON=0 turns it off).");
}
