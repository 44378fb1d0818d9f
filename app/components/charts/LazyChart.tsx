// A chart that paints without its library: the server renders the chart's SVG once (at the default width) and the page
// shows that markup; after the first paint the browser loads the interactive chart (nivo, in its own chunk) and puts
// it in place, at the card's measured width, with tooltips and the crosshair. Without JavaScript the SVG stays.
import type { ComponentType } from "react";
import { useAfterPaint } from "../../utils/after-paint";
import { useElementWidth } from "./chart";

export type ChartLoader<P> = () => Promise<ComponentType<P & { width: number }>>;

export function LazyChart<P extends object>({
  svg,
  load,
  props,
  height,
  className,
  testId,
}: {
  /** The chart as the server rendered it for a document (components/charts/chart-svg.server.ts); null on the browser's own data requests. */
  svg: string | null;
  /** Loads the interactive chart (a dynamic import, so its library stays out of the first load). */
  load: ChartLoader<P>;
  props: P;
  height: number;
  className: string;
  testId?: string;
}) {
  const [box, width] = useElementWidth();
  const Chart = useAfterPaint(load);
  return (
    <div className={className} ref={box} style={{ height }} data-testid={testId} data-interactive={Chart ? "true" : undefined}>
      {Chart ? <Chart {...props} width={width} /> : <div className="chart-static" dangerouslySetInnerHTML={{ __html: svg ?? "" }} />}
    </div>
  );
}
