// The Vouches Per Month chart rendered to SVG on the server, at the default width: what the page shows before (and
// without) JavaScript, and all of it the first load needs.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DEFAULT_CHART_WIDTH } from "../../components/charts/chart";
import { keptSvg } from "../../components/charts/kept-svg.server";
import type { Point } from "./VouchesChart";
import { VouchesLine } from "./VouchesLine";

export const vouchesChartSvg = keptSvg((data: Point[]) => renderToStaticMarkup(createElement(VouchesLine, { data, width: DEFAULT_CHART_WIDTH })));
