#!/usr/bin/env node
// The build served by wrangler's dev server for the benchmarks, as `wrangler dev` serves it but without its devtools
// inspector, whose tracing of every subrequest cost more CPU than the Worker's own work (ADR 049; --devtools keeps it).
//   node bench/serve.mjs --port 8840 --persist-to .wrangler/bench-10 [--var NAME:value ...] [--devtools]
import { unstable_startWorker } from "wrangler";

const argv = process.argv.slice(2);
const value = (name) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const port = Number(value("port"));
const persist = value("persist-to");
if (!port || !persist) throw new Error("bench/serve.mjs: --port and --persist-to are required");
const vars = argv.flatMap((a, i) => (argv[i - 1] === "--var" ? [a] : []));

const worker = await unstable_startWorker({
  config: value("config") ?? "wrangler.bench.toml",
  envFiles: [".dev.vars.example"],
  bindings: Object.fromEntries(
    vars.map((v) => {
      const at = v.indexOf(":");
      return [v.slice(0, at), { type: "plain_text", value: v.slice(at + 1) }];
    }),
  ),
  dev: {
    server: { hostname: "127.0.0.1", port },
    persist,
    inspector: argv.includes("--devtools") ? {} : false,
    watch: false,
    liveReload: false,
  },
});
await worker.ready;

const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
