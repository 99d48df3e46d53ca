import { filesReportJunit } from "../../check-junit.js";
import { chainCheckJunit } from "../../chain-check.js";
import type { CheckRenderer } from "../../renderer.js";

/** The check report as JUnit XML: a testsuite per file, a testcase per limit and warning (CI test reports read it). */
export const renderer: CheckRenderer = {
  async render(check) {
    // A --config file's policies are reported as check PATH reports files; no annotations beside them.
    if (check.kind === "config") return { pieces: [filesReportJunit(await check.filesReport())] };
    return { pieces: [filesReportJunit(check.report)], stderr: check.annotations };
  },
  renderChain: (chain) => ({ pieces: [chainCheckJunit(chain)] }),
};
