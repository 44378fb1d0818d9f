// The Breeder Statistics tab (spec part 2: the leaderboard, ranked by total sessions; the top three get gold, silver
// and bronze badges; Avg. Duration as hh:mm:ss, Avg. Completion Rate as a percentage).
import { Pagination } from "../../components/table/Pagination";
import { TEXTS } from "./breeder";
import type { StatsData } from "./sessions.server";

const MEDALS = ["gold", "silver", "bronze"] as const;
const COLUMNS = [
  "#",
  "Breeder",
  "Created Sessions",
  "Total Sessions",
  "Total Claims",
  "Avg. Duration",
  "Completions",
  "Avg. Completion Rate",
  "Ended Sessions",
  "Removals/Cancellations",
] as const;

export function LeaderboardTab({ data }: { data: StatsData }) {
  return (
    <section className="card breeder-card" data-testid="breeder-statistics-tab">
      <div className="card-header">
        <h2>Breeder Statistics</h2>
      </div>
      {data.failed ? (
        <p className="notice error" role="alert">
          {TEXTS.statsFailed}
        </p>
      ) : null}
      <div className="table-scroll">
        <table className="table breeder-table leaderboard" data-testid="leaderboard-table">
          <caption className="sr-only">Breeder statistics, ranked by total sessions</caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={c === "#" || c === "Breeder" ? undefined : "num"}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.page.rows.length === 0 && !data.failed ? (
              <tr>
                <td colSpan={COLUMNS.length} className="empty-state">
                  {TEXTS.statsEmpty}
                </td>
              </tr>
            ) : null}
            {data.page.rows.map((r) => {
              const medal = MEDALS[r.rank - 1];
              return (
                <tr key={r._id} data-rank={r.rank}>
                  <td>
                    <span className={`rank${medal ? ` medal ${medal}` : ""}`} title={medal ? `${medal[0].toUpperCase()}${medal.slice(1)}` : undefined}>
                      {r.rank}
                    </span>
                  </td>
                  <td>
                    <span className="breeder-who">
                      <img className="avatar" src={r.avatar} width={28} height={28} alt="" loading="lazy" />
                      <span className="mono">{r.breederId}</span>
                    </span>
                  </td>
                  <td className="num">{r.createdSessions}</td>
                  <td className="num">{r.totalSessions}</td>
                  <td className="num">{r.totalClaims}</td>
                  <td className="num mono">{r.duration}</td>
                  <td className="num">{r.completions}</td>
                  <td className="num">{r.completionRate}</td>
                  <td className="num">{r.endedSessions}</td>
                  <td className="num">{r.removals}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={data.page} />
    </section>
  );
}
