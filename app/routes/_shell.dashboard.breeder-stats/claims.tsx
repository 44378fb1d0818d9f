// The Claim Sessions tab (summary cards Claims Today, Completed Today and Most Participants Today as
// filters with Clear Filter, its own search, and the sessions' table). The cards are links (?filter=), so they work
// without JavaScript; clicking the active one clears it. What each filter keeps: see CLAIM_FILTERS in breeder.ts.
import { useLocation } from "@remix-run/react";
import { DinoIcon } from "#app/components/DinoIcon";
import { HtmlTable } from "#app/components/grid/HtmlTable";
import type { GridColumnDef } from "#app/components/grid/types";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { Pagination } from "#app/components/table/Pagination";
import { ClearFilter, FilterLink, TableToolbar } from "#app/components/table/TableToolbar";
import { withParams } from "#app/utils/table";
import { CLAIM_FILTER_LABELS, CLAIM_FILTERS, TEXTS, type ClaimFilter } from "./breeder";
import { idColumn, MemberName } from "#app/components/MemberName";
import type { ClaimsData } from "./sessions.server";

type Session = ClaimsData["page"]["rows"][number];
const num = (id: string, title: string, value: (s: Session) => number | null) =>
  ({ id, title, value, render: (s: Session) => value(s) ?? "-", className: "num" }) satisfies GridColumnDef<Session>;

/** A time that may break between its date and its clock, never inside either: whole on a narrower screen. */
function WholeTime({ text }: { text: string | null }) {
  if (!text) return <>-</>;
  const at = text.lastIndexOf(", ");
  const glue = (part: string) => part.replace(/ /g, "\u00a0");
  return at < 0 ? <>{glue(text)}</> : <>{`${glue(text.slice(0, at + 1))} ${glue(text.slice(at + 2))}`}</>;
}

/** A time column: the time whole, its lines broken only between the date and the clock. */
const timeColumn = (id: "createdAt" | "updatedAt", title: string, priority: 1 | 3): GridColumnDef<Session> => ({
  id,
  title,
  priority,
  value: (s) => s[id],
  render: (s) => <WholeTime text={s[id]} />,
  className: "breakable",
});

export const COLUMNS: GridColumnDef<Session>[] = [
  {
    id: "dinoName",
    title: "Dino Name",
    priority: 1,
    value: (s) => s.dinoName,
    render: (s) => (
      <span className="dino-name">
        <DinoIcon name={s.dinoName} imageUrl={s.imageUrl} />
        <span className="dino-label">{s.dinoName}</span>
      </span>
    ),
  },
  {
    id: "instructions",
    title: "Instructions",
    value: (s) => s.instructions,
    render: (s) => s.instructions ?? "-",
    className: "wide",
  },
  num("max", "Max Claims", (s) => s.max),
  num("claims", "Claims", (s) => s.claims),
  num("completed", "Completed", (s) => s.completed),
  {
    id: "ended",
    title: "Ended",
    value: (s) => s.ended,
    render: (s) => <span className={`badge ${s.ended ? "grey" : "green"}`}>{s.ended ? "Yes" : "No"}</span>,
  },
  // The breeder by name with their avatar; the id last, for those who need it.
  {
    id: "breeder",
    title: "Breeder",
    priority: 1,
    value: (s) => s.breederName ?? s.breederId,
    render: (s) => <MemberName id={s.breederId} name={s.breederName} avatar={s.avatar} />,
  },
  timeColumn("createdAt", "Created At", 1),
  timeColumn("updatedAt", "Updated At", 3),
  idColumn<Session>("breederId", "Breeder ID", (s) => s.breederId),
];

export function ClaimsTab({ data }: { data: ClaimsData }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const figure: Record<ClaimFilter, number> = {
    "claims-today": data.summary.claimsToday,
    "completed-today": data.summary.completedToday,
    "most-participants": data.summary.mostParticipants,
  };
  const filterHref = (f: ClaimFilter | null) => withParams(here, { filter: f, page: null });
  return (
    <section className="card breeder-card" data-testid="claim-sessions-tab">
      <div className="claim-cards" role="group" aria-label="Today's claims">
        {CLAIM_FILTERS.map((f) => {
          const active = data.filter === f;
          return (
            <FilterLink
              key={f}
              to={filterHref(active ? null : f)}
              on={active}
              className={`claim-card${active ? " active" : ""}`}
              testId={`card-${f}`}
            >
              <span className="claim-card-label">{CLAIM_FILTER_LABELS[f]}</span>
              <strong className="claim-card-figure">{figure[f]}</strong>
            </FilterLink>
          );
        })}
        {data.filter ? <ClearFilter href={filterHref(null)} /> : null}
      </div>
      <TableToolbar q={data.cq} param="cq" placeholder={TEXTS.claimSearch} keep={["tab", "q", "filter", "size"]} />
      <StaleSince asOf={data.staleAsOf} what="the claim sessions" />
      <LoadError message={data.failed ? TEXTS.claimsFailed : null} />
      <HtmlTable
        columns={COLUMNS}
        rows={data.page.rows}
        rowKey={(s) => s._id}
        rowProps={(s) => ({ "data-id": s._id })}
        caption="Claim sessions"
        className="table breeder-table extras-when-wide"
        testId="claim-sessions-table"
        empty={data.failed ? null : TEXTS.claimsEmpty}
      />
      <Pagination page={data.page} />
    </section>
  );
}
