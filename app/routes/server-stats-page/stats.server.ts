// The server stats pages' server flow for the three routes: the loader reads only the active tab, then classifies,
// counts, filters, pages and shapes the rows for table and grid; the action is Manual Refresh.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "#app/utils/json.server";
import { requireUser } from "#app/auth/session.server";
import { failureReason, host, hostErrorOf } from "#app/host/client.server";
import { backTo, formOf, isDocumentRequest, reply } from "#app/utils/action.server";
import { timeZoneOr } from "#app/utils/dates";
import { readPreferences } from "#app/utils/preferences";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { pageSizeFrom, paginate, type Page } from "#app/utils/table";
import {
  countByStatus,
  filterFor,
  inFilter,
  isActivityTab,
  pagePath,
  peakOf,
  rangeFrom,
  SERVERS,
  tabMemory,
  TAB_LABELS,
  TAB_SOURCES,
  TEXTS,
  type Filter,
  type Population,
  type Range,
  type Tab,
  type StatsRow,
  type ServerState,
  type EmptyState,
  type LoadError,
  type Card,
} from "./servers";
import {
  MAX_PLAYERS,
  statusClass,
  type PopulationPoint,
  type ServerId,
  type ServerPopulation,
  type ServerStatus,
} from "#contract/servers";
import { DAY_MS, MINUTE_MS } from "#contract/time";
import { chartSvg } from "#app/components/charts/chart-svg.server";
import type { PopulationLineProps } from "./PopulationChart";
import { PopulationLine } from "./PopulationLine";
import { eventRow, playerRow, playersOf, serverStateOf, toMs, type LogEntry } from "./host-rows.server";

const populationSvg = chartSvg(PopulationLine);
/** The population chart as the server renders it for a document; `now` (the end of the time axis) is taken to the
 * minute, so the views within a minute share one rendering. */
const populationChartSvg = (props: PopulationLineProps) =>
  populationSvg({ ...props, now: Math.floor(props.now / MINUTE_MS) * MINUTE_MS });

/** The empty state of a table, or null when it has rows (or an error box shows instead). */
export function emptyState(args: {
  id: ServerId;
  tab: Tab;
  filter: Filter | null;
  total: number;
  shown: number;
  state?: ServerState | null;
}): EmptyState | null {
  const { id, tab, filter, total, shown, state } = args;
  if (shown > 0) return null;
  const noun = TAB_SOURCES[tab].noun;
  if (tab === "playerlist") {
    // Nobody is listed because the roster's source is silent, not because nobody plays.
    if (total === 0 && state?.roster?.unknownReason && (state.online || state.unknown)) {
      return { title: "Roster unknown", text: state.roster.unknownReason };
    }
    if (total === 0 && state && !state.online) {
      return { title: TEXTS.offlineTitle, text: TEXTS.offlineText, detail: state.errorDetails };
    }
    if (total === 0) return { title: TEXTS.noPlayers, text: TEXTS.noPlayersText(id) };
    return { title: TEXTS.noFilteredPlayers(filter ?? "matching") };
  }
  if (total === 0) {
    if (id === "2573" && (tab === "joinlog" || tab === "leavelog")) {
      return tab === "leavelog"
        ? { title: TEXTS.noEntries2573(noun), text: TEXTS.noRecentLeaves2573 }
        : { title: TEXTS.noEntries2573(noun) };
    }
    return { title: TEXTS.noData(noun) };
  }
  if (id === "2573") return { title: TEXTS.noFilteredEntries2573(filter ?? "matching") };
  return { title: TEXTS.noMatch, text: TEXTS.noMatchText };
}

/** The error box of a tab whose data could not be read. */
export function loadError(tab: Tab, error: unknown): LoadError {
  const noun = TAB_SOURCES[tab].noun;
  return { title: TEXTS.loadError(noun), message: TEXTS.fetchFailed(noun), detail: failureReason(error) };
}

async function loadPopulation(context: AppLoadContext, id: ServerId, range: Range): Promise<Population | null> {
  try {
    const { data } = await host(context).get<ServerPopulation>(`/api/eoserver-population/${id}?range=${range}`);
    const points: PopulationPoint[] = (Array.isArray(data?.points) ? data.points : [])
      .map((p) => ({
        t: toMs(p?.t) ?? NaN,
        players: typeof p?.players === "number" && Number.isFinite(p.players) ? p.players : null,
      }))
      .filter((p) => Number.isFinite(p.t))
      .sort((a, b) => a.t - b.t);
    if (!points.some((p) => p.players !== null)) return null;
    const given =
      data.peak &&
      toMs(data.peak.t) !== null &&
      typeof data.peak.players === "number" &&
      Number.isFinite(data.peak.players)
        ? { t: toMs(data.peak.t)!, players: data.peak.players }
        : null;
    return { range, points, peak: given ?? peakOf(points), maxPlayers: data.maxPlayers || MAX_PLAYERS };
  } catch (error) {
    // Until the host has population history (or for a server it has none for), the chart says so.
    if (hostErrorOf(error)?.status !== 404) console.error("server stats: population load failed", id, error);
    return null;
  }
}

