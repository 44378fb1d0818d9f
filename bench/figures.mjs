// The benchmark run's options (bench/run.mjs's command line), the targets it missed, and how it takes and prints a
// figure: a median against its floor's, their samples interleaved.
import { readFileSync } from "node:fs";
import { median } from "./lib.mjs";

/** The pages that show the host's data. */
export const HOST_DATA_PAGES = JSON.parse(readFileSync("scripts/host-data-pages.json", "utf8"));

export const argv = process.argv.slice(2);
export const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
export const scale = Number(arg("scale", 10));
export const samples = Number(arg("samples", 31));
export const socketCount = Number(arg("sockets", 500));
export const browseSeconds = Number(arg("browse-seconds", 60));
export const ttl = Number(arg("ttl", 15));
export const skip = new Set(String(arg("skip", "")).split(",").filter(Boolean));

/** The targets missed in this run, printed at its end. */
export const misses = [];

/**
 * Every figure and its floor ask for their answer uncompressed. Under wrangler dev, Miniflare's entry worker plays
 * Cloudflare's front line, which compresses text answers outside the Worker (isCompressedByCloudflareFL); here that
 * compression runs on this machine's two cores inside the measured time (about 4 ms for the Breeder List's 249 KB
 * document, against nothing for the floor's 65 bytes). The targets are about the Worker's own work. The Breeder List
 * page, compressed as a browser asks for it, is printed beside them as information.
 */
export const IDENTITY = { "Accept-Encoding": "identity" };

export async function timed(url, init) {
  const t = performance.now();
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return { ms: performance.now() - t, res };
}

/**
 * A figure against its floor, samples interleaved: medians and their ratio. Every other pair runs the figure first, so
 * that each of the two follows the other as often: a request leaves work running after its answer (the Worker's
 * waitUntil, the runtime's garbage collection), and on two cores the request right after it pays for that work. In a
 * fixed order the floor would always pay for the figure's (or, beside a scale-10 twin, one side for the other's).
 */
export async function against(floor, figure, n = samples) {
  await floor();
  await figure();
  const f = [];
  const x = [];
  for (let i = 0; i < n; i++) {
    const [floorMs, figureMs] = await beside(floor, figure, i % 2 === 1);
    f.push(floorMs);
    x.push(figureMs);
  }
  return { floor: median(f), figure: median(x), ratio: median(x) / median(f), floors: f, figures: x };
}

/** One sample of the floor and one of the figure, the figure first if `figureFirst`: [floor's, figure's]. */
export async function beside(floor, figure, figureFirst) {
  if (!figureFirst) return [await floor(), await figure()];
  const figureMs = await figure();
  return [await floor(), figureMs];
}

/** A figure's line: its median, its floor's and their ratio (and, in `report`, the target and whether it was met). */
export const ms = (value) => `${value.toFixed(1)} ms`;
export const times = (value) => `${value.toFixed(2)}x`;
export const line = (label, result, unit = ms) =>
  `${label.padEnd(52)} ${unit(result.figure).padStart(11)} ${unit(result.floor).padStart(10)} ${times(result.ratio).padStart(7)}`;

export function report(label, result, target, unit = ms) {
  const ok = result.ratio <= target;
  if (!ok) misses.push(`${label}: ${result.ratio.toFixed(2)}x (target ${target}x)`);
  console.log(`${line(label, result, unit)}  <= ${target}x ${ok ? "ok" : "MISSED"}`);
}
export const header = (title) =>
  console.log(
    `\n${title}\n${"figure".padEnd(52)} ${"median".padStart(11)} ${"floor".padStart(10)} ${"ratio".padStart(7)}`,
  );
