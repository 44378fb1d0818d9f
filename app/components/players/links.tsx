// A player's name that leads to their profile, a tribe's name that leads to its page, the badge of the list a player
// is on, and the player pages' way back. Plain links, so they work without JavaScript. The server
// stats modules are not imported here (only a type): with these pages they would ride in every page's first load.
import { Link } from "@remix-run/react";
import { Badge } from "#app/components/Badge";
import { playerName, playerPath, tribePath } from "#contract/players";
import type { Tone } from "#app/routes/server-stats-page/servers";

/** The list badge the loader worked out (players-view.server.ts). */
export type ListBadge = { label: string; tone: Tone };

type Named = { eosId: string; memberName?: string | null; displayName?: string | null };

export const ListPill = ({ list }: { list: ListBadge }) => <Badge tone={list.tone}>{list.label}</Badge>;

export function PlayerLink({ player }: { player: Named }) {
  return (
    <Link to={playerPath(player.eosId)} className="player-link" data-testid="player-link">
      {playerName(player)}
    </Link>
  );
}

export function TribeLink({ tribe }: { tribe: string | null | undefined }) {
  const name = tribe?.trim();
  if (!name) return <span className="muted">-</span>;
  return (
    <Link to={tribePath(name)} className="tribe-link" data-testid="tribe-link">
      {name}
    </Link>
  );
}

/** Back to the Players page. */
export function PlayersBack() {
  return (
    <nav className="players-back small" aria-label="Players">
      <Link to="/dashboard/players">← Players</Link>
    </nav>
  );
}
