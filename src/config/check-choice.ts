import type { FilePolicyReport } from "../core/check-report/policy.js";
import type { PresetTerms } from "../core/check-report/terms.js";
import { checkPolicy } from "../core/check.js";
import { policyModel } from "../core/policy-model.js";
import { type OptionValues, limitsFromOptions, parseCount } from "./option-values.js";
import type { ShapeLevers } from "./shape.js";
import type { FoundPolicy } from "./tree/findings.js";

// Which check a policy found in a file gets, from what its shape read: its values checked as
// `check --preset` checks them, or, where the file leaves no wait to compute, a check over
// zero delays (a system that retries at once) or of the count alone (waits decided by code).
// Those two are read here from the merged option values (limits, counts, --clients) and run
// through core/check.ts, and a preset's terms are said in the file's (inFileTerms); the CLI adds the preset's terms (config knows no preset) and runs the
// full check (cli/check/check-values.ts), which builds the preset's model.
//
// This is config rather than core: each piece reads option text (limitsFromOptions, parseCount,
// the file's attempts) into a CheckSubject; the check's logic stays core/check.ts's.

/** How a found policy is checked. */
export type CheckChoice =
  /** Its values, over the waits its preset's (or the calculator's) model computes. */
  | { readonly kind: "values" }
  /** Every wait 0, whatever its preset's formula (an Argo retryStrategy without backoff or without limit); `forever` without a count. */
  | { readonly kind: "at-once"; readonly why: string; readonly forever: boolean }
  /** Its count alone: code decides the waits (a resilience4j intervalBiFunction class). */
  | { readonly kind: "count-only"; readonly why: string };

/** The check a found policy gets; `why` is the report's note. */
export function checkChoice(policy: Pick<FoundPolicy, "atOnce" | "waitsFrom" | "forever">): CheckChoice {
  if (policy.atOnce !== undefined) return { kind: "at-once", why: policy.atOnce.why, forever: policy.forever === true };
  if (policy.waitsFrom !== undefined) return { kind: "count-only", why: policy.waitsFrom.why };
  return { kind: "values" };
}

/** The counts of the preset a policy is read as, as the CLI hands them over (a Preset has them). */
export interface PresetCounts {
  /** The name, for the rule a policy that retries forever states. */
  readonly name: string;
  /** The retries the library makes by default, or null when it has no count of its own. */
  readonly defaultRetries: number | null;
  /** The attempts its schedule shows by default (the lints' range for a policy that retries forever). */
  readonly defaultAttempts: number;
}

/** What a check without waits adds to where the policy was found, the preset's terms aside. */
export type WaitlessCheck = Pick<FilePolicyReport, "attempts" | "attemptTimeMs" | "deadlineMs" | "jittered" | "note" | "result">;

/** Every wait 0: a system that retries at once whatever its preset's formula says (Argo without backoff); a chain's layer too (chain-config.ts). */
export const NO_WAIT = policyModel({ strategy: "fixed", baseMs: 0, factor: 1, stepMs: 0, capMs: null });

/**
 * A policy whose system makes no wait between its tries: checked over zero delays, its count
 * as the file gives it, or without end (`forever`, the lints then looking at the preset's
 * default range, 10 without a preset). `values` are the merged option values.
 */
export function checkAtOnce(values: OptionValues, choice: { readonly why: string; readonly forever: boolean }, preset: PresetCounts | undefined): WaitlessCheck {
  const { limits, attemptTimeMs, deadlineMs, levels } = limitsFromOptions(values);
  const clients = values.clients === undefined ? null : parseCount("--clients", values.clients);
  const { forever, why } = choice;
  const attempts = forever ? (preset?.defaultAttempts ?? 10) : Number(values.attempts ?? "0");
  const result = checkPolicy({ model: NO_WAIT, attempts, forever, attemptTimeMs, clients, growth: "constant", deadlineMs }, limits, levels);
  return { attempts, attemptTimeMs, deadlineMs, jittered: false, note: why, result };
}

/** The rule a preset's terms state for a policy checked at once: that it retries forever, or the report's note. */
export function atOnceRule(choice: { readonly why: string; readonly forever: boolean }, preset: PresetCounts): string {
  return choice.forever ? `${preset.name} retries forever (no retryStrategy.limit)` : choice.why;
}

/**
 * A policy whose waits code decides: its count checked as its preset counts (the file's
 * value, else the preset's default; none: forever, over the preset's default attempts),
 * every limit that needs a wait not computable. `why` is the report's note.
 */
export function checkCountOnly(values: OptionValues, why: string, preset: PresetCounts | undefined): WaitlessCheck {
  const { limits, attemptTimeMs, deadlineMs, levels } = limitsFromOptions(values);
  // The shapes give the count as digits (a flag beside PATH is refused).
  const count = values.attempts === undefined ? (preset?.defaultRetries ?? null) : Number(values.attempts);
  const attempts = count ?? preset?.defaultAttempts ?? 0;
  const result = checkPolicy({ model: NO_WAIT, attempts, forever: count === null, attemptTimeMs, clients: null, growth: null, deadlineMs, waitsUnknown: true }, limits, levels);
  return { attempts, attemptTimeMs, deadlineMs, jittered: false, note: why, result };
}

/**
 * A preset's terms for a policy that lives in a file (a shape's, or backoff's own config):
 * its warnings name what to edit in the file (the shape's levers), not the flags and the
 * library's parameters `check --preset` names; each lever where the preset has it.
 */
export function inFileTerms(terms: PresetTerms, levers: ShapeLevers): PresetTerms {
  return {
    ...terms,
    cap: terms.cap === null ? null : levers.cap,
    limits: terms.limits.length === 0 ? [] : levers.limits,
    jitter: terms.jitter === null ? null : levers.jitter,
  };
}
