import type { AssertionResult, CheckResult } from "../../../core/check.js";
import type { PlacedChainCheck } from "../../../core/check-report/chain.js";
import type { ConfigReport, PolicyReport } from "../../../core/check-report/config-report.js";
import { type Finding, findingFails } from "../../../core/check-report/finding.js";
import { type FilesReport, findingsByPolicy } from "../../../core/check-report/files-report.js";
import { type FilePolicyReport, policyCount, retriesForever } from "../../../core/check-report/policy.js";
import type { LimitReport } from "../../../core/check-report/retry-limit.js";
import { retryOnData } from "../../../core/conditions/condition.js";
import { type AssertionContext, assertionLine, warningText } from "../../../core/check-report/words.js";
import { jsonText } from "../../json-text.js";
import { msJson } from "../../numbers.js";
import type { AnyCheckRenderer } from "../../renderer.js";

/** The check report as one JSON document. */
export const renderer: AnyCheckRenderer = {
  render: (check) => ({ pieces: check.kind === "config" ? [configReportJson(check.report)] : filesReportJson(check.report) }),
  renderChain: (chain) => ({ pieces: [chainCheckJson(chain)] }),
};

/** A figure for JSON; null (no bound) stays null. */
function msOrNull(ms: number | null): number | string | null {
  return ms === null ? null : msJson(ms);
}

/** Beside the totals the deadline bounds: the schedule's alone (absent when the deadline bounds neither). */
function scheduleTotalsJson(r: CheckResult): Record<string, unknown> {
  // best_total_ms is tries that fail at once; with a try time, the best case of tries that each take it beside it.
  return {
    ...(r.bestWithTriesMs === undefined ? {} : { best_total_with_tries_ms: msOrNull(r.bestWithTriesMs) }),
    ...(r.scheduleTotals === undefined ? {} : { schedule_best_total_ms: msOrNull(r.scheduleTotals.bestMs), schedule_worst_total_ms: msOrNull(r.scheduleTotals.worstMs) }),
  };
}

/** An assertion as both JSON reports give it: the limit and the value compared, in ms or as a count, and its line of text. */
function assertionJson(a: AssertionResult, context: AssertionContext): Record<string, unknown> {
  return {
    limit: a.limit,
    ok: a.ok,
    ...(a.computable === false ? { computable: false } : {}),
    ...(a.limit === "max-attempts" ? { limit_value: a.limitValue, actual: a.actual } : { limit_ms: msJson(a.limitValue), actual_ms: msOrNull(a.actual) }),
    attempt: a.attempt,
    // The deadline ends every run sooner than the schedule would: actual_ms is the deadline's, this the schedule's alone.
    ...(a.scheduleMs === undefined ? {} : { schedule_ms: msOrNull(a.scheduleMs) }),
    ...(a.withTriesMs === undefined ? {} : { with_tries_ms: msOrNull(a.withTriesMs) }),
    message: assertionLine(a, context),
  };
}

/**
 * `check PATH…` as one JSON document, in pieces: the document around the policies, and each
 * policy as it stands in it, so that a report of thousands of policies is written out
 * without ever being one string. Laid out as JSON.stringify(document, null, 2) lays it out.
 */
