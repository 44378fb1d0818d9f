// One server's stats page (spec part 2: "Server stats screens"): seven tabs, a summary panel above a table on each,
// the playerlist's status panel with Manual Refresh and its population chart. Tab, filter, page size, page and chart
// range live in the URL, so everything works without JavaScript; with it, the tables are canvas grids that the live
// room keeps current, and the tab is remembered in local storage under the spec's per-server key.
//
// One route module for the three servers: remix.config.js maps it at /dashboard/server-stats-2411, -2573 and -2446
// (route ids server-stats-2411, ...), and the module reads its server from the URL.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { CanvasTable } from "../../components/grid/CanvasTable";
import { gridHeight, TABLE_GRID } from "../../components/grid/geometry";
import { Icon } from "../../components/icons";
import { useNotifications } from "../../components/notifications/notifications";
import { Pagination } from "../../components/table/Pagination";
import { PageSizeSelect } from "../../components/table/TableToolbar";
import { ExportLink } from "../../components/table/ExportLink";
import { SourceAge } from "../../components/SourceAge";
import { LIVE_EVENT_TYPES } from "../../../contract/events";
import { LiveStatusBadge, useLiveRevalidate } from "../../realtime/live";
import type { Answer } from "../../utils/action";
import { submitAsFetcher } from "../../utils/fetcher-form";
import { formatDate } from "../../utils/dates";
import { useHydrated } from "../../utils/hydrated";
import { useRememberedTab } from "../../utils/remembered-tab";
import { withParams } from "../../utils/table";
import { Badge, EmptyState, ErrorBox, RelativeTime, SteamLink, useNow } from "./bits";
import { PopulationChart } from "./PopulationChart";
import {
  EVENT_FILTER_LABELS,
  eventTone,
  isActivityTab,
  isTab,
  lastUpdatedStorageKey,
  pagePath,
  SERVERS,
  serverOfPath,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  TAB_LABELS,
  TAB_SOURCES,
  TABS,
  tabStorageKey,
  TEXTS,
  type ActivityTab,
  type Filter,
  type ServerState,
  type StatsRow,
  type Tab,
  type Tone,
} from "./servers";
import type { ServerId } from "../../../contract/servers";
import { columnsFor, hasSteamColumn, StatsTable } from "./StatsTable";
import { loadServerStats, serverStatsAction } from "./stats.server";
import styles from "../../styles/server-stats.css?url";
import { StaleNotice } from "../../components/HostNotice";
import { TabNav } from "../../components/TabNav";
import { useCan } from "../../utils/access";

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

