import { groupDigits } from "../core/text/digits.js";
import { unclamped } from "./kit/attempt-delay.js";
import { independentModel } from "./kit/independent-model.js";
import { meanFloorUniform } from "./kit/mean-floor-uniform.js";
import { saturate, wholeMs } from "./kit/whole-ms.js";
import type { Preset } from "./types.js";
import { PresetError } from "./errors.js";

/**
 * The back-off the policy controller sends with every 2.16+ retry (policy-controller/grpc/src/
 * outbound/http.rs and grpc.rs convert_retry, linkerd2 edge-26.8.3 b24cd405, since #12888 of
 * 2024-07 in 2.16): min_backoff 25 ms, max_backoff 250 ms, jitter_ratio 1.0. Nothing in a
 * route or Service changes it.
 */
const MIN_MS = 25;
const MAX_MS = 250;
/** parse_http_retry / parse_grpc_retry: `retry.linkerd.io/limit` is parsed as a u16; unset (or 0) is 1. */
const DEFAULT_LIMIT = 1;
const U16_MAX = 65_535;

/**
 * linkerd/exp-backoff/src/lib.rs (linkerd2-proxy release/v2.366.0, 29637b64), for the n-th
 * retry (iterations = n − 1):
 *   base = min.checked_mul(2^iterations).unwrap_or(max).min(max)
 *   jitter = Duration::new(secs × U, nanos × U).min(max − base)   // U = rng.random::<f64>() in [0, 1), × jitter_ratio 1
 *   sleep(base + jitter)
 */
const base = (retry: number): number => (retry > 4 ? MAX_MS : Math.min(MIN_MS * 2 ** (retry - 1), MAX_MS));

/**
 * The mean of the wait rounded half up to whole ms: Y = base + U·base is uniform on
 * [base, 2·base), cut at max; round(min(Y, max)) = min(floor(Y + ½), max). (It equals the
 * unrounded mean: 1.5·base, and 243.75 ms at base 200.)
 */
const meanWait = (retry: number): number => meanFloorUniform(base(retry) + 0.5, 2 * base(retry) + 0.5, MAX_MS);

/** Linkerd 2.16+ retries: the retry.linkerd.io annotations on an HTTPRoute, GRPCRoute or Service. */
export const linkerd: Preset = {
  name: "linkerd",
  library: "Linkerd 2.16+ (edge-26.8.3) retry.linkerd.io annotations, proxy release/v2.366.0 (linkerd-exp-backoff)",
  repository: "linkerd/linkerd2",
  source:
    "policy-controller/k8s/index/src/outbound/index/http.rs and grpc.rs (parse_http_retry, parse_grpc_retry), policy-controller/grpc/src/outbound/http.rs (convert_retry: min_backoff 25 ms, max_backoff 250 ms, jitter_ratio 1.0), edge-26.8.3 b24cd405; linkerd/linkerd2-proxy linkerd/exp-backoff/src/lib.rs and linkerd/http/retry/src/lib.rs (send_req_with_retries), release/v2.366.0 29637b64",
  timeUnit: "nanoseconds (std::time::Duration)",
  formula: "b(a) = min(25 ms × 2^(a−1), 250 ms); wait b(a) + min(U × b(a), 250 ms − b(a)), U uniform in [0, 1)",
  defaults: "retry.linkerd.io/limit 1 (unset or 0); the back-off is fixed by the policy controller: 25 ms to 250 ms, jitter ratio 1",
  jitter: "always on: from b to min(2b, 250 ms), the top not reached (25–50, 50–100, 100–200, 200–250 ms, then 250 ms flat); means 37.5, 75, 150, 243.75, then 250 ms",
  defaultRetries: DEFAULT_LIMIT,
  defaultAttempts: DEFAULT_LIMIT,
  parameters: {
    retries: "retry.linkerd.io/limit (a u16)",
  },
  quirks: [
    "The 2.16 retries do wait between tries: the policy controller sends every retry with ExponentialBackoff {min 25 ms, max 250 ms, jitter_ratio 1.0}, and the proxy sleeps before each one (send_req_with_retries: backoff.next().await).",
    "No annotation sets the back-off: only limit, timeout (each try's), and the conditions (retry.linkerd.io/http, retry.linkerd.io/grpc).",
    "retry.linkerd.io/limit: \"0\" is read as unset: alone it leaves retries off, beside another retry annotation it is 1 retry.",
    "The jitter is added after the doubling and cut at 250 ms, so the 4th wait is 250 ms in three runs of four (U ≥ 0.25).",
    "An HTTPRoute or GRPCRoute with retry annotations replaces the Service's; the Service's apply to its routes without their own and to its default route.",
    "A request whose body is larger than 64 KiB, or still streaming when the response comes, is not retried (max_request_bytes 64 × 1024).",
    "timeout.linkerd.io/request bounds the whole request, retries included; retry.linkerd.io/timeout bounds each try.",
    "There is no retry budget for these retries (a ServiceProfile's retryBudget governs only isRetryable routes: preset linkerd-profile).",
  ],
  retryAfter: "The policy controller sends respect_retry_after_hint: false with every retry back-off: Linkerd does not read Retry-After for these retries.",
  build(overrides) {
    const retries = overrides.retries ?? DEFAULT_LIMIT;
    if (retries > U16_MAX) throw new PresetError([`retry.linkerd.io/limit is a u16, at most ${groupDigits(U16_MAX)}, got ${groupDigits(retries)}`]);
    return independentModel({
      delay: (attempt) => {
        const b = base(attempt);
        const raw = saturate(MIN_MS * 2 ** (attempt - 1));
        return { ...unclamped(b), rawMs: raw, clamped: raw > MAX_MS };
      },
      jitter: {
        bounds: (attempt) => ({ minMs: base(attempt), maxMs: Math.min(2 * base(attempt), MAX_MS) }),
        mean: meanWait,
        // Duration::new(secs as u64, nanos as u32): the jitter truncated to whole nanoseconds; the wait then rounded half up to ms.
        draw: (attempt, random) => {
          const b = base(attempt);
          return wholeMs(b + Math.min(Math.floor(random.fraction() * b * 1e6) / 1e6, MAX_MS - b));
        },
      },
      capMs: MAX_MS,
      capReachedAt: 5,
      steadyFrom: 5,
      retries,
      notes: ["linkerd: every wait is b + U × b cut at 250 ms; delay_ms shows b, the shortest wait."],
      parameters: { "retry.linkerd.io/limit": retries, min_backoff: MIN_MS, max_backoff: MAX_MS, jitter_ratio: 1 },
    });
  },
};

