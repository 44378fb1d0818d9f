// The profile's sessions, newest first, a page at a time: when each started and how it ended (an open one online now,
// a missed leave, a silent collector's range), with the name and tribe the roster gave then; and their CSV download.
import { playerName } from "#contract/players";
import type { GridColumnDef } from "#app/components/grid/types";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import { Icon } from "#app/components/icons";
import { ListPill, TribeLink } from "#app/components/players/links";
import { Pagination } from "#app/components/table/Pagination";
import { formatDateTime } from "#app/utils/dates";
import { sessionEndText, sessionLength } from "#app/utils/players";
import type { ProfileView } from "./profile.server";

type Row = ProfileView["sessions"]["rows"][number] & { ended: string; length: string; open: boolean };
type Column = GridColumnDef<Row> & { render: (r: Row) => React.ReactNode };

const columns = (timeZone: string): Column[] => [
  { id: "server", title: "Server", priority: 1, value: (r) => r.serverId, render: (r) => r.serverId },
  {
    id: "start",
    title: "Started",
    priority: 1,
    className: "nowrap",
    value: (r) => formatDateTime(r.start, timeZone),
    render: (r) => formatDateTime(r.start, timeZone),
  },
  {
    id: "end",
    title: "Ended",
    priority: 1,
    value: (r) => r.ended,
    render: (r) => (r.open ? <strong className="tone-text-green">{r.ended}</strong> : r.ended),
  },
  { id: "length", title: "Length", value: (r) => r.length, render: (r) => r.length },
  {
    id: "name",
    title: "Name",
    value: (r) => playerName({ ...r, eosId: "-" }),
    render: (r) => playerName({ ...r, eosId: "-" }),
  },
  { id: "tribe", title: "Tribe", value: (r) => r.tribe, render: (r) => <TribeLink tribe={r.tribe} /> },
  {
    id: "status",
    title: "List",
    value: (r) => r.status,
    render: (r) => <ListPill list={r.list} />,
  },
];

export function Sessions({
  profile,
  timeZone,
  exportHref,
}: {
  profile: ProfileView;
  timeZone: string;
  exportHref: string;
}) {
  const { sessions } = profile;
  const online = new Set(profile.online.map((o) => o.serverId));
  const rows: Row[] = sessions.rows.map((s) => ({
    ...s,
    ended: sessionEndText(s, timeZone, online.has(s.serverId)),
    length: sessionLength(s, profile.now),
    open: s.endKind === null,
  }));
  return (
    <section className="card" aria-labelledby="sessions-title" data-testid="sessions">
      <div className="card-header">
        <h2 id="sessions-title">Sessions</h2>
        <a className="button small export-link" href={exportHref} rel="nofollow" data-testid="sessions-csv">
          <Icon name="download" size={16} />
          Download sessions (CSV)
        </a>
      </div>
      {rows.length ? (
        <>
          <HtmlTable
            columns={columns(timeZone)}
            rows={rows}
            rowKey={(r) => String(r.id)}
            caption="Sessions, newest first"
            className="table sessions-table"
            testId="sessions-table"
            rowProps={(r) => ({ "data-end": r.endKind ?? "open" })}
          />
          <Pagination page={sessions} />
        </>
      ) : (
        <p className="muted">No sessions recorded yet.</p>
      )}
    </section>
  );
}
