import type { ConfigReport } from "../../../core/check-report/config-report.js";
import { type Finding, findingFails } from "../../../core/check-report/finding.js";
import type { FilesReport } from "../../../core/check-report/files-report.js";
import { assertionDetail, findingText, limitText, warningText } from "../../../core/check-report/words.js";
import { limitFails, warningFails } from "../../../core/check.js";
import { printable } from "../../printable.js";
import type { AnyCheckRenderer } from "../../renderer.js";

/**
 * The check report as GitHub Actions workflow commands (`::error file=…,line=…,col=…,title=backoff check::message`):
 * an annotation per finding at its place, which GitHub shows on the file's line. An error
 * where the finding fails the check, a warning where it would under strictness, a notice
 * for the rest. `backoff check` writes them beside its report when GITHUB_ACTIONS is true.
 */
export const renderer: AnyCheckRenderer = {
  render: (check) => ({ pieces: [text(check.kind === "config" ? configAnnotations(check.report) : filesAnnotations(check.report))] }),
};

/** Lines as one text, each ended; nothing for none. */
function text(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join("");
}

/**
 * Escaping for GitHub workflow commands: the message, and (stricter) a property value. Line
 * ends as the runner decodes them (%0D, %0A); any other control character from a name (an
 * escape sequence that would colour the log) as `printable` writes it.
 */
function escapeData(text: string): string {
  return text
    .replace(/%/g, "%25")
    .split(/(\r|\n)/)
    .map((part) => (part === "\r" ? "%0D" : part === "\n" ? "%0A" : printable(part)))
    .join("");
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** What an annotation of a finding says, after the policy's name. */
function annotationText(f: Finding): string {
  const who = f.policy === null ? "" : `${f.policy.name}: `;
  switch (f.kind) {
    case "invalid-policy":
      return `${who}${f.rule}: ${f.message}`;
    case "not-computable":
      return `${who}${f.rule} not computable: ${f.message}`;
    case "limit":
      return `${who}${f.limit} broken: ${f.message}`;
    case "lint":
      return `${who}${f.rule}: ${findingText(f)}`;
    case "skipped":
      return `skipped: ${f.message}`;
    case "read-leniently":
      return `read leniently: ${f.message}`;
    case "retry-limit":
    case "suppression":
      return f.message;
  }
}

/** `check PATH…`'s findings as annotations, each at its file, line and column. */
export function filesAnnotations(report: FilesReport): string[] {
  // A finding suppressed in its file (# backoff-ignore) is accepted there: no annotation on the pull request.
  return report.findings.filter((f) => f.suppression === undefined).map((f) => {
    const command = findingFails(f, report.strict) ? "error" : f.level === "warning" ? "warning" : "notice";
    const { file, line, column } = f.location;
    const props = [`file=${escapeProperty(file)}`, ...(line === null ? [] : [`line=${line}`, `col=${column ?? 1}`]), "title=backoff check"].join(",");
    return `::${command} ${props}::${escapeData(annotationText(f))}`;
  });
}

/**
 * `check --config FILE` (or flags) as annotations: one per broken limit and per warning (an
 * error under strictness), pointing at the policy's line in the config file when there is one.
 */
export function configAnnotations(report: ConfigReport): string[] {
  const lines: string[] = [];
  const file = report.file;
  for (const policy of report.policies) {
    const props = [...(file === null ? [] : [`file=${escapeProperty(file)}`]), ...(file === null || policy.line === null ? [] : [`line=${policy.line}`, `col=${policy.column ?? 1}`]), "title=backoff check"].join(",");
    const who = policy.name === null ? "" : `${policy.name}: `;
    for (const a of policy.result.assertions) {
      if (!a.ok) lines.push(`::${limitFails(policy.result, a.limit, report.strict) ? "error" : "warning"} ${props}::${escapeData(`${who}${limitText(a)} broken: ${assertionDetail(a, policy)}`)}`);
    }
    for (const w of policy.result.warnings) lines.push(`::${warningFails(policy.result, w, report.strict) ? "error" : "warning"} ${props}::${escapeData(`${who}${w.lint}: ${warningText(w, policy.terms)}`)}`);
  }
  return lines;
}
