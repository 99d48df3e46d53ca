import type { ChalkInstance } from "chalk";
import { groupDigits } from "../../core/text/digits.js";
import type { FormatName } from "../../format/registry.js";
import type { RenderContext, Rendered } from "../../format/renderer.js";
import type { ScaleKind } from "../../format/scale.js";
import { chalkAt } from "./chalk.js";
import { colorLevel } from "./color.js";
import { UsageError } from "./errors.js";
import { type Io, writeByteChunks, writeChunks } from "./io.js";
import { chartNeedsAscii } from "./terminal.js";
import { VERSION } from "./version.js";
import { outputWidth } from "./width.js";

/**
 * What every renderer (src/format/registry.ts) is handed, decided once from the command's
 * io: the width, the colour (chalk loaded only when a renderer paints), the chart's glyphs,
 * the HTML page writer.
 */
export function renderContext(io: Io, color: boolean): RenderContext {
  const width = outputWidth(io);
  const level = colorLevel(color, io.stdout.isTTY === true, io.env);
  let paint: Promise<ChalkInstance> | undefined;
  return {
    width,
    drawWidth: width ?? io.stdout.columns ?? 80,
    ascii: chartNeedsAscii(io.env),
    colored: level > 0,
    paint: () => (paint ??= chalkAt(level)),
    // The page writer holds the page script (scripts/build.js inlines it into dist/commands.cjs).
    htmlPage: async (page) => (await import("./html-output.js")).htmlPageText(page),
    version: VERSION,
    signal: io.signal,
  };
}

/** Writes what a renderer gave: its lines for standard error first, then the text, in chunks with back-pressure. */
export async function writeRendered(rendered: Rendered, io: Io): Promise<void> {
  if (rendered.stderr !== undefined && rendered.stderr.length > 0) io.stderr.write(`${rendered.stderr.join("\n")}\n`);
  if ("bytes" in rendered) {
    await writeByteChunks(io.stdout, rendered.bytes);
    return;
  }
  // Ctrl-C: streamed rows stop after the last whole one, and a JSON document gets its closing brackets.
  const interrupt = rendered.interruptible === undefined ? {} : { signal: io.signal, ...rendered.interruptible };
  await writeChunks(io.stdout, rendered.pieces, interrupt);
}

/** A picture, a page or a chart holds every attempt in memory: more than `max` are refused, pointing at the formats that stream. */
export function checkAttemptCount(count: number, max: number | undefined, what: string): void {
  if (max !== undefined && count > max) {
    throw new UsageError(`${what} draws at most ${groupDigits(max)} attempts, got ${groupDigits(count)}; use --format csv (or tsv, json, markdown), which stream any range`);
  }
}

/** How an output is written: its format, colour and picture options (the schedule's and compare's). */
export interface OutputOptions {
  readonly format: FormatName;
  readonly color: boolean;
  readonly chart?: boolean;
  readonly scale?: ScaleKind;
}

/**
 * --chart draws under the table and --scale shapes a picture: both refuse a format whose
 * renderer cannot apply them (ScheduleRenderer's `charts` and `scaled`).
 */
export function checkPictureOptions(options: OutputOptions, renderer: { readonly charts?: boolean; readonly scaled?: boolean }): void {
  if (options.chart && renderer.charts !== true) {
    throw new UsageError(`--chart draws under the table, so it needs --format table, got --format ${options.format} (for a picture file use --format svg)`);
  }
  if (options.scale !== undefined && !options.chart && renderer.scaled !== true) {
    throw new UsageError(`--scale applies only to --chart and --format svg, got --scale ${options.scale} with neither`);
  }
}
