import type { ChalkInstance } from "chalk";
import { groupDigits } from "../../core/text/digits.js";
import { FORMAT_NAMES, type FormatName, rendererFor, writes } from "../../format/registry.js";
import { OUTPUT_OPTIONS, type OptionRefusal, type Output, type OutputOption, type OutputOptions, type RenderContext, type Rendered, type Renderers, type Takes } from "../../format/renderer.js";
import { chalkAt } from "./chalk.js";
import { colorLevel } from "./color.js";
import { UsageError } from "./errors.js";
import { type Io, writeByteChunks, writeChunks } from "./io.js";
import { chartNeedsAscii } from "./terminal.js";
import { REPOSITORY, VERSION } from "./version.js";
import { outputWidth } from "./width.js";

/** How a command's output is written, as its switches give it: the format, the colour, and the output options given. */
export type OutputSwitches = { readonly format: FormatName; readonly color: boolean } & OutputOptions;

const OUTPUT_OPTION_NAMES = Object.keys(OUTPUT_OPTIONS) as readonly OutputOption[];

/** The output options among a command's switches (src/format/renderer.ts OUTPUT_OPTIONS): those given, a switch left off not. */
export function outputOptionsOf(switches: OutputOptions): OutputOptions {
  const given: Record<string, unknown> = {};
  for (const name of OUTPUT_OPTION_NAMES) {
    const value = switches[name];
    if (value !== undefined && value !== false) given[name] = value;
  }
  return given as OutputOptions;
}

/** Whether a renderer takes the option, with the others given (the table takes --scale beside --chart). */
function takes(renderer: { readonly takes?: Takes }, name: OutputOption, given: OutputOptions): boolean {
  const how = renderer.takes?.[name];
  return how === true || (how !== undefined && given[how.with] !== undefined);
}

/** An output option's flag: its name, in the words people type (--chart). */
const flagOf = (name: OutputOption) => `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The line refusing `name` in `format`: where the output takes it instead, from what its renderers declare. */
async function refusal(output: Output, name: OutputOption, value: unknown, format: FormatName): Promise<string> {
  const formats = FORMAT_NAMES.filter((candidate) => writes(candidate, output));
  const beside = new Set<string>();
  const outright: string[] = [];
  for (const candidate of formats) {
    const how = (await rendererFor(output, candidate)).takes?.[name];
    if (how === true) outright.push(`--format ${candidate}`);
    else if (how !== undefined) beside.add(flagOf(how.with));
  }
  const takers = [...beside, ...outright];
  // No command offers an option none of its formats applies; said plainly should one ever be.
  if (takers.length === 0) return `${flagOf(name)} applies to none of this command's formats, got --format ${format}`;
  const refused = OUTPUT_OPTIONS[name].refused as (refusal: OptionRefusal<unknown>) => string;
  return refused({ value, format, takers, formats });
}

/**
 * The renderer of `output` in the chosen format, loaded once the output options given are
 * checked against those it takes: the one check, for every format of every command, that
 * refuses an option the renderer would not apply (--chart with --format csv), before
 * anything is computed or written.
 */
export async function outputRenderer<O extends Output>(output: O, switches: { readonly format: FormatName } & OutputOptions): Promise<Renderers[O]> {
  const renderer = await rendererFor(output, switches.format);
  const given = outputOptionsOf(switches);
  for (const name of OUTPUT_OPTION_NAMES) {
    if (given[name] !== undefined && !takes(renderer, name, given)) throw new UsageError(await refusal(output, name, given[name], switches.format));
  }
  return renderer;
}

/**
 * What every renderer (src/format/registry.ts) is handed, decided once from the command's
 * io: the width, the colour (chalk loaded only when a renderer paints), the chart's glyphs,
 * the HTML page writer; and the output options given, from the command's switches.
 */
export function renderContext(io: Io, switches: { readonly color: boolean } & OutputOptions): RenderContext {
  const width = outputWidth(io);
  const level = colorLevel(switches.color, io.stdout.isTTY === true, io.env);
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
    repository: REPOSITORY.url,
    signal: io.signal,
    options: outputOptionsOf(switches),
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

