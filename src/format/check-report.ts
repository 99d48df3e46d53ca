import type { AssertionResult, CheckResult, Warning } from "../core/check.js";
import type { PresetTerms } from "../core/check-report/terms.js";
import { assertionDetail, assertionLine, countText, limitValueText, warningText } from "../core/check-report/words.js";
import { jsonText } from "./json-text.js";
import { msJson } from "./numbers.js";
import { wrapLine } from "./wrap.js";

/** One checked policy: its name (null for a single unnamed one) and where it is in the file. */
export interface PolicyReport {
  readonly name: string | null;
  readonly line: number | null;
  readonly attempts: number;
  readonly attemptTimeMs: number;
  /** The overall timeout checked against (--deadline, or the file's), when there is one. */
  readonly deadlineMs?: number | null;
  readonly result: CheckResult;
  /** Set for a library preset: how it stops, and the levers its lints point to. */
  readonly terms?: PresetTerms;
}

export interface Paint {
  readonly ok: (text: string) => string;
  readonly bad: (text: string) => string;
  readonly warn: (text: string) => string;
}

export const PLAIN: Paint = { ok: (t) => t, bad: (t) => t, warn: (t) => t };

export function warningLine(w: Warning, preset?: PresetTerms): string {
  return `⚠ ${w.lint}: ${warningText(w, preset)}`;
}

function heading(report: PolicyReport): string {
  // Retrying forever has no count: worstTotalMs is null exactly then.
  if (report.result.worstTotalMs === null) return `${report.name} (retries forever):`;
  return `${report.name} (${countText(report.attempts, report.terms).replace(" (", ", ").replace(/\)$/, "")}):`;
}

/**
 * The text report: one line per assertion and per warning, then a verdict. With a
 * `width`, a longer line wraps at spaces, its continuation indented under the text
 * after the mark ("✓ ", "⚠ "); each physical line is painted on its own.
 */
export function checkReportLines(reports: readonly PolicyReport[], strict: boolean, paint: Paint = PLAIN, width: number | null = null): string[] {
  const lines: string[] = [];
  const push = (line: string, painted: (text: string) => string = (text) => text, hang = 2) => {
    for (const part of wrapLine(line, width, hang)) lines.push(painted(part));
  };
  let limits = 0;
  let broken = 0;
  let warnings = 0;
  for (const report of reports) {
    const indent = report.name === null ? "" : "  ";
    if (report.name !== null) push(heading(report));
    if (report.terms) push(`${indent}${report.terms.rule}.`);
    for (const a of report.result.assertions) {
      limits++;
      if (!a.ok) broken++;
      push(indent + assertionLine(a, report), a.ok ? paint.ok : paint.bad);
    }
    if (report.result.assertions.length === 0) push(`${indent}no limits given (--max-total, --min-total, --max-delay, … or "assert" in the config)`, undefined, 0);
    for (const w of report.result.warnings) {
      warnings++;
      push(indent + warningLine(w, report.terms), paint.warn);
    }
  }
  const warningCount = `${warnings} warning${warnings === 1 ? "" : "s"}`;
  const held = limits === 0 ? "no limits checked" : limits === 1 ? "the limit holds" : `all ${limits} limits hold`;
  if (broken > 0) {
    push(`✗ ${broken} of ${limits} limit${limits === 1 ? "" : "s"} broken${warnings === 0 ? "" : `; ${warningCount}`}`, paint.bad);
  } else if (strict && warnings > 0) {
    push(`✗ ${held}, but ${warningCount} fail${warnings === 1 ? "s" : ""} under --strict`, paint.bad);
  } else {
    push(`✓ ${held}${warnings === 0 ? "" : `; ${warningCount}`}`, paint.ok);
  }
  return lines;
}

/** A figure for JSON; null (no bound) stays null. */
export function msOrNull(ms: number | null): number | string | null {
  return ms === null ? null : msJson(ms);
}

function assertionJson(a: AssertionResult, report: PolicyReport): Record<string, unknown> {
  const isCount = a.limit === "max-attempts";
  return {
    limit: a.limit,
    ok: a.ok,
    ...(isCount ? { limit_value: a.limitValue, actual: a.actual } : { limit_ms: msJson(a.limitValue), actual_ms: msOrNull(a.actual) }),
    attempt: a.attempt,
    message: assertionLine(a, report),
  };
}

function warningJson(w: Warning, preset?: PresetTerms): Record<string, unknown> {
  return { lint: w.lint, message: warningText(w, preset) };
}

/** The report as one JSON document. */
export function checkReportJson(reports: readonly PolicyReport[], exitCode: number): string {
  const doc = {
    ok: exitCode === 0,
    exit_code: exitCode,
    policies: reports.map((r) => ({
      name: r.name,
      retries: r.result.worstTotalMs === null ? null : r.attempts,
      ...(r.terms?.countsTries === true ? { tries: r.result.worstTotalMs === null ? null : r.attempts + 1 } : {}),
      attempt_time_ms: r.attemptTimeMs,
      ...(r.terms ? { preset: r.terms.name, stopping: r.terms.rule } : {}),
      best_total_ms: msOrNull(r.result.bestTotalMs),
      worst_total_ms: msOrNull(r.result.worstTotalMs),
      worst_delay_ms: msOrNull(r.result.worstDelayMs),
      assertions: r.result.assertions.map((a) => assertionJson(a, r)),
      warnings: r.result.warnings.map((w) => warningJson(w, r.terms)),
    })),
  };
  return `${jsonText(doc, 2)}\n`;
}

/** Escaping for GitHub workflow commands: the message, and (stricter) a property value. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * GitHub Actions annotations (`::error file=…,line=…::message`), one per broken limit
 * and per warning (an error under --strict), pointing at the policy in the config file
 * when there is one.
 */
export function githubAnnotations(reports: readonly PolicyReport[], file: string | null, strict: boolean): string[] {
  const lines: string[] = [];
  for (const report of reports) {
    const props = [
      ...(file === null ? [] : [`file=${escapeProperty(file)}`]),
      ...(file === null || report.line === null ? [] : [`line=${report.line}`]),
      "title=backoff check",
    ].join(",");
    const who = report.name === null ? "" : `${report.name}: `;
    for (const a of report.result.assertions) {
      if (!a.ok) lines.push(`::error ${props}::${escapeData(`${who}${a.limit} ${limitValueText(a)} broken: ${assertionDetail(a, report)}`)}`);
    }
    for (const w of report.result.warnings) {
      lines.push(`::${strict ? "error" : "warning"} ${props}::${escapeData(`${who}${w.lint}: ${warningText(w, report.terms)}`)}`);
    }
  }
  return lines;
}
