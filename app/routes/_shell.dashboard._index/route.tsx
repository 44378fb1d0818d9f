// The Dashboard: four cards, Vouches Per Month, Recent Vouches and Top Vouchers.
// Counts come from /api/vouches/stats and /api/vouches/card-cache; the page never loads every vouch.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { loginPath } from "#app/auth/redirect";
import { requireUser } from "#app/auth/session.server";
import { Icon, type IconName } from "#app/components/icons";
import { hostErrorOf } from "#app/host/client.server";
import { LiveStatusBadge, useLiveRevalidate } from "#app/realtime/live";
import styles from "#app/styles/dashboard.css?url";
import { isDocumentRequest } from "#app/utils/action.server";
import { readPreferences } from "#app/utils/preferences";
import { defaultAvatarUrl } from "#app/utils/user";
import { loadDashboard, type Trend } from "./dashboard.server";
import { VouchesChart } from "./VouchesChart";
import { StaleNotice } from "#app/components/HostNotice";
import { json } from "#app/utils/json.server";
import type { ReactNode } from "react";

export const meta: MetaFunction = () => [{ title: "Dashboard · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context.auth);
  try {
    return json(await loadDashboard(context, readPreferences(request).timeZone, isDocumentRequest(request)));
  } catch (error) {
    // A 401 on the dashboard's calls signs the user out.
    if (hostErrorOf(error)?.status === 401) throw redirect(loginPath("expired"));
    throw error;
  }
}

const TREND_ICON: Record<Trend, IconName> = { up: "up", down: "down", same: "minus" };
const TREND_WORD: Record<Trend, string> = { up: "Up", down: "Down", same: "Same" };

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  useLiveRevalidate(["vouches_update"]);
  const { cards } = data;
  return (
    <div className="dashboard">
      <div className="page-header">
        <h1>Dashboard</h1>
        <LiveStatusBadge />
      </div>
      {data.asOf ? (
        <StaleNotice testId="stale-note">these numbers are the last known ones, data as of {data.asOf}.</StaleNotice>
      ) : null}

      <section className="stat-cards" aria-label="Vouch totals">
        <StatCard
          testId="card-uncompleted"
          title="Uncompleted Vouches"
          value={cards.uncompleted}
          icon="x"
          tone="red"
          detail="Invalid or Not Provided"
        />
        <StatCard
          testId="card-completed"
          title="Completed Vouches"
          value={cards.completed}
          icon="check"
          tone="green"
          detail={
            cards.total > 0 ? `${Math.round((cards.completed / cards.total) * 100)}% of all vouches` : "No vouches yet"
          }
        />
        <StatCard
          testId="card-total"
          title="Total Vouches"
          value={cards.total}
          icon="list"
          tone="accent"
          detail={
            <span className={`trend trend-${cards.change.trend}`} data-testid="month-change">
              <Icon name={TREND_ICON[cards.change.trend]} size={14} label={TREND_WORD[cards.change.trend]} />
              <strong>{cards.change.label}</strong> <span className="muted">from last month</span>
            </span>
          }
        />
        <StatCard
          testId="card-most"
          title="Most Vouches"
          value={cards.mostVouches ? cards.mostVouches.name : "—"}
          icon="users"
          tone="yellow"
          detail={
            cards.mostVouches ? (
              <span className={`trend trend-${cards.mostVouches.trend}`}>
                <Icon
                  name={TREND_ICON[cards.mostVouches.trend]}
                  size={14}
                  label={TREND_WORD[cards.mostVouches.trend]}
                />
                <strong data-testid="most-count">
                  {cards.mostVouches.count} vouch{cards.mostVouches.count === 1 ? "" : "es"}
                </strong>{" "}
                <span className="muted">this month</span>
              </span>
            ) : (
              <span className="muted">No vouches this month.</span>
            )
          }
        />
      </section>

      <section className="card chart-card" aria-labelledby="chart-title">
        <div className="card-header">
          <h2 id="chart-title">Vouches Per Month</h2>
          <span className="muted small">Last {data.chart.length} months</span>
        </div>
        <VouchesChart data={data.chart} svg={data.chartSvg} />
      </section>

      <div className="dashboard-lists">
        <ListCard
          id="recent-title"
          title="Recent Vouches"
          note="This month"
          empty={data.recent.length === 0 ? "No vouches this month." : null}
        >
          {/* The list scrolls inside the card: focusable, so a keyboard can scroll it (WCAG 2.1.1). */}
          <ul
            className="people-list recent-list"
            data-testid="recent-vouches"
            tabIndex={0} // eslint-disable-line jsx-a11y/no-noninteractive-tabindex -- a list that scrolls must take focus (WCAG 2.1.1)
            aria-labelledby="recent-title"
          >
            {data.recent.map((v) => (
              <li key={v.discordId}>
                <PersonAvatar id={v.discordId} src={v.avatar} />
                <span className="person">
                  <strong>{v.username}</strong>
                  <span className="muted small">{v.discordId}</span>
                </span>
                <span className="count-pill" title={`${v.count} vouches this month`}>
                  {v.count}
                </span>
              </li>
            ))}
          </ul>
        </ListCard>

        <ListCard id="top-title" title="Top Vouchers" note="All time" empty={data.top.length === 0 ? "No data" : null}>
          <ol className="people-list top-list" data-testid="top-vouchers">
            {data.top.map((v) => (
              <li key={v.discordId} className={v.rank <= 3 ? `podium podium-${v.rank}` : undefined}>
                <span className="rank" aria-label={`Rank ${v.rank}`}>
                  {v.rank}
                </span>
                <PersonAvatar id={v.discordId} src={v.avatar} />
                <span className="person">
                  <strong>{v.username}</strong>
                  <span className="voucher-counts small">
                    <span className="uncompleted" title="Uncompleted (Invalid or Not Provided)">
                      {v.uncompleted} uncompleted
                    </span>
                    <span className="completed" title="Completed">
                      {v.completed} completed
                    </span>
                  </span>
                </span>
                <span className="count-pill" title="Total vouches">
                  {v.total}
                  <span className="sr-only"> total</span>
                </span>
              </li>
            ))}
          </ol>
        </ListCard>
      </div>

      <footer className="dashboard-footer">
        <span className="muted small">ARK Tribe Dashboard</span>
        <nav aria-label="Legal">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
        </nav>
      </footer>
    </div>
  );
}

