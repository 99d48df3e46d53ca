import type { SwitchWords } from "../../core/check-report/terms.js";
import type { FilesReport } from "../../core/check-report/files-report.js";
import type { FormatName } from "../../format/registry.js";
import type { CheckOutput, CheckRenderer, RenderContext, Rendered } from "../../format/renderer.js";
import type { Io } from "../shared/io.js";
import { sourceRoot } from "./repository.js";
import { type OutputTarget, renderedText, writeWhole } from "./outputs.js";
import { type OutputSwitches, outputRenderer, renderContext, writeRendered } from "../shared/render.js";

// How `backoff check` writes its report: the words its reports use for its own switches
// (no format names a flag), the GitHub annotations beside the report under GITHUB_ACTIONS, and
// the files of --output FORMAT=FILE (outputs.ts).

const STRICTLY = "under --strict";

/** check PATH…: warnings fail under --strict; limits are flags. */
export const FILES_WORDS: SwitchWords = { strictly: STRICTLY, limits: "--max-total, --max-delay, …" };

/** check --config FILE (or flags): limits are flags or the config's "assert". */
export const CONFIG_WORDS: SwitchWords = { strictly: STRICTLY, limits: '--max-total, --min-total, --max-delay, … or "assert" in the config' };

/** check --config FILE with a chain: its one limit. */
export const CHAIN_WORDS: SwitchWords = { strictly: STRICTLY, limits: '--max-amplification or "assert" in the config' };

/** How check writes its reports: the terminal's format and colour, and the files of --output FORMAT=FILE. */
export type ReportSwitches = OutputSwitches & { readonly outputs?: readonly OutputTarget[] };

/**
 * A check's report in one format, from its renderer; `given` is how the format was asked for
 * ("--format sarif", "--output sarif=backoff.sarif"), for the line refusing a format that cannot
 * report what was checked (a UsageError).
 */
export type RenderCheck = (renderer: CheckRenderer, format: FormatName, context: RenderContext, given: string) => Promise<Rendered>;

/**
 * Writes the report in `format` and, when `annotate` (GITHUB_ACTIONS), the same report as
 * GitHub annotations (the `github` format): before the text for people, on standard output,
 * where the job's log shows them in place; on standard error beside a document, so that
 * standard output stays one document. A format that places findings at lines of files
 * (`atLines`) is handed the files report: check PATH's, or `atLines(format)`'s (check
 * --config's policies at the file's lines). Each --output file is written first, whole.
 */
export async function writeCheckReport(check: CheckOutput, switches: ReportSwitches, annotate: boolean, io: Io, atLines?: (given: string) => FilesReport): Promise<void> {
  const render: RenderCheck = async (renderer, format, context, given) => {
    if (renderer.atLines !== true) return renderer.render(check, context);
    if (check.kind === "files") return renderer.render(check.report, context);
    if (atLines !== undefined) return renderer.render(atLines(given), context);
    throw new Error(`the ${format} check format places findings at lines of files: it is handed a files report`);
  };
  await writeReports(switches, io, render, annotate && switches.format !== "github" ? (context) => annotationText(check, context) : null);
}

/**
 * Writes every report of one check: each --output file whole (outputs.ts), then, on the
 * terminal, the annotations when given and the report in --format. Everything is rendered
 * before anything is written, so a format that cannot report what was checked writes nothing.
 */
export async function writeReports(switches: ReportSwitches, io: Io, render: RenderCheck, annotations: ((context: RenderContext) => Promise<string>) | null): Promise<void> {
  const renderer = await outputRenderer("check", switches);
  // Files are named from the repository's root where a format asks (SARIF), whatever directory the check runs in.
  const root = sourceRoot();
  const context: RenderContext = { ...renderContext(io, switches), sourceRoot: root };
  const terminal = await render(renderer, switches.format, context, `--format ${switches.format}`);
  const outputs = switches.outputs ?? [];
  if (outputs.length > 0) {
    // A file is read by programs, or later: no colour, no width (as a pipe).
    const fileContext: RenderContext = { ...renderContext(io, { ...switches, color: false }), width: null, drawWidth: 80, colored: false, sourceRoot: root };
    const files = [];
    for (const { format, file } of outputs) {
      const rendered = await render(await outputRenderer("check", { ...switches, format }), format, fileContext, `--output ${format}=${file}`);
      files.push({ file, text: renderedText(rendered) });
    }
    await writeWhole(files);
  }
  const annotationLines = annotations === null ? "" : await annotations(context);
  if (annotationLines !== "") (switches.format === "table" ? io.stdout : io.stderr).write(annotationLines);
  await writeRendered(terminal, io);
}

/** The report as GitHub annotations, one line each. */
async function annotationText(check: CheckOutput, context: RenderContext): Promise<string> {
  const github = await outputRenderer("check", { format: "github" });
  if (github.atLines === true) throw new Error("the github check format renders every report");
  const rendered = await github.render(check, context);
  return "pieces" in rendered ? [...rendered.pieces].join("") : "";
}
