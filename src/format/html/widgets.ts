import { attemptDelay } from "../../core/delay.js";
import { MAX_EXACT_MS, isSaturated } from "../../core/limits.js";
import { type Policy, linearComparison, normalizePolicy } from "../../core/policy.js";
import { cumulativeMs } from "../../core/schedule.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";
import { durationWithMs } from "../summary.js";
import type { CalculatorPolicy } from "./page-data.js";

// The page's clamp calculator and base sweep: text in, reading out, computed by the
// core's own delay and total functions (bundled into the page, see scripts/build.js),
// so a value read in the page is the CLI's value for the same inputs.

export type Reading<T> = ({ readonly ok: true } & T & { readonly text: readonly string[] }) | { readonly ok: false; readonly text: readonly string[] };

/** A number of milliseconds typed into the page: positive, finite, at most 2^53 − 1. */
function readMs(label: string, text: string): number | string {
  const trimmed = text.trim();
  const value = trimmed === "" ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value) || value <= 0) return `${label} must be a positive number of milliseconds, got ${JSON.stringify(text)}`;
  if (value > MAX_EXACT_MS) return `${label} must be at most ${groupDigits(MAX_EXACT_MS)} ms`;
  return value;
}

function policyWith(calculator: CalculatorPolicy, baseMs: number, capMs: number | null): Policy {
  return normalizePolicy({
    strategy: calculator.strategy,
    baseMs,
    factor: calculator.factor,
    stepMs: calculator.stepFollowsBase ? baseMs : calculator.stepMs,
    capMs,
  });
}

function numberText(value: number): string {
  return Number.isInteger(value) ? groupDigits(value) : String(value);
}

/** The formula with the numbers in, e.g. "100 × 2^19" or "1,000 + 500 × 4". */
export function formulaText(policy: Policy, attempt: number): string {
  const base = numberText(policy.baseMs);
  switch (policy.strategy) {
    case "exponential":
      return `${base} × ${policy.factor}^${groupDigits(attempt - 1)}`;
    case "linear":
      return `${base} + ${numberText(policy.stepMs)} × ${groupDigits(attempt - 1)}`;
    case "fixed":
      return base;
  }
}

/** The calculator's formula in words: "base × 2^(attempt−1)". */
export function formulaTemplate(calculator: CalculatorPolicy): string {
  switch (calculator.strategy) {
    case "exponential":
      return `base × ${calculator.factor}^(attempt−1)`;
    case "linear":
      return `base + ${calculator.stepFollowsBase ? "base" : `${numberText(calculator.stepMs)} ms`} × (attempt−1)`;
    case "fixed":
      return "base";
  }
}

/** Whole ms with the human reading: "52,428,800 ms (14 h 34 min)". */
function exactText(ms: number): string {
  if (isSaturated(ms)) return `2^53 ms or more (${humanDuration(ms)})`;
  return ms < 1000 ? `${numberText(ms)} ms` : `${numberText(ms)} ms (${humanDuration(ms)})`;
}

export interface ClampValues {
  readonly rawMs: number;
  readonly delayMs: number;
  readonly clamped: boolean;
}

/**
 * The clamp calculator: base, cap (empty for none) and attempt as typed, read as the
 * raw value base·factor^(attempt−1) and the delay after the cap, marked when the cap bites.
 */
export function clampReading(calculator: CalculatorPolicy, input: { readonly base: string; readonly cap: string; readonly attempt: string }): Reading<ClampValues> {
  const base = readMs("base", input.base);
  if (typeof base === "string") return { ok: false, text: [base] };
  let cap: number | null = null;
  if (input.cap.trim() !== "") {
    const read = readMs("cap", input.cap);
    if (typeof read === "string") return { ok: false, text: [read] };
    // As on the command line: delays are whole ms, so a fractional cap could be passed by a rounded delay.
    if (!Number.isInteger(read)) return { ok: false, text: [`cap must be a whole number of milliseconds, as every delay is, got ${JSON.stringify(input.cap)}`] };
    if (read < base) return { ok: false, text: [`cap (${numberText(read)} ms) must be at least the base (${numberText(base)} ms)`] };
    cap = read;
  }
  const attemptText = input.attempt.trim();
  const attempt = /^\d+$/.test(attemptText) ? Number(attemptText) : Number.NaN;
  if (!Number.isSafeInteger(attempt) || attempt < 1) {
    return { ok: false, text: [`attempt must be a whole number from 1 to ${groupDigits(MAX_EXACT_MS)}, got ${JSON.stringify(input.attempt)}`] };
  }
  const policy = policyWith(calculator, base, cap);
  const { rawMs, delayMs, clamped } = attemptDelay(policy, attempt);
  const raw = `raw value ${formulaText(policy, attempt)} = ${exactText(rawMs)}`;
  let delay: string;
  if (clamped) delay = `delay ${exactText(delayMs)}: the cap bites, clamped from ${exactText(rawMs)}`;
  else if (cap === null) delay = `delay ${exactText(delayMs)} (no cap)`;
  else delay = `delay ${exactText(delayMs)}, under the cap of ${exactText(cap)}`;
  return { ok: true, rawMs, delayMs, clamped, text: [raw, delay] };
}

export interface SweepValues {
  readonly baseMs: number;
  readonly totalMs: number;
  readonly linearTotalMs: number;
}

/** The base sweep: the total wait after the page's last attempt for another base, next to the linear one. */
export function sweepReading(calculator: CalculatorPolicy, baseText: string): Reading<SweepValues> {
  const base = readMs("base", baseText);
  if (typeof base === "string") return { ok: false, text: [base] };
  if (calculator.capMs !== null && base > calculator.capMs) {
    return { ok: false, text: [`base ${humanDuration(base)} is above the cap of ${humanDuration(calculator.capMs)}`] };
  }
  const policy = policyWith(calculator, base, calculator.capMs);
  const last = calculator.lastAttempt;
  const totalMs = cumulativeMs(policy, last);
  const linearTotalMs = cumulativeMs(linearComparison(policy), last);
  const attempts = last === 1 ? "attempt 1" : `attempts 1..${groupDigits(last)}`;
  return {
    ok: true,
    baseMs: base,
    totalMs,
    linearTotalMs,
    text: [`base ${humanDuration(base)}: ${attempts} wait ${durationWithMs(totalMs)} in total`, `linear: ${durationWithMs(linearTotalMs)}`],
  };
}