export function* filesReportJson(report: FilesReport): Generator<string> {
  const byKind = (kind: Finding["kind"]) => report.findings.filter((f) => f.kind === kind);
  const assertions = report.policies.reduce((n, p) => n + p.result.assertions.length, 0);
  const doc = {
    ok: report.exitCode === 0,
    exit_code: report.exitCode,
    policies: [],
    disabled: report.disabled.map(({ systemLabel: _, ...disabled }) => disabled),
    invalid: byKind("invalid-policy").map((f) => ({ ...place(f), system: f.policy!.system, name: f.policy!.name, reason: f.message, rule: f.rule })),
    skipped: byKind("skipped").map((f) => ({ ...place(f), reason: f.message })),
    lenient: byKind("read-leniently").map((f) => ({ ...place(f), reason: f.message })),
    limits: byKind("retry-limit").map((f) => ({ ...limitJson(f.retryLimit!.limit), governs: f.retryLimit!.governs })),
    // Inline suppressions (# backoff-ignore), only where a file holds one: what they set off, and the comments without a reason or unused.
    ...suppressionsJson(report),
    totals: {
      files_scanned: report.filesScanned,
      files_with_policies: new Set(report.policies.map((p) => p.file)).size,
      policies: report.policies.length,
      disabled: report.disabled.length,
      invalid: report.invalid.length,
      skipped: report.skipped.length,
      lenient: report.lenient.length,
      links_not_followed: report.linksNotFollowed,
      // limits: the limits checked (flags, a config's assert); retry_limits: the circuit breakers and retry budgets found.
      limits: assertions,
      retry_limits: report.limits.length,
      broken: byKind("limit").filter((f) => f.suppression === undefined).length,
      warnings: byKind("lint").filter((f) => f.suppression === undefined).length,
    },
  };
  const whole = `${JSON.stringify(doc, null, 2)}\n`;
  if (report.policies.length === 0) {
    yield whole;
    return;
  }
  // The policies go where JSON.stringify put the empty list, each two levels in.
  const empty = '"policies": []';
  const at = whole.indexOf(empty);
  yield `${whole.slice(0, at)}"policies": [`;
  const byPolicy = findingsByPolicy(report);
  const last = report.policies.length - 1;
  for (let i = 0; i <= last; i++) yield `\n    ${nested(policyJson(report.policies[i]!, byPolicy[i]!, report.strict))}${i < last ? "," : ""}`;
  yield `\n  ]${whole.slice(at + empty.length)}`;
}

/** The findings suppressed in their files, and the findings about the comments; nothing when there are none. */
function suppressionsJson(report: FilesReport): object {
  const suppressed = report.findings.filter((f) => f.suppression !== undefined);
  const problems = report.findings.filter((f) => f.kind === "suppression");
  if (suppressed.length === 0 && problems.length === 0) return {};
  return {
    suppressed: suppressed.map((f) => ({ ...place(f), rule: f.rule, name: f.policy?.name ?? null, reason: f.suppression!.reason, comment_line: f.suppression!.line })),
    suppression_findings: problems.map((f) => ({ ...place(f), rule: f.rule, level: f.level, message: f.message })),
  };
}

/** JSON.stringify(value, null, 2) as it stands two levels into the document (four spaces in). */
function nested(value: object): string {
  return JSON.stringify(value, null, 2).replaceAll("\n", "\n    ");
}

/** A finding's place: its file, line and column. */
function place(f: Finding): { file: string; line: number | null; column: number | null } {
  return { file: f.location.file, line: f.location.line, column: f.location.column };
}

