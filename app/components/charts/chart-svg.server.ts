// A chart rendered to SVG on the server, at the default width: what a page shows before (and without) JavaScript, and
// all of it the first load needs (components/charts/LazyChart.tsx). The markup of the last few inputs is kept in the
// isolate, so every view of the same data (each person on a server's page, each dashboard view between two vouches)
// gets it without rendering the chart again.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DEFAULT_CHART_WIDTH } from "./chart";

/** `render` with its answers kept for the last `size` distinct inputs (by their JSON). */
export function keptSvg<A>(render: (input: A) => string, size = 16): (input: A) => string {
  const kept = new Map<string, string>();
  return (input) => {
    const key = JSON.stringify(input);
    const found = kept.get(key);
    if (found !== undefined) {
      kept.delete(key); // the most recently used goes last, and the least recently used is dropped first
      kept.set(key, found);
      return found;
    }
    const svg = render(input);
    kept.set(key, svg);
    if (kept.size > size) kept.delete(kept.keys().next().value as string);
    return svg;
  };
}

/** The chart's SVG from its props: the interactive chart (`Chart`) rendered once at the default width, and kept. */
export const chartSvg = <P extends { width: number }>(Chart: ComponentType<P>) =>
  keptSvg((props: Omit<P, "width">) => renderToStaticMarkup(createElement(Chart, { ...props, width: DEFAULT_CHART_WIDTH } as P)));
