import type { AssertionResult, Warning } from "../check.js";
import { deadlineVerdictLines } from "../text/deadline-verdict.js";
import { humanDuration } from "../text/duration.js";
import type { Finding } from "./finding.js";
import type { PolicyPlace } from "./location.js";
import { type FilePolicyReport, retriesForever } from "./policy.js";
import type { LimitReport, ScanLimit } from "./retry-limit.js";
import type { PresetTerms } from "./terms.js";
import type { TimeoutPlace } from "./timeouts.js";

// The sentences of a check's findings, which every format shows: what a limit found, what a
// lint says, where the timeouts and the retry limits are. Each format puts its own marks and
// names around them (findings.ts builds the findings with them).

/** "2 policies", "1 file". */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/** "8 retries", "1 retry". */
export function retriesText(retries: number): string {
  return plural(retries, "retry", "retries");
}

/** A policy's count as reports give it: "8 retries", and "(9 tries)" beside it where the library counts tries. */
export function countText(retries: number, terms: Pick<PresetTerms, "countsTries"> | undefined): string {
  return terms?.countsTries === true ? `${retriesText(retries)} (${retries + 1} tries)` : retriesText(retries);
}

/** A limit's value as given: "1 min", or a count for max-attempts. */
export function limitValueText(a: Pick<AssertionResult, "limit" | "limitValue">): string {
  return a.limit === "max-attempts" ? String(a.limitValue) : humanDuration(a.limitValue);
}

/** The limit with its value: "max-total 1 min", "max-attempts 5". */
export function limitText(a: Pick<AssertionResult, "limit" | "limitValue">): string {
  return `${a.limit} ${limitValueText(a)}`;
}

/** What a policy's figures are read with: its count and try time, how its library stops, and where its deadline is set. */
export type AssertionContext = { readonly attempts: number; readonly attemptTimeMs: number; readonly terms?: PresetTerms; readonly timeouts?: readonly TimeoutPlace[]; readonly result?: FilePolicyReport["result"] };

/**
 * "11 tries × 30 s", or "tries of 30 s" for a policy that retries forever: its attempts are
 * only how far its rows were drawn, not a count of its tries (policy.ts retriesForever).
 */
export function triesText(report: Pick<AssertionContext, "attempts" | "attemptTimeMs" | "result">): string {
  return retriesForeverIn(report) ? `tries of ${humanDuration(report.attemptTimeMs)}` : `${report.attempts + 1} tries × ${humanDuration(report.attemptTimeMs)}`;
}

/** Whether the context is a policy's that retries forever (its result says; a context without one has its count). */
function retriesForeverIn(report: Pick<AssertionContext, "result">): boolean {
  return report.result !== undefined && retriesForever({ result: report.result });
}

/** What ends every run: "timeout at line 12:5", "Envoy's default route timeout (15 s)", or "the deadline" (one given as a flag or in backoff's config). */
export function deadlineName(timeouts: readonly TimeoutPlace[] | undefined): string {
  const place = timeouts?.find((t) => t.role === "deadline");
  return place === undefined ? "the deadline" : timeoutPlaceText(place);
}

/** Beside a total the deadline bounds: "timeout at line 12:5 ends it; the schedule alone would be 48.6 s, with 6 tries × 8 s". */
function deadlineEnds(scheduleMs: number | null, tries: string, report: AssertionContext): string {
  const alone = scheduleMs === null ? "would retry forever" : `would be ${humanDuration(scheduleMs)}${tries}`;
  return `${deadlineName(report.timeouts)} ends it; the schedule alone ${alone}`;
}

/**
 * Beside a best case with a try time, which is tries that fail at once: " (tries that fail at
 * once; 21 s when each of the 4 tries takes 3 s)". Empty without one.
 */
export function bestWithTriesText(withTriesMs: number | null | undefined, cut: boolean, report: Pick<AssertionContext, "attempts" | "attemptTimeMs" | "timeouts" | "result">): string {
  if (withTriesMs === undefined || report.attemptTimeMs <= 0) return "";
  const tries = report.attempts + 1;
  const each = retriesForeverIn(report) ? `each try takes ${humanDuration(report.attemptTimeMs)}` : tries === 1 ? `the one try takes ${humanDuration(report.attemptTimeMs)}` : `each of the ${tries} tries takes ${humanDuration(report.attemptTimeMs)}`;
  const ended = cut ? `, cut short by ${deadlineName(report.timeouts)}` : "";
  return ` (tries that fail at once; ${withTriesMs === null ? "no bound" : humanDuration(withTriesMs)} when ${each}${ended})`;
}

