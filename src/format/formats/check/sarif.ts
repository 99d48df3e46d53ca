import { filesReportSarif } from "../../check-files-report.js";
import { chainCheckSarif } from "../../chain-check.js";
import type { CheckRenderer } from "../../renderer.js";

/** The check report as SARIF 2.1.0, each policy at its line in its file (code scanning reads it). */
export const renderer: CheckRenderer = {
  async render(check, context) {
    // A --config file's policies are reported as check PATH reports files; no annotations beside them.
    if (check.kind === "config") return { pieces: [filesReportSarif(await check.filesReport(), context.version)] };
    return { pieces: [filesReportSarif(check.report, context.version)], stderr: check.annotations };
  },
  renderChain: (chain, context) => ({ pieces: [chainCheckSarif(chain, context.version)] }),
};
