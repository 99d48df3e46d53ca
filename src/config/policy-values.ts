import { type Jitter, NO_JITTER } from "../core/jitter/index.js";
import { type Policy, STRATEGIES, type Strategy, normalizePolicy } from "../core/policy.js";
import type { AttemptRange } from "../core/schedule.js";
import { didYouMean } from "../core/text/closest.js";
import { capBelowBaseMessage } from "./bare-numbers.js";
import { UsageError, shown } from "./errors.js";
import { checkJitterNeedsCap, parseJitter, parseSeed } from "./jitter-options.js";
import type { OptionValues } from "./option-values.js";
import { parseAttempts, parseBase, parseCap, parseDuration, parseFactor } from "./values.js";

// The calculator's own policy read from option values (flags, a config file's policy, a
// SPEC's overrides): what schedule, check, simulate, compare and solve all start from.

/**
 * What a policy is when its values leave these out. Defaults live here and in the
 * commands' own tables, never in commander (see cli/shared/options.ts).
 */
export const POLICY_DEFAULTS = { strategy: "exponential", base: "1s" } as const satisfies OptionValues;

/** The attempts a schedule shows unless --attempts says otherwise. */
export const DEFAULT_ATTEMPTS = "1..10";

/** The strategy named by a flag or a config file (both already checked against the choices). */
export function strategyOf(values: OptionValues): Strategy {
  const name = values.strategy ?? POLICY_DEFAULTS.strategy;
  const strategy = STRATEGIES.find((s) => s === name);
  if (strategy === undefined) throw strategyError(name);
  return strategy;
}

/** A word that names no strategy: the strategies, and the one it most likely means. */
export function strategyError(name: string): UsageError {
  return new UsageError(`--strategy must be one of ${STRATEGIES.join(", ")}, got ${shown(name)}${didYouMean(name, STRATEGIES)}`);
}

/** Turns the policy values (flags or a config file) into a checked policy, naming the option in every error. */
export function policyFromValues(values: OptionValues): Policy {
  const strategy = strategyOf(values);
  const base = values.base ?? POLICY_DEFAULTS.base;
  const baseMs = parseBase("--base", base);
  const capMs = values.cap === undefined ? null : parseCap("--cap", values.cap);
  const stepMs = values.step === undefined ? undefined : parseDuration("--step", values.step);
  if (values.factor !== undefined && strategy !== "exponential") {
    throw new UsageError(`--factor applies only to --strategy exponential, not ${strategy}`);
  }
  const factor = values.factor === undefined ? undefined : parseFactor("--factor", values.factor);
  if (capMs !== null && capMs < baseMs) {
    throw new UsageError(capBelowBaseMessage(values.cap!, base, baseMs));
  }
  return normalizePolicy({ strategy, baseMs, capMs, ...(factor === undefined ? {} : { factor }), ...(stepMs === undefined ? {} : { stepMs }) });
}

/** `--jitter` and `--seed`, checked against the policy. */
export function jitterFromValues(values: OptionValues, policy: Policy): { jitter: Jitter; seed: number | null } {
  const jitter = values.jitter === undefined ? NO_JITTER : parseJitter("--jitter", values.jitter);
  const seed = values.seed === undefined ? null : parseSeed("--seed", values.seed);
  checkJitterNeedsCap(jitter, policy.capMs);
  if (seed !== null && jitter.kind === "none") {
    throw new UsageError("--seed draws a sample of the jitter, so it needs --jitter (full, equal, decorrelated or a fraction such as 0.2)");
  }
  return { jitter, seed };
}

/** The attempts to show: --attempts, or the default range. */
export function rangeFromValues(values: OptionValues): AttemptRange {
  return parseAttempts("--attempts", values.attempts ?? DEFAULT_ATTEMPTS);
}
