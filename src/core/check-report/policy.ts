import { type CheckResult, type Warning, resultFails, warningFails } from "../check.js";
import type { RetryOn } from "../conditions/condition.js";
import type { PolicyPlace } from "./location.js";
import type { LimitReport } from "./retry-limit.js";
import type { PresetTerms } from "./terms.js";
import type { TimeoutPlace } from "./timeouts.js";
import type { SuppressionComment } from "./suppression-comment.js";

/** A policy found in a file and checked: where it is, what was read, what its check found. */
export interface FilePolicyReport extends PolicyPlace {
  /** How people call the system ("AWS Step Functions"). */
  readonly systemLabel: string;
  /** The preset the policy was built with (null: backoff's own config without one). */
  readonly preset: string | null;
  /** The values read from the file, by the names the reports show ("base": "2s", "max-elapsed": "1m"). */
  readonly options: Readonly<Record<string, string>>;
  readonly attempts: number;
  readonly attemptTimeMs: number;
  /** The overall timeout checked against (the file's route timeout, a job's deadline, or one given), when there is one. */
  readonly deadlineMs?: number | null;
  /** Where the file sets the try time and the deadline checked against (absent when the command or nothing set them). */
  readonly timeouts?: readonly TimeoutPlace[];
  readonly jittered: boolean;
  /** A remark on how the policy was checked (unlimited retries, a time limit that stops it). */
  readonly note: string | null;
  readonly result: CheckResult;
  /** Set for a system's policy: its library's levers, which the warnings name. */
  readonly terms?: PresetTerms;
  /** The retry limits that govern it (its destination's circuit breaker or retry budget), in this file or another. */
  readonly limits?: readonly LimitReport[];
  /** What it retries on (its file's conditions, or its system's default), where the system's conditions are read. */
  readonly retryOn?: RetryOn;
  /** The values its check assumed, as the file does not set them (a system's default timeout, its default count): issue 36, item 4. */
  readonly assumed?: readonly AssumedValue[];
  /** The inline suppressions on its lines or just above them (config/suppressions.ts). */
  readonly suppressions?: readonly SuppressionComment[];
}

/**
 * A value a policy's check rests on that the file does not set: the system's default,
 * named as one in every report ("Envoy's default route timeout (15 s), assumed as the
 * file sets none"); a flag (--deadline, --attempt-time) replaces it.
 */
export interface AssumedValue {
  readonly what: "deadline" | "attempt-time" | "retries";
  /** The value assumed: ms for a timeout, a count for retries. */
  readonly value: number;
  /** Whose default it is: "Envoy's default route timeout (15 s)", "Kubernetes Job's default count". */
  readonly source: string;
}

/** "Envoy's default route timeout (15 s), assumed as the file sets none"; "6 retries, Kubernetes Job's default count, assumed as the file sets none". */
export function assumedText(a: AssumedValue): string {
  const value = a.what === "retries" ? `${a.value} ${a.value === 1 ? "retry" : "retries"}, ` : "";
  return `${value}${a.source}, assumed as the file sets none`;
}

/** A policy that retries nothing (MaxAttempts 0, backoffLimit 0, …): listed, not checked, named as checked ones are. */
export interface DisabledReport extends PolicyPlace {
  readonly systemLabel: string;
}

/** A policy whose values are wrong: a finding at its place (rule invalid-policy, exit 1), not the end of the run. */
export interface InvalidReport extends PolicyPlace {
  readonly systemLabel: string;
  /** What is wrong, as one sentence ("MaxAttempts (…) must be a whole number, got the string \"three\""). */
  readonly reason: string;
  /**
   * A key its system does not define (rule unknown-key: `name` is the key as written), a
   * file holding a system's key words that cannot be parsed (rule unreadable: `name` is the
   * file's, `systemLabel` every system whose words it holds); else a wrong value (rule invalid-policy).
   */
  readonly rule?: "unknown-key" | "unreadable";
  /** The inline suppressions on its line or just above it. */
  readonly suppressions?: readonly SuppressionComment[];
}

/** A file (or one policy in it) that was not checked, and why. */
export interface SkippedReport {
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly reason: string;
}

/** A file read past a rule of YAML 1.2 that the systems' own readers do not hold: where the first such line is, and what. */
export type LenientReport = SkippedReport;

/** Whether a policy fails the check: a broken limit, or a warning that fails (under strictness, or a lint raised to an error). */
export function policyFails(report: Pick<FilePolicyReport, "result">, strict: boolean): boolean {
  return resultFails(report.result, strict);
}

/** Whether a policy's warning fails the check (under strictness, or a lint raised to an error). */
export function warningFailsIn(p: Pick<FilePolicyReport, "result">, w: Warning, strict: boolean): boolean {
  return warningFails(p.result, w, strict);
}

/**
 * Whether the policy never stops (Argo without a limit, Temporal's default): no bound even in
 * the best case, or, where code decides the waits, no retry count. The count the rows show is
 * then only how far they were drawn, never the policy's: reports say "retries forever", JSON null.
 */
export function retriesForever(report: Pick<FilePolicyReport, "result">): boolean {
  const r = report.result;
  if (r.waitsUnknown === true) return r.assertions.some((a) => a.limit === "max-attempts" && a.actual === null);
  // A deadline bounds the totals of a policy that retries forever; its schedule alone has none.
  const totals = r.scheduleTotals === undefined ? { bestMs: r.bestTotalMs, worstMs: r.worstTotalMs } : r.scheduleTotals;
  return totals.worstMs === null && totals.bestMs === null;
}

/** A policy's count as the machine reports give it: its retries (null: it retries forever), and its tries where the system counts tries. */
export interface PolicyCount {
  readonly retries: number | null;
  readonly tries?: number | null;
}

/** The count of a policy: `retries`, `tries` beside it where the system counts tries, null for a policy that retries forever. */
export function policyCount(p: Pick<FilePolicyReport, "result" | "attempts" | "terms">): PolicyCount {
  const retries = retriesForever(p) ? null : p.attempts;
  return p.terms?.countsTries === true ? { retries, tries: retries === null ? null : retries + 1 } : { retries };
}
