// The Players page: find a player by name, EOS ID or Discord ID, and see who was on a server at a past
// minute. Two GET forms, so every answer has an address and the page works without JavaScript.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { ROSTER_AT_DAYS } from "#contract/players";
import { SERVER_IDS, SERVER_NAMES } from "#contract/servers";
import type { GridColumnDef } from "#app/components/grid/types";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { PageHeader } from "#app/components/PageHeader";
import { ListPill, PlayerLink, TribeLink } from "#app/components/players/links";
import { Badge } from "#app/components/Badge";
import { formatDateTime, relativeTime } from "#app/utils/dates";
import { Pagination } from "#app/components/table/Pagination";
import { loadPlayers, type Hit, type Present, type Roster } from "./players.server";
import styles from "#app/styles/players.css?url";
import { Choices } from "#app/components/table/Options";

export const meta: MetaFunction = () => [{ title: "Players · ARK Tribe Dashboard" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadPlayers(request, context);

type Column<T> = GridColumnDef<T> & { render: (row: T) => React.ReactNode };

const hitColumns = (now: number): Column<Hit>[] => [
  { id: "name", title: "Player", priority: 1, value: (h) => h.eosId, render: (h) => <PlayerLink player={h} /> },
  { id: "tribe", title: "Tribe", value: (h) => h.tribe, render: (h) => <TribeLink tribe={h.tribe} /> },
  { id: "list", title: "List", value: (h) => h.status, render: (h) => <ListPill list={h.list} /> },
  { id: "seen", title: "Last seen", value: (h) => h.lastSeen, render: (h) => relativeTime(h.lastSeen, now) },
  { id: "matched", title: "Matched", value: (h) => h.matched, render: (h) => h.matched },
];

const rosterColumns = (timeZone: string): Column<Present>[] => [
  {
    id: "name",
    title: "Player",
    priority: 1,
    value: (p) => p.eosId,
    render: (p) => (
      <>
        <PlayerLink player={p} />{" "}
        {p.certain ? null : (
          <span title="They may have left before: their leave is only known within a range.">
            <Badge tone="yellow">maybe</Badge>
          </span>
        )}
      </>
    ),
  },
  { id: "tribe", title: "Tribe", value: (p) => p.tribe, render: (p) => <TribeLink tribe={p.tribe} /> },
  { id: "list", title: "List", value: (p) => p.status, render: (p) => <ListPill list={p.list} /> },
  {
    id: "since",
    title: "On since",
    className: "nowrap",
    value: (p) => p.since,
    render: (p) => formatDateTime(p.since, timeZone),
  },
  {
    id: "until",
    title: "Until",
    className: "nowrap",
    value: (p) => p.until,
    render: (p) => (p.until === null ? "still on" : formatDateTime(p.until, timeZone)),
  },
];

export default function PlayersPage() {
  const data = useLoaderData<typeof loader>();
  const hits = data.hits as Hit[] | null;
  const roster = data.roster as Roster | null;
  return (
    <div className="players-page">
      <PageHeader
        title="Players"
        summary="Every player seen on 2411, 2573 and 2446: find their profile, or see who was on at a past time."
      />

      <section className="card" aria-labelledby="search-title" data-testid="player-search">
        <h2 id="search-title">Find a player</h2>
        <Form method="get" className="inline-form" role="search" aria-label="Find a player">
          <input
            type="search"
            name="q"
            defaultValue={data.q}
            placeholder="Name, EOS ID or Discord ID"
            aria-label="Name, EOS ID or Discord ID"
            data-testid="player-search-input"
          />
          {data.atValue ? <input type="hidden" name="at" value={data.atValue} /> : null}
          {data.atValue ? <input type="hidden" name="server" value={data.server} /> : null}
          <button className="button" type="submit">
            Search
          </button>
        </Form>
        {data.searchError ? <p className="field-error">{data.searchError}</p> : null}
        {hits && hits.length === 0 ? <p className="muted">No player matches “{data.q}”.</p> : null}
        {hits && hits.length > 0 ? (
          <HtmlTable
            columns={hitColumns(data.now)}
            rows={hits}
            rowKey={(h) => h.eosId}
            caption={`Players matching ${data.q}`}
            className="table players-table"
            testId="player-hits"
            rowProps={(h) => ({ "data-eos-id": h.eosId })}
          />
        ) : null}
      </section>

      <section className="card" aria-labelledby="at-title" data-testid="roster-at">
        <h2 id="at-title">Who was on at</h2>
        <Form method="get" className="inline-form roster-at-form">
          {data.q ? <input type="hidden" name="q" value={data.q} /> : null}
          <label>
            <span>Server</span>
            <select name="server" defaultValue={data.server} data-testid="roster-at-server">
              <Choices values={SERVER_IDS} label={(id) => SERVER_NAMES[id]} />
            </select>
          </label>
          <label>
            <span>Date and time ({data.timeZone})</span>
            <input
              type="datetime-local"
              name="at"
              required
              defaultValue={data.atValue || undefined}
              min={data.min}
              max={data.max}
              aria-invalid={data.atError ? true : undefined}
              aria-describedby={data.atError ? "at-error" : "at-hint"}
              data-testid="roster-at-input"
            />
          </label>
          <button className="button" type="submit">
            Show
          </button>
        </Form>
        {data.atError ? (
          <p className="field-error" id="at-error" role="alert">
            {data.atError}
          </p>
        ) : (
          <p className="muted small" id="at-hint">
            Any minute of the last {ROSTER_AT_DAYS} days, in your time zone ({data.timeZone}).
          </p>
        )}
        {roster ? (
          <>
            <p data-testid="roster-at-summary">
              {roster.players.total} {roster.players.total === 1 ? "player" : "players"} on {roster.serverId} at{" "}
              {formatDateTime(roster.at, data.timeZone)}
              {roster.maybe ? " (“maybe”: they may have left before)" : ""}
            </p>
            {roster.players.total ? (
              <>
                <HtmlTable
                  columns={rosterColumns(data.timeZone)}
                  rows={roster.players.rows}
                  rowKey={(p) => `${p.eosId}-${p.since}`}
                  caption={`Players on ${roster.serverId} at ${formatDateTime(roster.at, data.timeZone)}`}
                  className="table players-table"
                  testId="roster-at-table"
                  rowProps={(p) => ({ "data-eos-id": p.eosId, "data-certain": String(p.certain) })}
                />
                <Pagination page={roster.players} />
              </>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
