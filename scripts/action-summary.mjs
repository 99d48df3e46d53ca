// The GitHub Action's step outputs and job summary, from check's JSON report (scripts/action.mjs):
// policies=, broken= and warnings= (the report's totals) appended to GITHUB_OUTPUT, and a
// Markdown table of the findings (each broken limit and each warning, at its file and line)
// appended to GITHUB_STEP_SUMMARY, each when its variable is set.
import { appendFileSync } from "node:fs";

/** @typedef {{ ok: boolean, message: string }} Assertion */
/** @typedef {{ lint: string, message: string }} Warning */
/** @typedef {{ policies: Array<{ file: string, line: number, name: string, system: string, assertions: Assertion[], warnings: Warning[] }>, totals: { policies: number, broken: number, warnings: number } }} Report */

/**
 * @param {Report} report check's JSON report
 * @param {Record<string, string | undefined>} env the step's environment
 */
export function writeSummary(report, env) {
  const totals = report.totals;
  if (env.GITHUB_OUTPUT) {
    /** @param {string} name @param {number | undefined} value */
    const line = (name, value) => `${name}=${value ?? 0}\n`;
    appendFileSync(env.GITHUB_OUTPUT, line("policies", totals.policies) + line("broken", totals.broken) + line("warnings", totals.warnings));
  }
  if (env.GITHUB_STEP_SUMMARY) {
    // A cell: one line, its | escaped (GitHub's tables), Markdown's own characters left as written.
    /** @param {unknown} value */
    const cell = (value) => String(value).replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
    const rows = [];
    for (const policy of report.policies) {
      const where = [cell(policy.file), policy.line, cell(policy.name), cell(policy.system)];
      for (const assertion of policy.assertions) if (!assertion.ok) rows.push([...where, cell(assertion.message)]);
      for (const warning of policy.warnings) rows.push([...where, cell(`⚠ ${warning.lint}: ${warning.message}`)]);
    }
    /** @param {number} n @param {string} one @param {string} many */
    const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
    const counts = `${plural(totals.broken, "limit", "limits")} broken, ${plural(totals.warnings, "warning", "warnings")}; ${plural(totals.policies, "policy", "policies")} checked`;
    const table = rows.length === 0 ? "" : `| file | line | policy | system | finding |\n|---|---|---|---|---|\n${rows.map((row) => `| ${row.join(" | ")} |\n`).join("")}\n`;
    appendFileSync(env.GITHUB_STEP_SUMMARY, `### backoff check\n\n${table}${totals.broken === 0 ? "✓" : "✗"} ${counts}\n`);
  }
}
