// "Vouches Per Month": a fixed-size nivo Line, so the server renders the whole SVG and it shows without JavaScript.
// After hydration the width follows the card's width.
import { Line, type LineSeries } from "@nivo/line";
import { useEffect, useRef, useState } from "react";

export const CHART_HEIGHT = 380;
/** What the server renders before the browser can measure: about the card's width on a laptop screen. */
const DEFAULT_WIDTH = 900;

// Colours come from the page's CSS variables, so the chart follows the light, dark and system themes.
const THEME = {
  background: "transparent",
  text: { fill: "var(--muted)", fontSize: 12, fontFamily: "inherit", outlineWidth: 0, outlineColor: "transparent" },
  axis: {
    domain: { line: { stroke: "var(--border)", strokeWidth: 1 } },
    ticks: { line: { stroke: "var(--border)", strokeWidth: 1 }, text: { fill: "var(--muted)", fontSize: 12 } },
  },
  grid: { line: { stroke: "var(--border)", strokeWidth: 1, strokeDasharray: "4 4" } },
  crosshair: { line: { stroke: "var(--muted)", strokeWidth: 1, strokeOpacity: 0.6, strokeDasharray: "4 4" } },
  tooltip: {
    container: {
      background: "var(--panel)",
      color: "var(--text)",
      border: "1px solid var(--border)",
      borderRadius: 8,
      fontSize: 13,
      boxShadow: "0 8px 30px rgb(0 0 0 / 0.18)",
    },
  },
};

type Point = { month: string; label: string; count: number };

export function VouchesChart({ data }: { data: Point[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const measured = Math.floor(el.getBoundingClientRect().width);
      if (measured >= 200) setWidth(measured); // 0 while hidden or not laid out yet: keep the last width
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const series: LineSeries[] = [{ id: "Vouches", data: data.map((p) => ({ x: p.label, y: p.count })) }];
  const max = Math.max(0, ...data.map((p) => p.count));
  const total = data.reduce((sum, p) => sum + p.count, 0);

  return (
    <div className="vouch-chart" ref={box} style={{ height: CHART_HEIGHT }} data-testid="vouches-chart">
      <Line
        data={series}
        width={width}
        height={CHART_HEIGHT}
        margin={{ top: 20, right: 32, bottom: 44, left: 48 }}
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
        axisBottom={{ tickSize: 0, tickPadding: 12 }}
        theme={THEME}
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
    </div>
  );
}