export const loader = ({ request, context }: LoaderFunctionArgs) => loadServerStats(request, context, serverOf(request));
export const action = ({ request, context }: ActionFunctionArgs) => serverStatsAction(request, context, serverOf(request));

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
  const hydrated = useHydrated();
  const navigation = useNavigation();

  // Spec section 2: the active tab is kept in local storage under server_stats_{id}_active_tab and restored only when
  // it is one of the seven keys (a filter or page of another tab does not carry over).
  useRememberedTab({ storageKey: tabStorageKey(id), tab, hasTabParam: data.hasTabParam, isTab, here, reset: ["filter", "page"] });
  useServerLive(id, tab);
  useEffect(() => {
    if (data.state?.lastUpdated) localStorage.setItem(lastUpdatedStorageKey(id), String(data.state.lastUpdated));
  }, [id, data.state?.lastUpdated]);

  // Spec section 2: a spinner while a tab, filter or page loads, or Retry reloads it (live reloads stay quiet).
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

  const summary =
    tab === "playerlist" ? (
      <SummaryBadges
        title={id === "2446" ? "Player Summary" : "Player Status"}
        note={id === "2446" ? `${data.trackable} trackable ${data.trackable === 1 ? "player" : "players"} online` : null}
        items={STATUS_FILTERS.map((f) => ({ key: f, label: STATUS_FILTER_LABELS[f], count: data.counts[f] ?? 0, tone: STATUS_TONES[f] }))}
        active={filter}
        hrefFor={filterHref}
        clearHref={clearHref}
      />
    ) : isActivityTab(tab) ? null : (
      <SummaryBadges
        title={tab === "joinlog" ? "Join Summary" : "Leave Summary"}
        items={STATUS_FILTERS.map((f) => ({ key: f, label: STATUS_FILTER_LABELS[f], count: data.counts[f] ?? 0, tone: STATUS_TONES[f] }))}
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

      <TabNav tabs={TABS} active={tab} label={`${data.server.title} tabs`} className="stats-tabs" href={tabHref} text={(t) => TAB_LABELS[t]} />

      {data.staleAsOf ? (
        <StaleNotice small>showing data as of {formatDate(data.staleAsOf, "numericDateTime", data.timeZone)}.</StaleNotice>
      ) : null}

      {tab === "playerlist" ? (
        <>
          <ServerPanel id={id} state={data.state as ServerState | null} serverNow={data.now} here={here} />
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
          <ErrorBox
            title={data.error.title}
            message={data.error.message}
            detail={data.error.detail}
            retryHref={here}
          />
        ) : data.empty ? (
          <EmptyState title={data.empty.title} text={data.empty.text} detail={data.empty.detail} />
        ) : (
          <>
            {hydrated && steam ? (
              <div className="stats-actionbar" role="toolbar" aria-label="Selected row" data-testid="stats-actionbar">
                {selected ? (
                  <>
                    <span>
                      #{selected.id} · <strong>{selected.displayName ?? selected.eosId}</strong>
                    </span>
                    <Badge tone={selected.statusTone}>{selected.statusLabel || "-"}</Badge>
                    <span className="muted small">Steam Profile:</span>
                    <SteamLink href={selected.steamProfileLink} />
                  </>
                ) : (
                  <span className="muted small">Select a row to open its Steam profile.</span>
                )}
              </div>
            ) : null}
            <CanvasTable
              key={tab}
              rows={rows}
              columns={columns}
              rowKey={(r) => r.key}
              onSelect={(r) => setSelectedKey(r?.key ?? null)}
              label={`${data.server.title}: ${TAB_LABELS[tab]}`}
              maxHeight={GRID_MAX_HEIGHT}
              fallback={<StatsTable rows={rows} columns={columns} caption={`${data.server.title}: ${TAB_LABELS[tab]}`} />}
            />
          </>
        )}

        {!data.error && data.page.total > 0 ? <Pagination page={data.page} /> : null}
      </section>
    </div>
  );
}

const filterLabel = (f: Filter) => (f === "joins" || f === "leaves" ? EVENT_FILTER_LABELS[f] : STATUS_FILTER_LABELS[f]);

/** The toggle filters (spec section 4): a badge per class with its count; the active one again clears it. */
function SummaryBadges({
  title,
  note,
  items,
  active,
  hrefFor,
  clearHref,
}: {
  title: string;
  note?: string | null;
  items: { key: Filter; label: string; count: number; tone: Tone }[];
  active: Filter | null;
  hrefFor: (f: Filter) => string;
  clearHref: string;
}) {
  return (
    <div className="stats-summary" data-testid="stats-summary">
      <div className="stats-summary-head">
        <h3>{title}</h3>
        {note ? (
          <span className="muted small" data-testid="summary-note">
            {note}
          </span>
        ) : null}
      </div>
      <div className="filter-badges" role="group" aria-label={`${title} filters`}>
        {items.map((i) => (
          <Link
            key={i.key}
            to={hrefFor(i.key)}
            className={`filter-badge tone-${i.tone}${active === i.key ? " active" : ""}`}
            aria-pressed={active === i.key}
            role="button"
            preventScrollReset
            replace
            data-testid={`filter-${i.key}`}
          >
            <span>{i.label}</span>
            <span className="filter-count">{i.count}</span>
          </Link>
        ))}
        {active ? <ClearFilter href={clearHref} /> : null}
      </div>
    </div>
  );
}