function StatCard(props: {
  testId: string;
  title: string;
  value: number | string;
  icon: IconName;
  tone: "red" | "green" | "accent" | "yellow";
  detail: React.ReactNode;
}) {
  return (
    <article className={`card stat-card tone-${props.tone}`} data-testid={props.testId}>
      <h2 className="stat-title">{props.title}</h2>
      <div className="stat-main">
        {typeof props.value === "number" ? (
          <span className="stat-value">{props.value.toLocaleString("en-US")}</span>
        ) : (
          <span className="stat-value stat-value-text" title={props.value}>
            {props.value}
          </span>
        )}
        <span className="stat-icon">
          <Icon name={props.icon} size={18} />
        </span>
      </div>
      <div className="stat-detail">{props.detail}</div>
    </article>
  );
}

/** Falls back to the default avatar (id modulo 5) when the image cannot load. */
function PersonAvatar({ id, src }: { id: string; src: string }) {
  return (
    <img
      className="avatar"
      src={src}
      width={36}
      height={36}
      alt=""
      loading="lazy"
      onError={(e) => {
        const fallback = defaultAvatarUrl(id);
        if (!e.currentTarget.src.endsWith(fallback)) e.currentTarget.src = fallback;
      }}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <div className="dashboard">
      <div className="page-header">
        <h1>Dashboard</h1>
      </div>
      <section className="card" role="alert">
        <h2>The dashboard&apos;s numbers could not be loaded</h2>
        <p className="muted">{detail}</p>
        <Link className="button" to="/dashboard" reloadDocument>
          Try again
        </Link>
      </section>
    </div>
  );
}

/** A card of the dashboard's lists: its heading (which names the card) and note, then its list or what says it is empty. */
function ListCard({
  id,
  title,
  note,
  empty,
  children,
}: {
  id: string;
  title: string;
  note: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-header">
        <h2 id={id}>{title}</h2>
        <span className="muted small">{note}</span>
      </div>
      {empty !== null ? <p className="empty-state">{empty}</p> : children}
    </section>
  );
}
