import type { ChainReport } from "./chain.js";
import { retryingLayers } from "./layer.js";

/**
 * `backoff check` on a chain. The limit is on the worst case, every call failing: the
 * calls reaching the backend per call at the top (a budget's steady state is no bound: a
 * full bucket still lets its burst through). The lint is the Builders' Library's advice:
 * retry at a single point in the stack.
 */
export interface ChainAssertion {
  readonly limit: "max-amplification";
  readonly limitValue: number;
  readonly actual: bigint;
  readonly ok: boolean;
}

/** More than one layer retries (layer indexes from 0). */
export interface StackedRetries {
  readonly lint: "stacked-retries";
  readonly layers: readonly number[];
}

export interface ChainCheckResult {
  readonly assertions: readonly ChainAssertion[];
  readonly warnings: readonly StackedRetries[];
}

export function checkChain(report: ChainReport, limits: { readonly maxAmplification?: number }): ChainCheckResult {
  const assertions: ChainAssertion[] = [];
  if (limits.maxAmplification !== undefined) {
    const actual = report.bottom.worstCase;
    // The count is a whole number: above N exactly when above ⌊N⌋.
    assertions.push({ limit: "max-amplification", limitValue: limits.maxAmplification, actual, ok: actual <= BigInt(Math.floor(limits.maxAmplification)) });
  }
  // The retries each layer makes for the failure checked (a layer that passes it on makes none).
  const retrying = retryingLayers(report.layers);
  return { assertions, warnings: retrying.length > 1 ? [{ lint: "stacked-retries", layers: retrying }] : [] };
}