/** The playerlist panel (spec section 2): title, Online/Offline, Manual Refresh, map, players, Last Updated, errors. */
function ServerPanel({ id, state, serverNow, here }: { id: ServerId; state: ServerState | null; serverNow: number; here: string }) {
  const data = useLoaderData<typeof loader>();
  // The clock ticks here, not in the page: a tick re-renders this panel only, never the table or the chart.
  const now = useNow(serverNow);
  const canRefresh = useCan("server-stats");
  const online = !!state?.online;
  const unknown = !!state?.unknown;
  return (
    <section className="card server-panel" aria-labelledby={`server-${id}`} data-testid="server-panel">
      <div className="server-panel-head">
        <h2 id={`server-${id}`}>
          {data.server.shortName} <span className="muted">({data.server.fullName})</span>
        </h2>
        <Badge tone={online ? "green" : unknown ? "yellow" : "red"} testId="server-status">
          {online ? "Online" : unknown ? "Unknown" : "Offline"}
        </Badge>
        <span className="server-panel-spacer" />
        <LiveStatusBadge />
        {canRefresh ? <ManualRefresh id={id} here={here} /> : null}
      </div>
      <div className="server-facts">
        <span>
          <span className="muted">Map:</span> <strong data-testid="map-name">{state?.mapName ?? data.server.mapName}</strong>
        </span>
        <span data-testid="player-count">
          Players: {unknown ? "unknown" : (state?.playerCount ?? 0)}/{state?.maxPlayers ?? 70}
        </span>
        <span>
          <span className="muted">Last Updated:</span> <RelativeTime at={state?.lastUpdated ?? null} serverNow={serverNow} testId="last-updated" />
        </span>
        {state?.roster ? (
          <SourceAge
            label={state.roster.label}
            observedAt={state.roster.observedAt}
            intervalMs={state.roster.intervalMs}
            now={now}
            timeZone={data.timeZone}
            testId="roster-age"
          />
        ) : null}
      </div>
      {state && !online ? (
        <div className={`server-error-details${unknown ? " unknown" : ""}`} role="status" data-testid="error-details">
          <strong>{unknown ? "Unknown" : "Offline"}</strong>
          <span>{state.errorDetails ?? TEXTS.offlineText}</span>
        </div>
      ) : online && state?.roster?.unknownReason ? (
        <div className="server-error-details unknown" role="status" data-testid="error-details">
          <strong>Roster unknown</strong>
          <span>{state.roster.unknownReason}</span>
        </div>
      ) : null}
    </section>
  );
}

type RefreshAnswer = Answer;
type Phase = "idle" | "waiting" | "refetching";

/**
 * Manual Refresh (spec sections 4, 8, 9). With JavaScript: a fetcher; the button reads "Refreshing..." and is
 * disabled while busy; the answer becomes a toast; 2 s later the player data is refetched, then it is idle again.
 * Without it: a form POST that comes back to this page with the toast.
 */
function ManualRefresh({ id, here }: { id: ServerId; here: string }) {
  const fetcher = useFetcher<RefreshAnswer>({ key: `server-refresh-${id}` });
  const revalidator = useRevalidator();
  const { notify } = useNotifications();
  const [phase, setPhase] = useState<Phase>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const sawLoading = useRef(false);

  // Each new answer (not the state's steps, which React may merge into one render) starts the 2 s wait. An answer
  // this fetcher already had when the panel mounted was handled then.
  const handled = useRef(fetcher.data);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.toast) notify(answer.toast);
    setPhase("waiting");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      sawLoading.current = false;
      setPhase("refetching");
      revalidator.revalidate();
    }, 2000);
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (phase !== "refetching") return;
    if (revalidator.state === "loading") sawLoading.current = true;
    else if (sawLoading.current) setPhase("idle");
  }, [phase, revalidator.state]);
  // Should the refetch never report (a navigation replaced it), do not stay busy for ever.
  useEffect(() => {
    if (phase !== "refetching") return;
    const t = setTimeout(() => setPhase("idle"), 10_000);
    return () => clearTimeout(t);
  }, [phase]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const busy = phase !== "idle" || fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={pagePath(id)} className="refresh-form" onSubmit={submitAsFetcher(fetcher, pagePath(id))}>
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className="button small primary" disabled={busy} aria-busy={busy || undefined} data-testid="manual-refresh">
        <Icon name="server" size={14} /> {busy ? TEXTS.refreshing : TEXTS.refresh}
      </button>
    </fetcher.Form>
  );
}

