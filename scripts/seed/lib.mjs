// Building blocks for demo data: a seeded random generator (the same data every run), names, ids, SQL.

import { mulberry32 } from "../../contract/mulberry32.js";

export function rng(seed = 20261121) {
  const next = mulberry32(seed);
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  const hex = (n) => Array.from({ length: n }, () => Math.floor(next() * 16).toString(16)).join("");
  return { next, int, pick, chance, hex };
}

/** A list written as words, one space or line break apart. */
export const words = (text) => text.trim().split(/\s+/);

const FIRST = words(`
  Rex Thyla Argy Giga Shadow Frost Ember Raptor Tek Alpha Dodo Wyvern Mammoth Spino Ptera Carno Bronto Stego
  Anky Dire Sabre Bloodstalker Rhynio Managarmr Griffin Baryonyx Tusoteuthis Yuty Snow Rock Reaper Karkinos
  Astro Noglin Gacha Desmo
`);
const SECOND = words(`
  Rider Hunter Breeder Tamer Keeper Smith Raider Builder Scout Warden Slayer Runner Miner Farmer Lord Queen King
  Pilot Medic Chef Sniper Ghost Nomad Walker
`);
const CN = ["龙骑士", "小恐龙", "霸王", "风暴", "雪狼", "火凤凰", "铁甲", "暗影", "星辰", "猎人"];

export function survivor(r) {
  if (r.chance(0.12)) return `${r.pick(CN)}${r.int(1, 99)}`;
  const name = `${r.pick(FIRST)}${r.pick(SECOND)}`;
  return r.chance(0.35) ? `${name}${r.int(1, 999)}` : name;
}

/** A Discord-style username: the display name in lower case, or a made-up one for names without latin letters. */
export function username(r, display) {
  const plain = display.toLowerCase().replace(/[^a-z0-9]/g, "");
  return /[a-z]/.test(plain) ? plain : `survivor${r.int(100, 9999)}`;
}

/** A Discord snowflake: 18 or 19 digits. */
export const snowflake = (r) => `${r.int(1, 9)}${Array.from({ length: 17 + r.int(0, 1) }, () => r.int(0, 9)).join("")}`;
/** An Epic Online Services product user id: 32 hex characters. */
export const eosId = (r) => r.hex(32);
export const objectId = (r, at = Date.now()) =>
  Math.floor(at / 1000)
    .toString(16)
    .padStart(8, "0") + r.hex(16);
export const steamId = (r) => `7656119${r.int(7960265728, 9999999999)}`;

export const DAY = 24 * 3600 * 1000;
export const SERVERS = ["2411", "2573", "2446"];

/** SQL literal for a JS value: null, numbers, booleans (0/1), strings; objects and arrays as JSON text. */
export function lit(v) {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "object") v = JSON.stringify(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}

/** D1 refuses a statement over 100,000 bytes (SQLITE_TOOBIG); each INSERT stays under this. */
const MAX_STATEMENT_BYTES = 90_000;

/** Multi-row INSERT statements: at most `chunk` rows each, and never over D1's statement size. */
export function insert(table, rows, { chunk = 200, orIgnore = false } = {}) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]);
  const head = `INSERT ${orIgnore ? "OR IGNORE " : ""}INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES\n`;
  const out = [];
  let values = [];
  let bytes = Buffer.byteLength(head);
  const flush = () => {
    if (values.length) out.push(`${head}${values.join(",\n")};`);
    values = [];
    bytes = Buffer.byteLength(head);
  };
  for (const row of rows) {
    const tuple = `(${columns.map((c) => lit(row[c])).join(", ")})`;
    const size = Buffer.byteLength(tuple) + 2;
    if (values.length >= chunk || (values.length > 0 && bytes + size > MAX_STATEMENT_BYTES)) flush();
    values.push(tuple);
    bytes += size;
  }
  flush();
  return out;
}
