// The weekly activity heatmap of a player or a tribe: plain SVG the server renders (no chart library, nothing to load),
// 7 weekdays by 24 hours, each cell shaded by its share of days and carrying its count as text, so it reads without
// colour; its words are each cell's tooltip and, for screen readers and anyone who wants numbers, a table.
import { HEATMAP_DAYS, share, WEEKDAYS, type Heatmap as HeatmapData } from "#contract/players";
import { formatDate } from "#app/utils/dates";
import { cellText } from "#app/utils/players";

const LABEL_W = 40;
const HEAD_H = 18;
const CELL_W = 26;
const CELL_H = 22;
const GAP = 2;
const WIDTH = LABEL_W + 24 * CELL_W;
const HEIGHT = HEAD_H + 7 * CELL_H;

/** The shade of a cell: none, then four steps of the share of its days (heat-1 to heat-4 in players.css). */
const level = (s: number) => (s <= 0 ? 0 : Math.min(4, Math.ceil(s * 4)));
/** "4 or 5": how many days each weekday has in the window. */
const dayCounts = (map: HeatmapData) => [...new Set(map.days)].sort((a, b) => a - b).join(" or ");

/** `who` names the map (its labels); `subject` is who was online, in the legend ("Rex", "one of its players"). */
export function Heatmap({
  map,
  who,
  subject,
  testId = "heatmap",
}: {
  map: HeatmapData;
  who: string;
  subject: string;
  testId?: string;
}) {
  const range = `${formatDate(map.from, "date", map.zone)} – ${formatDate(map.to, "date", map.zone)}`;
  return (
    <section className="card heatmap-card" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="card-header">
        <h2 id={`${testId}-title`}>Activity</h2>
        <span className="muted small" data-testid="heatmap-zone">
          Times in {map.zone} · last {HEATMAP_DAYS} days ({range})
        </span>
      </div>
      <div className="heatmap-scroll" tabIndex={0} role="region" aria-label={`${who}: activity by hour`}>
        <svg
          className="heatmap"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`${who}: on how many of the last ${HEATMAP_DAYS} days they were online, by weekday and hour (${map.zone}). The table below gives every number.`}
        >
          {Array.from({ length: 8 }, (_, i) => (
            <text key={i} className="heatmap-hour" x={LABEL_W + i * 3 * CELL_W + 2} y={HEAD_H - 6}>
              {String(i * 3).padStart(2, "0")}
            </text>
          ))}
          {WEEKDAYS.map((day, d) => (
            <g key={day} transform={`translate(0 ${HEAD_H + d * CELL_H})`}>
              <text className="heatmap-day" x={0} y={CELL_H / 2 + 4}>
                {day}
              </text>
              {map.online[d].map((n, h) => (
                <g key={h} className={`heat-cell heat-${level(share(map, d, h))}`}>
                  <rect
                    x={LABEL_W + h * CELL_W}
                    y={0}
                    width={CELL_W - GAP}
                    height={CELL_H - GAP}
                    rx={3}
                    data-testid={`heat-${d}-${h}`}
                  >
                    <title>{cellText(map, d, h)}</title>
                  </rect>
                  {n > 0 ? (
                    <text x={LABEL_W + h * CELL_W + (CELL_W - GAP) / 2} y={CELL_H / 2 + 3} textAnchor="middle">
                      {n}
                    </text>
                  ) : null}
                </g>
              ))}
            </g>
          ))}
        </svg>
      </div>
      <p className="muted small heatmap-legend">
        Each cell: on how many of that weekday&apos;s days in the window ({dayCounts(map)}) {subject} was online in that
        hour. Darker is more.
      </p>
      <HeatmapTable map={map} who={who} />
    </section>
  );
}

/** Every cell's number in a table, folded away until asked for (it works without JavaScript). */
function HeatmapTable({ map, who }: { map: HeatmapData; who: string }) {
  return (
    <details className="heatmap-details">
      <summary>Show as a table</summary>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${who}: activity table`}>
        <table className="table heatmap-table">
          <caption className="sr-only">
            Days online per weekday and hour, {map.zone}, last {HEATMAP_DAYS} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Day (days)</th>
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col">
                  {String(h).padStart(2, "0")}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day, d) => (
              <tr key={day}>
                <th scope="row">
                  {day} ({map.days[d]})
                </th>
                {map.online[d].map((n, h) => (
                  <td key={h}>{n}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
