// Players online over 24 hours or 7 days with the peak marked: the server's SVG first (no nivo in the first load), the
// interactive line once the browser is idle; times in the viewer's zone, the same on server and browser.
import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { dateFormatter } from "#app/utils/dates";
import { withParams } from "#app/utils/table";
import { LazyChart } from "#app/components/charts/LazyChart";
import { RANGE_LABELS, RANGES, TEXTS, type Population, type Range } from "./servers";

export const CHART_HEIGHT = 260;

/** What the line is drawn from. */
export type PopulationLineProps = {
  population: Population;
  range: Range;
  now: number;
  timeZone: string;
  serverId: string;
};

const loadLine = () => import("./PopulationLine").then((m) => m.PopulationLine);

export function PopulationChart({
  population,
  range,
  now,
  timeZone,
  serverId,
  here,
  svg,
}: {
  population: Population | null;
  range: Range;
  now: number;
  timeZone: string;
  serverId: string;
  here: string;
  /** The line as the server rendered it (stats.server.ts); null without population. */
  svg: string | null;
}) {
  const full = useMemo(() => dateFormatter("dateTime", timeZone), [timeZone]);
  const peak = population?.peak ?? null;
  return (
    <section className="card population-card" aria-labelledby={`population-${serverId}`} data-testid="population">
      <div className="card-header">
        <h2 id={`population-${serverId}`}>Population</h2>
        <nav className="segmented" aria-label="Population range">
          {RANGES.map((r) => (
            <Link
              key={r}
              to={withParams(here, { range: r === "24h" ? null : r })}
              className={r === range ? "segment active" : "segment"}
              aria-current={r === range ? "true" : undefined}
              preventScrollReset
              replace
            >
              {RANGE_LABELS[r]}
            </Link>
          ))}
        </nav>
      </div>
      {!population ? (
        <p className="empty-state" data-testid="population-empty">
          {TEXTS.noPopulation}
        </p>
      ) : (
        <>
          <p className="muted small population-peak" data-testid="population-peak">
            {peak ? (
              <>
                Peak: <strong>{peak.players}</strong> {peak.players === 1 ? "player" : "players"} on{" "}
                {full.format(peak.t)}
              </>
            ) : (
              "No players seen in this period."
            )}
          </p>
          <LazyChart
            svg={svg}
            load={loadLine}
            props={{ population, range, now, timeZone, serverId }}
            height={CHART_HEIGHT}
            className="population-chart"
          />
        </>
      )}
    </section>
  );
}
