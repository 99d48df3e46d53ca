import { firstTrueFrom1 } from "../core/search.js";
import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { random53 } from "./kit/random-grid.js";
import { saturate } from "./kit/whole-ms.js";
import { wholeUnits } from "./kit/whole-units.js";
import type { Preset } from "./types.js";

/** subchannel.cc: GRPC_SUBCHANNEL_RECONNECT_BACKOFF_MULTIPLIER and GRPC_SUBCHANNEL_RECONNECT_JITTER, constants. */
const MULTIPLIER = 1.6;
const JITTER = 0.2;
/** ParseArgsForBackoffValues raises the initial and the max backoff to at least 100 ms. */
const FLOOR_MS = 100;
/** absl::Uniform(gen, 1 − jitter, 1 + jitter) draws from [lo, hi): its largest value is the double below hi. */
function below(x: number): number {
  const bits = new Float64Array([x]);
  new BigInt64Array(bits.buffer)[0]! -= 1n;
  return bits[0]!;
}

/**
 * time.h `Duration operator*(Duration lhs, double rhs)`: FromSecondsAsDouble(lhs.millis() * rhs / 1000.0),
 * whose millis = seconds * 1000.0 is cast to int64 (truncated), the same double operations here.
 */
function durationTimes(ms: number, x: number): number {
  return saturate(Math.trunc(((ms * x) / 1000.0) * 1000.0));
}

