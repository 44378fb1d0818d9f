// What the player pages' loaders add to the host's answers for the browser: each player's list badge (the server stats
// pages' status rule) and a platform's name. Worked out here so the pages' browser code carries none of those rules
// (they would ride in every page's first load: the shell chunk, ADR 052).
import { platformOf } from "#contract/servers";
import { statusBadge } from "#app/routes/server-stats-page/servers";
import type { ListBadge } from "#app/components/players/links";

/** Tribemember, Friendly, Enemy, Neutral or Unknown, by the latest status and tribe; a raw code as it came. */
export function listOf(status: string | null | undefined, tribe?: string | null): ListBadge {
  const badge = statusBadge(status ?? "", tribe);
  return { label: badge.label || "Unknown", tone: badge.tone };
}

/** A row naming a player, with its list badge. */
export const withList = <T extends { status: string | null; tribe?: string | null }>(row: T, tribe = row.tribe) => ({
  ...row,
  list: listOf(row.status, tribe),
});

/** "Steam", "PlayStation"..., or null when the roster gave none. */
export const platformName = (value: string | null) => {
  const platform = platformOf(value);
  return platform.kind === "none" ? null : platform.label;
};
