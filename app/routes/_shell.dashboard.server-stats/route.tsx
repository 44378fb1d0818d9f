// The generic Server Stats page: a live overview card per server read in parallel, and tabs (?tab=) whose placeholder
// text links to each server's own page (docs/product/server-stats.md).
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "#app/auth/session.server";
import { Icon } from "#app/components/icons";
import { failureReason, host } from "#app/host/client.server";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { RelativeTime } from "#app/routes/server-stats-page/bits";
import { Badge } from "#app/components/Badge";
import {
  GENERIC_PATH,
  pagePath,
  SERVERS,
  TAB_SOURCES,
  TEXTS,
  type ServerState,
} from "#app/routes/server-stats-page/servers";
import { serverStateOf } from "#app/routes/server-stats-page/host-rows.server";
import { isServerId, SERVER_IDS, type ServerId } from "#contract/servers";
import styles from "#app/styles/server-stats.css?url";
import { TabNav } from "#app/components/TabNav";

export const meta: MetaFunction = () => [{ title: "Server Stats · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Overview = { id: ServerId; state: ServerState | null; error: string | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  const tab = new URL(request.url).searchParams.get("tab");
  const servers = await Promise.all(
    SERVER_IDS.map(async (id): Promise<Overview> => {
      try {
        const { data } = await host(context).get<unknown>(TAB_SOURCES.playerlist.path(id));
        return { id, state: serverStateOf(id, data), error: null };
      } catch (error) {
        console.error("server stats overview: status load failed", id, error);
        return { id, state: null, error: failureReason(error) };
      }
    }),
  );
  return json({ tab: isServerId(tab) ? tab : ("2411" as ServerId), servers, now: Date.now() });
}

export default function ServerStats() {
  const { tab, servers, now: serverNow } = useLoaderData<typeof loader>();
  useLiveRevalidate(["eoserver_status_update"]);
  const server = SERVERS[tab];
  return (
    <div className="server-stats generic-stats">
      <div className="page-header">
        <h1>Server Stats</h1>
        <LiveStatusBadge />
      </div>
      <section className="server-overview" aria-label="Servers" data-testid="server-overview">
        {servers.map((s) => (
          <ServerCard key={s.id} overview={s as Overview} serverNow={serverNow} />
        ))}
      </section>
      <TabNav
        tabs={SERVER_IDS}
        active={tab}
        label="Server Stats tabs"
        href={(id) => `${GENERIC_PATH}?tab=${id}`}
        text={(id) => `${id} Playerlist`}
      />
      <section className="card placeholder-card" data-testid="placeholder">
        <h2>{`${tab} Playerlist`}</h2>
        <p className="muted">
          The live playerlist of {server.shortName} ({server.fullName}) is on its own page, with its join and leave logs
          and the tribemember, unknown, enemy and friendly activity.
        </p>
        <Link to={pagePath(tab)} className="button primary">
          <Icon name="server" size={16} /> Open {server.title}
        </Link>
      </section>
    </div>
  );
}

/** One server at a glance: its name, Online/Offline, players n/70, map, last update and a link to its page. */
function ServerCard({ overview, serverNow }: { overview: Overview; serverNow: number }) {
  const { id, state, error } = overview;
  const info = SERVERS[id];
  const online = !!state?.online;
  const unknown = !!state?.unknown;
  return (
    <article className="card server-card" aria-labelledby={`overview-${id}`} data-testid={`server-card-${id}`}>
      <div className="server-card-head">
        <h2 id={`overview-${id}`}>
          {id} <span className="muted">{info.shortName}</span>
        </h2>
        {state ? (
          <Badge tone={online ? "green" : unknown ? "yellow" : "red"} testId="server-status">
            {online ? "Online" : unknown ? "Unknown" : "Offline"}
          </Badge>
        ) : null}
      </div>
      {state ? (
        <dl className="server-card-facts">
          <div>
            <dt className="muted">Players</dt>
            <dd data-testid="player-count">{`${state.playerCount}/${state.maxPlayers}`}</dd>
          </div>
          <div>
            <dt className="muted">Map</dt>
            <dd>{state.mapName}</dd>
          </div>
          <div>
            <dt className="muted">Last Updated</dt>
            <dd>
              <RelativeTime at={state.lastUpdated} serverNow={serverNow} testId="last-updated" />
            </dd>
          </div>
        </dl>
      ) : (
        <div className="load-failed" role="alert" data-testid="load-failed">
          <strong>{TEXTS.loadError(TAB_SOURCES.playerlist.noun)}</strong>
          <p className="muted small">{error}</p>
        </div>
      )}
      {state && !online && state.errorDetails ? <p className="server-card-detail small">{state.errorDetails}</p> : null}
      <Link to={pagePath(id)} className="button small" aria-label={`View ${id} stats`} data-testid="server-card-link">
        <Icon name="server" size={14} /> View stats
      </Link>
    </article>
  );
}
