// A chart that paints without its library: the server's SVG (default width; on a narrower screen it scrolls sideways)
// shows first and stays without JavaScript; after the first paint the interactive chart (nivo, its own chunk) takes its
// place at the card's measured width, with tooltips and the crosshair.
import type { ComponentType } from "react";
import { useAfterPaint } from "#app/utils/after-paint";
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
    <div
      className={className}
      ref={box}
      style={{ height }}
      data-testid={testId}
      data-interactive={Chart ? "true" : undefined}
    >
      {Chart ? (
        <Chart {...props} width={width} />
      ) : (
        <div
          className="chart-static"
          tabIndex={0}
          role="region"
          aria-label="Chart"
          dangerouslySetInnerHTML={{ __html: svg ?? "" }}
        />
      )}
    </div>
  );
}
