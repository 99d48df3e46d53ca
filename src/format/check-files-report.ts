import { type Warning, warningFails } from "../core/check.js";
import type { FilesReport } from "../core/check-report/files-report.js";
import { INVALID_RULE, POLICY_RULES, RETRY_LIMIT_RULE } from "../core/check-report/rules.js";
import type { LimitReport, ScanLimit } from "../core/check-report/retry-limit.js";
import { type DisabledReport, type FilePolicyReport, type InvalidReport, policyCount, policyFails, retriesForever } from "../core/check-report/policy.js";
import { assertionDetail, assertionLine, countText, limitGovernsText, limitPlaceText, plural, scanLimitText, timeoutsText, warningText } from "../core/check-report/words.js";
import { type Paint, PLAIN, msOrNull } from "./check-report.js";
import { humanDuration } from "../core/text/duration.js";
import { msJson } from "./numbers.js";
import { wrapLine } from "./wrap.js";

/**
 * Reports of `backoff check PATH…`: the policies found in files, each with where it is,
 * its schedule summary and its verdicts, as text, JSON, SARIF 2.1.0 and GitHub
 * annotations. Pure renderers: the command gathers, these write.
 */
/** A limit as the JSON report writes it (snake_case, as the rest of the document). */
export function limitJson(l: LimitReport): Record<string, unknown> {
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

/** A policy's `"limits": [...]` member, to go before its closing brace (four spaces in); "" for none. */
export function policyLimitsJsonText(limits: readonly LimitReport[] | undefined): string {
  if (limits === undefined || limits.length === 0) return "";
  return `,\n      "limits": ${JSON.stringify(limits.map(limitJson), null, 2).replaceAll("\n", "\n      ")}`;
}

/**
 * A warning of a policy found in a file as one sentence: a finding about the deadline
 * names the timeouts it read beside the policy and where they are.
 */
export function fileWarningText(w: Warning, p: Pick<FilePolicyReport, "terms" | "timeouts">): string {
  const text = warningText(w, p.terms);
  const places = w.lint === "unreachable-retries" ? timeoutsText(p.timeouts) : null;
  return places === null ? text : `${text} (${places})`;
}

const failed = policyFails;

/** A figure that may have no bound (a policy that retries forever). */
function boundText(ms: number | null): string {
  return ms === null ? "no bound" : humanDuration(ms);
}


/** "6 retries: worst-case total 2 min 6 s, best case 2 min 6 s, largest delay 1 min 4 s (attempt 6), no jitter". */
export function scheduleSummary(report: FilePolicyReport): string {
  const r = report.result;
  if (r.waitsUnknown === true) return `${retriesForever(report) ? "retries forever" : plural(report.attempts, "retry", "retries")}: waits not computable from the file`;
  const tries = report.attemptTimeMs > 0 ? ` (with ${report.attempts + 1} tries × ${humanDuration(report.attemptTimeMs)})` : "";
  return (
    `${retriesForever(report) ? "retries forever" : countText(report.attempts, report.terms)}: worst-case total ${boundText(r.worstTotalMs)}, ` +
    `best case ${boundText(r.bestTotalMs)}${tries}, largest delay ${boundText(r.worstDelayMs)} (attempt ${r.worstDelayAttempt ?? "none"}), ` +
    `${report.jittered ? "jittered" : "no jitter"}`
  );
}

/** Files in the order found, those with a failure first; in a file, failing policies first. */
interface FileGroup {
  file: string;
  policies: FilePolicyReport[];
  disabled: DisabledReport[];
  invalid: InvalidReport[];
  limits: ScanLimit[];
  failed: boolean;
}

function byFile(report: FilesReport): FileGroup[] {
  const files = new Map<string, FileGroup>();
  const group = (file: string) => {
    let entry = files.get(file);
    if (entry === undefined) {
      entry = { file, policies: [], disabled: [], invalid: [], limits: [], failed: false };
      files.set(file, entry);
    }
    return entry;
  };
  for (const policy of report.policies) {
    const entry = group(policy.file);
    entry.policies.push(policy);
    if (failed(policy, report.strict)) entry.failed = true;
  }
  for (const disabled of report.disabled) group(disabled.file).disabled.push(disabled);
  for (const invalid of report.invalid) {
    const entry = group(invalid.file);
    entry.invalid.push(invalid);
    entry.failed = true;
  }
  for (const limit of report.limits ?? []) group(limit.limit.file).limits.push(limit);
  const list = [...files.values()];
  for (const entry of list) {
    // Array.prototype.sort is stable: the order found survives within each half.
    entry.policies.sort((a, b) => Number(failed(b, report.strict)) - Number(failed(a, report.strict)));
  }
  return list.sort((a, b) => Number(b.failed) - Number(a.failed));
}

interface Totals {
  readonly limits: number;
  readonly broken: number;
  readonly warnings: number;
  /** Limits that need waits the file does not decide (counted in `limits`, never broken). */
  readonly uncomputable: number;
}

function totals(report: FilesReport): Totals {
  let limits = 0;
  let broken = 0;
  let warnings = 0;
  let uncomputable = 0;
  for (const p of report.policies) {
    limits += p.result.assertions.length;
    broken += p.result.assertions.filter((a) => !a.ok).length;
    uncomputable += p.result.assertions.filter((a) => a.computable === false).length;
    warnings += p.result.warnings.length;
  }
  return { limits, broken, warnings, uncomputable };
}

/**
 * The text report: grouped by file, the files with a failure first. With a `width`, a
 * longer line wraps at spaces (a long path after a slash), its continuation indented
 * under the text after the mark; each physical line is painted on its own.
 */
export function filesReportLines(report: FilesReport, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = (line: string, painted: (text: string) => string = (text) => text, hang = 2) => {
    for (const part of wrapLine(line, width, hang)) lines.push(painted(part));
  };
  for (const group of byFile(report)) {
    push(group.file);
    for (const invalid of group.invalid) {
      const [first, ...rest] = wrapLine(`  ✗ ${invalid.name} (${invalid.systemLabel}, line ${invalid.line}:${invalid.column}): invalid policy: ${invalid.reason}`, width, 4);
      lines.push(`  ${paint.bad("✗")}${first!.slice(3)}`, ...rest);
    }
    for (const policy of group.policies) {
      const bad = failed(policy, report.strict);
      const mark = bad ? "✗" : "✓";
      const [first, ...rest] = wrapLine(`  ${mark} ${policy.name} (${policy.systemLabel}, line ${policy.line}:${policy.column})`, width, 2);
      lines.push(`  ${(bad ? paint.bad : paint.ok)(mark)}${first!.slice(3)}`, ...rest);
      push(`    ${scheduleSummary(policy)}`);
      if (policy.note !== null) push(`    ${policy.note}`);
      for (const l of policy.limits ?? []) push(`    retry limit: ${limitPlaceText(l)}`);
      for (const a of policy.result.assertions) {
        const line = assertionLine(a, policy);
        const indent = "    ";
        const painted = a.computable === false ? paint.warn : a.ok ? paint.ok : paint.bad;
        for (const part of wrapLine(indent + line, width, 2)) lines.push(indent + painted(part.slice(indent.length)));
      }
      for (const w of policy.result.warnings) {
        const indent = "    ";
        for (const part of wrapLine(`${indent}⚠ ${w.lint}: ${fileWarningText(w, policy)}`, width, 2)) lines.push(indent + paint.warn(part.slice(indent.length)));
      }
    }
    for (const d of group.disabled) push(`  – ${d.name} (${d.systemLabel}, line ${d.line}:${d.column}): retries switched off, nothing to check`);
    for (const { limit: l, governs } of group.limits) push(`  – ${l.source} (${l.systemLabel}, line ${l.line}:${l.column}): retry limit: ${l.text}; ${limitGovernsText(l, governs)}`, undefined, 4);
  }
  const t = totals(report);
  // Invalid policies are policies found (and not checked).
  const policies = report.policies.length + report.invalid.length;
  const files = new Set([...report.policies.map((p) => p.file), ...report.disabled.map((d) => d.file), ...report.invalid.map((i) => i.file)]).size;
  const found = policies === 0 && report.disabled.length === 0 && report.invalid.length === 0 ? `no retry policy found in ${plural(report.filesScanned, "file")}` : `${plural(policies, "policy", "policies")} in ${plural(files, "file")}`;
  const retryLimits = report.limits?.length ?? 0;
  const extras = [
    ...(t.uncomputable > 0 ? [`${plural(t.uncomputable, "limit")} not computable (waits decided by code)`] : []),
    ...(t.warnings > 0 ? [plural(t.warnings, "warning")] : []),
    ...(report.skipped.length > 0 ? [`${report.skipped.length} skipped`] : []),
    ...((report.lenient?.length ?? 0) > 0 ? [`${report.lenient!.length} read leniently`] : []),
  ];
  // Retry limits are found, never failed: in the tail, never among what fails under --strict.
  const links = report.linksNotFollowed ?? 0;
  const noted = [...(retryLimits > 0 ? [plural(retryLimits, "retry limit")] : []), ...extras, ...(links > 0 ? [`${plural(links, "link")} not followed`] : [])];
  const tail = noted.length === 0 ? "" : `; ${noted.join(", ")}`;
  if (t.broken > 0 || report.invalid.length > 0) {
    const wrong = [
      ...(report.invalid.length > 0 ? [plural(report.invalid.length, "invalid policy", "invalid policies")] : []),
      ...(t.broken > 0 ? [`${t.broken} of ${plural(t.limits, "limit")} broken`] : []),
    ];
    push(`✗ ${wrong.join(", ")}, ${found}${tail}`, paint.bad);
  } else if (report.exitCode !== 0 && !report.strict) {
    // Without --strict only a lint raised to an error fails.
    const erred = report.policies.flatMap((p) => p.result.warnings.filter((w) => warningFails(p.result, w, false)).map((w) => w.lint));
    push(`✗ ${t.limits === 0 ? "no limits broken" : t.limits === 1 ? "the limit holds" : `all ${t.limits} limits hold`}, but ${plural(erred.length, "warning")} ${erred.length === 1 ? "is an error" : "are errors"} (${[...new Set(erred)].join(", ")}; ${found})`, paint.bad);
  } else if (report.exitCode !== 0) {
    push(`✗ ${t.limits === 0 ? "no limits broken" : t.limits === 1 ? "the limit holds" : `all ${t.limits} limits hold`}, but ${extras.join(" and ")} fail under --strict (${found})`, paint.bad);
  } else {
    const held = t.limits === 0 ? "no limits given (--max-total, --max-delay, …)" : t.limits === 1 ? "the limit holds" : `all ${t.limits} limits hold`;
    push(`✓ ${held}, ${found}${tail}`, paint.ok);
  }
  return lines;
}

const FLAG_NAMES: Readonly<Record<string, string>> = { maxElapsed: "max-elapsed", attemptTime: "attempt-time", maxTotal: "max-total", minTotal: "min-total", maxDelay: "max-delay", minFirst: "min-first", maxFirst: "max-first", maxAttempts: "max-attempts" };

/** Option values keyed by their flag names ("maxElapsed" → "max-elapsed"). */
export function flagKeyed(options: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) if (value !== undefined) out[FLAG_NAMES[key] ?? key] = value;
  return out;
}

