// The stand-ins' made-up people (the Discord stand-in's users, the demo collectors' players): a small generator seeded
// by a text (mulberry32 after an FNV-1a hash of it), so the same seed always makes the same person, and their names.

import { mulberry32 } from "#contract/mulberry32.js";

export function seeded(seed: string) {
  let h = 0x811c9dc5;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const next = mulberry32(h);
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

export const NAME_FIRST = [
  "Rex",
  "Thyla",
  "Argy",
  "Giga",
  "Shadow",
  "Frost",
  "Ember",
  "Raptor",
  "Tek",
  "Wyvern",
  "Spino",
  "Ptera",
];
export const NAME_SECOND = [
  "Rider",
  "Hunter",
  "Breeder",
  "Tamer",
  "Keeper",
  "Raider",
  "Scout",
  "Warden",
  "Nomad",
  "Pilot",
];
