// The external host's figures of bench/run.mjs (docs/performance.md): a proxy 150 ms in front of the host, and a
// second Worker (the edge) reading through it: warm pages, the edge cache's share while browsing, a hanging host and
// a failing one.
import { rmSync } from "node:fs";
import { startHostProxy } from "../scripts/host-proxy.mjs";
import {
  against,
  beside,
  browseSeconds,
  header,
  HOST_DATA_PAGES,
  IDENTITY,
  misses,
  report,
  scale,
  timed,
  ttl,
} from "./figures.mjs";
import { median, run, serveSignedIn, sleep } from "./lib.mjs";

const EDGE_PORT = 8831;
const PROXY_PORT = 8832;
const HOST_LATENCY_MS = 150;

/** The external host's figures, in front of the host at `base`; the edge calls it with `serviceToken`. */
export async function externalFigures({ base, browser, serviceToken }) {
  const proxy = await startHostProxy({ port: PROXY_PORT, target: base, latencyMs: HOST_LATENCY_MS });
  const hostCalls = proxy.calls;
  const edgeDir = `.wrangler/bench-edge-${scale}`;
  rmSync(edgeDir, { recursive: true, force: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", edgeDir]);
  try {
    const edgeSession = await serveSignedIn(browser, EDGE_PORT, edgeDir, {
      HOST_URL: proxy.url,
      HOST_TOKEN: serviceToken,
      HOST_CACHE_TTL: String(ttl),
      HOST_CACHE_SWR: String(ttl * 12),
      HOST_TIMEOUT_MS: "4000",
    });
    const edge = edgeSession.base;
    const edgeHeaders = { Cookie: edgeSession.cookie, Accept: "text/html", ...IDENTITY };
    const edgeFloor = async () =>
      (await timed(`${edge}/api/health`, { headers: { Cookie: edgeSession.cookie, ...IDENTITY } })).ms;
    const view = async (path) => {
      const { ms, res } = await timed(`${edge}${path}`, { headers: edgeHeaders });
      const m = /reads=(\d+) fetched=(\d+)/.exec(res.headers.get("server-timing") ?? "");
      return { ms, reads: m ? Number(m[1]) : 0, status: res.status };
    };
    header(
      `External host ${HOST_LATENCY_MS} ms away (TTL ${ttl} s): warm pages against the edge's own GET /api/health`,
    );
    for (const path of HOST_DATA_PAGES) {
      await view(path);
      report(`GET ${path} (warm)`, await against(edgeFloor, async () => (await view(path)).ms), 2);
    }

    // A minute of browsing: every page in turn; what share of the host reads the edge cache served.
    const before = hostCalls.filter((c) => c.method === "GET").length;
    let reads = 0;
    let views = 0;
    const refused = [];
    const until = Date.now() + browseSeconds * 1000;
    while (Date.now() < until) {
      for (const path of HOST_DATA_PAGES) {
        const answer = await view(path);
        views++;
        reads += answer.reads;
        // A view that was not a page (a refusal, an error) reads nothing and would flatter the share below.
        if (answer.status !== 200) refused.push(`${path} ${answer.status}`);
      }
    }
    await sleep(500); // background revalidations still in flight reach the host
    const fetched = hostCalls.filter((c) => c.method === "GET").length - before;
    const share = 1 - fetched / reads;
    const shareOk = share >= 0.98 && refused.length === 0;
    if (refused.length)
      misses.push(`${refused.length} of ${views} views while browsing were not pages (first: ${refused[0]})`);
    if (share < 0.98) misses.push(`host reads served from the cache ${(share * 100).toFixed(1)} % (target 98 %)`);
    console.log(
      `${`host reads served from the edge cache over ${browseSeconds} s`.padEnd(52)} ${(share * 100).toFixed(1).padStart(7)} %  (${views} views, ${reads} reads, ${fetched} reached the host)  >= 98 % ${shareOk ? "ok" : "MISSED"}`,
    );

    // The host hangs: at most one timeout per TTL per read; every other view at most 3x the floor.
    proxy.setMode("hang");
    const hangStart = Date.now();
    const slowViews = [];
    const hangUntil = hangStart + Math.max(3 * ttl, 15) * 1000;
    const viewTimes = [];
    // The floor interleaved with the views, one sample beside each, before and after it in turn (the edge's health
    // does not call the host; a sample right after a view pays for what the view leaves running, as in `against`).
    const floorNow = [];
    while (Date.now() < hangUntil) {
      for (const path of HOST_DATA_PAGES) {
        const [floorMs, v] = await beside(edgeFloor, () => view(path), floorNow.length % 2 === 0);
        floorNow.push(floorMs);
        if (v.ms > 1000) slowViews.push(path);
        else viewTimes.push(v.ms);
      }
    }
    const hung = hostCalls.filter((c) => c.mode === "hang" && c.method === "GET");
    const windows = Math.ceil((Date.now() - hangStart) / (ttl * 1000));
    const perRead = new Map();
    for (const c of hung) perRead.set(c.path, (perRead.get(c.path) ?? 0) + 1);
    const worst = Math.max(0, ...perRead.values());
    const hangOk = worst <= windows;
    if (!hangOk) misses.push(`hanging host: ${worst} timeouts for one read in ${windows} TTLs`);
    console.log(
      `${"hanging host: most timeouts of one read".padEnd(52)} ${String(worst).padStart(8)}    in ${windows} TTLs (${hung.length} hung calls, ${slowViews.length} slow views)  <= 1 per TTL ${hangOk ? "ok" : "MISSED"}`,
    );
    report(
      "hanging host: the other views (median)",
      { figure: median(viewTimes), floor: median(floorNow), ratio: median(viewTimes) / median(floorNow) },
      3,
    );

    // The host fails: every page shows its last good data, marked stale.
    proxy.setMode("fail");
    await sleep(ttl * 1000 + 100);
    const unmarked = [];
    for (const path of HOST_DATA_PAGES) {
      const body = await (await fetch(`${edge}${path}`, { headers: edgeHeaders })).text();
      if (!body.includes("The host is not answering")) unmarked.push(path);
    }
    if (unmarked.length) misses.push(`failing host: no stale mark on ${unmarked.join(", ")}`);
    console.log(
      `${"failing host: pages marked stale".padEnd(52)} ${String(HOST_DATA_PAGES.length - unmarked.length).padStart(8)} of ${HOST_DATA_PAGES.length}${unmarked.length ? ` (not: ${unmarked.join(", ")})` : ""}`,
    );
    await edgeSession.context.close();
  } finally {
    await proxy.close();
  }
}