/** The report as one JSON document. */
export function filesReportJson(report: FilesReport): string {
  return [...filesReportJsonPieces(report)].join("");
}

/**
 * The same document in pieces, a policy at a time, so that a report of thousands of
 * policies is written out without ever being one string.
 */
export function* filesReportJsonPieces(report: FilesReport): Generator<string> {
  const t = totals(report);
  const pieces = function* (): Generator<string> {
    const last = report.policies.length - 1;
    for (let i = 0; i <= last; i++) yield `\n    ${policyJsonText(report.policies[i]!, report.strict)}${i < last ? "," : ""}`;
  };
  yield* renderedJsonPieces(report, {
    policies: report.policies.length,
    filesWithPolicies: new Set(report.policies.map((p) => p.file)).size,
    limits: t.limits,
    broken: t.broken,
    warnings: t.warnings,
    pieces: pieces(),
  });
}

/** What the JSON report needs of the policies when they come already rendered (policyJsonText). */
export interface RenderedPolicies<Piece = string> {
  readonly policies: number;
  readonly filesWithPolicies: number;
  readonly limits: number;
  readonly broken: number;
  readonly warnings: number;
  /** The policies' text (or its UTF-8 bytes), in order: each `\n    {…}`, a comma after all but the last. */
  readonly pieces: Iterable<Piece>;
}

