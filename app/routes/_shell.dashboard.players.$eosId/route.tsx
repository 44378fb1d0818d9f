// A player's profile: who they are, where they are now, their hours, sessions and weekly heatmap in the
// viewer's zone, the tribe's note on them and the viewer's watch. Works without JavaScript: links, pages and forms.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { playerName, playerPath } from "#contract/players";
import { Heatmap } from "#app/components/players/Heatmap";
import { ListPill, PlayersBack } from "#app/components/players/links";
import { PlayersPageMissing } from "#app/components/players/PlayersPageMissing";
import { Badge } from "#app/components/Badge";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { NamesAndMembers, HoursPlayed, PlayerFacts } from "./summary";
import { Sessions } from "./sessions";
import { NoteCard, WatchButton } from "./forms";
import { loadProfile, profileAction, type ProfileView } from "./profile.server";
import styles from "#app/styles/players.css?url";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile ? playerName(data.profile) : "Player"} · Players · ARK Tribe Dashboard` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadProfile(request, context, params.eosId);
export const action = ({ request, context, params }: ActionFunctionArgs) =>
  profileAction(request, context, params.eosId);

/** Rosters changing (a join, a leave) change "online now", the sessions and the hours: the page reloads. */
const LIVE = ["joinlog_update", "leavelog_update", "watch_online"] as const;

export default function PlayerPage() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(LIVE);
  const profile = data.profile as ProfileView | null;
  if (!profile) {
    return (
      <PlayersPageMissing what="player" missing={data.missing} error={data.error}>
        No player with the EOS ID <code>{data.eosId}</code> was ever seen on 2411, 2573 or 2446.
      </PlayersPageMissing>
    );
  }
  return (
    <div className="players-page player-profile" data-eos-id={profile.eosId}>
      <PlayersBack />
      <div className="page-header profile-header">
        <div>
          <h1>{playerName(profile)}</h1>
          <p className="profile-badges">
            <ListPill list={profile.list} />
            {profile.online.length ? (
              <Badge tone="green" testId="online-badge">
                Online now on {profile.online.map((o) => o.serverId).join(", ")}
              </Badge>
            ) : (
              <Badge tone="grey" testId="online-badge">
                Offline
              </Badge>
            )}
            {profile.note?.tags.map((t) => (
              <Badge key={t} tone="grey">
                {t}
              </Badge>
            ))}
          </p>
        </div>
        <div className="profile-actions">
          <LiveStatusBadge />
          <WatchButton profile={profile} />
        </div>
      </div>

      <div className="profile-grid">
        <PlayerFacts profile={profile} timeZone={data.timeZone} />
        <HoursPlayed profile={profile} />
        <NoteCard profile={profile} timeZone={data.timeZone} />
      </div>
      <Heatmap map={profile.heatmap} who={playerName(profile)} subject={playerName(profile)} />
      <Sessions profile={profile} timeZone={data.timeZone} exportHref={`${playerPath(profile.eosId)}/export`} />
      <div className="profile-grid two">
        <NamesAndMembers profile={profile} timeZone={data.timeZone} />
      </div>
    </div>
  );
}
