import type { AssertionResult, CheckResult, Warning } from "../core/check.js";
import { humanDuration } from "./duration.js";
import { msJson } from "./numbers.js";
import { wrapLine } from "./wrap.js";

/** One checked policy: its name (null for a single unnamed one) and where it is in the file. */
export interface PolicyReport {
  readonly name: string | null;
  readonly line: number | null;
  readonly attempts: number;
  readonly attemptTimeMs: number;
  readonly result: CheckResult;
}

export interface Paint {
  readonly ok: (text: string) => string;
  readonly bad: (text: string) => string;
  readonly warn: (text: string) => string;
}

export const PLAIN: Paint = { ok: (t) => t, bad: (t) => t, warn: (t) => t };

function duration(ms: number): string {
  return humanDuration(ms);
}

function limitText(a: AssertionResult): string {
  return a.limit === "max-attempts" ? String(a.limitValue) : duration(a.limitValue);
}

/** What an assertion found, after "✓ max-total 5 min: ". */
export function assertionDetail(a: AssertionResult, report: Pick<PolicyReport, "attempts" | "attemptTimeMs">): string {
  const tries = report.attemptTimeMs > 0 ? `, with ${report.attempts + 1} tries × ${duration(report.attemptTimeMs)}` : "";
  switch (a.limit) {
    case "max-total":
      return a.ok
        ? `worst case ${duration(a.actual)}${tries}`
        : `worst case ${duration(a.actual)}${tries} (reached at attempt ${a.attempt})`;
    case "min-total":
      return a.ok
        ? `best case ${duration(a.actual)}${tries}`
        : `best case ${duration(a.actual)}${tries}, giving up after attempt ${a.attempt}, the last`;
    case "max-delay":
      return a.ok ? `worst delay ${duration(a.actual)} (attempt ${a.attempt})` : `worst delay ${duration(a.actual)} (first above the limit at attempt ${a.attempt})`;
    case "min-first":
      return `shortest first delay ${duration(a.actual)}${a.ok ? "" : " (attempt 1)"}`;
    case "max-first":
      return `longest first delay ${duration(a.actual)}${a.ok ? "" : " (attempt 1)"}`;
    case "max-attempts":
      return a.ok ? `${a.actual} attempts` : `${a.actual} attempts (attempt ${a.attempt} is beyond the limit)`;
  }
}

export function assertionLine(a: AssertionResult, report: Pick<PolicyReport, "attempts" | "attemptTimeMs">): string {
  return `${a.ok ? "✓" : "✗"} ${a.limit} ${limitText(a)}: ${assertionDetail(a, report)}`;
}

/** A lint as one sentence. */
export function warningText(w: Warning): string {
  switch (w.lint) {
    case "no-cap":
      return `exponential backoff without a cap: attempt ${w.attempt} waits ${duration(w.delayMs)} and the delays grow without limit; set a cap`;
    case "early-cap":
      return `the cap (${duration(w.capMs)}) is reached at attempt ${w.capReachedAt}, so ${w.atCap} of ${w.attempts} attempts wait the cap; the backoff is mostly a fixed delay`;
    case "no-jitter":
      return `no jitter, with ${w.clients} clients: clients that fail together retry together, in bursts; add jitter`;
    case "exceeds-cap":
      return w.attempt === null || w.maxMs === null
        ? `the jitter can push delays above the cap (${duration(w.capMs)})`
        : `the jitter can push delays above the cap (${duration(w.capMs)}): attempt ${w.attempt} may wait up to ${duration(w.maxMs)}`;
    case "over-a-day":
      return `the worst-case total wait is ${duration(w.worstTotalMs)}, beyond a day`;
  }
}

export function warningLine(w: Warning): string {
  return `⚠ ${w.lint}: ${warningText(w)}`;
}

function heading(report: PolicyReport): string {
  return `${report.name} (${report.attempts} attempt${report.attempts === 1 ? "" : "s"}):`;
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
    for (const a of report.result.assertions) {
      limits++;
      if (!a.ok) broken++;
      push(indent + assertionLine(a, report), a.ok ? paint.ok : paint.bad);
    }
    if (report.result.assertions.length === 0) push(`${indent}no limits given (--max-total, --min-total, --max-delay, … or "assert" in the config)`, undefined, 0);
    for (const w of report.result.warnings) {
      warnings++;
      push(indent + warningLine(w), paint.warn);
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

function assertionJson(a: AssertionResult, report: PolicyReport): Record<string, unknown> {
  const isCount = a.limit === "max-attempts";
  return {
    limit: a.limit,
    ok: a.ok,
    ...(isCount ? { limit_value: a.limitValue, actual: a.actual } : { limit_ms: msJson(a.limitValue), actual_ms: msJson(a.actual) }),
    attempt: a.attempt,
    message: assertionLine(a, report),
  };
}

function warningJson(w: Warning): Record<string, unknown> {
  return { lint: w.lint, message: warningText(w) };
}

/** The report as one JSON document. */
export function checkReportJson(reports: readonly PolicyReport[], exitCode: number): string {
  const doc = {
    ok: exitCode === 0,
    exit_code: exitCode,
    policies: reports.map((r) => ({
      name: r.name,
      attempts: r.attempts,
      attempt_time_ms: r.attemptTimeMs,
      best_total_ms: msJson(r.result.bestTotalMs),
      worst_total_ms: msJson(r.result.worstTotalMs),
      worst_delay_ms: msJson(r.result.worstDelayMs),
      assertions: r.result.assertions.map((a) => assertionJson(a, r)),
      warnings: r.result.warnings.map(warningJson),
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
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
      if (!a.ok) lines.push(`::error ${props}::${escapeData(`${who}${a.limit} ${limitText(a)} broken: ${assertionDetail(a, report)}`)}`);
    }
    for (const w of report.result.warnings) {
      lines.push(`::${strict ? "error" : "warning"} ${props}::${escapeData(`${who}${w.lint}: ${warningText(w)}`)}`);
    }
  }
  return lines;
}