/**
 * The JSON report around policies rendered elsewhere (`check DIR`'s worker threads render
 * each file's policies as they check them, so the main thread only writes them out).
 */
export function* renderedJsonPieces<Piece>(report: Omit<FilesReport, "policies">, rendered: RenderedPolicies<Piece>): Generator<string | Piece> {
  const doc = {
    ok: report.exitCode === 0,
    exit_code: report.exitCode,
    policies: [],
    disabled: report.disabled.map(({ systemLabel: _, ...disabled }) => disabled),
    invalid: report.invalid.map(({ systemLabel: _, ...invalid }) => ({ ...invalid, rule: INVALID_RULE })),
    skipped: report.skipped,
    lenient: report.lenient ?? [],
    limits: (report.limits ?? []).map(({ limit, governs }) => ({ ...limitJson(limit), governs })),
    totals: {
      files_scanned: report.filesScanned,
      files_with_policies: rendered.filesWithPolicies,
      policies: rendered.policies,
      disabled: report.disabled.length,
      invalid: report.invalid.length,
      skipped: report.skipped.length,
      lenient: report.lenient?.length ?? 0,
      links_not_followed: report.linksNotFollowed ?? 0,
      // limits: the limits checked (flags, a config's assert); retry_limits: the circuit breakers and retry budgets found.
      limits: rendered.limits,
      retry_limits: report.limits?.length ?? 0,
      broken: rendered.broken,
      warnings: rendered.warnings,
    },
  };
  const whole = `${JSON.stringify(doc, null, 2)}\n`;
  // JSON.stringify(doc, null, 2) with the policies in place: each one two levels in.
  const empty = '"policies": []';
  const at = whole.indexOf(empty);
  if (rendered.policies === 0) {
    yield whole;
    return;
  }
  yield `${whole.slice(0, at)}"policies": [`;
  yield* rendered.pieces;
  yield `\n  ]${whole.slice(at + empty.length)}`;
}

