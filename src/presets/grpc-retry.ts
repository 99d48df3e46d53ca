import { groupDigits } from "../core/text/digits.js";
import { independentModel } from "./kit/independent-model.js";
import { parseChoice } from "./kit/jitter-setting.js";
import { JS_RANDOM_MAX, jsRandom, random53 } from "./kit/random-grid.js";
import { nsToMs, saturate, wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";

const NS_PER_MS = 1e6;
/** A6: "Values greater than 5 are treated as 5"; grpc-go dialoptions.go defaultMaxCallAttempts, grpc-js retrying-call.ts DEFAULT_MAX_ATTEMPTS_LIMIT. */
export const GRPC_MAX_ATTEMPTS_LIMIT = 5;

/**
 * gRPC's per-method retryPolicy (gRFC A6 since its 2024 update), with grpc-js's arithmetic
 * (retrying-call.ts 1.14.7, getNextRetryBackoffMs and getNextRetryJitter), run by the tests:
 *   nextBackoffMs = (Math.random() * (1.2 - 0.8) + 0.8) * this.nextRetryBackoffSec * 1000;
 *   this.nextRetryBackoffSec = Math.min(this.nextRetryBackoffSec * retryPolicy.backoffMultiplier, maxBackoffSec);
 * grpc-go 1.69+ (stream.go csAttempt.shouldRetry) computes the same in ns:
 *   cur := min(float64(rp.InitialBackoff)*math.Pow(rp.BackoffMultiplier, n), float64(rp.MaxBackoff)); cur *= 0.8 + 0.4*rand.Float64()
 * and before 1.69 (the A6 text until 2024), full jitter: dur = time.Duration(rand.Int63n(int64(cur))).
 * grpc-java draws ±20 % since v1.71.0 (#11858, "updates the backoff range as per the A6
 * redefinition"; core/src/main/java/io/grpc/internal/RetriableStream.java at v1.83.1):
 *   double inverseJitterFactor = isExperimentalRetryJitterEnabled ? 0.4 * random.nextDouble() + 0.8 : random.nextDouble();
 *   return (long) (intervalNanos * inverseJitterFactor);
 * the flag GRPC_EXPERIMENTAL_XDS_RLS_LB (true unless set to false) keeps the old full jitter
 * [0, b) of grpc-java before 1.71, which jitter full models.
 * C-core (Python, C++, Ruby, PHP) draws ±20 % (src/core/client_channel/retry_interceptor.cc at
 * 06dce3bf, RetryState: BackOff::Options().set_jitter(0.2), the waits of src/core/util/backoff.cc).
 * A service config is read by every client, so jitter union (what check PATH reads a service
 * config with) gives the bounds that hold for all of them at their newest releases: [0.8, 1.2) × b
 * for each; java, go, js and core name one client (issue 36, item 5). Not modelled: C-core and
 * grpc-java truncate each wait to whole ms or ns, so their lowest and highest waits can be up to
 * 1 ms below grpc-js's.
 */
/** The jitter settings: the two draws, the union of every client's, and each client by name. */
const JITTERS = ["0.2", "full", "union", "java", "go", "js", "core"] as const;
/** Each client's draw at its newest release: ±20 % (grpc-java 1.71+, grpc-go 1.69+, grpc-js, C-core). */
const CLIENT_DRAW: Readonly<Record<(typeof JITTERS)[number], "0.2" | "full" | "union">> = { "0.2": "0.2", full: "full", union: "union", java: "0.2", go: "0.2", js: "0.2", core: "0.2" };
export const grpcRetry: Preset = {
  name: "grpc-retry",
  library: "gRPC retryPolicy (gRFC A6 as updated in 2024; grpc-go 1.69+, @grpc/grpc-js 1.14.7)",
  timeUnit: "fractional seconds (grpc-js) or whole nanoseconds (grpc-go)",
  repository: "grpc/proposal",
  source:
    "A6-client-retries.md (Exponential Backoff, Validation of retryPolicy, Limits on Retries and Hedges; 2024-08 update dc9fd4f); grpc-js packages/grpc-js/src/retrying-call.ts (getNextRetryBackoffMs, getNextRetryJitter), 1.14.7; grpc-go stream.go (csAttempt.shouldRetry) and service_config.go (convertRetryPolicy), 1.85",
  formula: "retry a waits min(initialBackoff × backoffMultiplier^(a−1), maxBackoff) × random(0.8, 1.2)",
  defaults: "none: a retryPolicy must give maxAttempts, initialBackoff, maxBackoff, backoffMultiplier and retryableStatusCodes; the preset uses A6's example (maxAttempts 4, 0.1s, 1s, 2)",
  jitter: "±20 % around the capped value, always on: [0.8, 1.2) × b, so waits reach 1.2 × maxBackoff; jitter full: random [0, b), A6 before 2024, grpc-go before 1.69 and grpc-java before 1.71; jitter union: every client's bounds, the same [0.8, 1.2) × b at their newest releases",
  defaultRetries: 3,
  // grpc/proposal A6-client-retries.md: "retryableStatusCodes MUST be specified … and be non-empty" (Validation of retryPolicy): no
  // default; the preset's is A6's example retryPolicy, "only retrying RPCs when an UNAVAILABLE status code is received".
  conditions: { words: ["UNAVAILABLE"], from: "A6's example retryableStatusCodes, a required key with no default", isDefault: false, conditions: [{ kind: "grpc", code: "UNAVAILABLE" }] },
  stopping: "maxAttempts 4 (A6's example; counts the first try)",
  defaultAttempts: 3,
  parameters: {
    baseMs: "initialBackoff (a proto3 Duration such as \"0.1s\", greater than 0)",
    capMs: "maxBackoff (greater than 0; below initialBackoff, every wait after the first is maxBackoff's)",
    factor: "backoffMultiplier (greater than 0)",
    jitter: "0.2 (A6 since 2024, grpc-java 1.71+, grpc-go 1.69+, grpc-js, C-core), full (A6 before 2024, grpc-go before 1.69, grpc-java before 1.71: random(0, b)), union (the bounds of every client, what check PATH reads a service config with: 0.8 to 1.2 × b), or a client by name: java, go, js, core",
    retries: "maxAttempts − 1 (maxAttempts counts the first try; clients treat more than 5 as 5: at most 4 retries)",
  },
  quirks: [
    "maxAttempts counts the original call: maxAttempts 4 is 3 retries. Values above 5 are treated as 5 (4 retries) unless the client raised its limit (grpc-go WithMaxCallAttempts, grpc-js grpc-node.retry_max_attempts_limit).",
    "The A6 text before its August 2024 update, and grpc-go before 1.69, drew random(0, b) (full jitter): jitter full models them; grpc-js and grpc-go 1.69+ multiply by random(0.8, 1.2).",
    "maxBackoff caps before the jitter, so a wait can be up to 1.2 × maxBackoff.",
    "A server's grpc-retry-pushback-ms sets the next wait exactly and restarts the back-off from initialBackoff; a negative pushback stops retrying.",
    "retryThrottling (maxTokens, tokenRatio) is per server: a failure takes a token, but only one with a retryable (or, under hedging, non-fatal) status code or a pushback saying not to retry (gRFC A6, A6-client-retries.md:184 and 193; an INVALID_ARGUMENT takes none); each success gives tokenRatio back, and no retry is made while the tokens are at most maxTokens / 2.",
    "The call's deadline covers every attempt and wait; a retry is made only for a status in retryableStatusCodes and only before the response headers arrived (then the call is committed).",
    "hedgingPolicy is no retry schedule: it sends up to maxAttempts copies hedgingDelay apart without waiting for failures, and a method has a retryPolicy or a hedgingPolicy, not both.",
    "With maxBackoff below initialBackoff the first wait is still initialBackoff × random(0.8, 1.2), as A6 says and grpc-js does; grpc-go caps that one too.",
    "grpc-js computes in seconds (Number(\"0.1\") from \"0.1s\"), grpc-go in whole ns; waits are shown rounded half up to whole ms.",
  ],
  versions: [
    {
      version: "1.68",
      releases: "grpc-go before 1.69.0 (and gRFC A6 before its August 2024 update)",
      changed:
        "each wait was full jitter, random(0, min(initialBackoff × backoffMultiplier^(a−1), maxBackoff)) in whole ns (stream.go csAttempt.shouldRetry: dur = time.Duration(rand.Int63n(int64(cur)))); 1.69.0 multiplies the capped value by random(0.8, 1.2) instead",
      sources: [
        "grpc/grpc-go stream.go (csAttempt.shouldRetry), v1.68.x, and pull request #7869 (merged 2024-11-27 as 4c07bca, released in v1.69.0: 'stream: add jitter to retry backoff in accordance with gRFC A6')",
        "grpc/proposal A6-client-retries.md, pull request #452 (2024-08): random(0, …) became min(…) × random(0.8, 1.2)",
      ],
      defaults: { jitter: "full" },
    },
  ],
  retryAfter: "gRPC does not read an HTTP Retry-After: the schedule is unchanged; its own server pushback (the grpc-retry-pushback-ms trailer, gRFC A6) is another header, not modelled here.",
  build(overrides) {
    const initialMs = overrides.baseMs ?? 100;
    const maxMs = overrides.capMs ?? 1000;
    const multiplier = overrides.factor ?? 2;
    const draw = overrides.jitter === undefined ? "0.2" : CLIENT_DRAW[parseChoice(overrides.jitter, "gRPC's retry jitter", JITTERS)];
    const full = draw === "full";
    const union = draw === "union";
    const retries = overrides.retries ?? 3;
    // grpc-js keeps the back-off in seconds, Number("0.1") from "0.1s": this.nextRetryBackoffSec = this.initialRetryBackoffSec.
    const initialSec = initialMs / 1000;
    const maxSec = maxMs / 1000;
    // getNextRetryBackoffMs: wait = jitter * this.nextRetryBackoffSec * 1000; then nextRetryBackoffSec = Math.min(nextRetryBackoffSec * backoffMultiplier, maxBackoffSec).
    const next: number[] = [initialSec];
    let steadyAt: number | null = null;
    const walk = (attempt: number) => {
      while (next.length < attempt && steadyAt === null) {
        const previous = next[next.length - 1]!;
        const value = Math.min(previous * multiplier, maxSec);
        next.push(value);
        if (value === previous) steadyAt = next.length - 1;
      }
    };
    const nextSec = (attempt: number) => {
      walk(attempt);
      return next[Math.min(attempt, next.length) - 1]!;
    };
    walk(1 << 16);
    // getNextRetryJitter: Math.random() * (1.2 - 0.8) + 0.8, Math.random() in [0, 1 − 2^-52].
    const spread = 1.2 - 0.8;
    const wait = (attempt: number, r: number) => (r * spread + 0.8) * nextSec(attempt) * 1000;
    // grpc-go before 1.69: cur := min(float64(InitialBackoff) × BackoffMultiplier^n, float64(MaxBackoff)) ns; dur = rand.Int63n(int64(cur)), 0 to cur − 1.
    const curNs = (attempt: number) => Math.trunc(Math.min(initialMs * NS_PER_MS * multiplier ** (attempt - 1), maxMs * NS_PER_MS));
    const rawMs = (attempt: number) => initialMs * multiplier ** (attempt - 1);
    const capIndex = next.indexOf(maxSec);
    let fullCapAt: number | null = null;
    for (let attempt = 1; full && fullCapAt === null && attempt <= next.length + 1; attempt++) if (curNs(attempt) === Math.trunc(maxMs * NS_PER_MS)) fullCapAt = attempt;
    const capReachedAt = full ? fullCapAt : capIndex < 0 ? null : capIndex + 1;
    const notes = [
      ...(union
        ? [
            "grpc-retry: jitter union, the bounds every client holds to: grpc-java 1.71+, grpc-go 1.69+, grpc-js and C-core each draw [0.8, 1.2) × b (C-core and grpc-java truncate to whole ms or ns, up to 1 ms lower); name one client with jitter java, go, js or core.",
          ]
        : []),
      full
        ? "grpc-retry: full jitter (A6 before 2024, grpc-go before 1.69): each wait is a whole number of ns from 0 to below min(initialBackoff × multiplier^(a−1), maxBackoff)."
        : `grpc-retry: maxBackoff caps before the ±20 % jitter; the worst wait is ${groupDigits(wholeMs(wait(1 << 16, JS_RANDOM_MAX)))} ms against a ${groupDigits(wholeMs(maxMs))} ms maxBackoff.`,
      ...(!full && initialMs > maxMs
        ? ["grpc-retry: initialBackoff is above maxBackoff: the first wait is initialBackoff × random(0.8, 1.2), as A6 says and grpc-js does (grpc-go caps it at maxBackoff too), and every later one maxBackoff's."]
        : []),
      ...(retries > GRPC_MAX_ATTEMPTS_LIMIT - 1
        ? [`grpc-retry: ${groupDigits(retries)} retries is maxAttempts ${groupDigits(retries + 1)}; clients treat more than 5 as 5 (4 retries) unless their limit was raised (grpc-go WithMaxCallAttempts, grpc-js grpc-node.retry_max_attempts_limit).`]
        : []),
    ];
    return independentModel({
      delay: (attempt) => ({ rawMs: saturate(wholeMs(rawMs(attempt))), delayMs: wholeMs(full ? curNs(attempt) / NS_PER_MS : nextSec(attempt) * 1000), clamped: capReachedAt !== null && attempt >= capReachedAt && rawMs(attempt) > maxMs }),
      // union: every client draws ±20 % at its newest release (grpc-java since 1.71), so its bounds are the ±20 % draw's.
      jitter: full
        ? {
            bounds: (attempt) => ({ minMs: 0, maxMs: nsToMs(Math.max(curNs(attempt) - 1, 0)) }),
            mean: (attempt) => (curNs(attempt) - 1) / 2 / NS_PER_MS,
            draw: (attempt, random) => nsToMs(Math.floor(random53(random) * curNs(attempt))),
          }
        : {
            bounds: (attempt) => ({ minMs: wholeMs(wait(attempt, 0)), maxMs: wholeMs(wait(attempt, JS_RANDOM_MAX)) }),
            // Symmetric around the back-off.
            mean: (attempt) => nextSec(attempt) * 1000,
            draw: (attempt, random) => wholeMs(wait(attempt, jsRandom(random))),
          },
      capMs: wholeMs(maxMs),
      capReachedAt,
      steadyFrom: full ? (multiplier === 1 ? 1 : capReachedAt) : steadyAt,
      mayExceedCap: !full,
      // union: capReachedAt and steadyFrom are the ±20 % model's (its un-jittered b), whose top the bounds reach.
      retries,
      notes,
      parameters: { maxAttempts: retries + 1, initialBackoff: initialMs, maxBackoff: maxMs, backoffMultiplier: multiplier, jitter: union ? "union" : full ? "full" : "0.2" },
    });
  },
};
