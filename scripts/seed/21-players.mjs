// Player profiles: the sessions, players and tribe hours of the seeded joins and leaves, by the same statements that
// derived them from the events stored before sessions were kept (migrations/0018_player_profiles.sql).
import { readFileSync } from "node:fs";

export default function seed() {
  const migration = readFileSync(new URL("../../migrations/0018_player_profiles.sql", import.meta.url), "utf8");
  return migration
    .split("--> statement-breakpoint")
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter((s) => /^(INSERT|WITH)\b/.test(s))
    .map((s) => (s.endsWith(";") ? s : `${s};`));
}
