import { type PlacedChainCheck, amplificationDetail, chainLimitText, chainWho, stackedRetriesText } from "../../../core/check-report/chain.js";
import { type Finding, findingFails, findingIdentity, fingerprint } from "../../../core/check-report/finding.js";
import type { FilesReport } from "../../../core/check-report/files-report.js";
import { findingText } from "../../../core/check-report/words.js";
import type { AtLinesCheckRenderer } from "../../renderer.js";

/**
 * GitLab Code Quality JSON (the `codequality` report of a job's `artifacts:reports`): one
 * issue per finding, each with `description`, `check_name`, `fingerprint`, `severity` and
 * `location.path` / `location.lines.begin`. A broken limit and an invalid policy are major,
 * a warning minor (major where it fails), the rest info: a limit not computable (code
 * decides the waits), a file skipped, a file read leniently (its YAML broke a rule the
 * system's own reader lets pass), a retry limit found (a circuit breaker or retry budget).
 * The fingerprint is the same on every run for the same finding: it hashes the finding's
 * identity (its rule, its file and the policy's name, not the line), so that a policy moved
 * within its file keeps it and GitLab's merge request widget does not show it as new.
 */
export const renderer: AtLinesCheckRenderer = {
  atLines: true,
  render: (report) => ({ pieces: [filesReportGitlab(report)] }),
  renderChain: (chain) => ({ pieces: [chainCheckGitlab(chain)] }),
};

/** A finding's issue: what it says and how severe it is. */
function issueOf(f: Finding, strict: boolean): { description: string; severity: string } {
  const who = f.policy === null ? "" : `${f.policy.name} (${f.policy.systemLabel}): `;
  switch (f.kind) {
    case "invalid-policy":
      return { description: `${who}${f.rule === "invalid-policy" ? "invalid policy: " : ""}${f.message}`, severity: "major" };
    case "limit":
      return { description: `${who}${f.limit} broken: ${f.message}`, severity: "major" };
    case "lint":
      return { description: `${who}${f.rule}: ${findingText(f)}`, severity: findingFails(f, strict) ? "major" : "minor" };
    case "not-computable":
      return { description: `${who}${f.rule} not computable: ${f.message}`, severity: "info" };
    case "skipped":
      return { description: `skipped: ${f.message}`, severity: "info" };
    case "read-leniently":
      return { description: `read leniently: ${f.message}`, severity: "info" };
    case "retry-limit":
      return { description: f.message, severity: "info" };
    case "suppression":
      return { description: f.message, severity: findingFails(f, strict) ? "major" : "minor" };
  }
}

/** `check PATH…` (and `check --config FILE`, at the file's lines) as Code Quality issues. */
export function filesReportGitlab(report: FilesReport): string {
  // A finding suppressed in its file (# backoff-ignore) is no issue: Code Quality has no suppressed state.
  const issues = report.findings.filter((f) => f.suppression === undefined).map((f) => {
    const { description, severity } = issueOf(f, report.strict);
    return gitlabIssue(f.rule, description, severity, f.location.file, f.location.line, findingIdentity(f));
  });
  return `${JSON.stringify(issues, null, 2)}\n`;
}

/** A chain's check as Code Quality issues: an issue per broken limit (major) and per warning (minor; major under strictness). */
export function chainCheckGitlab(check: PlacedChainCheck): string {
  const who = chainWho(check.report);
  // One chain per file: its rule and file say which finding it is.
  const identity = (rule: string) => `${rule}\u0000${check.name}\u0000chain`;
  const issues = [
    ...check.result.assertions
      .filter((a) => !a.ok)
      .map((a) => gitlabIssue(a.limit, `${who}: ${chainLimitText(a)} broken: ${amplificationDetail(check.report, a)}`, "major", check.name, check.line, identity(a.limit))),
    ...check.result.warnings.map((w) => gitlabIssue(w.lint, `${who}: ${w.lint}: ${stackedRetriesText(w)}`, check.strict ? "major" : "minor", check.name, check.line, identity(w.lint))),
  ];
  return `${JSON.stringify(issues, null, 2)}\n`;
}

/** One Code Quality issue; its fingerprint hashes the finding's identity, not its line. */
function gitlabIssue(check: string, description: string, severity: string, path: string, line: number | null, identity: string): object {
  return { description, check_name: check, fingerprint: fingerprint(identity), severity, location: { path, lines: { begin: line ?? 1 } } };
}
