#!/usr/bin/env node
// `npm run bench:cpu` (docs/performance.md): CPU time per request of each dev-server process (the Worker's workerd,
// wrangler's proxy, wrangler's node), read from /proc around batches of one kind of the load benchmark's requests
// (floor, health, page, data, read, write, action), whatever else the machine does. Latency is not measured.
import { readdirSync, readFileSync } from "node:fs";
import { launchChromium, numberArg as arg, prepareDatabase, serveSignedIn, stopAll } from "./lib.mjs";
import { pickWeighted, theMix } from "./mix.mjs";

const requests = arg("requests", 400);
const rounds = arg("rounds", 3);
const scale = arg("scale", 10);
const PORT = 8845;
const CLIENTS = 8;
const dir = prepareDatabase(scale);
try {
  const browser = await launchChromium();
  let base, cookie;
  try {
    ({ base, cookie } = await serveSignedIn(browser, PORT, dir));
  } finally {
    await browser.close();
  }
  // The floor, health with a session, and each kind of the load benchmark's mix (its weights within the kind).
  const { mix } = await theMix(base, cookie);
  const ofKind = (kind) => mix.filter(([, make]) => make(0, 0).kind === kind);
  const KINDS = {
    floor: () => ({ url: `${base}/api/codes`, init: {}, expect: 401 }),
    health: () => ({ url: `${base}/api/health`, init: { headers: { Cookie: cookie } }, expect: 200 }),
    ...Object.fromEntries(
      [
        ["page", "page"],
        ["data", "data"],
        ["read", "api read"],
        ["write", "api write"],
        ["action", "page action"],
      ].map(([name, kind]) => {
        const entries = ofKind(kind);
        return [name, (n) => pickWeighted(entries, 0, n)];
      }),
    ),
  };
  const kinds = process.argv.slice(2).filter((a) => Object.hasOwn(KINDS, a));
  const chosen = kinds.length ? kinds : Object.keys(KINDS);

  // The dev server's processes, found by their command lines (bench/serve.mjs is wrangler's node process here).
  const processes = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .map((pid) => {
      try {
        return { pid, cmd: readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ") };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const find = (what, test) => {
    const found = processes.filter(({ cmd }) => test(cmd));
    if (found.length !== 1) throw new Error(`expected one ${what} process, found ${found.length}`);
    return found[0].pid;
  };
  const serve = find("bench/serve.mjs", (cmd) => cmd.includes("bench/serve.mjs") && cmd.includes(`--port ${PORT} `));
  const parentOf = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1];
    } catch {
      return null;
    }
  };
  const children = (pid) => processes.filter((p) => parentOf(p.pid) === pid);
  const workerds = children(serve).filter(({ cmd }) => cmd.includes("workerd"));
  const proxy = workerds.find(({ cmd }) => cmd.includes(`entry=127.0.0.1:${PORT}`))?.pid;
  const worker = workerds.find(({ cmd }) => cmd.includes("entry=127.0.0.1:0"))?.pid;
  if (!proxy || !worker) throw new Error("the dev server's two workerd processes were not found");
  const who = { worker, proxy, wrangler: serve };
  const tick = 1000 / Number(process.env.CLK_TCK ?? 100);
  const ticks = (pid) => {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(f[11]) + Number(f[12]); // utime + stime
  };

  const send = async (kind, count) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < count) {
          const { url, init, expect } = KINDS[kind](next++);
          const res = await fetch(url, { ...init, headers: { "Accept-Encoding": "identity", ...init.headers } });
          await res.arrayBuffer();
          if (res.status !== expect) throw new Error(`${kind}: ${url} answered ${res.status}, not ${expect}`);
        }
      }),
    );
  };
  for (const kind of chosen) await send(kind, 100); // warm: compile, fill caches

  const spent = new Map(chosen.map((k) => [k, { worker: [], proxy: [], wrangler: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const kind of chosen) {
      const before = Object.fromEntries(Object.entries(who).map(([name, pid]) => [name, ticks(pid)]));
      await send(kind, requests);
      for (const [name, pid] of Object.entries(who))
        spent.get(kind)[name].push(((ticks(pid) - before[name]) * tick) / requests);
    }
  }
  const mid = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (x) => x.toFixed(2).padStart(9);
  console.log(
    `\nCPU ms per request (median of ${rounds} rounds of ${requests}, ${CLIENTS} clients), scale ${scale}${process.argv.includes("--devtools") ? ", devtools inspector attached" : ""}`,
  );
  console.log(
    `${"kind".padEnd(8)}${"Worker".padStart(9)}${"proxy".padStart(9)}${"wrangler".padStart(9)}${"all".padStart(9)}`,
  );
  for (const [kind, s] of spent) {
    const [w, p, n] = [mid(s.worker), mid(s.proxy), mid(s.wrangler)];
    console.log(`${kind.padEnd(8)}${ms(w)}${ms(p)}${ms(n)}${ms(w + p + n)}`);
  }
} finally {
  stopAll();
}
