/**
 * backoff as a library: the same pure delay function and schedule the CLI uses,
 * and the formatters that turn rows into text.
 */
export * from "./core/index.js";
export { humanDuration } from "./core/text/duration.js";
export { SATURATED_TEXT, msField } from "./format/numbers.js";
export { SCHEDULE_COLUMNS, type Column } from "./format/columns.js";
export { renderCsv, renderTsv } from "./format/delimited.js";
export { renderJson } from "./format/json.js";
export { renderMarkdown } from "./format/markdown.js";
export { renderScheduleChart, type ChartOptions } from "./format/chart.js";
// Pure (the environment is passed in); the CLI's reading of a terminal, offered to library users too.
export { chartNeedsAscii } from "./cli/shared/terminal.js";
export { renderScheduleSvg, policyTitle, type SvgOptions } from "./format/svg.js";
export { renderHerdChart, type HerdCounts } from "./format/herd-chart.js";
export { type ScaleKind } from "./format/scale.js";
export { PRESETS, findPreset } from "./presets/registry.js";
export type { Preset, PresetModel, PresetOverrides } from "./presets/types.js";
