// Weekly Members: who of the tribe was active this week, with Refresh Data, remembered tabs, search and paging in the
// URL, and live reloads (docs/product/logs-and-weekly-members.md).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { StaleNotice } from "#app/components/HostNotice";
import { Pagination } from "#app/components/table/Pagination";
import { TableToolbar } from "#app/components/table/TableToolbar";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import type { Answer } from "#app/utils/action";
import { RefreshForm } from "#app/components/RefreshForm";
import { formatDate } from "#app/utils/dates";
import { useRememberedTab } from "#app/utils/remembered-tab";
import { withParams } from "#app/utils/table";
import { useAnswerToast } from "#app/utils/use-answer-toast";
import { EmptyState } from "#app/routes/server-stats-page/bits";
import { Badge } from "#app/components/Badge";
import { ErrorBox } from "#app/components/ErrorBox";
import { activityColumns, StatsTable, type Column } from "#app/routes/server-stats-page/StatsTable";
import { TONE_COLORS } from "#app/components/grid/tones";
import { ACTIVITY, PAGE_PATH, TAB_LABELS, TAB_MEMORY, TABS, TEXTS, type Tab, type WeeklyRow } from "./weekly-members";
import { loadWeeklyMembers, weeklyMembersAction } from "./weekly-members.server";
import statsStyles from "#app/styles/server-stats.css?url";
import styles from "#app/styles/weekly-members.css?url";
import { TabNav } from "#app/components/TabNav";
import { useCan } from "#app/utils/access";
import { SourceAgeOf } from "#app/components/SourceAge";

export const meta: MetaFunction = () => [{ title: "Weekly Members · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: statsStyles },
  { rel: "stylesheet", href: styles },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadWeeklyMembers(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => weeklyMembersAction(request, context);

/** Event Type: the member's week, Active (green) or Inactive (grey). */
const EVENT_TYPE: Column<WeeklyRow> = {
  id: "eventType",
  title: "Event Type",
  width: 96,
  kind: "badge",
  value: (r) => ACTIVITY[r.activity].label,
  colors: (r) => TONE_COLORS[ACTIVITY[r.activity].tone],
  render: (r) => <Badge tone={ACTIVITY[r.activity].tone}>{ACTIVITY[r.activity].label}</Badge>,
};

/** ID (row number), EOS ID, Display Name, Member Name, Status, Tribe, Platform, Event Type, Event Time, Last Ark Launch, Steam Profile. */
export const COLUMNS: Column<WeeklyRow>[] = activityColumns(EVENT_TYPE);

export default function WeeklyMembers() {
  const data = useLoaderData<typeof loader>();
  const tab = data.tab as Tab;
  const location = useLocation();
  const here = location.pathname + location.search;
  useLiveRevalidate(["weeklymembers_update"]);
  useRememberedTab(TAB_MEMORY, { tab, hasTabParam: data.hasTabParam, here });
  const rows = data.page.rows as WeeklyRow[];
  const canRefresh = useCan("weekly-members");

  return (
    <div className="weekly-members" data-tab={tab}>
      <div className="page-header">
        <h1>{TEXTS.title}</h1>
        <SourceAgeOf source={data.source} now={data.now} timeZone={data.timeZone} />
        <span className="weekly-spacer" />
        <LiveStatusBadge />
        {canRefresh ? <RefreshData /> : null}
      </div>

      {data.staleAsOf ? (
        <StaleNotice small>
          showing data as of {formatDate(data.staleAsOf, "numericDateTime", data.timeZone)}.
        </StaleNotice>
      ) : null}

      <section className="card weekly-overview" aria-label="Overview" data-testid="weekly-overview">
        <div className="weekly-figure">
          <span className="muted small">{TEXTS.totalMembers}</span>
          <strong data-testid="total-members">{data.counts.total}</strong>
        </div>
        <div className="weekly-figure">
          <span className="muted small">{TEXTS.currentView}</span>
          <strong data-testid="current-view">{data.view}</strong>
        </div>
        <div className="weekly-figure">
          <span className="muted small">{TAB_LABELS.active}</span>
          <strong className="tone-text-green">{data.counts.active}</strong>
        </div>
        <div className="weekly-figure">
          <span className="muted small">{TAB_LABELS.inactive}</span>
          <strong>{data.counts.inactive}</strong>
        </div>
      </section>

      <TabNav
        tabs={TABS}
        active={tab}
        label="Weekly members tabs"
        href={(t) => withParams(here, { tab: t, page: null })}
        text={(t) => TAB_LABELS[t]}
      />

      <section className="card" aria-label={`${TAB_LABELS[tab]} table`}>
        <TableToolbar q={data.q} size={data.size} placeholder={TEXTS.search} keep={["tab"]} exportable />
        {data.error ? (
          <ErrorBox title={data.error.title} message={data.error.message} />
        ) : data.empty ? (
          <EmptyState title={data.empty} text={data.q && data.counts.total > 0 ? TEXTS.noMatchText : undefined} />
        ) : (
          <StatsTable
            rows={rows}
            columns={COLUMNS}
            caption={`${TEXTS.title}: ${TAB_LABELS[tab]}`}
            testId="weekly-table"
            className="table stats-table weekly-table"
          />
        )}
        {!data.error && data.page.total > 0 ? <Pagination page={data.page} /> : null}
      </section>
    </div>
  );
}

/**
 * Refresh Data: with JavaScript a fetcher, "Refreshing..." and disabled while the host works and the
 * page reloads, then the answer's toast; without it a form POST that comes back to this view with the toast.
 */
function RefreshData() {
  const fetcher = useFetcher<Answer>({ key: "weekly-members-refresh" });
  useAnswerToast(fetcher.data);
  return <RefreshForm fetcher={fetcher} action={PAGE_PATH} icon="refresh" texts={TEXTS} testId="refresh-data" />;
}