/** The card of the join, leave and activity tabs (spec section 2). */
function ActivityCard({
  tab,
  card,
  serverNow,
  counts,
  filter,
  filterHref,
  clearHref,
  summary,
}: {
  tab: Tab;
  card: { title: string; label: string; recent: number | null; total: number; lastUpdated: number | null };
  serverNow: number;
  counts: Record<string, number>;
  filter: Filter | null;
  filterHref: (f: Filter) => string;
  clearHref: string;
  summary: React.ReactNode;
}) {
  return (
    <section className="card activity-card" aria-labelledby="activity-title" data-testid="activity-card">
      <div className="activity-head">
        <h2 id="activity-title">{card.title}</h2>
        {tab === "joinlog" ? <Badge tone="green" testId="recent-badge">Recent Joins: {card.recent}</Badge> : null}
        {tab === "leavelog" ? <Badge tone="yellow" testId="recent-badge">Recent Leaves: {card.recent}</Badge> : null}
        {isActivityTab(tab) ? (
          <div className="filter-badges" role="group" aria-label="Event filters">
            {(["joins", "leaves"] as const).map((f) => (
              <Link
                key={f}
                to={filterHref(f)}
                className={`filter-badge tone-${eventTone(tab as ActivityTab, f === "joins" ? "join" : "leave")}${filter === f ? " active" : ""}`}
                aria-pressed={filter === f}
                role="button"
                preventScrollReset
                replace
                data-testid={`filter-${f}`}
              >
                <span>{EVENT_FILTER_LABELS[f]}</span>
                <span className="filter-count">{counts[f] ?? 0}</span>
              </Link>
            ))}
            {filter ? <ClearFilter href={clearHref} /> : null}
          </div>
        ) : null}
      </div>
      <div className="activity-facts muted small">
        <span data-testid="server-label">{card.label}</span>
        {tab === "leavelog" ? (
          <>
            <span data-testid="total-entries">Total entries: {card.total}</span>
            <span>
              Last updated: <RelativeTime at={card.lastUpdated} serverNow={serverNow} />
            </span>
          </>
        ) : (
          <span>{card.total} {card.total === 1 ? "entry" : "entries"} in the last 30 days</span>
        )}
      </div>
      {summary}
    </section>
  );
}

/** "Show {25|50|100} entries" (spec section 2): a GET form; a change goes back to page 1. */
function PageSizeForm({ size, keep }: { size: number; keep: Record<string, string | null> }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="page-size-form" preventScrollReset>
      {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
      <PageSizeSelect
        size={size}
        onChange={(form) => form && submit(form, { replace: true, preventScrollReset: true })}
        testId="page-size"
      />
      <noscript>
        <button className="button small" type="submit">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/**
 * Spec section 4: the tab reloads when a live event with this server's id arrives: the event of its own data (and,
 * on the playerlist, an enemy coming online); and after the socket reconnects, since events may have been missed.
 */
function useServerLive(id: ServerId, tab: Tab) {
  const types = useMemo(() => {
    const wanted: string[] = [TAB_SOURCES[tab].event, ...(tab === "playerlist" ? ["enemy_online"] : [])];
    return LIVE_EVENT_TYPES.filter((t) => wanted.includes(t));
  }, [tab]);
  useLiveRevalidate(types, (event) => !("serverId" in event) || event.serverId === id);
}

/** Spec section 4: the button that drops the active filter. */
function ClearFilter({ href }: { href: string }) {
  return (
    <Link to={href} className="button small" preventScrollReset replace data-testid="clear-filter">
      <Icon name="x" size={14} /> Clear Filter
    </Link>
  );
}
