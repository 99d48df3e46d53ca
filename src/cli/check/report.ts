import type { SwitchWords } from "../../core/check-report/terms.js";
import type { CheckOutput, RenderContext } from "../../format/renderer.js";
import type { Io } from "../shared/io.js";
import { type OutputSwitches, outputRenderer, renderContext, writeRendered } from "../shared/render.js";

// How `backoff check` writes its report: the words its reports use for its own switches
// (no format names a flag), and the GitHub annotations beside the report under GITHUB_ACTIONS.

const STRICTLY = "under --strict";

/** check PATH…: warnings fail under --strict; limits are flags. */
export const FILES_WORDS: SwitchWords = { strictly: STRICTLY, limits: "--max-total, --max-delay, …" };

/** check --config FILE (or flags): limits are flags or the config's "assert". */
export const CONFIG_WORDS: SwitchWords = { strictly: STRICTLY, limits: '--max-total, --min-total, --max-delay, … or "assert" in the config' };

/** check --config FILE with a chain: its one limit. */
export const CHAIN_WORDS: SwitchWords = { strictly: STRICTLY, limits: '--max-amplification or "assert" in the config' };

/**
 * Writes the report in `format` and, when `annotate` (GITHUB_ACTIONS), the same report as
 * GitHub annotations (the `github` format): before the text for people, on standard output,
 * where the job's log shows them in place; on standard error beside a document, so that
 * standard output stays one document. A format that places findings at lines of files
 * (`atLines`) is handed the files report.
 */
export async function writeCheckReport(check: CheckOutput, switches: OutputSwitches, annotate: boolean, io: Io): Promise<void> {
  const { format } = switches;
  const renderer = await outputRenderer("check", switches);
  const context = renderContext(io, switches);
  const annotations = annotate && format !== "github" ? await annotationText(check, context) : "";
  if (annotations !== "") (format === "table" ? io.stdout : io.stderr).write(annotations);
  if (renderer.atLines !== true) await writeRendered(await renderer.render(check, context), io);
  else if (check.kind === "files") await writeRendered(await renderer.render(check.report, context), io);
  else throw new Error(`the ${format} check format places findings at lines of files: it is handed a files report`);
}

/** The report as GitHub annotations, one line each. */
async function annotationText(check: CheckOutput, context: RenderContext): Promise<string> {
  const github = await outputRenderer("check", { format: "github" });
  if (github.atLines === true) throw new Error("the github check format renders every report");
  const rendered = await github.render(check, context);
  return "pieces" in rendered ? [...rendered.pieces].join("") : "";
}
