// The Breeder Statistics tab (the leaderboard, ranked by total sessions; the top three get gold, silver
// and bronze badges; Avg. Duration as hh:mm:ss, Avg. Completion Rate as a percentage).
import { HtmlTable } from "#app/components/grid/HtmlTable";
import type { GridColumnDef } from "#app/components/grid/types";
import { LoadError, StaleSince } from "#app/components/HostNotice";
import { Pagination } from "#app/components/table/Pagination";
import { TEXTS } from "./breeder";
import { MemberName } from "#app/components/MemberName";
import type { StatsData } from "./sessions.server";

const MEDALS = ["gold", "silver", "bronze"] as const;

type Ranked = StatsData["page"]["rows"][number];
const num = (id: string, title: string, value: (r: Ranked) => string | number, className = "num") =>
  ({ id, title, value, className, headerClassName: "num" }) satisfies GridColumnDef<Ranked>;

export const COLUMNS: GridColumnDef<Ranked>[] = [
  {
    id: "rank",
    title: "#",
    priority: 1,
    value: (r) => r.rank,
    render: (r) => {
      const medal = MEDALS[r.rank - 1];
      return (
        <span
          className={`rank${medal ? ` medal ${medal}` : ""}`}
          title={medal ? `${medal[0].toUpperCase()}${medal.slice(1)}` : undefined}
        >
          {r.rank}
        </span>
      );
    },
  },
  {
    id: "breeder",
    title: "Breeder",
    priority: 1,
    value: (r) => r.breederName ?? r.breederId,
    render: (r) => <MemberName id={r.breederId} name={r.breederName} avatar={r.avatar} />,
  },
  num("createdSessions", "Created Sessions", (r) => r.createdSessions),
  num("totalSessions", "Total Sessions", (r) => r.totalSessions),
  num("totalClaims", "Total Claims", (r) => r.totalClaims),
  num("duration", "Avg. Duration", (r) => r.duration, "num mono"),
  num("completions", "Completions", (r) => r.completions),
  num("completionRate", "Avg. Completion Rate", (r) => r.completionRate),
  num("endedSessions", "Ended Sessions", (r) => r.endedSessions),
  num("removals", "Removals/Cancellations", (r) => r.removals),
];

export function LeaderboardTab({ data }: { data: StatsData }) {
  return (
    <section className="card breeder-card" data-testid="breeder-statistics-tab">
      <div className="card-header">
        <h2>Breeder Statistics</h2>
      </div>
      <StaleSince asOf={data.staleAsOf} what="the breeder statistics" />
      <LoadError message={data.failed ? TEXTS.statsFailed : null} />
      <HtmlTable
        columns={COLUMNS}
        rows={data.page.rows}
        rowKey={(r) => r._id}
        rowProps={(r) => ({ "data-rank": r.rank })}
        caption="Breeder statistics, ranked by total sessions"
        className="table breeder-table leaderboard"
        testId="leaderboard-table"
        empty={data.failed ? null : TEXTS.statsEmpty}
      />
      <Pagination page={data.page} />
    </section>
  );
}