/**
 * One policy as it stands in the JSON report, two levels in: JSON.stringify(policy, null, 2)
 * indented by four spaces, in two halves (a renderer may keep the second, which depends
 * only on the check's outcome, for the many policies that share one).
 */
export function policyJsonText(p: FilePolicyReport, strict: boolean): string {
  return withPolicyLimits(policyJsonHeadText(p) + policyJsonTailText(p, strict), p.limits);
}

/** The closing of a policy's JSON (policyJsonTailText's last characters), before which its limits go. */
export const POLICY_JSON_CLOSE = "\n    }";

/** A policy's JSON text with its retry limits as the last member. */
export function withPolicyLimits(text: string, limits: readonly LimitReport[] | undefined): string {
  const member = policyLimitsJsonText(limits);
  return member === "" ? text : `${text.slice(0, -POLICY_JSON_CLOSE.length)}${member}${POLICY_JSON_CLOSE}`;
}

/**
 * The first half: `{` and the place, name and options, without a comma after them. Written
 * out as JSON.stringify(head, null, 2) would lay it out, four spaces in: it is rendered
 * for every one of tens of thousands of policies, and the general stringifier with its
 * re-indenting was a measurable share of `check DIR`.
 */
export function policyJsonHeadText(p: FilePolicyReport): string {
  let options = "";
  for (const key in p.options) {
    const value = p.options[key];
    if (value !== undefined) options += `${options === "" ? "" : ","}\n        ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  }
  return (
    `{\n      "file": ${JSON.stringify(p.file)},\n      "line": ${p.line},\n      "column": ${p.column},` +
    `\n      "system": ${JSON.stringify(p.system)},\n      "name": ${JSON.stringify(p.name)},\n      "preset": ${JSON.stringify(p.preset)},` +
    `\n      "options": ${options === "" ? "{}" : `{${options}\n      }`}` +
    (p.timeouts === undefined ? "" : `,\n      "timeouts": ${JSON.stringify(p.timeouts, null, 2).replaceAll("\n", "\n      ")}`)
  );
}

/** The second half: a comma, what the check found, and the closing `}`. */
export function policyJsonTailText(p: Omit<FilePolicyReport, "file" | "line" | "column" | "system" | "name" | "preset" | "options">, strict: boolean): string {
  // Everything after the opening brace.
  return `,${JSON.stringify(policyJsonTail(p, strict), null, 2).slice(1).replaceAll("\n", "\n    ")}`;
}

/** What a policy's JSON holds after its place and options: what its check found. */
function policyJsonTail(p: Omit<FilePolicyReport, "file" | "line" | "column" | "system" | "name" | "preset" | "options">, strict: boolean): object {
  return {
    ok: !failed(p, strict),
    ...policyCount(p),
    attempt_time_ms: p.attemptTimeMs,
    ...(p.deadlineMs === undefined || p.deadlineMs === null ? {} : { deadline_ms: p.deadlineMs }),
    best_total_ms: msOrNull(p.result.bestTotalMs),
    worst_total_ms: msOrNull(p.result.worstTotalMs),
    worst_delay_ms: msOrNull(p.result.worstDelayMs),
    worst_delay_attempt: p.result.worstDelayAttempt,
    // Whether code that decides the waits jitters them is not known either.
    jitter: p.result.waitsUnknown === true ? null : p.jittered,
    note: p.note,
    ...(p.result.waitsUnknown === true ? { waits_computable: false } : {}),
    assertions: p.result.assertions.map((a) => ({
      limit: a.limit,
      ok: a.ok,
      ...(a.computable === false ? { computable: false } : {}),
      ...(a.limit === "max-attempts" ? { limit_value: a.limitValue, actual: a.actual } : { limit_ms: msJson(a.limitValue), actual_ms: msOrNull(a.actual) }),
      attempt: a.attempt,
      message: assertionLine(a, p),
    })),
    warnings: p.result.warnings.map((w) => ({ lint: w.lint, ...(warningFails(p.result, w, false) ? { level: "error" } : {}), message: warningText(w, p.terms) })),
  };
}

/** A path as a SARIF URI reference: each segment percent-encoded, "/" between them. */
function uri(file: string): string {
  return file.split("/").map(encodeURIComponent).join("/");
}

/** A SARIF location: the file relative to %SRCROOT%, and the place in it when known. */
export function sarifLocation(file: string, line: number | null, column: number | null): Record<string, unknown> {
  return {
    physicalLocation: {
      artifactLocation: { uri: uri(file), uriBaseId: "%SRCROOT%" },
      ...(line === null ? {} : { region: { startLine: line, startColumn: column ?? 1 } }),
    },
  };
}

/**
 * SARIF 2.1.0 (OASIS), as GitHub code scanning and other viewers read it: one result per
 * broken limit (level error), per limit not computable (note: code decides the waits) and
 * per warning (warning, or error under --strict), at the
 * policy's line and column; rules for every limit and lint; skipped files as tool
 * notifications. Paths are relative to %SRCROOT%, the directory the check ran in.
 */
export function filesReportSarif(report: FilesReport, version: string): string {
  const ruleIds = POLICY_RULES.map((rule) => rule.id);
  const rules = POLICY_RULES.map((rule) => sarifRule(rule.id, rule.short, rule.help, rule.level));
  const results: Record<string, unknown>[] = [];
  for (const i of report.invalid) {
    results.push({
      ruleId: INVALID_RULE,
      ruleIndex: ruleIds.indexOf(INVALID_RULE),
      level: "error",
      message: { text: `${i.name} (${i.systemLabel}): invalid policy: ${i.reason}` },
      locations: [sarifLocation(i.file, i.line, i.column)],
    });
  }
  for (const p of report.policies) {
    const who = `${p.name} (${p.systemLabel})`;
    // The policy's count, as the JSON report gives it (SARIF's property bag).
    const properties = policyCount(p);
    for (const a of p.result.assertions) {
      if (a.computable === false) {
        // Not a failure: a note at the policy, saying which code decides the waits.
        results.push({
          ruleId: a.limit,
          ruleIndex: ruleIds.indexOf(a.limit),
          level: "note",
          message: { text: `${who}: ${a.limit} not computable: ${p.note ?? assertionDetail(a, p)}` },
          locations: [sarifLocation(p.file, p.line, p.column)],
        });
        continue;
      }
      if (a.ok) continue;
      results.push({
        ruleId: a.limit,
        ruleIndex: ruleIds.indexOf(a.limit),
        level: "error",
        message: { text: `${who}: ${a.limit} broken: ${assertionDetail(a, p)}` },
        locations: [sarifLocation(p.file, p.line, p.column)],
        properties,
      });
    }
    for (const w of p.result.warnings) {
      // A finding about the deadline points at the timeouts it read, too (SARIF relatedLocations).
      const related = w.lint === "unreachable-retries" ? (p.timeouts ?? []).filter((t) => t.line !== null) : [];
      results.push({
        ruleId: w.lint,
        ruleIndex: ruleIds.indexOf(w.lint),
        level: warningFails(p.result, w, report.strict) ? "error" : "warning",
        message: { text: `${who}: ${fileWarningText(w, p)}` },
        locations: [sarifLocation(p.file, p.line, p.column)],
        properties,
        ...(related.length === 0
          ? {}
          : {
              relatedLocations: related.map((t, id) => ({
                id,
                ...sarifLocation(p.file, t.line, t.column),
                message: { text: `${t.role === "deadline" ? "the deadline" : "the try time"}: ${t.field}` },
              })),
            }),
      });
    }
  }
  for (const found of report.limits ?? []) {
    const l = found.limit;
    const related = l.overridden === undefined ? found.governs : [];
    results.push({
      ruleId: RETRY_LIMIT_RULE,
      ruleIndex: ruleIds.indexOf(RETRY_LIMIT_RULE),
      level: "note",
      message: { text: scanLimitText(found) },
      locations: [sarifLocation(l.file, l.line, l.column)],
      ...(related.length === 0 ? {} : { relatedLocations: related.map((g, id) => ({ id, ...sarifLocation(g.file, g.line, g.column), message: { text: `governed: ${g.name}` } })) }),
    });
  }
  const notifications = [
    ...report.skipped.map((s) => ({
      level: "warning",
      message: { text: `skipped: ${s.reason}` },
      locations: [sarifLocation(s.file, s.line, s.column)],
    })),
    ...(report.lenient ?? []).map((s) => ({
      level: "note",
      message: { text: `read leniently: ${s.reason}` },
      locations: [sarifLocation(s.file, s.line, s.column)],
    })),
  ];
  return sarifLog(version, rules, results, report.exitCode, notifications);
}

/** A SARIF rule: its id, a name in PascalCase, what it checks, its default level. */
export function sarifRule(id: string, short: string, full: string, level: "error" | "warning" | "note"): Record<string, unknown> {
  return {
    id,
    name: id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase()),
    shortDescription: { text: short },
    fullDescription: { text: full },
    defaultConfiguration: { level },
  };
}

/** The SARIF 2.1.0 document around one run of backoff: its rules, results, exit code and notifications. */
export function sarifLog(version: string, rules: readonly object[], results: readonly object[], exitCode: number, notifications: readonly object[] = []): string {
  const doc = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "backoff", semanticVersion: version, version, rules } },
        invocations: [{ executionSuccessful: true, exitCode, toolExecutionNotifications: notifications }],
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** GitHub workflow commands: `::error file=…,line=…,col=…,title=backoff check::…` per broken limit and warning, and skipped files. */
export function filesAnnotations(report: FilesReport): string[] {
  const lines: string[] = [];
  const props = (file: string, line: number | null, column: number | null) =>
    [`file=${escapeProperty(file)}`, ...(line === null ? [] : [`line=${line}`, `col=${column ?? 1}`]), "title=backoff check"].join(",");
  for (const i of report.invalid) lines.push(`::error ${props(i.file, i.line, i.column)}::${escapeData(`${i.name}: ${INVALID_RULE}: ${i.reason}`)}`);
  for (const p of report.policies) {
    const at = props(p.file, p.line, p.column);
    for (const a of p.result.assertions) {
      if (a.computable === false) lines.push(`::notice ${at}::${escapeData(`${p.name}: ${a.limit} not computable: ${p.note ?? assertionDetail(a, p)}`)}`);
      if (!a.ok) lines.push(`::error ${at}::${escapeData(`${p.name}: ${a.limit} ${a.limit === "max-attempts" ? a.limitValue : humanDuration(a.limitValue)} broken: ${assertionDetail(a, p)}`)}`);
    }
    for (const w of p.result.warnings) lines.push(`::${warningFails(p.result, w, report.strict) ? "error" : "warning"} ${at}::${escapeData(`${p.name}: ${w.lint}: ${fileWarningText(w, p)}`)}`);
  }
  for (const s of report.skipped) lines.push(`::${report.strict ? "error" : "warning"} ${props(s.file, s.line, s.column)}::${escapeData(`skipped: ${s.reason}`)}`);
  for (const s of report.lenient ?? []) lines.push(`::notice ${props(s.file, s.line, s.column)}::${escapeData(`read leniently: ${s.reason}`)}`);
  for (const found of report.limits ?? []) lines.push(`::notice ${props(found.limit.file, found.limit.line, found.limit.column)}::${escapeData(scanLimitText(found))}`);
  return lines;
}

export type { Paint };
