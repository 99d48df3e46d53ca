import type { AssertionResult, CheckResult, Warning } from "../core/check.js";
import { humanDuration } from "../core/text/duration.js";
import { deadlineVerdictLines } from "./deadline-summary.js";
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

/** A preset as its check report speaks of it, every option already spelled by the caller. */
export interface PresetTerms {
  readonly name: string;
  /** One sentence: how the library stops ("sidekiq stops after 25 retries (retry: 25)"). */
  readonly rule: string;
  /** The option that sets the library's cap, with its parameter ("--cap, the library's maxTimeout (ms)"); null when it has none. */
  readonly cap: string | null;
  /** The options that bound its retries ("--attempts, the library's sidekiq_options retry: N"). */
  readonly limits: readonly string[];
  /** The option that sets its jitter; null when it has no jitter setting. */
  readonly jitter: string | null;
  /** Whether the library counts tries, the first included (maxAttempts 4 = 3 retries): reports then give the tries beside the retries. */
  readonly countsTries?: boolean;
}

/** "8 retries", "1 retry". */
export function retriesText(retries: number): string {
  return `${retries} ${retries === 1 ? "retry" : "retries"}`;
}

/** A policy's count as reports give it: "8 retries", and "(9 tries)" beside it where the library counts tries. */
export function countText(retries: number, terms: Pick<PresetTerms, "countsTries"> | undefined): string {
  return terms?.countsTries === true ? `${retriesText(retries)} (${retries + 1} tries)` : retriesText(retries);
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

type ReportContext = Pick<PolicyReport, "attempts" | "attemptTimeMs"> & { readonly terms?: PresetTerms };

/** What an assertion found, after "✓ max-total 5 min: ". */
export function assertionDetail(a: AssertionResult, report: ReportContext): string {
  const tries = report.attemptTimeMs > 0 ? `, with ${report.attempts + 1} tries × ${duration(report.attemptTimeMs)}` : "";
  const forever = report.terms?.rule ?? "it retries forever";
  const noRetry = report.attempts === 0 && a.attempt === null;
  if (a.computable === false) return "not computable: the file does not decide the waits";
  if (a.actual === null) {
    switch (a.limit) {
      case "min-total":
        return `never gives up: ${forever}`;
      case "max-delay":
        return `the delays grow without limit${a.attempt === null ? "" : ` (first over the limit at attempt ${a.attempt})`}`;
      default:
        return `no bound: ${forever}`;
    }
  }
  switch (a.limit) {
    case "max-total":
      return a.ok
        ? `worst case ${duration(a.actual)}${tries}`
        : `worst case ${duration(a.actual)}${tries} (first over the limit at attempt ${a.attempt})`;
    case "min-total":
      return a.ok
        ? `best case ${duration(a.actual)}${tries}`
        : `best case ${duration(a.actual)}${tries}, giving up after attempt ${a.attempt}, the last`;
    case "max-delay":
      if (noRetry) return "no retry, no delay";
      return a.ok ? `worst delay ${duration(a.actual)} (attempt ${a.attempt})` : `worst delay ${duration(a.actual)} (first over the limit at attempt ${a.attempt})`;
    case "min-first":
      return noRetry ? "no retry, no first delay" : `shortest first delay ${duration(a.actual)}${a.ok ? "" : " (attempt 1)"}`;
    case "max-first":
      return noRetry ? "no retry, no first delay" : `longest first delay ${duration(a.actual)}${a.ok ? "" : " (attempt 1)"}`;
    case "max-attempts":
      return a.ok ? retriesText(a.actual) : `${retriesText(a.actual)} (retry ${a.attempt} is beyond the limit)`;
    case "max-give-up":
      return `gives up by ${duration(a.actual)} at the latest${report.attemptTimeMs > 0 ? `, tries of ${duration(report.attemptTimeMs)}` : ""}${a.ok ? "" : ", past the limit"}`;
  }
}

export function assertionLine(a: AssertionResult, report: ReportContext): string {
  return `${a.computable === false ? "?" : a.ok ? "✓" : "✗"} ${a.limit} ${limitText(a)}: ${assertionDetail(a, report)}`;
}

/** What a preset without a cap offers instead: its retry count, its time limit, or nothing. */
function capLever(preset: PresetTerms): string {
  if (preset.cap !== null) return `set its cap: ${preset.cap}`;
  if (preset.limits.length === 0) return `${preset.name} has no cap and no retry limit to set`;
  return `${preset.name} has no cap; bound its retries with ${preset.limits.join(" or ")}`;
}

/** A lint as one sentence; a preset's in its own terms. */
export function warningText(w: Warning, preset?: PresetTerms): string {
  switch (w.lint) {
    case "no-cap":
      if (preset) return `the delays of ${preset.name} grow without a cap: attempt ${w.attempt} waits ${duration(w.delayMs)}; ${capLever(preset)}`;
      return `exponential backoff without a cap: attempt ${w.attempt} waits ${duration(w.delayMs)} and the delays grow without limit; set a cap`;
    case "early-cap":
      return `the cap (${duration(w.capMs)}) is reached at attempt ${w.capReachedAt}, so ${w.atCap} of ${w.attempts} retries wait the cap; the backoff is mostly a fixed delay`;
    case "no-jitter": {
      const lever = preset === undefined ? "add jitter" : preset.jitter === null ? `${preset.name} has no jitter setting` : `add jitter: ${preset.jitter}`;
      return `no jitter, with ${w.clients} clients: clients that fail together retry together, in bursts; ${lever}`;
    }
    case "exceeds-cap":
      return w.attempt === null || w.maxMs === null
        ? `the jitter can push delays above the cap (${duration(w.capMs)})`
        : `the jitter can push delays above the cap (${duration(w.capMs)}): attempt ${w.attempt} may wait up to ${duration(w.maxMs)}`;
    case "over-a-day":
      return `the worst-case total wait is ${duration(w.worstTotalMs)}, beyond a day`;
    case "unreachable-retries": {
      // The deadline model's own verdict, as the schedule's summary says it (its first sentence: what never fires).
      const line = deadlineVerdictLines(w.summary, { attemptTimeMs: w.attemptTimeMs, deadlineMs: w.deadlineMs, stopText: null, lastShown: Number.MAX_SAFE_INTEGER })[0]!.replace(/\.$/, "");
      const tries = w.attemptTimeMs > 0 && !w.summary.firstTryCutShort ? `; each try runs up to ${duration(w.attemptTimeMs)}` : "";
      return `${line.charAt(0).toLowerCase()}${line.slice(1)}${tries}`;
    }
  }
}

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
      if (!a.ok) lines.push(`::error ${props}::${escapeData(`${who}${a.limit} ${limitText(a)} broken: ${assertionDetail(a, report)}`)}`);
    }
    for (const w of report.result.warnings) {
      lines.push(`::${strict ? "error" : "warning"} ${props}::${escapeData(`${who}${w.lint}: ${warningText(w, report.terms)}`)}`);
    }
  }
  return lines;
}
