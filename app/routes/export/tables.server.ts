// Each exportable page's table, read through the page's own loader code: the same search, filters, sort and
// tab as the page, so a download has exactly the rows and columns the page shows, and the loader's own check of who is
// asking. A loader answers its failure in words (loadError, error, failed); the reader hands it on.
import { SECTION_LABELS } from "#contract/access";
import { AUDIT_ENTITY_SECTIONS, entityLabel, fieldChanges } from "#contract/audit";
import { BREEDER_TAB_LABELS } from "#contract/breeder";
import { TABS as STOCK_TABS } from "#contract/stock";
import { SERVER_IDS, type ServerId } from "#contract/servers";
import { cellTextOf, unpackRows, type SheetColumn, type SheetRow } from "#app/components/sheet/rules";
import { columnsFor as stockColumns } from "#app/components/stock/rules";
import { formatDateTime } from "#app/utils/dates";
import { csvColumns, type CsvColumn, type TablePage, type TableReader } from "#app/utils/export.server";
import { loadAudit } from "#app/routes/_shell.dashboard.audit/audit.server";
import { SIDE_TABLES } from "#app/routes/_shell.dashboard.breeder-stats/breeder";
import { loadBreederPage } from "#app/routes/_shell.dashboard.breeder-stats/breeder.server";
import { COLUMNS as CLAIM_COLUMNS } from "#app/routes/_shell.dashboard.breeder-stats/claims";
import { COLUMNS as LEADERBOARD_COLUMNS } from "#app/routes/_shell.dashboard.breeder-stats/leaderboard";
import { listColumns } from "#app/routes/_shell.dashboard.breeder-stats/list-rules";
import { COLUMNS as CODE_COLUMNS } from "#app/routes/_shell.dashboard.codes/route";
import { loadCodes } from "#app/routes/_shell.dashboard.codes/codes.server";
import { joinColumns, leaveColumns } from "#app/routes/_shell.dashboard.logs/route";
import { loadLogs } from "#app/routes/_shell.dashboard.logs/logs.server";
import { TAB_MEMORY as LOGS_TAB } from "#app/routes/_shell.dashboard.logs/logs";
import { readRememberedTab } from "#app/utils/remembered-tab";
import { loadStock } from "#app/routes/_shell.dashboard.stock-2411/stock.server";
import { COLUMNS as TRIBELIST_COLUMNS } from "#app/routes/_shell.dashboard.tribelists/columns";
import { loadTribelist } from "#app/routes/_shell.dashboard.tribelists/tribelists.server";
import { columnsFor as vouchColumns } from "#app/routes/_shell.dashboard.vouches/VouchesTable";
import { loadVouches } from "#app/routes/_shell.dashboard.vouches/vouches.server";
import { COLUMNS as WEEKLY_COLUMNS } from "#app/routes/_shell.dashboard.weekly-members/route";
import { TAB_LABELS as WEEKLY_TABS } from "#app/routes/_shell.dashboard.weekly-members/weekly-members";
import { loadWeeklyMembers } from "#app/routes/_shell.dashboard.weekly-members/weekly-members.server";
import { columnsFor as statsColumns } from "#app/routes/server-stats-page/StatsTable";
import { TAB_LABELS as STATS_TABS } from "#app/routes/server-stats-page/servers";
import { loadServerStats } from "#app/routes/server-stats-page/stats.server";
import type { ExportPage } from "./pages";

type Loaded = Response | object;
/** What a loader answered: its JSON when it answered a Response. */
const dataOf = async <T>(answer: Loaded): Promise<T> => (answer instanceof Response ? answer.json<T>() : (answer as T));

/** A page of a sheet (stock, breeder list): each cell's text as the sheet shows it. */
const sheetColumns = (columns: readonly SheetColumn[]): CsvColumn<SheetRow>[] =>
  columns.map((c) => ({ title: c.title, value: (row) => cellTextOf(c, c.value(row)) }));

type Paged<R> = { rows: R[]; pageCount: number };
const table = <R>(
  name: string,
  columns: readonly CsvColumn<R>[],
  page: Paged<R> | null | undefined,
  error: string | null,
): TablePage<R> => ({
  name,
  columns,
  rows: page?.rows ?? [],
  pageCount: page?.pageCount ?? 1,
  error,
});

const vouches: TableReader = async (request, context) => {
  type Data = {
    page: Paged<Parameters<ReturnType<typeof vouchColumns>[number]["value"]>[0]>;
    loadError: string | null;
  };
  const data = await dataOf<Data>(await loadVouches(request, context));
  return table("vouches", csvColumns(vouchColumns(false)), data.page, data.loadError);
};

const codes: TableReader = async (request, context) => {
  type Data = { page: Paged<Parameters<(typeof CODE_COLUMNS)[number]["value"]>[0]>; loadError: string | null };
  const data = await dataOf<Data>(await loadCodes(request, context));
  return table("codes", csvColumns(CODE_COLUMNS), data.page, data.loadError);
};

const tribelists: TableReader = async (request, context) => {
  type Data = {
    server: string;
    page: Paged<Parameters<(typeof TRIBELIST_COLUMNS)[number]["value"]>[0]>;
    loadError: string | null;
  };
  const data = await dataOf<Data>(await loadTribelist(request, context));
  return table(`tribelist-${data.server}`, csvColumns(TRIBELIST_COLUMNS), data.page, data.loadError);
};

