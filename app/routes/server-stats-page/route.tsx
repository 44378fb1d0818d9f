// One server's stats page: seven tabs of summary and table, the playerlist's panel with Manual Refresh and its
// population chart; state in the URL, canvas grids kept live with JavaScript. remix.config.js maps this one module at
// /dashboard/server-stats-2411, -2573 and -2446 (docs/product/server-stats.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { CanvasTable } from "#app/components/grid/CanvasTable";
import { gridHeight, TABLE_GRID } from "#app/components/grid/geometry";
import { Pagination } from "#app/components/table/Pagination";
import { ExportLink } from "#app/components/table/ExportLink";
import { LIVE_EVENT_TYPES } from "#contract/events";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import { formatDate } from "#app/utils/dates";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import { EmptyState, SteamLink } from "./bits";
import { Badge } from "#app/components/Badge";
import { ErrorBox } from "#app/components/ErrorBox";
import { ActivityCard, PageSizeForm, ServerPanel, SummaryBadges } from "./panels";
import { PopulationChart } from "./PopulationChart";
import {
  EVENT_FILTER_LABELS,
  isActivityTab,
  lastUpdatedStorageKey,
  SERVERS,
  tabMemory,
  serverOfPath,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  TAB_LABELS,
  TAB_SOURCES,
  TABS,
  type Filter,
  type ServerState,
  type StatsRow,
  type Tab,
  type Tone,
} from "./servers";
import type { ServerId } from "#contract/servers";
import { columnsFor, hasSteamColumn, StatsTable } from "./StatsTable";
import { loadServerStats, serverStatsAction } from "./stats.server";
import styles from "#app/styles/server-stats.css?url";
import { StaleNotice } from "#app/components/HostNotice";
import { TabNav } from "#app/components/TabNav";

/** Tall enough for a page of 25 rows without scrolling inside the grid. */
const GRID_MAX_HEIGHT = gridHeight(TABLE_GRID, 25);

/** The server of this request's page; any other path is not one of these pages. */
function serverOf(request: Request): ServerId {
  const id = serverOfPath(new URL(request.url).pathname);
  if (!id) throw new Response("Not Found", { status: 404 });
  return id;
}

