import { fullBucketRetries } from "./budgets/budget.js";
import { type ExpectedLayer, expectedChain } from "./expected.js";
import { type FailureKind, type FailureRetried, failureRetried, retriesFor } from "./failure.js";
import { type GiveUpLayer, giveUpTimes } from "./give-up.js";
import { type ChainLayer, triesOf } from "./layer.js";
import { type SteadyLayer, type SteadyOptions, type SteadyState, steadyState } from "./steady-state.js";
import { type ChainVerdict, bindingLayers, chainVerdicts } from "./verdicts.js";
import { worstCaseCalls } from "./worst-case.js";

/** One layer's figures, per call entering the top of the chain. */
export interface ChainLayerReport {
  readonly layer: ChainLayer;
  /** The tries and retries it makes for the failure: its policy's, or 1 and 0 when it does not retry the failure. */
  readonly tries: number;
  readonly retries: number;
  /** Whether it retries the failure (ChainOptions.failure); null when no failure is named (every failure retried). */
  readonly retried: FailureRetried | null;
  /** Calls this layer sends down when every call fails: the product of the tries of this layer and every layer above. */
  readonly worstCaseCalls: bigint;
  /** At the failure rate, without budgets. */
  readonly expected: ExpectedLayer;
  /** At the failure rate, with every budget of the chain; null when the budgets cannot be worked out (see ChainReport.steady). */
  readonly limited: SteadyLayer | null;
  /** This layer's budget: whether it binds, and for token buckets the retries a full bucket allows at a full outage. */
  readonly budget: { readonly binds: boolean; readonly fullBucketRetries: number | null } | null;
  /** How long this layer takes to give up at a full outage. */
  readonly giveUp: GiveUpLayer;
}

/** The chain's inputs: the steady state's, and the failure the tries at the bottom fail with. */
export interface ChainOptions extends SteadyOptions {
  /** What every failing try at the bottom fails with; absent: a failure every layer retries. */
  readonly failure?: FailureKind | null;
}

export interface ChainReport {
  readonly layers: readonly ChainLayerReport[];
  readonly options: ChainOptions;
  /** What reaches the backend per call at the top: the bottom layer's calls sent. */
  readonly bottom: { readonly worstCase: bigint; readonly expected: number; readonly limited: number | null };
  readonly steady: SteadyState;
  readonly verdicts: readonly ChainVerdict[];
}

/**
 * Everything `backoff chain` reports about layers stacked outermost first: the worst case
 * (products of tries), the expectation at a failure rate, the steady state under the
 * budgets, the time the top takes to give up (tries taking `attemptMs` at the bottom, 0
 * when it is not known), and the verdicts. With a failure named, a layer whose conditions do
 * not retry it makes one try and passes the failure up: every figure is worked out with
 * its retries at 0 (its policy's count stays on `layer`).
 */
export function analyseChain(policyLayers: readonly ChainLayer[], options: ChainOptions): ChainReport {
  if (policyLayers.length === 0) throw new RangeError("a chain needs at least one layer");
  const failure = options.failure ?? null;
  const retried = policyLayers.map((layer) => (failure === null ? null : failureRetried(layer.retryOn, failure)));
  const layers = policyLayers.map((layer, k) => ({ ...layer, retries: retriesFor(layer.retries, retried[k]!) }));
  const tries = layers.map((layer) => triesOf(layer.retries));
  const worst = worstCaseCalls(tries);
  const expected = expectedChain(tries, options.failureRate);
  const steady = steadyState(layers, options);
  const giveUp = giveUpTimes(layers, options.attemptMs ?? 0);
  const binding = new Set(bindingLayers(layers, steady));
  const reports = layers.map(
    (layer, k): ChainLayerReport => ({
      layer: policyLayers[k]!,
      tries: tries[k]!,
      retries: layer.retries,
      retried: retried[k]!,
      worstCaseCalls: worst[k]!,
      expected: expected[k]!,
      limited: steady.kind === "solved" ? steady.layers[k]! : null,
      budget: layer.budget === null ? null : { binds: binding.has(k), fullBucketRetries: fullBucketRetries(layer.budget, tries[k]!) },
      giveUp: giveUp[k]!,
    }),
  );
  const last = reports[reports.length - 1]!;
  return {
    layers: reports,
    options,
    bottom: { worstCase: last.worstCaseCalls, expected: last.expected.callsSent, limited: last.limited?.callsSent ?? null },
    steady,
    verdicts: chainVerdicts(layers, steady),
  };
}

