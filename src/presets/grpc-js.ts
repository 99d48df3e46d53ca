import { groupDigits } from "../core/text/digits.js";
import { meanWithin } from "./kit/attempt-delay.js";
import { parseFraction } from "./kit/jitter-setting.js";
import { JS_RANDOM_MAX, jsRandom } from "./kit/random-grid.js";
import { wholeMs } from "./kit/whole-ms.js";
import type { Preset, PresetModel } from "./types.js";

/** Quantiles carried from one attempt to the next to estimate the mean of the compounding jitter. */
const MEAN_QUANTILES = 512;
const MEAN_DRAWS = 16;

/** @grpc/grpc-js `BackoffTimeout.runOnce`: the next delay jitters the previous *jittered* one. */
export const grpcJs: Preset = {
  name: "grpc-js",
  aliases: ["@grpc/grpc-js"],
  library: "@grpc/grpc-js 1.14.7",
  timeUnit: "fractional milliseconds (doubles handed to setTimeout)",
  repository: "grpc/grpc-node",
  source: "packages/grpc-js/src/backoff-timeout.ts (BackoffTimeout.runOnce), packages/grpc-js/src/subchannel.ts (startBackoff after a failed connect: the conditions)",
  formula: "d₁ = initialDelay; d(a+1) = min(d(a) × multiplier, maxDelay) ± jitter, d(a) being the jittered previous wait",
  defaults: "initialDelay 1000 ms, multiplier 1.6, maxDelay 120000 ms, jitter 0.2; retries forever",
  stopping: "connection backoff never gives up",
  jitter: "compounding: each wait is min(previous wait × 1.6, max) × (1 ± 0.2), so attempt 3 spans 1638–3686 ms and waits reach 144 s",
  defaultRetries: null,
  // @grpc/grpc-js 1.14.7 packages/grpc-js/src/subchannel.ts: a failed connect moves the subchannel to TRANSIENT_FAILURE and
  // startBackoff() runs the BackoffTimeout before CONNECTING again: connection failures only.
  conditions: { words: ["a failed connection attempt"], from: "gRPC's connection backoff", isDefault: true, conditions: [{ kind: "connection" }] },
  defaultAttempts: 15,
  parameters: {
    baseMs: "initialDelay (a channel's grpc.initial_reconnect_backoff_ms)",
    capMs: "maxDelay (a channel's grpc.max_reconnect_backoff_ms)",
    factor: "multiplier (only a BackoffTimeout built through grpc.experimental; a channel's is 1.6)",
    jitter: "jitter, from 0 to below 1 (only a BackoffTimeout built through grpc.experimental; a channel's is 0.2; 0 is ignored)",
    retries: "the range only (connection backoff never gives up)",
  },
  quirks: [
    "The jitter compounds: the next wait multiplies the previous jittered wait, unlike the spec (attempt 3: 1638.4–3686.4 ms against 2048–3072 ms).",
    "Options are applied with truthiness checks, so jitter: 0 (or initialDelay: 0) is ignored: jitter cannot be turned off.",
    "maxDelay caps before the jitter: waits reach 144 s against 120 s; all-high draws reach that at attempt 9, while the un-jittered delay reaches the cap at attempt 12.",
    "A channel builds its reconnect backoff (subchannel.js, resolver-dns.js, resolving-load-balancer.js) from grpc.initial_reconnect_backoff_ms and grpc.max_reconnect_backoff_ms only: its multiplier (1.6) and jitter (0.2) cannot be set; only code constructing grpc.experimental.BackoffTimeout itself can pass others.",
    "delay_ms is the path with zero jitter (every draw 0.5); mean_ms is estimated numerically (quantile propagation).",
  ],
  retryAfter: "gRPC does not read an HTTP Retry-After: the schedule is unchanged; its own server pushback (the grpc-retry-pushback-ms trailer, gRFC A6) is another header, not modelled here.",
  build(overrides) {
    const initialDelay = overrides.baseMs ?? 1000;
    const multiplier = overrides.factor ?? 1.6;
    const maxDelay = overrides.capMs ?? 120_000;
    const given = overrides.jitter === undefined ? 0.2 : parseFraction(overrides.jitter, "grpc-js's jitter", { min: 0, max: 1, maxIncluded: false });
    // backoff-timeout.ts: if (options.jitter) { this.jitter = options.jitter; } — a 0 keeps the default.
    const jitter = given === 0 ? 0.2 : given;
    // runOnce: nextBackoff = Math.min(this.nextDelay * this.multiplier, this.maxDelay);
    //          jitterMagnitude = nextBackoff * this.jitter;
    //          this.nextDelay = nextBackoff + uniformRandom(-jitterMagnitude, jitterMagnitude)  (Math.random() * (max - min) + min)
    const step = (previous: number, r: number) => {
      const nextBackoff = Math.min(previous * multiplier, maxDelay);
      const jitterMagnitude = nextBackoff * jitter;
      return nextBackoff + (r * (jitterMagnitude - -jitterMagnitude) + -jitterMagnitude);
    };
    const plain: number[] = [initialDelay];
    const raw: number[] = [initialDelay];
    const lows: number[] = [initialDelay];
    const highs: number[] = [initialDelay];
    // Once the lowest previous wait times the multiplier reaches maxDelay, every later wait is maxDelay ± jitter.
    let steadyAt: number | null = null;
    const walk = (attempt: number) => {
      while (lows.length < attempt && steadyAt === null) {
        const n = lows.length - 1;
        plain.push(Math.min(plain[n]! * multiplier, maxDelay));
        raw.push(plain[n]! * multiplier);
        lows.push(step(lows[n]!, 0));
        highs.push(step(highs[n]!, JS_RANDOM_MAX));
        // Capped for every run from here on only while even the lowest jittered wait, times the multiplier, reaches the cap again.
        if (lows[n]! * multiplier >= maxDelay && (1 - jitter) * multiplier >= 1) steadyAt = lows.length;
      }
    };
    const at = (list: number[], attempt: number) => {
      walk(attempt);
      return list[Math.min(attempt, list.length) - 1]!;
    };
    const rawAt = (attempt: number) => (attempt <= raw.length ? raw[attempt - 1]! : at(raw, attempt) * multiplier ** (attempt - raw.length));

    // Mean: carry MEAN_QUANTILES quantiles of the wait, jitter each with MEAN_DRAWS midpoint draws, re-quantile.
    const means: number[] = [initialDelay];
    let quantiles = new Float64Array(MEAN_QUANTILES).fill(initialDelay);
    const meanAt = (attempt: number) => {
      const target = Math.min(attempt, steadyAt ?? attempt);
      while (means.length < target) {
        const values = new Float64Array(MEAN_QUANTILES * MEAN_DRAWS);
        let sum = 0;
        let i = 0;
        for (const previous of quantiles) {
          for (let k = 0; k < MEAN_DRAWS; k++) {
            const value = step(previous, (k + 0.5) / MEAN_DRAWS);
            values[i++] = value;
            sum += value;
          }
        }
        values.sort();
        quantiles = new Float64Array(MEAN_QUANTILES);
        for (let q = 0; q < MEAN_QUANTILES; q++) quantiles[q] = values[q * MEAN_DRAWS + MEAN_DRAWS / 2]!;
        const n = means.length - 1;
        // While no path can reach maxDelay the jitter's mean is 0, so the mean just grows by the multiplier.
        means.push(at(highs, n + 1) * multiplier <= maxDelay ? means[n]! * multiplier : sum / values.length);
      }
      return means[target - 1]!;
    };
    walk(1 << 16);
    const capMs = wholeMs(maxDelay);
    const capIndex = plain.indexOf(maxDelay);
    const capReachedAt = capIndex < 0 ? null : capIndex + 1;
    const model: PresetModel = {
      delay: (attempt) => {
        const value = at(plain, attempt);
        return { rawMs: wholeMs(rawAt(attempt)), delayMs: wholeMs(value), clamped: rawAt(attempt) > maxDelay };
      },
      jittered: true,
      bounds: (attempt) => ({ minMs: wholeMs(at(lows, attempt)), maxMs: wholeMs(at(highs, attempt)) }),
      meanMs: (attempt) => meanWithin(meanAt(attempt), { minMs: wholeMs(at(lows, attempt)), maxMs: wholeMs(at(highs, attempt)) }),
      sampler: (random) => {
        let next = initialDelay;
        return () => {
          const wait = next;
          next = step(next, jsRandom(random));
          return wholeMs(wait);
        };
      },
      capMs,
      capReachedAt: () => capReachedAt,
      steadyFrom: () => steadyAt,
      mayExceedCap: true,
      retries: null,
      stop: null,
      notes: [
        `grpc-js: maxDelay caps before the jitter, which compounds; the worst case is ${groupDigits(wholeMs(step(Infinity, JS_RANDOM_MAX)))} ms against a ${groupDigits(capMs)} ms cap.`,
        ...(given === 0 && overrides.jitter !== undefined ? ["grpc-js ignores jitter: 0 (a falsy option), so its jitter cannot be turned off: it stays 0.2."] : []),
        ...(overrides.factor !== undefined || (overrides.jitter !== undefined && given !== 0)
          ? [
              "grpc-js: no channel option sets the multiplier or the jitter (a channel's BackoffTimeout reads grpc.initial_reconnect_backoff_ms and grpc.max_reconnect_backoff_ms only); this schedule is that of a BackoffTimeout built through grpc.experimental with these options.",
            ]
          : []),
      ],
      parameters: { initialDelay, multiplier, maxDelay, jitter },
    };
    return model;
  },
};
