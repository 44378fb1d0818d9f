// A tribe's page: when its players are on (the heatmap, in the viewer's zone), its longest quiet windows,
// and its known players, each linking to their profile. The heatmap downloads as CSV.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { QUIET_SHARE, tribePath, windowText } from "#contract/players";
import type { GridColumnDef } from "#app/components/grid/types";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { Icon } from "#app/components/icons";
import { Heatmap } from "#app/components/players/Heatmap";
import { ListPill, PlayerLink, PlayersBack } from "#app/components/players/links";
import { PlayersPageMissing } from "#app/components/players/PlayersPageMissing";
import { Badge } from "#app/components/Badge";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { formatDateTime, relativeTime } from "#app/utils/dates";
import { loadTribe, type TribeView } from "./tribe.server";
import styles from "#app/styles/players.css?url";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.name ? `Tribe ${data.name}` : "Tribe"} · Players · ARK Tribe Dashboard` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => loadTribe(request, context, params.tribe);

type Member = TribeView["members"][number];
type Column = GridColumnDef<Member> & { render: (m: Member) => React.ReactNode };

const columns = (timeZone: string, now: number): Column[] => [
  {
    id: "name",
    title: "Player",
    priority: 1,
    value: (m) => m.memberName ?? m.displayName ?? m.eosId,
    render: (m) => <PlayerLink player={m} />,
  },
  { id: "status", title: "List", value: (m) => m.status, render: (m) => <ListPill list={m.list} /> },
  {
    id: "online",
    title: "Online now",
    priority: 1,
    value: (m) => m.online.join(", "),
    render: (m) =>
      m.online.length ? <Badge tone="green">Online on {m.online.join(", ")}</Badge> : <span className="muted">No</span>,
  },
  {
    id: "lastSeen",
    title: "Last seen",
    className: "nowrap",
    value: (m) => m.lastSeen,
    render: (m) => (
      <span title={formatDateTime(m.lastSeen, timeZone) ?? undefined}>
        {m.online.length ? "now" : relativeTime(m.lastSeen, now)}
      </span>
    ),
  },
  { id: "eosId", title: "EOS ID", priority: 3, value: (m) => m.eosId, render: (m) => <code>{m.eosId}</code> },
];

export default function TribePage() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["joinlog_update", "leavelog_update"]);
  const tribe = data.tribe as TribeView | null;
  if (!tribe) {
    return (
      <PlayersPageMissing what="tribe" missing={data.missing} error={data.error}>
        No player of a tribe named “{data.name}” was ever seen on 2411, 2573 or 2446.
      </PlayersPageMissing>
    );
  }
  const online = tribe.members.filter((m) => m.online.length).length;
  return (
    <div className="players-page tribe-page">
      <PlayersBack />
      <div className="page-header">
        <div>
          <h1>Tribe {tribe.tribe}</h1>
          <p className="muted small" data-testid="tribe-summary">
            {tribe.members.length} known {tribe.members.length === 1 ? "player" : "players"} · {online} online now
          </p>
        </div>
        <div className="profile-actions">
          <LiveStatusBadge />
          <a
            className="button small export-link"
            href={`${tribePath(tribe.tribe)}/export`}
            rel="nofollow"
            data-testid="heatmap-csv"
          >
            <Icon name="download" size={16} />
            Download heatmap (CSV)
          </a>
        </div>
      </div>

      <Heatmap map={tribe.heatmap} who={`Tribe ${tribe.tribe}`} subject="one of its players" />

      <div className="profile-grid two">
        <section className="card" aria-labelledby="quiet-title" data-testid="quiet-windows">
          <h2 id="quiet-title">Longest quiet windows</h2>
          <p className="muted small">
            Hours when members were online on fewer than {Math.round(QUIET_SHARE * 100)} % of the days, in{" "}
            {tribe.heatmap.zone}.
          </p>
          {tribe.windows.length ? (
            <ol className="plain-list quiet-list">
              {tribe.windows.map((w) => (
                <li key={`${w.weekday}-${w.hour}`}>{windowText(w)}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">No quiet hours: someone is usually on.</p>
          )}
        </section>
        <section className="card tribe-members" aria-labelledby="members-title" data-testid="tribe-members">
          <h2 id="members-title">Players</h2>
          <HtmlTable
            columns={columns(data.timeZone, tribe.now)}
            rows={tribe.members}
            rowKey={(m) => m.eosId}
            caption={`Players of tribe ${tribe.tribe}`}
            className="table members-table"
            testId="members-table"
            rowProps={(m) => ({ "data-eos-id": m.eosId })}
          />
        </section>
      </div>
    </div>
  );
}
