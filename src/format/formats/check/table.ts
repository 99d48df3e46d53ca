import { checkReportLines, PLAIN, type Paint } from "../../check-report.js";
import { filesReportLines } from "../../check-files-report.js";
import type { CheckRenderer } from "../../renderer.js";

/** The check report for people: GitHub annotations (under GITHUB_ACTIONS) first, then a line per limit and warning. */
export const renderer: CheckRenderer = {
  async render(check, context) {
    // Green, red and yellow on an output that takes colour; chalk is not loaded otherwise.
    const chalk = context.colored ? await context.paint() : null;
    const paint: Paint = chalk === null ? PLAIN : { ok: chalk.green, bad: chalk.red, warn: chalk.yellow };
    const lines = check.kind === "config" ? checkReportLines(check.reports, check.strict, paint, context.width) : filesReportLines(check.report, paint, context.width);
    return { pieces: [`${[...check.annotations, ...lines].join("\n")}\n`] };
  },
};
