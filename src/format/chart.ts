// The schedule chart drawn under a table (--chart), one concept per file in chart/.
// This module is the charts' entry point: the CLI bundle loads it, with the SVG
// renderer, from dist/pictures.cjs (see scripts/build.js), and the herd chart and the
// SVG share its pieces.
export { type ChartLine, chartLines, deadlineBoundary } from "./chart/lines.js";
export { ASCII_GLYPHS, type ChartPaint, type Glyphs, NO_PAINT, UNICODE_GLYPHS, chartPaint } from "./chart/palette.js";
export { type Plot, barCells, markerColumn } from "./chart/plot.js";
export { type ChartOptions, DEFAULT_CHART_LINES, MIN_CHART_WIDTH, axisLabels, renderScheduleChart } from "./chart/render.js";