/** gRPC C-core's subchannel connection backoff (grpc_core::BackOff): the library under Python, C++, Ruby and PHP. */
export const grpcCore: Preset = {
  name: "grpc-core",
  aliases: ["grpc-c", "grpcio"],
  library: "gRPC C-core (grpc/grpc: Python, C++, Ruby, PHP), the first backoff capped at the max since grpc/grpc#39505 (2025)",
  repository: "grpc/grpc",
  source: "src/core/util/backoff.cc (BackOff::NextAttemptDelay), src/core/util/time.h (Duration × double), src/core/client_channel/subchannel.cc (ParseArgsForBackoffValues; the backoff after a failed connection attempt: the conditions)",
  formula: "b₁ = min(initial, max); b(a+1) = min(Duration(b(a) × 1.6), max), whole ms truncated; wait = Duration(b × U[0.8, 1.2))",
  defaults: "initial 1 s (grpc.initial_reconnect_backoff_ms), multiplier 1.6, jitter 0.2, max 120 s (grpc.max_reconnect_backoff_ms), min connect timeout 20 s; retries forever",
  stopping: "connection backoff never gives up",
  jitter: "every wait, the first too: Duration(b × U[0.8, 1.2)), truncated to whole ms (attempt 1: 800–1199 ms); around the capped b, so up to 143,999 ms against 120 s",
  defaultRetries: null,
  // grpc/grpc src/core/client_channel/subchannel.cc: the BackOff paces the next connection attempt after one fails (TRANSIENT_FAILURE):
  // connection failures only (doc/connection-backoff.md).
  conditions: { words: ["a failed connection attempt"], from: "gRPC's connection backoff", isDefault: true, conditions: [{ kind: "connection" }] },
  defaultAttempts: 15,
  parameters: {
    baseMs: "grpc.initial_reconnect_backoff_ms (whole ms, raised to at least 100)",
    capMs: "grpc.max_reconnect_backoff_ms (whole ms, raised to at least 100)",
    retries: "the range only (connection backoff never gives up)",
  },
  quirks: [
    "Unlike the spec and grpc-go (the grpc preset), the first wait is jittered too: grpc/grpc#37595 (August 2024) fixed C-core “incorrectly failing to apply jitter to the initial backoff”; before it the first wait was exactly the initial backoff.",
    "The max caps the first backoff too (backoff.cc NextAttemptDelay: current_backoff_ = std::min(current_backoff_, max_backoff) on every call, the SharedBitGen form): grpc/grpc#38239 (December 2024) added it behind the backoff_cap_initial_at_max experiment and #39505 (2025) removed the experiment. Before, from #37595, only later backoffs were capped: an initial above the max was waited once, jittered (initial 5 s, max 2 s: 4,000–5,999 ms, then 1,600–2,399 ms).",
    "Durations are whole milliseconds and every product is truncated (Duration × double goes through FromSecondsAsDouble and an int64 cast): 1000, 1600, 2560, 4096, 6553, 10484, 16774, 26838, 42940, 68704, 109926, 120000 ms.",
    "The multiplier (1.6) and the jitter (0.2) are constants of the subchannel; only the initial and the max backoff are channel arguments, each raised to at least 100 ms.",
    "The jitter multiplies the capped backoff, so waits reach 143,999 ms against the 120 s max.",
    "The subchannel counts the wait from the start of the previous connection attempt, which is given until the later of that next attempt time and the min connect timeout (20 s) from its start (subchannel.cc StartConnectingLocked: args.deadline = std::max(next_attempt_time_, min_deadline)).",
  ],
  retryAfter: "gRPC does not read an HTTP Retry-After: the schedule is unchanged; its own server pushback (the grpc-retry-pushback-ms trailer, gRFC A6) is another header, not modelled here.",
  build(overrides) {
    const initial = Math.max(FLOOR_MS, wholeUnits("baseMs", "grpc.initial_reconnect_backoff_ms (an integer)", overrides.baseMs ?? 1000));
    const max = Math.max(FLOOR_MS, wholeUnits("capMs", "grpc.max_reconnect_backoff_ms (an integer)", overrides.capMs ?? 120_000));
    // NextAttemptDelay (backoff.cc, SharedBitGen form): current_backoff_ = std::min(current_backoff_, max_backoff) on the first call too.
    const backoffs: number[] = [Math.min(initial, max)];
    const backoff = (attempt: number) => {
      while (backoffs.length < attempt) {
        const previous = backoffs[backoffs.length - 1]!;
        const next = Math.min(durationTimes(previous, MULTIPLIER), max);
        // Constant from here on (the max): stop walking.
        if (next === previous) break;
        backoffs.push(next);
      }
      return backoffs[Math.min(attempt, backoffs.length) - 1]!;
    };
    // The same walk without the max, for raw_ms (saturates long before the walk limit).
    const raws: number[] = [initial];
    const raw = (attempt: number) => {
      while (raws.length < attempt && raws[raws.length - 1]! < Number.MAX_SAFE_INTEGER) raws.push(durationTimes(raws[raws.length - 1]!, MULTIPLIER));
      return raws[Math.min(attempt, raws.length) - 1]!;
    };
    // const double jitter = absl::Uniform(rand_gen_, 1 - jitter, 1 + jitter); return current_backoff_ * jitter;
    const lowFactor = 1 - JITTER;
    const highFactor = 1 + JITTER;
    const capReachedAt = firstTrueFrom1((attempt) => backoff(attempt) >= max, 1 << 20);
    return independentModel({
      delay: (attempt) => ({ rawMs: raw(attempt), delayMs: backoff(attempt), clamped: raw(attempt) > backoff(attempt) }),
      jitter: {
        bounds: (attempt) => ({ minMs: durationTimes(backoff(attempt), lowFactor), maxMs: durationTimes(backoff(attempt), below(highFactor)) }),
        mean: (attempt) => meanFloorUniform(backoff(attempt) * lowFactor, backoff(attempt) * highFactor),
        draw: (attempt, random) => {
          // absl's uniform_real_distribution: lo + sample × (hi − lo), drawn again when it rounds up to hi;
          // that redraw (a chance of about 2^-53) is taken as the largest value below hi, so a draw always ends.
          const factor = lowFactor + random53(random) * (highFactor - lowFactor);
          return durationTimes(backoff(attempt), factor >= highFactor ? below(highFactor) : factor);
        },
      },
      capMs: max,
      capReachedAt,
      steadyFrom: capReachedAt,
      mayExceedCap: true,
      retries: null,
      notes: [`grpc-core: the jitter multiplies the capped backoff; the worst case is ${groupDigits(durationTimes(max, below(highFactor)))} ms against a ${groupDigits(max)} ms max.`],
      parameters: { initial_backoff: initial, multiplier: MULTIPLIER, jitter: JITTER, max_backoff: max },
    });
  },
};