const logs: TableReader = async (request, context) => {
  const data = await loadLogs(context, new URL(request.url), readRememberedTab(request, LOGS_TAB));
  return data.tab === "join-log"
    ? table("join-log", csvColumns(joinColumns(data.avatars)), data.join, data.loadError)
    : table("leave-log", csvColumns(leaveColumns(data.avatars)), data.leave, data.loadError);
};

const serverStats =
  (id: ServerId): TableReader =>
  async (request, context) => {
    type Data = Awaited<ReturnType<Awaited<ReturnType<typeof loadServerStats>>["json"]>>;
    const data = await dataOf<Data>(await loadServerStats(request, context, id));
    const error = data.error ? [data.error.title, data.error.message].filter(Boolean).join(": ") : null;
    return table(
      `server-stats-${id}-${STATS_TABS[data.tab]}`,
      csvColumns(statsColumns(data.tab, id)),
      data.page,
      error,
    );
  };

const stock: TableReader = async (request, context) => {
  type Data = Awaited<ReturnType<Awaited<ReturnType<typeof loadStock>>["json"]>>;
  const data = await dataOf<Data>(await loadStock(request, context));
  const columns = sheetColumns(stockColumns(data.kind, { ready: data.ready, unready: data.unready }));
  return table(`stock-${STOCK_TABS[data.tab].label}`, columns, data.page as Paged<SheetRow>, data.loadError);
};

const breeder: TableReader = async (request, context) => {
  type Data = Awaited<ReturnType<Awaited<ReturnType<typeof loadBreederPage>>["json"]>>;
  const data = await dataOf<Data>(await loadBreederPage(request, context));
  const name = `breeder-${BREEDER_TAB_LABELS[data.tab]}`;
  const failed = (part: { failed: boolean } | null) =>
    !part || part.failed ? `${BREEDER_TAB_LABELS[data.tab]} could not be read` : null;
  switch (data.tab) {
    case "breeder-list": {
      const list = data.list!;
      const page = list && { rows: unpackRows<SheetRow>(list.page.rows), pageCount: list.page.pageCount };
      return table(name, sheetColumns(listColumns(list.toggles)), page, failed(list));
    }
    case "ffa-raising":
    case "codes-given-to": {
      const part = data.tab === "ffa-raising" ? data.ffa : data.codes;
      const side = SIDE_TABLES[data.tab === "ffa-raising" ? "ffa" : "codes"];
      const columns = side.columns.map((c) => ({
        title: c.title,
        value: (row: Record<string, unknown>) => row[c.key] as string | null,
      }));
      return table(name, columns, part?.page as Paged<Record<string, unknown>> | undefined, failed(part));
    }
    case "claim-sessions":
      return table(name, csvColumns(CLAIM_COLUMNS), data.claims?.page, failed(data.claims));
    case "breeder-statistics":
      return table(name, csvColumns(LEADERBOARD_COLUMNS), data.stats?.page, failed(data.stats));
  }
};

const weeklyMembers: TableReader = async (request, context) => {
  type Data = Awaited<ReturnType<Awaited<ReturnType<typeof loadWeeklyMembers>>["json"]>>;
  const data = await dataOf<Data>(await loadWeeklyMembers(request, context));
  const error = data.error ? `${data.error.title}: ${data.error.message}` : null;
  return table(`weekly-members-${WEEKLY_TABS[data.tab]}`, csvColumns(WEEKLY_COLUMNS), data.page, error);
};

type AuditRow = Awaited<ReturnType<typeof loadAudit>>["page"]["rows"][number];
/** The audit trail as its page shows it, each change on one line ("field: before -> after"). */
const AUDIT_COLUMNS: CsvColumn<AuditRow>[] = [
  { title: "When (UTC)", value: (r) => formatDateTime(r.at, "UTC") },
  { title: "Who", value: (r) => r.actorName ?? r.actor },
  { title: "Who ID", value: (r) => r.actor },
  {
    title: "Section",
    value: (r) => (AUDIT_ENTITY_SECTIONS[r.entity] ? SECTION_LABELS[AUDIT_ENTITY_SECTIONS[r.entity]!] : null),
  },
  { title: "Record", value: (r) => entityLabel(r.entity) },
  { title: "Record ID", value: (r) => r.entityId },
  { title: "Action", value: (r) => r.action },
  {
    title: "Changes",
    value: (r) =>
      fieldChanges(r.before, r.after)
        .map(
          (c) => `${c.field}: ${c.before ?? ""}${c.before !== null && c.after !== null ? " -> " : ""}${c.after ?? ""}`,
        )
        .join("\n"),
  },
];

const audit: TableReader = async (request, context) => {
  const data = await loadAudit(context, new URL(request.url));
  return table("audit", AUDIT_COLUMNS, data.page, data.error);
};

/** Each exportable page's table. */
export const TABLE_READERS: Record<ExportPage, TableReader> = {
  vouches,
  analytics: vouches,
  codes,
  tribelists,
  logs,
  ...(Object.fromEntries(SERVER_IDS.map((id) => [`server-stats-${id}`, serverStats(id)])) as Record<
    `server-stats-${ServerId}`,
    TableReader
  >),
  "stock-2411": stock,
  "breeder-stats": breeder,
  "weekly-members": weeklyMembers,
  audit,
};
