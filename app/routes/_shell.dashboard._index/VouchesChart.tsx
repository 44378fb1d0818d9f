// "Vouches Per Month": the server's SVG first (so it shows without JavaScript and without nivo in the first load), then
// the interactive line once the browser is idle (components/charts/LazyChart.tsx).
import { LazyChart } from "#app/components/charts/LazyChart";

export const CHART_HEIGHT = 380;
export type Point = { month: string; label: string; count: number };

const loadLine = () => import("./VouchesLine").then((m) => m.VouchesLine);

export function VouchesChart({ data, svg }: { data: Point[]; svg: string | null }) {
  return (
    <LazyChart
      svg={svg}
      load={loadLine}
      props={{ data }}
      height={CHART_HEIGHT}
      className="vouch-chart"
      testId="vouches-chart"
    />
  );
}
