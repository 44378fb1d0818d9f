#!/usr/bin/env node
// `npm run db:seed [-- --scale N] [--persist-to DIR] [--if-empty]`: deterministic tribe data in the local D1 database;
// scale 1 is a lively tribe, 100 reaches 50,000+ vouches. Each numbered module in scripts/seed/ (NN-name.mjs) exports
// default ({ r, scale, now, people }) => SQL statements; the others are what they import.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { rng, snowflake, survivor, username } from "./seed/lib.mjs";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const scale = Number(flag("--scale") ?? 1);
if (!(scale > 0)) throw new Error("--scale must be a positive number");
const persist = flag("--persist-to") ? ["--persist-to", flag("--persist-to")] : [];
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function d1(extra) {
  const r = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...persist, ...extra], {
    env,
    encoding: "utf8",
  });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    process.exit(r.status ?? 1);
  }
  return r.stdout;
}

if (args.includes("--if-empty")) {
  const out = d1(["--command", "select count(*) as n from vouches", "--json"]);
  const n = JSON.parse(out)[0]?.results?.[0]?.n ?? 0;
  if (n > 0) {
    console.log(`Demo data: the database already has ${n} vouches; not seeding.`);
    process.exit(0);
  }
}

const r = rng(20261121);
const now = Date.now();
// The tribe: members every module draws from, so vouches, tribelists and logs name the same people.
const people = Array.from({ length: Math.max(60, Math.round(120 * Math.sqrt(scale))) }, () => {
  const displayName = survivor(r);
  return { id: snowflake(r), displayName, username: username(r, displayName) };
});

const dir = new URL("./seed/", import.meta.url);
const modules = readdirSync(dir)
  .filter((f) => /^\d+-.*\.mjs$/.test(f))
  .sort();
const statements = [];
for (const file of modules) {
  const { default: seed } = await import(pathToFileURL(join(dir.pathname, file)).href);
  const produced = seed({ r, scale, now, people });
  statements.push(...produced);
  console.log(`Demo data: ${file.replace(".mjs", "")} (${produced.length} statements)`);
}

// In files of at most ~40 MB, in order: wrangler reads a whole file into memory and splits it before it runs a line
// (scale 200 writes some 400 MB).
mkdirSync(".wrangler", { recursive: true });
const MAX_FILE_BYTES = 40_000_000;
let part = [];
let bytes = 0;
const flush = () => {
  if (!part.length) return;
  const file = ".wrangler/seed.sql";
  writeFileSync(file, part.join("\n"));
  d1(["--file", file, "--yes"]);
  part = [];
  bytes = 0;
};
for (const statement of statements) {
  if (bytes + statement.length > MAX_FILE_BYTES) flush();
  part.push(statement);
  bytes += statement.length + 1;
}
flush();
console.log(`Demo data loaded (scale ${scale}).`);
