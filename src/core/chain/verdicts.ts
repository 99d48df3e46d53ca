import { callOutcome } from "./granted.js";
import type { ChainLayer } from "./layer.js";
import { retryingLayers } from "./layer.js";
import type { SteadyState } from "./steady-state.js";

/** What the chain's figures come to, in the terms of the advice they test (layer indexes from 0). */
export type ChainVerdict =
  /** More than one layer retries: the Builders' Library advises retrying at a single point in the stack. */
  | { readonly kind: "stacked-retries"; readonly layers: readonly number[] }
  | { readonly kind: "single-retry-point"; readonly layer: number }
  | { readonly kind: "no-retries" }
  /** The budget that cuts its own layer's tries the most, with that layer's tries per call without and with it. */
  | { readonly kind: "budget-binds"; readonly layer: number; readonly triesWithout: number; readonly triesWith: number }
  /** Budgets are set, and none of them limits anything at this failure rate. */
  | { readonly kind: "no-budget-binds" };

/** A budget binds when it lets through less than every retry its layer asks for. */
export function bindingLayers(layers: readonly ChainLayer[], steady: SteadyState): number[] {
  if (steady.kind !== "solved") return [];
  return layers.flatMap((layer, k) => (layer.budget !== null && steady.layers[k]!.grant < 1 ? [k] : []));
}

export function chainVerdicts(layers: readonly ChainLayer[], steady: SteadyState): ChainVerdict[] {
  const verdicts: ChainVerdict[] = [];
  const retrying = retryingLayers(layers);
  if (retrying.length > 1) verdicts.push({ kind: "stacked-retries", layers: retrying });
  else if (retrying.length === 1) verdicts.push({ kind: "single-retry-point", layer: retrying[0]! });
  else verdicts.push({ kind: "no-retries" });
  if (steady.kind !== "solved" || !layers.some((layer) => layer.budget !== null)) return verdicts;
  // Each budget's own cut: its layer's tries per call with the budget, against the same
  // layer, seeing the same failures, with every retry let through.
  const cuts = bindingLayers(layers, steady).map((k) => {
    const layer = steady.layers[k]!;
    return { layer: k, triesWithout: callOutcome(layers[k]!.retries + 1, layer.tryFailure, 1).tries, triesWith: layer.triesPerCall };
  });
  if (cuts.length === 0) {
    verdicts.push({ kind: "no-budget-binds" });
    return verdicts;
  }
  const tightest = cuts.reduce((best, cut) => (cut.triesWith / cut.triesWithout < best.triesWith / best.triesWithout ? cut : best));
  verdicts.push({ kind: "budget-binds", ...tightest });
  return verdicts;
}
