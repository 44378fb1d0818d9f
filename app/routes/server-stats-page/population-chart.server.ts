// The population line rendered to SVG on the server, at the default width: what the page shows before (and without)
// JavaScript, and all of it the first load needs.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MINUTE_MS } from "../../../contract/time";
import { DEFAULT_CHART_WIDTH } from "../../components/charts/chart";
import { keptSvg } from "../../components/charts/kept-svg.server";
import type { PopulationLineProps } from "./PopulationChart";
import { PopulationLine } from "./PopulationLine";

const render = keptSvg((props: PopulationLineProps) => renderToStaticMarkup(createElement(PopulationLine, { ...props, width: DEFAULT_CHART_WIDTH })));

/** The chart's SVG; `now` (the end of the time axis) is taken to the minute, so views within a minute share it. */
export const populationChartSvg = (props: PopulationLineProps) => render({ ...props, now: Math.floor(props.now / MINUTE_MS) * MINUTE_MS });
