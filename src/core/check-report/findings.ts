import { warningFails } from "../check.js";
import { conditionFindings } from "./condition-findings.js";
import type { Finding, PolicyRef } from "./finding.js";
import { type FilePolicyReport, type InvalidReport, type SkippedReport, assumedText, policyCount } from "./policy.js";
import type { ScanLimit } from "./retry-limit.js";
import { INVALID_RULE, READ_LENIENTLY_RULE, RETRY_LIMIT_RULE, SKIPPED_RULE } from "./rules.js";
import { assertionDetail, limitText, scanLimitText, warningText } from "./words.js";

// What of a scan is a finding, and with which rule, level, place and words: decided here
// once for every format (files-report.ts lists them in the report's order).

/**
 * A checked policy's findings, at its place: each limit it breaks (an error) or that the
 * file cannot decide (a note), in the order the limits were given, then each lint (a
 * warning, or an error where the lint is raised to one). `index` is its place in the
 * report's policies.
 */
export function policyFindings(p: FilePolicyReport, index: number): Finding[] {
  const location = { file: p.file, line: p.line, column: p.column };
  const policy: PolicyRef = { name: p.name, system: p.system, systemLabel: p.systemLabel, index, count: policyCount(p), ...(p.retryOn === undefined ? {} : { retryOn: p.retryOn }) };
  const findings: Finding[] = [];
  for (const a of p.result.assertions) {
    // A limit the file cannot decide is never broken (core/check.ts gives it ok).
    if (a.computable === false) findings.push({ rule: a.limit, kind: "not-computable", level: "note", location, policy, message: p.note ?? assertionDetail(a, p), limit: limitText(a) });
    else if (!a.ok) findings.push({ rule: a.limit, kind: "limit", level: "error", location, policy, message: assertionDetail(a, p), limit: limitText(a) });
  }
  for (const w of p.result.warnings) {
    // A finding about the deadline rests on the timeouts read beside the policy.
    const timeouts = w.lint === "unreachable-retries" && p.timeouts !== undefined && p.timeouts.length > 0 ? { timeouts: p.timeouts } : {};
    // A finding about the deadline that rests on a deadline the file does not set says so (issue 36, item 4).
    const rests = w.lint === "unreachable-retries" ? (p.assumed ?? []).filter((a) => a.what !== "retries") : [];
    const flags = rests.map((a) => (a.what === "deadline" ? "--deadline" : "--attempt-time")).join(" and ");
    const message = rests.length === 0 ? warningText(w, p.terms) : `${warningText(w, p.terms)}; this rests on ${rests.length === 1 ? "a value" : "values"} the file does not set, ${rests.map((a) => a.source).join(" and ")} (${flags} ${rests.length === 1 ? "overrides it" : "override them"})`;
    findings.push({ rule: w.lint, kind: "lint", level: warningFails(p.result, w, false) ? "error" : "warning", location, policy, message, ...timeouts, ...(rests.length === 0 ? {} : { assumed: rests.map(assumedText) }) });
  }
  // What it retries on (issue 41): an overload signal without a budget, every error.
  findings.push(...conditionFindings(p, location, policy));
  return findings;
}

/** A policy whose values are wrong: an error at its place; nothing of it is checked. */
export function invalidFinding(i: InvalidReport): Finding {
  return {
    rule: i.rule ?? INVALID_RULE,
    kind: "invalid-policy",
    level: "error",
    location: { file: i.file, line: i.line, column: i.column },
    policy: { name: i.name, system: i.system, systemLabel: i.systemLabel },
    message: i.reason,
  };
}

/** A file (or a policy in it) not checked: a warning, which fails under strictness. */
export function skippedFinding(s: SkippedReport): Finding {
  return { rule: SKIPPED_RULE, kind: "skipped", level: "warning", location: { file: s.file, line: s.line, column: s.column }, policy: null, message: s.reason };
}

/** A file read past a YAML rule its system's own reader lets pass: a note. */
export function lenientFinding(s: SkippedReport): Finding {
  return { rule: READ_LENIENTLY_RULE, kind: "read-leniently", level: "note", location: { file: s.file, line: s.line, column: s.column }, policy: null, message: s.reason };
}

/** A retry limit found beside the policies: a note at its place, never a failure. */
export function retryLimitFinding(found: ScanLimit): Finding {
  const l = found.limit;
  return { rule: RETRY_LIMIT_RULE, kind: "retry-limit", level: "note", location: { file: l.file, line: l.line, column: l.column }, policy: null, message: scanLimitText(found), retryLimit: found };
}
