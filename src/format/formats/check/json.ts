import { chainCheckJson } from "../../chain-check.js";
import { checkReportJson } from "../../check-report.js";
import { filesReportJsonPieces, renderedJsonPieces } from "../../check-files-report.js";
import type { CheckRenderer } from "../../renderer.js";

/** The check report as one JSON document; GitHub annotations go to standard error, so that standard output stays one document. */
export const renderer: CheckRenderer = {
  policyText: true,
  render(check) {
    if (check.kind === "config") return { pieces: [checkReportJson(check.reports, check.exitCode)], stderr: check.annotations };
    if (check.rendered !== null) return { bytes: renderedJsonPieces(check.report, check.rendered) };
    return { pieces: filesReportJsonPieces(check.report), stderr: check.annotations };
  },
  renderChain: ({ name, report, result, exitCode }) => ({ pieces: [chainCheckJson(name, report, result, exitCode)] }),
};
