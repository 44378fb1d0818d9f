// The Claim Sessions tab (spec part 2: summary cards Claims Today, Completed Today and Most Participants Todays as
// filters with Clear Filter, its own search, and the sessions' table). The cards are links (?filter=), so they work
// without JavaScript; clicking the active one clears it. What each filter keeps: see CLAIM_FILTERS in breeder.ts.
import { Link, useLocation } from "@remix-run/react";
import { DinoIcon } from "../../components/DinoIcon";
import { Pagination } from "../../components/table/Pagination";
import { TableToolbar } from "../../components/table/TableToolbar";
import { withParams } from "../../utils/table";
import { CLAIM_FILTER_LABELS, CLAIM_FILTERS, TEXTS, type ClaimFilter } from "./breeder";
import type { ClaimsData } from "./sessions.server";

const COLUMNS = [
  "Dino Name",
  "Instructions",
  "Max Claims",
  "Claims",
  "Completed",
  "Ended",
  "Breeder ID",
  "Breeder Avatar",
  "Created At",
  "Updated At",
] as const;

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
            <Link
              key={f}
              to={filterHref(active ? null : f)}
              className={`claim-card${active ? " active" : ""}`}
              aria-pressed={active}
              role="button"
              preventScrollReset
              replace
              data-testid={`card-${f}`}
            >
              <span className="claim-card-label">{CLAIM_FILTER_LABELS[f]}</span>
              <strong className="claim-card-figure">{figure[f]}</strong>
            </Link>
          );
        })}
        {data.filter ? (
          <Link to={filterHref(null)} className="button small" preventScrollReset replace>
            Clear Filter
          </Link>
        ) : null}
      </div>
      <TableToolbar q={data.cq} param="cq" placeholder={TEXTS.claimSearch} keep={["tab", "q", "filter", "size"]} />
      {data.failed ? (
        <p className="notice error" role="alert">
          {TEXTS.claimsFailed}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="table breeder-table" data-testid="claim-sessions-table">
          <caption className="sr-only">Claim sessions</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.page.rows.length === 0 && !data.failed ? (
              <tr>
                <td colSpan={COLUMNS.length} className="empty-state">
                  {TEXTS.claimsEmpty}
                </td>
              </tr>
            ) : null}
            {data.page.rows.map((s) => (
              <tr key={s._id} data-id={s._id}>
                <td>
                  <span className="dino-name">
                    <DinoIcon name={s.dinoName} imageUrl={s.imageUrl} />
                    <span className="dino-label">{s.dinoName}</span>
                  </span>
                </td>
                <td className="wide">{s.instructions ?? "-"}</td>
                <td className="num">{s.max ?? "-"}</td>
                <td className="num">{s.claims}</td>
                <td className="num">{s.completed}</td>
                <td>
                  <span className={`badge ${s.ended ? "grey" : "green"}`}>{s.ended ? "Yes" : "No"}</span>
                </td>
                <td className="mono">{s.breederId ?? "-"}</td>
                <td>{s.avatar ? <img className="avatar" src={s.avatar} width={28} height={28} alt="" loading="lazy" /> : "-"}</td>
                <td className="nowrap">{s.createdAt}</td>
                <td className="nowrap">{s.updatedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={data.page} />
    </section>
  );
}
