import { filesReportGitlab } from "../../check-gitlab.js";
import { chainCheckGitlab } from "../../chain-check.js";
import type { CheckRenderer } from "../../renderer.js";

/** The check report as GitLab Code Quality JSON: an issue per broken limit and warning, each at its line. */
export const renderer: CheckRenderer = {
  async render(check) {
    // A --config file's policies are reported as check PATH reports files; no annotations beside them.
    if (check.kind === "config") return { pieces: [filesReportGitlab(await check.filesReport())] };
    return { pieces: [filesReportGitlab(check.report)], stderr: check.annotations };
  },
  renderChain: (chain) => ({ pieces: [chainCheckGitlab(chain)] }),
};
