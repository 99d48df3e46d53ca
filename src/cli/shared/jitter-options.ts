import { type Jitter, isJitterFraction } from "../../core/jitter/index.js";
import { MAX_EXACT_MS } from "../../core/limits.js";
import { PLAIN_DECIMAL } from "../../core/text/decimal.js";
import { UsageError, shown } from "./errors.js";

export const JITTER_MODES = ["none", "full", "equal", "decorrelated"] as const;

/** `--jitter`: none, full, equal, decorrelated, or a fraction in (0, 1] such as 0.2. */
export function parseJitter(option: string, text: string): Jitter {
  const trimmed = text.trim().toLowerCase();
  switch (trimmed) {
    case "none":
    case "full":
    case "equal":
    case "decorrelated":
      return { kind: trimmed };
  }
  if (!PLAIN_DECIMAL.test(trimmed)) {
    throw new UsageError(`${option} must be none, full, equal, decorrelated or a fraction in (0, 1] such as 0.2, got ${shown(text)}`);
  }
  const fraction = Number(trimmed);
  if (!isJitterFraction(fraction)) throw new UsageError(`${option} fraction must be greater than 0 and at most 1, got ${shown(text)}`);
  return { kind: "proportional", fraction };
}

/** `--seed`: a whole number from 0 to 2^53 − 1. */
export function parseSeed(option: string, text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) throw new UsageError(`${option} must be a whole number from 0 to ${MAX_EXACT_MS}, got ${shown(text)}`);
  const seed = Number(trimmed);
  if (!Number.isSafeInteger(seed)) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
  return seed;
}

/** Decorrelated jitter is defined through the cap (min(cap, …)); refuse it without one. */
export function checkJitterNeedsCap(jitter: Jitter, capMs: number | null): void {
  if (jitter.kind === "decorrelated" && capMs === null) {
    throw new UsageError("--jitter decorrelated needs --cap: its formula is min(cap, uniform(base, previous × 3))");
  }
}