export const meta: MetaFunction = ({ location }) => {
  const id = serverOfPath(location.pathname);
  return [{ title: `${id ? SERVERS[id].title : "Server Stats"} · ARK Tribe Dashboard` }];
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadServerStats(request, context, serverOf(request));
export const action = ({ request, context }: ActionFunctionArgs) =>
  serverStatsAction(request, context, serverOf(request));

const STATUS_TONES: Record<(typeof STATUS_FILTERS)[number], Tone> = {
  tribemembers: "green",
  friendlys: "blue",
  neutral: "grey",
  enemies: "red",
  unknowns: "yellow",
};

export default function ServerStatsPage() {
  const data = useLoaderData<typeof loader>();
  const id = data.server.id as ServerId;
  const tab = data.tab as Tab;
  const filter = data.filter as Filter | null;
  const location = useLocation();
  const here = location.pathname + location.search;
  const navigation = useNavigation();

  // The active tab is kept in local storage under server_stats_{id}_active_tab and restored only when
  // it is one of the seven keys (a filter or page of another tab does not carry over).
  useRememberedTab(tabMemory(id), { tab, hasTabParam: data.hasTabParam, here });
  useServerLive(id, tab);
  useEffect(() => {
    if (data.state?.lastUpdated) localStorage.setItem(lastUpdatedStorageKey(id), String(data.state.lastUpdated));
  }, [id, data.state?.lastUpdated]);

  // A spinner while a tab, filter or page loads, or Retry reloads it (live reloads stay quiet).
  const loading =
    navigation.state === "loading" && !navigation.formData && navigation.location.pathname === location.pathname;

  const tabHref = (t: Tab) => withParams(here, { tab: t, filter: null, page: null });
  const filterHref = (f: Filter | null) => withParams(here, { filter: f === filter ? null : f, page: null });
  const clearHref = withParams(here, { filter: null, page: null });

  const columns = useMemo(() => columnsFor(tab, id), [tab, id]);
  const rows = data.page.rows as StatsRow[];
  const steam = hasSteamColumn(tab, id);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  useEffect(() => setSelectedKey(null), [tab, filter, data.page.page]);
  const selected = selectedKey ? (rows.find((r) => r.key === selectedKey) ?? null) : null;

  const statusItems = STATUS_FILTERS.map((f) => ({
    key: f,
    label: STATUS_FILTER_LABELS[f],
    count: data.counts[f] ?? 0,
    tone: STATUS_TONES[f],
  }));
  const summary =
    tab === "playerlist" ? (
      <SummaryBadges
        title={id === "2446" ? "Player Summary" : "Player Status"}
        note={
          id === "2446" ? `${data.trackable} trackable ${data.trackable === 1 ? "player" : "players"} online` : null
        }
        items={statusItems}
        active={filter}
        hrefFor={filterHref}
        clearHref={clearHref}
      />
    ) : isActivityTab(tab) ? null : (
      <SummaryBadges
        title={tab === "joinlog" ? "Join Summary" : "Leave Summary"}
        items={statusItems}
        active={filter}
        hrefFor={filterHref}
        clearHref={clearHref}
      />
    );

  return (
    <div className="server-stats" data-server={id} data-tab={tab}>
      <div className="page-header">
        <h1>{data.server.title}</h1>
        {tab !== "playerlist" ? <LiveStatusBadge /> : null}
      </div>

      <TabNav
        tabs={TABS}
        active={tab}
        label={`${data.server.title} tabs`}
        className="stats-tabs"
        href={tabHref}
        text={(t) => TAB_LABELS[t]}
      />

      {data.staleAsOf ? (
        <StaleNotice small>
          showing data as of {formatDate(data.staleAsOf, "numericDateTime", data.timeZone)}.
        </StaleNotice>
      ) : null}

      {tab === "playerlist" ? (
        <>
          <ServerPanel
            id={id}
            server={data.server}
            state={data.state as ServerState | null}
            serverNow={data.now}
            timeZone={data.timeZone}
          />
          <PopulationChart
            population={data.population}
            range={data.range}
            now={data.now}
            timeZone={data.timeZone}
            serverId={id}
            here={here}
            svg={data.populationSvg}
          />
        </>
      ) : data.card ? (
        <ActivityCard
          tab={tab}
          card={data.card}
          serverNow={data.now}
          counts={data.counts}
          filter={filter}
          filterHref={filterHref}
          clearHref={clearHref}
          summary={summary}
        />
      ) : null}

      <section className="card stats-table-card" aria-label={`${TAB_LABELS[tab]} table`}>
        {tab === "playerlist" ? summary : null}
        <div className="stats-toolbar">
          {data.page.total > 0 || filter ? (
            <PageSizeForm size={data.size} keep={{ tab, filter, range: data.range === "24h" ? null : data.range }} />
          ) : null}
          {filter ? (
            <span className="muted small" data-testid="active-filter">
              Filter: {filterLabel(filter)} · {data.page.total} {data.page.total === 1 ? "entry" : "entries"}
            </span>
          ) : null}
          {loading ? (
            <span className="stats-loading" role="status" data-testid="stats-loading">
              <span className="spinner" aria-hidden /> Loading...
            </span>
          ) : null}
          {data.page.total > 0 ? <ExportLink /> : null}
        </div>

        {data.error ? (
          <ErrorBox title={data.error.title} message={data.error.message} detail={data.error.detail} />
        ) : data.empty ? (
          <EmptyState title={data.empty.title} text={data.empty.text} detail={data.empty.detail} />
        ) : (
          <>
            {/* Served too, so the grid does not move when it comes; without JavaScript it is hidden (server-stats.css). */}
            <div className="stats-actionbar" role="toolbar" aria-label="Selected row" data-testid="stats-actionbar">
              {selected ? (
                <>
                  <span>
                    #{selected.id} · <strong>{selected.displayName ?? selected.eosId}</strong>
                  </span>
                  <Badge tone={selected.statusTone}>{selected.statusLabel || "-"}</Badge>
                  {selected.profileHref ? (
                    <Link to={selected.profileHref} className="button small">
                      Open profile
                    </Link>
                  ) : null}
                  {steam ? (
                    <>
                      <span className="muted small">Steam Profile:</span>
                      <SteamLink href={selected.steamProfileLink} />
                    </>
                  ) : null}
                </>
              ) : (
                <span className="muted small">
                  Select a row to open the player&apos;s profile{steam ? " or Steam profile" : ""}; a name opens it at
                  once.
                </span>
              )}
            </div>
            <CanvasTable
              key={tab}
              rows={rows}
              columns={columns}
              rowKey={(r) => r.key}
              onSelect={(r) => setSelectedKey(r?.key ?? null)}
              label={`${data.server.title}: ${TAB_LABELS[tab]}`}
              maxHeight={GRID_MAX_HEIGHT}
              fallback={
                <StatsTable rows={rows} columns={columns} caption={`${data.server.title}: ${TAB_LABELS[tab]}`} />
              }
            />
          </>
        )}

        {!data.error && data.page.total > 0 ? <Pagination page={data.page} /> : null}
      </section>
    </div>
  );
}

const filterLabel = (f: Filter) => (f === "joins" || f === "leaves" ? EVENT_FILTER_LABELS[f] : STATUS_FILTER_LABELS[f]);

/**
 * The tab reloads when a live event with this server's id arrives: the event of its own data (and,
 * on the playerlist, an enemy coming online); and after the socket reconnects, since events may have been missed.
 */
function useServerLive(id: ServerId, tab: Tab) {
  const types = useMemo(() => {
    const wanted: string[] = [TAB_SOURCES[tab].event, ...(tab === "playerlist" ? ["enemy_online"] : [])];
    return LIVE_EVENT_TYPES.filter((t) => wanted.includes(t));
  }, [tab]);
  useLiveRevalidate(types, (event) => !("serverId" in event) || event.serverId === id);
}
