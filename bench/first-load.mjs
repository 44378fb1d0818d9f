#!/usr/bin/env node
// First-load JavaScript per page (`npm run build && node bench/first-load.mjs`; at most 120 KiB): the gzip size
// (level 9) of every script a first visit downloads, read from the Remix build's manifest: the entry, the route
// modules of the page and its parents with their imports, and the route manifest itself (ADR 029).
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

const base = "build/client";
const manifestFile = readdirSync(`${base}/assets`).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("No build: run `npm run build` first.");
const text = readFileSync(`${base}/assets/${manifestFile}`, "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));

const gzipped = (path) => gzipSync(readFileSync(`${base}${path}`), { level: 9 }).length;
const entry = [`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports];
function filesOf(routeId) {
  const files = new Set(entry);
  for (let id = routeId; id; id = manifest.routes[id].parentId) {
    const route = manifest.routes[id];
    for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  }
  return files;
}

const pages = Object.values(manifest.routes).filter((r) => r.path && r.parentId === "routes/_shell");
const rows = pages
  .map((r) => ({ path: `/${r.path}`, kib: [...filesOf(r.id)].reduce((sum, f) => sum + gzipped(f), 0) / 1024 }))
  .sort((a, b) => b.kib - a.kib);
for (const { path, kib } of rows)
  console.log(`${path.padEnd(36)} ${kib.toFixed(1).padStart(6)} KiB gzip${kib > 120 ? "  (over 120)" : ""}`);
