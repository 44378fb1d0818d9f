// A chart rendered to SVG on the server at the default width, for the first load and no-JavaScript views; the markup
// of the last few inputs is kept in the isolate, so repeated views of the same data skip rendering.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { kept } from "#app/utils/kept";
import { DEFAULT_CHART_WIDTH } from "./chart";

/** The chart's SVG from its props: the interactive chart (`Chart`) rendered once at the default width, and kept. */
export const chartSvg = <P extends { width: number }>(Chart: ComponentType<P>) =>
  kept(
    (props: Omit<P, "width">) =>
      renderToStaticMarkup(createElement(Chart, { ...props, width: DEFAULT_CHART_WIDTH } as P)),
    JSON.stringify,
  );
