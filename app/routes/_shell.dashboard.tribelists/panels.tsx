// The tribelists page's tabs and its summary card, whose counts filter the table.
import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { Icon } from "#app/components/icons";
import { StaleSince } from "#app/components/HostNotice";
import { FILTER_LABELS, FILTERS, SERVERS, tabLabel, type Filter, type Server } from "./tribelists";
import { LastUpdated } from "./last-updated";
import type { loader } from "./route";

export function TribelistTabs({ server, tabHref }: { server: Server; tabHref: (s: Server) => string }) {
  return (
    <nav className="tribelist-tabs" aria-label="Tribelists">
      {SERVERS.map((s) => (
        <Link
          key={s}
          to={tabHref(s)}
          className="tribelist-tab"
          aria-current={s === server ? "page" : undefined}
          preventScrollReset
        >
          {tabLabel(s)}
        </Link>
      ))}
    </nav>
  );
}

export function TribelistSummary({
  data,
  server,
  lastUpdated,
  filterHref,
}: {
  data: Pick<SerializeFrom<typeof loader>, "serverName" | "stale" | "fetchedAt" | "counts" | "filter">;
  server: Server;
  lastUpdated: number;
  filterHref: (f: Filter | null) => string;
}) {
  return (
    <section
      className="card tribelist-summary"
      aria-label={`${tabLabel(server)} summary`}
      data-testid="tribelist-summary"
    >
      <div className="summary-head">
        <h2>{data.serverName}</h2>
        <span className="badge green">Active</span>
        <span className="muted small summary-updated">
          Last updated <LastUpdated at={lastUpdated} />
        </span>
      </div>
      <StaleSince asOf={data.stale ? data.fetchedAt : null} what={`the ${tabLabel(server)}`} />
      <div className="summary-stats">
        <div className="stat">
          <span className="stat-value" data-testid="count-total">
            {data.counts.total}
          </span>
          <span className="stat-label">Total members</span>
        </div>
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={filterHref(f)}
            className="stat stat-link"
            aria-current={data.filter === f ? "true" : undefined}
            aria-label={`${FILTER_LABELS[f]}: ${data.counts[f]}, show only these`}
            preventScrollReset
          >
            <span className="stat-value" data-testid={`count-${f}`}>
              {data.counts[f]}
            </span>
            <span className="stat-label">{FILTER_LABELS[f]}</span>
          </Link>
        ))}
        {data.filter ? (
          <Link to={filterHref(null)} className="button small clear-filter" preventScrollReset>
            <Icon name="x" size={14} /> Clear Filter
          </Link>
        ) : null}
      </div>
    </section>
  );
}
