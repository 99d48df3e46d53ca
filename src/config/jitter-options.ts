import { type Jitter, isJitterFraction } from "../core/jitter/index.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { ONE, compareDecimals, parsePlainDecimal } from "../core/decimal.js";
import { didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import { commaCorrected, correctedValue, exactDecimalNumber, inputText, percentCorrected, readWhole } from "./values.js";

export const JITTER_MODES = ["none", "full", "equal", "decorrelated"] as const;

/** `--jitter`: none, full, equal, decorrelated, or a fraction in (0, 1] such as 0.2. */
export function parseJitter(option: string, text: string): Jitter {
  const trimmed = inputText(option, text).toLowerCase();
  switch (trimmed) {
    case "none":
    case "full":
    case "equal":
    case "decorrelated":
      return { kind: trimmed };
  }
  const value = parsePlainDecimal(trimmed);
  if (value === null) {
    throw new UsageError(`${option} must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got ${shown(text)}${correctedValue(option, percentCorrected(trimmed) ?? commaCorrected(trimmed)) || didYouMean(trimmed, JITTER_MODES)}`);
  }
  // Compared as the decimal written: 1.0000000000000001 is above 1 even though Number() reads 1.
  if (value.digits === 0n || compareDecimals(value, ONE) > 0) throw new UsageError(`${option} fraction must be greater than 0 and at most 1, got ${shown(text)}`);
  const fraction = exactDecimalNumber(option, text, value);
  if (!isJitterFraction(fraction)) throw new UsageError(`${option} fraction must be greater than 0 and at most 1, got ${shown(text)}`);
  return { kind: "proportional", fraction };
}

/** `--seed`: a whole number from 0 to 2^53 − 1. */
export function parseSeed(option: string, text: string): number {
  const seed = readWhole(option, text, `a whole number from 0 to ${MAX_EXACT_MS}`);
  if (seed === null) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
  return seed;
}

/** Decorrelated jitter is defined through the cap (min(cap, …)); refuse it without one. */
export function checkJitterNeedsCap(jitter: Jitter, capMs: number | null): void {
  if (jitter.kind === "decorrelated" && capMs === null) {
    throw new UsageError("--jitter decorrelated needs --cap: its formula is min(cap, uniform(base, previous × 3))");
  }
}
