// The server stats page's panels: the playerlist's server panel and Manual Refresh, the log tabs' card, the filter
// badges and the page size form.
import { Form, useFetcher, useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ServerId } from "#contract/servers";
import { useNotifications } from "#app/components/notifications/notifications";
import { SourceAge } from "#app/components/SourceAge";
import { ClearFilter, FilterLink, PageSizeSelect } from "#app/components/table/TableToolbar";
import { LiveStatusBadge } from "#app/realtime/live";
import { useCan } from "#app/utils/access";
import type { Answer } from "#app/utils/action";
import { RefreshForm } from "#app/components/RefreshForm";
import { RelativeTime } from "./bits";
import { Badge } from "#app/components/Badge";
import { useNow } from "#app/utils/now";
import {
  EVENT_FILTER_LABELS,
  eventTone,
  isActivityTab,
  pagePath,
  TEXTS,
  type ActivityTab,
  type Filter,
  type ServerState,
  type Tab,
  type Tone,
} from "./servers";

/** The toggle filters: a badge per class with its count; the active one again clears it. */
export function SummaryBadges({
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
          <FilterLink
            key={i.key}
            to={hrefFor(i.key)}
            on={active === i.key}
            className={`filter-badge tone-${i.tone}${active === i.key ? " active" : ""}`}
            testId={`filter-${i.key}`}
          >
            <span>{i.label}</span>
            <span className="filter-count">{i.count}</span>
          </FilterLink>
        ))}
        {active ? <ClearFilter href={clearHref} /> : null}
      </div>
    </div>
  );
}

/** The playerlist panel: title, Online/Offline, Manual Refresh, map, players, Last Updated, errors. */
export function ServerPanel({
  id,
  server,
  state,
  serverNow,
  timeZone,
}: {
  id: ServerId;
  server: { shortName: string; fullName: string; mapName: string };
  state: ServerState | null;
  serverNow: number;
  timeZone: string;
}) {
  const canRefresh = useCan("server-stats");
  const online = !!state?.online;
  const unknown = !!state?.unknown;
  return (
    <section className="card server-panel" aria-labelledby={`server-${id}`} data-testid="server-panel">
      <div className="server-panel-head">
        <h2 id={`server-${id}`}>
          {server.shortName} <span className="muted">({server.fullName})</span>
        </h2>
        <Badge tone={online ? "green" : unknown ? "yellow" : "red"} testId="server-status">
          {online ? "Online" : unknown ? "Unknown" : "Offline"}
        </Badge>
        <span className="server-panel-spacer" />
        <LiveStatusBadge />
        {canRefresh ? <ManualRefresh id={id} /> : null}
      </div>
      <div className="server-facts">
        <span>
          <span className="muted">Map:</span> <strong data-testid="map-name">{state?.mapName ?? server.mapName}</strong>
        </span>
        <span data-testid="player-count">
          Players: {unknown ? "unknown" : (state?.playerCount ?? 0)}/{state?.maxPlayers ?? 70}
        </span>
        <span>
          <span className="muted">Last Updated:</span>{" "}
          <RelativeTime at={state?.lastUpdated ?? null} serverNow={serverNow} testId="last-updated" />
        </span>
        {state?.roster ? (
          <TickingSourceAge
            serverNow={serverNow}
            label={state.roster.label}
            observedAt={state.roster.observedAt}
            intervalMs={state.roster.intervalMs}
            timeZone={timeZone}
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

/** The roster's age, kept current by the page's clock: its ticks re-render this line, not the panel. */
function TickingSourceAge({
  serverNow,
  ...props
}: Omit<Parameters<typeof SourceAge>[0], "now"> & { serverNow: number }) {
  const now = useNow(serverNow);
  return <SourceAge {...props} now={now} />;
}

type Phase = "idle" | "waiting" | "refetching";

/**
 * Manual Refresh. With JavaScript: a fetcher; the button reads "Refreshing..." and is
 * disabled while busy; the answer becomes a toast; 2 s later the player data is refetched, then it is idle again.
 * Without it: a form POST that comes back to this page with the toast.
 */
function ManualRefresh({ id }: { id: ServerId }) {
  const fetcher = useFetcher<Answer>({ key: `server-refresh-${id}` });
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
  }, [fetcher.data]); // eslint-disable-line react-hooks/exhaustive-deps -- once per answer; notify and the revalidator are read then

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
    <RefreshForm
      fetcher={fetcher}
      action={pagePath(id)}
      busy={busy}
      icon="server"
      texts={TEXTS}
      testId="manual-refresh"
    />
  );
}

/** The card of the join, leave and activity tabs. */
export function ActivityCard({
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
        {tab === "joinlog" ? (
          <Badge tone="green" testId="recent-badge">
            Recent Joins: {card.recent}
          </Badge>
        ) : null}
        {tab === "leavelog" ? (
          <Badge tone="yellow" testId="recent-badge">
            Recent Leaves: {card.recent}
          </Badge>
        ) : null}
        {isActivityTab(tab) ? (
          <div className="filter-badges" role="group" aria-label="Event filters">
            {(["joins", "leaves"] as const).map((f) => (
              <FilterLink
                key={f}
                to={filterHref(f)}
                on={filter === f}
                className={`filter-badge tone-${eventTone(tab as ActivityTab, f === "joins" ? "join" : "leave")}${filter === f ? " active" : ""}`}
                testId={`filter-${f}`}
              >
                <span>{EVENT_FILTER_LABELS[f]}</span>
                <span className="filter-count">{counts[f] ?? 0}</span>
              </FilterLink>
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
          <span>
            {card.total} {card.total === 1 ? "entry" : "entries"} in the last 30 days
          </span>
        )}
      </div>
      {summary}
    </section>
  );
}

/** "Show {25|50|100} entries": a GET form; a change goes back to page 1. */
export function PageSizeForm({ size, keep }: { size: number; keep: Record<string, string | null> }) {
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