export async function loadServerStats(request: Request, context: AppLoadContext, id: ServerId) {
  requireUser(request, context.auth);
  const url = new URL(request.url);
  const server = SERVERS[id];
  // The remembered tab is used only when it is one of the seven keys, else playerlist.
  const { tab, hasTabParam, headers } = readRememberedTab(request, tabMemory(id));
  const filter = filterFor(tab, url.searchParams.get("filter"));
  const size = pageSizeFrom(url.searchParams.get("size"));
  const pageNumber = Number(url.searchParams.get("page") ?? 1);
  const range = rangeFrom(url.searchParams.get("range"));
  const timeZone = timeZoneOr(readPreferences(request).timeZone);
  const now = Date.now();
  const source = TAB_SOURCES[tab];

  let error: LoadError | null = null;
  let staleAsOf: number | null = null;
  let rows: (StatsRow & { timeMs?: number | null })[] = [];
  let state: ServerState | null = null;
  let population: Population | null = null;

  if (tab === "playerlist") {
    const [status, chart] = await Promise.all([
      host(context)
        .get<ServerStatus>(source.path(id))
        .then((answer) => ({ answer, failure: null }))
        .catch((failure: unknown) => ({ answer: null, failure })),
      loadPopulation(context, id, range),
    ]);
    population = chart;
    if (!status.answer) {
      console.error("server stats: status load failed", id, status.failure);
      error = loadError(tab, status.failure);
    } else {
      const data = (status.answer.data ?? {}) as ServerStatus;
      if (status.answer.stale) staleAsOf = status.answer.asOf;
      rows = playersOf(data).map(playerRow);
      state = serverStateOf(id, data);
    }
  } else {
    try {
      const answer = await host(context).get<LogEntry[]>(source.path(id));
      if (answer.stale) staleAsOf = answer.asOf;
      rows = (Array.isArray(answer.data) ? answer.data : []).map((e, i) => eventRow(e, i, tab, timeZone));
    } catch (e) {
      console.error("server stats: list load failed", id, tab, e);
      error = loadError(tab, e);
    }
  }

  // Summary counts over the whole list; the filter is applied to the rows shown.
  const counts: Record<string, number> = isActivityTab(tab)
    ? {
        joins: rows.filter((r) => r.eventType === "join").length,
        leaves: rows.filter((r) => r.eventType === "leave").length,
      }
    : countByStatus(rows);
  const filtered = rows.filter((r) => inFilter(r, filter));
  const page = paginate(filtered, pageNumber, size);
  const pageRows: StatsRow[] = page.rows.map(({ timeMs: _t, ...r }) => r as StatsRow);

  const since = now - DAY_MS;
  const newest = rows.reduce<number | null>(
    (m, r) => (r.timeMs != null && (m === null || r.timeMs > m) ? r.timeMs : m),
    null,
  );
  const card: Card | null =
    tab === "playerlist"
      ? null
      : {
          title: `${server.shortName} ${TAB_LABELS[tab]} Activity`,
          // The server's own name on every tab: the old screens' odd labels are gone (ADR 068).
          label: SERVERS[id].fullName,
          recent:
            tab === "joinlog" || tab === "leavelog"
              ? rows.filter((r) => r.timeMs != null && r.timeMs >= since).length
              : null,
          total: rows.length,
          lastUpdated: newest,
        };

  return json(
    {
      server,
      tab,
      hasTabParam,
      filter,
      size,
      range,
      now,
      timeZone,
      error,
      staleAsOf,
      state,
      population,
      // Only a document shows the server's SVG; the browser's own data requests redraw the chart interactively.
      populationSvg:
        population && isDocumentRequest(request)
          ? populationChartSvg({ population, range, now, timeZone, serverId: id })
          : null,
      counts,
      // 2446's summary counts the trackable players: those whose status puts them in one of the tracked classes.
      trackable:
        tab === "playerlist"
          ? rows.filter((r) => !["unknowns", "other"].includes(statusClass(r.status, r.tribe))).length
          : 0,
      card,
      page: { ...page, rows: pageRows } as Page<StatsRow>,
      empty: error ? null : emptyState({ id, tab, filter, total: rows.length, shown: page.rows.length, state }),
    },
    { headers },
  );
}

/** Manual Refresh: POST /api/eoserver-refresh/{id}. */
export async function serverStatsAction(request: Request, context: AppLoadContext, id: ServerId) {
  requireUser(request, context.auth);
  const form = await formOf(request);
  const io = { request, context, form };
  const back = backTo(form, pagePath(id));
  if (form.get("intent") !== "refresh")
    return reply(io, back, { type: "error", message: "Unknown action." }, { status: 400 });
  let ok: boolean;
  let message: string;
  try {
    await host(context).send<{ message?: string }>("POST", `/api/eoserver-refresh/${id}`);
    ok = true;
    message = TEXTS.refreshed;
  } catch (error) {
    console.error("server stats: manual refresh failed", id, error);
    ok = false;
    message = TEXTS.refreshFailed(failureReason(error));
  }
  return reply(io, back, { type: ok ? "success" : "error", message });
}

export type ServerStatsData = Awaited<ReturnType<typeof loadServerStats>>;
