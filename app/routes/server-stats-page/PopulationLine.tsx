// The interactive population line (nivo). The server renders it once to SVG (stats.server.ts); the browser
// loads this module after the first paint (PopulationChart), so nivo is never in a server stats page's first load.
import { Line, type LineCustomSvgLayerProps, type LineSvgLayer } from "@nivo/line";
import { useMemo } from "react";
import { dateFormatter, hourIn, weekdayDay } from "#app/utils/dates";
import { CHART_THEME, fittingTicks } from "#app/components/charts/chart";
import { HOUR_MS } from "#contract/time";
import { CHART_HEIGHT, type PopulationLineProps } from "./PopulationChart";
import { RANGE_LABELS, RANGE_MS } from "./servers";

type Series = { id: string; data: { x: number; y: number | null }[] };

/** Whole hours between two times whose hour in the zone passes the test: the axis ticks. */
function hourTicks(from: number, to: number, timeZone: string, keep: (hour: number) => boolean) {
  const ticks: number[] = [];
  for (let t = Math.ceil(from / HOUR_MS) * HOUR_MS; t <= to; t += HOUR_MS) {
    if (keep(hourIn(t, timeZone))) ticks.push(t);
  }
  return ticks;
}

const MARGIN = { top: 28, right: 24, bottom: 36, left: 44 };

export function PopulationLine({
  population,
  range,
  now,
  timeZone,
  serverId,
  width,
}: PopulationLineProps & { width: number }) {
  const formats = useMemo(
    () => ({
      tick: range === "24h" ? dateFormatter("clock", timeZone) : { format: (t: number) => weekdayDay(t, timeZone) },
      full: dateFormatter("dateTime", timeZone),
    }),
    [range, timeZone],
  );
  const last = population.points.at(-1)?.t ?? now;
  const to = Math.max(now, last);
  const from = to - RANGE_MS[range];
  const ticks = useMemo(() => {
    const all = hourTicks(from, to, timeZone, range === "24h" ? (h) => h % 4 === 0 : (h) => h === 0);
    const gap = all.length > 1 ? ((all[1] - all[0]) / (to - from)) * (width - MARGIN.left - MARGIN.right) : 0;
    return fittingTicks(
      all,
      gap,
      all.map((t) => formats.tick.format(t)),
    );
  }, [from, to, timeZone, range, width, formats]);
  const peak = population.peak ?? null;
  const capacity = population.maxPlayers ?? 70;
  const top = Math.max(capacity, peak?.players ?? 0);
  return (
    <Line<Series>
      data={[{ id: "Players", data: population.points.map((p) => ({ x: p.t, y: p.players })) }]}
      width={width}
      height={CHART_HEIGHT}
      margin={MARGIN}
      xScale={{ type: "linear", min: from, max: to, nice: false }}
      yScale={{ type: "linear", min: 0, max: top, nice: false }}
      curve="monotoneX"
      colors={["var(--accent)"]}
      lineWidth={2}
      enableArea
      areaOpacity={0.15}
      enablePoints={false}
      enableGridX={false}
      gridXValues={ticks}
      gridYValues={gridValues(top)}
      axisLeft={{ tickSize: 0, tickPadding: 8, tickValues: gridValues(top) }}
      axisBottom={{ tickSize: 0, tickPadding: 10, tickValues: ticks, format: (v) => formats.tick.format(Number(v)) }}
      theme={CHART_THEME}
      markers={[
        {
          axis: "y",
          value: capacity,
          lineStyle: { stroke: "var(--muted)", strokeWidth: 1, strokeDasharray: "2 4" },
          legend: `Capacity ${capacity}`,
          legendPosition: "top-left",
          textStyle: { fill: "var(--muted)", fontSize: 11 },
        },
      ]}
      layers={
        ["grid", "markers", "axes", "areas", "lines", peakLayer(peak), "crosshair", "mesh"] as LineSvgLayer<Series>[]
      }
      useMesh
      enableCrosshair
      tooltip={({ point }) => (
        <div className="chart-tooltip">
          <strong>{formats.full.format(Number(point.data.x))}</strong>: {String(point.data.y)} players
        </div>
      )}
      // No motion: a change of range redraws at once (spring-animated paths and labels tear while morphing).
      animate={false}
      role="img"
      ariaLabel={`Players online on server ${serverId}, ${RANGE_LABELS[range].toLowerCase()}${
        peak ? `: peak ${peak.players} on ${formats.full.format(peak.t)}` : ""
      }.`}
    />
  );
}

const gridValues = (top: number) => {
  const step = top > 100 ? 25 : 10;
  const values: number[] = [];
  for (let v = 0; v <= top; v += step) values.push(v);
  return values;
};

/** The peak: a ringed point on the line, a dashed drop to the axis, and its value above it. */
function peakLayer(peak: { t: number; players: number } | null) {
  function PeakLayer({ xScale, yScale, innerHeight, innerWidth }: LineCustomSvgLayerProps<Series>) {
    if (!peak) return null;
    const x = xScale(peak.t);
    const y = yScale(peak.players);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return null;
    return (
      <g className="population-peak-marker" data-testid="peak-marker">
        <line x1={x} x2={x} y1={y} y2={innerHeight} stroke="var(--accent)" strokeWidth={1} strokeDasharray="3 3" />
        <circle cx={x} cy={y} r={6} fill="var(--panel)" stroke="var(--accent)" strokeWidth={3} />
        <text
          x={x}
          y={y - 12}
          textAnchor={x < 40 ? "start" : x > innerWidth - 40 ? "end" : "middle"}
          fontSize={12}
          fontWeight={700}
          fill="var(--text)"
        >
          Peak {peak.players}
        </text>
      </g>
    );
  }
  return PeakLayer;
}
