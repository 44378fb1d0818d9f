// The interactive "Vouches Per Month" line (nivo). The server renders it once to SVG (dashboard.server.ts); the browser
// loads this module after the first paint (VouchesChart), so nivo is never in the dashboard's first load.
import { Line, type LineSeries } from "@nivo/line";
import { CHART_THEME, fittingTicks } from "#app/components/charts/chart";
import { CHART_HEIGHT, type Point } from "./VouchesChart";

const MARGIN = { top: 20, right: 32, bottom: 44, left: 48 };

export function VouchesLine({ data, width }: { data: Point[]; width: number }) {
  const series: LineSeries[] = [{ id: "Vouches", data: data.map((p) => ({ x: p.label, y: p.count })) }];
  const max = Math.max(0, ...data.map((p) => p.count));
  const total = data.reduce((sum, p) => sum + p.count, 0);
  const labels = data.map((p) => p.label);
  const ticks = fittingTicks(labels, (width - MARGIN.left - MARGIN.right) / Math.max(1, labels.length - 1), labels);
  return (
    <Line
      data={series}
      width={width}
      height={CHART_HEIGHT}
      margin={MARGIN}
      xScale={{ type: "point" }}
      yScale={{ type: "linear", min: 0, max: max === 0 ? 1 : "auto", nice: true }}
      curve="monotoneX"
      colors={["var(--accent)"]}
      lineWidth={3}
      enableArea
      areaOpacity={0.18}
      enablePoints
      pointSize={8}
      pointColor="var(--panel)"
      pointBorderWidth={2}
      pointBorderColor={{ from: "seriesColor" }}
      enableGridX={false}
      gridYValues={5}
      axisLeft={{ tickSize: 0, tickPadding: 10, tickValues: 5, format: (v) => (Number.isInteger(v) ? String(v) : "") }}
      axisBottom={{ tickSize: 0, tickPadding: 12, tickValues: ticks }}
      theme={CHART_THEME}
      useMesh
      enableCrosshair
      tooltip={({ point }) => (
        // Points in the right half end their tooltip at the point, so it stays inside the card.
        <div className={`chart-tooltip${point.x > (width - 80) / 2 ? " flip" : ""}`}>
          <strong>{String(point.data.x)}</strong>: {String(point.data.y)} vouch{point.data.y === 1 ? "" : "es"}
        </div>
      )}
      // No motion: a resize or a live update redraws at once (spring-animated paths tear while morphing).
      animate={false}
      role="img"
      ariaLabel={`Vouches per month, last ${data.length} months: ${data.map((p) => `${p.label} ${p.count}`).join(", ")}. ${total} in all.`}
    />
  );
}
