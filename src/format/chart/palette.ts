// What a chart is drawn with: its characters (Unicode, or ASCII for terminals that lack
// block elements) and its colours.

/** The characters a chart is drawn with. */
export interface Glyphs {
  readonly bar: string;
  readonly band: string;
  readonly linear: string;
  readonly cap: string;
  readonly clamped: string;
  readonly axis: string;
  readonly tick: string;
  readonly dash: string;
  readonly times: string;
}

export const UNICODE_GLYPHS: Glyphs = { bar: "█", band: "░", linear: "◆", cap: "┃", clamped: "⤒", axis: "─", tick: "┬", dash: "–", times: "×" };
export const ASCII_GLYPHS: Glyphs = { bar: "#", band: "=", linear: "o", cap: "|", clamped: "^", axis: "-", tick: "+", dash: "..", times: "x" };

/** What each part of a chart is painted with; identity when there is no colour. */
export interface ChartPaint {
  readonly bar: (text: string) => string;
  readonly band: (text: string) => string;
  readonly linear: (text: string) => string;
  readonly cap: (text: string) => string;
  readonly clamped: (text: string) => string;
  readonly axis: (text: string) => string;
}

const same = (text: string) => text;
export const NO_PAINT: ChartPaint = { bar: same, band: same, linear: same, cap: same, clamped: same, axis: same };

type Painter = (text: string) => string;

/**
 * The part of a chalk instance the chart paints with, as a structural type, so that the
 * library's declarations need no chalk installed (the CLI bundles it).
 */
export interface ChartColours {
  readonly level: number;
  readonly cyan: Painter & { readonly dim: Painter };
  readonly magenta: Painter;
  readonly red: Painter;
  readonly yellow: Painter;
  readonly grey: Painter;
}

/** The chart's colours, from a chalk instance (none when it has no colour level). */
export function chartPaint(chalk: ChartColours): ChartPaint {
  if (chalk.level === 0) return NO_PAINT;
  return { bar: chalk.cyan, band: chalk.cyan.dim, linear: chalk.magenta, cap: chalk.red, clamped: chalk.yellow, axis: chalk.grey };
}
