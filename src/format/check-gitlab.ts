import { humanDuration } from "../core/text/duration.js";
import type { FilesReport } from "../core/check-report/files-report.js";
import { warningFailsIn } from "../core/check-report/policy.js";
import { INVALID_RULE, RETRY_LIMIT_RULE } from "../core/check-report/rules.js";
import { assertionDetail, scanLimitText } from "../core/check-report/words.js";
import { fileWarningText } from "./check-files-report.js";

/**
 * GitLab Code Quality JSON for `check --format gitlab` (the `codequality` report of a job's
 * `artifacts:reports`): one issue per broken limit and invalid policy (severity major), per warning (minor;
 * major under --strict), per limit not computable (info: code decides the waits), per
 * skipped file (info), per file read leniently (info: its YAML broke a rule the system's
 * own reader lets pass) and per retry limit found (info: a circuit breaker or retry budget), each with `description`,
 * `check_name`, `fingerprint`, `severity` and `location.path` / `location.lines.begin`.
 * The fingerprint is the same on every run for the same finding: it hashes the rule, the
 * file and the policy's name, not the line, so that a policy moved within its file keeps it
 * and GitLab's merge request widget does not show it as new.
 */
export function filesReportGitlab(report: FilesReport): string {
  const issues: object[] = [];
  const issue = (check: string, description: string, severity: string, path: string, line: number | null, identity: string) =>
    issues.push(gitlabIssue(check, description, severity, path, line, identity));
  for (const i of report.invalid) issue(INVALID_RULE, `${i.name} (${i.systemLabel}): invalid policy: ${i.reason}`, "major", i.file, i.line, i.name);
  for (const p of report.policies) {
    const who = `${p.name} (${p.systemLabel})`;
    for (const a of p.result.assertions) {
      if (a.computable === false) issue(a.limit, `${who}: ${a.limit} not computable: ${p.note ?? assertionDetail(a, p)}`, "info", p.file, p.line, p.name);
      if (a.ok) continue;
      const limit = `${a.limit} ${a.limit === "max-attempts" ? a.limitValue : humanDuration(a.limitValue)}`;
      issue(a.limit, `${who}: ${limit} broken: ${assertionDetail(a, p)}`, "major", p.file, p.line, p.name);
    }
    for (const w of p.result.warnings) issue(w.lint, `${who}: ${w.lint}: ${fileWarningText(w, p)}`, warningFailsIn(p, w, report.strict) ? "major" : "minor", p.file, p.line, p.name);
  }
  for (const s of report.skipped) issue("skipped", `skipped: ${s.reason}`, "info", s.file, s.line, s.reason);
  for (const s of report.lenient ?? []) issue("read-leniently", `read leniently: ${s.reason}`, "info", s.file, s.line, s.reason);
  for (const found of report.limits ?? []) issue(RETRY_LIMIT_RULE, scanLimitText(found), "info", found.limit.file, found.limit.line, `${found.limit.source}\u0000${found.limit.kind}`);
  return `${JSON.stringify(issues, null, 2)}\n`;
}

/** One Code Quality issue; `identity` (with the rule and the path) makes its fingerprint, not the line. */
export function gitlabIssue(check: string, description: string, severity: string, path: string, line: number | null, identity: string): object {
  return { description, check_name: check, fingerprint: fingerprint(`${check}\u0000${path}\u0000${identity}`), severity, location: { path, lines: { begin: line ?? 1 } } };
}

/**
 * 32 hexadecimal digits from two 64-bit FNV-1a hashes of the text's UTF-16 code units (with
 * two offset bases): pure, with no crypto module, and collisions far rarer than any report's size.
 */
export function fingerprint(text: string): string {
  const PRIME = 0x100000001b3n;
  const MASK = 0xffffffffffffffffn;
  let a = 0xcbf29ce484222325n;
  let b = 0x84222325cbf29ce4n;
  for (let i = 0; i < text.length; i++) {
    const unit = BigInt(text.charCodeAt(i));
    a = ((a ^ unit) * PRIME) & MASK;
    b = ((b ^ unit) * PRIME) & MASK;
  }
  return a.toString(16).padStart(16, "0") + b.toString(16).padStart(16, "0");
}