/** A policy of `check PATH…`: its place, name and options, what its check found, its findings, and the retry limits that govern it. */
function policyJson(p: FilePolicyReport, findings: readonly Finding[], strict: boolean): object {
  return {
    file: p.file,
    line: p.line,
    column: p.column,
    system: p.system,
    name: p.name,
    preset: p.preset,
    options: p.options,
    // A default the file does not set is marked as assumed, with whose default it is (issue 36, item 4).
    ...(p.timeouts === undefined ? {} : { timeouts: p.timeouts.map((t) => (t.line === null ? { ...t, assumed: true, source: t.field } : t)) }),
    ...(p.assumed === undefined ? {} : { assumed: p.assumed.map((a) => ({ what: a.what, ...(a.what === "retries" ? { value: a.value } : { value_ms: a.value }), assumed: true, source: a.source })) }),
    ok: !findings.some((f) => findingFails(f, strict)),
    ...policyCount(p),
    attempt_time_ms: p.attemptTimeMs,
    ...(p.deadlineMs === undefined || p.deadlineMs === null ? {} : { deadline_ms: p.deadlineMs }),
    best_total_ms: msOrNull(p.result.bestTotalMs),
    worst_total_ms: msOrNull(p.result.worstTotalMs),
    ...scheduleTotalsJson(p.result),
    worst_delay_ms: msOrNull(p.result.worstDelayMs),
    worst_delay_attempt: p.result.worstDelayAttempt,
    // Whether code that decides the waits jitters them is not known either.
    jitter: p.result.waitsUnknown === true ? null : p.jittered,
    note: p.note,
    ...(p.result.waitsUnknown === true ? { waits_computable: false } : {}),
    assertions: p.result.assertions.map((a) => assertionJson(a, p)),
    warnings: findings.filter((f) => f.kind === "lint").map((f) => ({ lint: f.rule, ...(f.level === "error" ? { level: "error" } : {}), message: f.message, ...(f.assumed === undefined ? {} : { assumed: f.assumed }), ...(f.suppression === undefined ? {} : { suppressed: true }) })),
    ...(p.limits === undefined || p.limits.length === 0 ? {} : { limits: p.limits.map(limitJson) }),
    ...(p.retryOn === undefined ? {} : { retry_on: retryOnData(p.retryOn) }),
  };
}

/** A retry limit (snake_case, as the rest of the document). */
function limitJson(l: LimitReport): Record<string, unknown> {
  return {
    kind: l.kind,
    ...(l.kind === "max-retries" ? { value: l.value } : { percent: l.percent, min_retry_concurrency: l.minRetryConcurrency, ...(l.interval === undefined ? {} : { budget_interval: l.interval }) }),
    ...(l.host === undefined ? {} : { host: l.host }),
    ...(l.cluster === undefined ? {} : { cluster: l.cluster }),
    source: l.source,
    file: l.file,
    line: l.line,
    column: l.column,
    text: l.text,
    ...(l.overridden === undefined ? {} : { overridden: l.overridden }),
  };
}

/** `check --config FILE` (or flags) as one JSON document: each policy's figures, limits and warnings. */
export function configReportJson(report: ConfigReport): string {
  const policy = (r: PolicyReport) => ({
    name: r.name,
    retries: retriesForever(r) ? null : r.attempts,
    ...(r.terms?.countsTries === true ? { tries: retriesForever(r) ? null : r.attempts + 1 } : {}),
    attempt_time_ms: r.attemptTimeMs,
    ...(r.terms ? { preset: r.terms.name, stopping: r.terms.rule } : {}),
    best_total_ms: msOrNull(r.result.bestTotalMs),
    worst_total_ms: msOrNull(r.result.worstTotalMs),
    ...scheduleTotalsJson(r.result),
    worst_delay_ms: msOrNull(r.result.worstDelayMs),
    assertions: r.result.assertions.map((a) => assertionJson(a, r)),
    warnings: r.result.warnings.map((w) => ({ lint: w.lint, message: warningText(w, r.terms) })),
  });
  return `${jsonText({ ok: report.exitCode === 0, exit_code: report.exitCode, policies: report.policies.map(policy) }, 2)}\n`;
}

/** A chain's check as one JSON document: each layer's tries, the limit, the warning. */
export function chainCheckJson(check: PlacedChainCheck): string {
  const { report, result } = check;
  return `${jsonText(
    {
      file: check.name,
      chain: report.layers.map((layer, k) => ({ layer: k + 1, policy: layer.layer.name, tries: layer.tries, retries: layer.retries, worst_case_calls: layer.worstCaseCalls })),
      assertions: result.assertions.map((a) => ({ limit: a.limit, limit_value: a.limitValue, actual: a.actual, ok: a.ok })),
      warnings: result.warnings.map((w) => ({ lint: w.lint, layers: w.layers.map((k) => k + 1) })),
      exit_code: check.exitCode,
    },
    2,
  )}\n`;
}
