import { chainCheckLines } from "../../chain-check.js";
import { checkReportLines, PLAIN, type Paint } from "../../check-report.js";
import { filesReportLines } from "../../check-files-report.js";
import type { CheckRenderer, RenderContext } from "../../renderer.js";

/** Green, red and yellow on an output that takes colour; chalk is not loaded otherwise. */
async function paintOf(context: RenderContext): Promise<Paint> {
  const chalk = context.colored ? await context.paint() : null;
  return chalk === null ? PLAIN : { ok: chalk.green, bad: chalk.red, warn: chalk.yellow };
}

/** The check report for people: GitHub annotations (under GITHUB_ACTIONS) first, then a line per limit and warning. */
export const renderer: CheckRenderer = {
  async render(check, context) {
    const paint = await paintOf(context);
    const lines = check.kind === "config" ? checkReportLines(check.reports, check.strict, paint, context.width) : filesReportLines(check.report, paint, context.width);
    return { pieces: [`${[...check.annotations, ...lines].join("\n")}\n`] };
  },
  async renderChain({ name, report, result, strict }, context) {
    return { pieces: [`${chainCheckLines(name, report, result, strict, await paintOf(context), context.width).join("\n")}\n`] };
  },
};
