import { attemptDelay, capReachedAt as policyCapReachedAt } from "../core/delay.js";
import { fractionOf, multiply, roundHalfUp, add, integer } from "../core/exact.js";
import { normalizePolicy } from "../core/policy.js";
import { type Estimate, roundMs } from "../core/rounding.js";
import { exponentialRaw } from "../core/strategies/exponential.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { parseFraction } from "./kit/jitter-setting.js";
import { wholeMs } from "./kit/whole-ms.js";
import { PresetError, option, parts } from "./errors.js";
import type { Preset } from "./types.js";

/** An estimate scaled by an exact decimal factor (1 ± jitter). */
function scaled(value: Estimate, factor: number, negate: boolean, jitter: number): Estimate {
  const approx = value.approx * factor;
  return {
    approx,
    error: value.error * factor + approx * 2 ** -51,
    exact: () => {
      const exact = value.exact();
      if (exact === null) return null;
      const j = fractionOf(jitter);
      const scale = add(integer(1), negate ? { num: -j.num, den: j.den } : j);
      return multiply(exact, scale);
    },
  };
}

/** The gRPC connection backoff spec (grpc-go internal/backoff follows it). */
export const grpc: Preset = {
  name: "grpc",
  aliases: ["grpc-go"],
  library: "gRPC connection backoff spec (grpc-go internal/backoff)",
  timeUnit: "real (fractional) milliseconds",
  repository: "grpc/grpc",
  source: "doc/connection-backoff.md",
  formula: "first wait INITIAL_BACKOFF; then min(INITIAL_BACKOFF × MULTIPLIER^(a−1), MAX_BACKOFF)",
  defaults: "INITIAL_BACKOFF 1 s, MULTIPLIER 1.6, MAX_BACKOFF 120 s, JITTER 0.2, MIN_CONNECT_TIMEOUT 20 s; retries forever",
  stopping: "connection backoff never gives up",
  jitter: "from attempt 2: b × (1 + UniformRandom(−JITTER, JITTER)) around the capped b, so up to 144 s against a 120 s cap",
  defaultRetries: null,
  // grpc/grpc doc/connection-backoff.md: the backoff paces reconnection "when a connection attempt fails"; RPCs are not retried by it.
  conditions: { words: ["a failed connection attempt"], from: "gRPC's connection backoff", isDefault: true, conditions: [{ kind: "connection" }] },
  defaultAttempts: 15,
  parameters: {
    baseMs: "INITIAL_BACKOFF (BaseDelay in grpc-go)",
    capMs: "MAX_BACKOFF (MaxDelay)",
    factor: "MULTIPLIER (Multiplier)",
    jitter: "JITTER (Jitter), from 0 to below 1",
    retries: "the range only (connection backoff never gives up)",
  },
  quirks: [
    "The first wait is exactly INITIAL_BACKOFF, without jitter.",
    "MAX_BACKOFF caps before the jitter, so waits reach MAX_BACKOFF × (1 + JITTER): 144 s against 120 s.",
    "The spec sleeps until a deadline set at the start of the previous attempt, so the gap after a failed attempt is shorter by the attempt's duration; each attempt is given until that deadline or MIN_CONNECT_TIMEOUT (20 s) from its start, whichever is later (TryConnect(Max(current_deadline, now() + MIN_CONNECT_TIMEOUT))).",
    "The doc's first version (2015, commit 08d16ee) gave INITIAL_BACKOFF = 20 seconds; the doc since and every implementation use 1 s, with MIN_CONNECT_TIMEOUT 20 s.",
    "gRPC C-core (Python, C++, Ruby, PHP) jitters the first wait too and works in whole ms: the grpc-core preset.",
    "Values are real milliseconds; shown rounded half up.",
  ],
  retryAfter: "gRPC's connection backoff does not read Retry-After (it reconnects a channel, with no HTTP response to read): the schedule is unchanged.",
  build(overrides) {
    const initial = overrides.baseMs ?? 1000;
    const maxBackoff = overrides.capMs ?? 120_000;
    const jitter = overrides.jitter === undefined ? 0.2 : parseFraction(overrides.jitter, "gRPC's JITTER", { min: 0, max: 1, maxIncluded: false });
    if (maxBackoff < initial) throw new PresetError(parts`${option("capMs")} (MAX_BACKOFF, ${maxBackoff} ms) must be at least ${option("baseMs")} (INITIAL_BACKOFF, ${initial} ms)`);
    const policy = normalizePolicy({ baseMs: initial, factor: overrides.factor ?? 1.6, capMs: maxBackoff });
    const capReachedAt = policyCapReachedAt(policy);
    // current_backoff = Min(current_backoff * MULTIPLIER, MAX_BACKOFF): the capped value, exact (the calculator's own formula)
    const backoff = (attempt: number): Estimate => {
      const raw = exponentialRaw(policy.baseMs, policy.factor, attempt);
      return capReachedAt !== null && attempt >= capReachedAt ? { approx: maxBackoff, error: 0, exact: () => fractionOf(maxBackoff) } : raw;
    };
    const bound = (attempt: number, negate: boolean) => (attempt === 1 || jitter === 0 ? attemptDelay(policy, attempt).delayMs : roundMs(scaled(backoff(attempt), negate ? 1 - jitter : 1 + jitter, negate, jitter)));
    const worstMs = roundHalfUp(multiply(fractionOf(maxBackoff), add(integer(1), fractionOf(jitter))));
    return independentModel({
      delay: (attempt) => attemptDelay(policy, attempt),
      jitter:
        jitter > 0
          ? {
              bounds: (attempt) => ({ minMs: bound(attempt, true), maxMs: bound(attempt, false) }),
              // Symmetric jitter: the mean is b itself.
              mean: (attempt) => (attempt === 1 ? initial : backoff(attempt).approx),
              draw: (attempt, random) => {
                if (attempt === 1) return attemptDelay(policy, 1).delayMs;
                const b = backoff(attempt).approx;
                // A continuous draw; the clamp only absorbs double rounding at the exact ends.
                const value = wholeMs(b * (1 + jitter * (random.fraction() * 2 - 1)));
                return Math.min(Math.max(value, bound(attempt, true)), bound(attempt, false));
              },
            }
          : null,
      capMs: wholeMs(maxBackoff),
      capReachedAt,
      steadyFrom: capReachedAt === null ? null : Math.max(capReachedAt, 2),
      mayExceedCap: jitter > 0,
      retries: null,
      notes: jitter > 0 ? [`grpc: MAX_BACKOFF caps before the jitter; the worst case is ${groupDigits(worstMs)} ms against a ${groupDigits(wholeMs(maxBackoff))} ms cap.`] : [],
      parameters: { INITIAL_BACKOFF: initial, MULTIPLIER: policy.factor, MAX_BACKOFF: maxBackoff, JITTER: jitter },
    });
  },
};
