// The population line rendered to SVG on the server, at the default width: what the page shows before (and without)
// JavaScript, and all of it the first load needs.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DEFAULT_CHART_WIDTH } from "../../components/charts/chart";
import type { PopulationLineProps } from "./PopulationChart";
import { PopulationLine } from "./PopulationLine";

export const populationChartSvg = (props: PopulationLineProps) =>
  renderToStaticMarkup(createElement(PopulationLine, { ...props, width: DEFAULT_CHART_WIDTH }));