/**
 * The default retryBudget the destination controller sends for a ServiceProfile without one
 * (controller/api/destination/profile_translator.go defaultRetryBudget, edge-26.8.3).
 */
export const DEFAULT_RETRY_BUDGET = { retryRatio: 0.2, minRetriesPerSecond: 10, ttl: "10s" } as const;

/** Linkerd's ServiceProfile retries: isRetryable routes under the profile's retryBudget. */
export const linkerdProfile: Preset = {
  name: "linkerd-profile",
  library: "Linkerd ServiceProfile (linkerd.io/v1alpha2) isRetryable, edge-26.8.3, proxy release/v2.366.0",
  repository: "linkerd/linkerd2",
  source:
    "controller/gen/apis/serviceprofile/v1alpha2/types.go (RetryBudget), controller/api/destination/profile_translator.go (defaultRetryBudget, createDestinationProfile), edge-26.8.3 b24cd405; linkerd/linkerd2-proxy linkerd/app/outbound/src/http/retry.rs (RetryPolicy::retry: future::ready(())) and linkerd/service-profiles/src/proto.rs (convert_retry_budget), release/v2.366.0 29637b64",
  formula: "0 ms: a failed isRetryable request is sent again at once, as long as the retry budget has a retry to withdraw",
  defaults: "no retry count; retryBudget retryRatio 0.2, minRetriesPerSecond 10, ttl 10s when the profile has none",
  jitter: "none (no wait at all)",
  defaultRetries: null,
  stopping: "no retry count; the retryBudget decides: at most retryRatio × the last ttl's requests, plus minRetriesPerSecond a second",
  defaultAttempts: 10,
  parameters: {},
  quirks: [
    "The proxy retries at once: the profile retry policy returns future::ready(()) (linkerd/app/outbound/src/http/retry.rs), no back-off.",
    "The budget is a ratio, not a count: tower's TpsBudget lets retries be at most retryRatio of the requests deposited over ttl, plus minRetriesPerSecond each second; one request may retry many times while the budget lasts.",
    "Only routes with isRetryable: true retry, and only responses their responseClasses (or 5xx) call failures; a request body over 64 KiB is never retried.",
    "The route's timeout covers the request and all its retries; without one there is no timeout (profile_translator.go: no default timeout).",
    "A retryBudget with a ttl outside 1 s to 60 s, or a retryRatio outside 0 to 1000, is dropped by the proxy (convert_retry_budget), and with it the route's retries.",
    "ServiceProfiles are the older API: from 2.16 an HTTPRoute or Service's retry.linkerd.io annotations (preset linkerd) retry with back-off and no budget.",
  ],
  retryAfter: "The ServiceProfile retry policy does not read Retry-After: every retry is immediate.",
  build() {
    return independentModel({
      delay: () => unclamped(0),
      jitter: null,
      capMs: null,
      capReachedAt: null,
      steadyFrom: 1,
      retries: null,
      notes: ["linkerd-profile: no wait between tries; the retryBudget, not a count, stops the retries."],
      parameters: { isRetryable: "true" },
    });
  },
};
