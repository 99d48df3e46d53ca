import type { CheckResult, LimitName, LintName } from "../check.js";
import type { Finding } from "./finding.js";
import type { FilePolicyReport } from "./policy.js";
import type { RuleLevel } from "./rules.js";

/**
 * A rule's level in a file as a repository config sets it (`rules`, and its `overrides`' for
 * the files they match: cli/check/overrides.ts); undefined leaves the rule's own. As ESLint's
 * rule levels: `error` fails the check, `warning` fails it only under strictness, `off` is
 * not reported at all. A note (a retry limit found, a limit the file cannot decide) stays a
 * note unless the rule is off.
 */
export type LevelOf = (file: string, rule: string) => RuleLevel | undefined;

/**
 * A checked policy as its file's rule levels leave it: the limits and lints that are off
 * dropped from its result (so that no format shows them), the lints set to error raised to
 * errors and those set to warning lowered to warnings, the limits set to warning lowered to
 * warnings (they fail only under strictness).
 */
export function policyAtLevels(p: FilePolicyReport, levelOf: LevelOf): FilePolicyReport {
  const result = resultAtLevels(p.result, (rule) => levelOf(p.file, rule));
  return result === p.result ? p : { ...p, result };
}

/** A check's result at the levels `level` gives each rule (undefined: the rule's own); the same object when none is set. */
export function resultAtLevels(r: CheckResult, level: (rule: string) => RuleLevel | undefined): CheckResult {
  const set = [...r.assertions.map((a) => a.limit), ...r.warnings.map((w) => w.lint)].some((rule) => level(rule) !== undefined);
  if (!set) return r;
  const warnings = r.warnings.filter((w) => level(w.lint) !== "off");
  const errorLints: LintName[] = [...new Set(warnings.map((w) => w.lint).filter((lint) => level(lint) === "error" || (level(lint) === undefined && (r.errorLints ?? []).includes(lint))))];
  const assertions = r.assertions.filter((a) => level(a.limit) !== "off");
  const warningLimits: LimitName[] = [...new Set(assertions.map((a) => a.limit).filter((limit) => level(limit) === "warning" || (level(limit) === undefined && (r.warningLimits ?? []).includes(limit))))];
  return { ...r, assertions, warnings, errorLints, ...(warningLimits.length === 0 ? {} : { warningLimits }) };
}

/** The findings at their file's rule levels: those off dropped, errors and warnings set as the config says. */
export function findingsAtLevels(findings: readonly Finding[], levelOf: LevelOf): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const level = levelOf(f.location.file, f.rule);
    if (level === "off") continue;
    out.push(level === undefined || f.level === "note" || level === f.level ? f : { ...f, level });
  }
  return out;
}