/** What an assertion found, after "✓ max-total 5 min: ". */
export function assertionDetail(a: AssertionResult, report: AssertionContext): string {
  const duration = humanDuration;
  const tries = report.attemptTimeMs > 0 ? `, with ${triesText(report)}` : "";
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
  if (a.scheduleMs !== undefined && (a.limit === "max-total" || a.limit === "min-total")) {
    // The deadline ends every run sooner than the schedule would: the total is the deadline's.
    const over = a.ok || a.attempt === null || a.limit === "min-total" ? "" : `first over the limit at attempt ${a.attempt}; `;
    if (a.limit === "min-total") return `best case ${duration(a.actual)} (${deadlineEnds(a.scheduleMs, "", report)})${bestWithTriesText(a.withTriesMs, a.withTriesCut === true, report)}`;
    return `worst case ${duration(a.actual)} (${over}${deadlineEnds(a.scheduleMs, tries, report)})`;
  }
  switch (a.limit) {
    case "max-total":
      return a.ok
        ? `worst case ${duration(a.actual)}${tries}`
        : `worst case ${duration(a.actual)}${tries} (first over the limit at attempt ${a.attempt})`;
    case "min-total":
      // The best case is a true lower bound: tries that fail at once (the case of tries that take their time beside it).
      return a.ok
        ? `best case ${duration(a.actual)}${bestWithTriesText(a.withTriesMs, a.withTriesCut === true, report)}`
        : `best case ${duration(a.actual)}${bestWithTriesText(a.withTriesMs, a.withTriesCut === true, report)}, giving up after attempt ${a.attempt}, the last`;
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

/**
 * An assertion as one line: "✗ max-total 1 min: worst case 2 min 1 s (first over the limit at
 * attempt 6)"; "?" for one not computable; "⚠" for one broken that the rules lower to a warning
 * (`lowered`), marked as the verdict counts it.
 */
export function assertionLine(a: AssertionResult, report: AssertionContext, lowered = false): string {
  return `${a.computable === false ? "?" : a.ok ? "✓" : lowered ? "⚠" : "✗"} ${limitText(a)}: ${assertionDetail(a, report)}`;
}

/** What a preset without a cap offers instead: its retry count, its time limit, or nothing. */
function capLever(preset: PresetTerms): string {
  if (preset.cap !== null) return `set its cap: ${preset.cap}`;
  if (preset.limits.length === 0) return `${preset.name} has no cap and no retry limit to set`;
  return `${preset.name} has no cap; bound its retries with ${preset.limits.join(" or ")}`;
}

/** A lint as one sentence; a preset's in its own terms. */
export function warningText(w: Warning, preset?: PresetTerms): string {
  const duration = humanDuration;
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

/** "timeout at line 12:7", or a default the file does not set: "Envoy's default route timeout (15 s), assumed as the file sets none". */
export function timeoutPlaceText(t: TimeoutPlace): string {
  return t.line === null ? `${t.field}, assumed as the file sets none` : `${t.field} at line ${t.line}:${t.column ?? 1}`;
}

/** What a finding about the deadline names beside the policy: "deadline: timeout at line 12:7; try time: perTryTimeout at line 15:9". */
export function timeoutsText(timeouts: readonly TimeoutPlace[] | undefined): string | null {
  if (timeouts === undefined || timeouts.length === 0) return null;
  return [...timeouts]
    .sort((a, b) => (a.role === b.role ? 0 : a.role === "deadline" ? -1 : 1))
    .map((t) => `${t.role === "deadline" ? "deadline" : "try time"}: ${timeoutPlaceText(t)}`)
    .join("; ");
}

/** "at most 3 concurrent retries to reviews.prod.svc.cluster.local (DestinationRule reviews-cb, dr.yaml:9:9)". */
export function limitPlaceText(l: LimitReport): string {
  return `${l.text} (${l.source}, ${l.file}:${l.line}:${l.column})`;
}

/** "governs 2 policies", "governs no policy found", or why it governs nothing. */
export function limitGovernsText(l: LimitReport, governs: readonly PolicyPlace[]): string {
  if (l.overridden !== undefined) return l.overridden;
  return governs.length === 0 ? "governs no policy found" : `governs ${plural(governs.length, "policy", "policies")}`;
}

/** A limit as one sentence for the machine formats: "DestinationRule reviews-cb (Istio): retry limit: at most 3 …; governs 1 policy (vs.yaml:14:5)". */
export function scanLimitText({ limit: l, governs }: ScanLimit): string {
  const places = governs.length === 0 || l.overridden !== undefined ? "" : ` (${governs.map((g) => `${g.name} at ${g.file}:${g.line}:${g.column}`).join(", ")})`;
  return `${l.source} (${l.systemLabel}): retry limit: ${l.text}; ${limitGovernsText(l, governs)}${places}`;
}

/**
 * A finding's message with what it rests on, as the reports show it beside the policy: a
 * finding about the deadline names the timeouts it read and where they are.
 */
export function findingText(f: Pick<Finding, "message" | "timeouts">): string {
  const places = timeoutsText(f.timeouts);
  return places === null ? f.message : `${f.message} (${places})`;
}
