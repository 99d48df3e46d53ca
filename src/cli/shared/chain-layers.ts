import type { RetryBudget } from "../../core/chain/budgets/budget.js";
import { type ChainOptions, type ChainReport, analyseChain } from "../../core/chain/chain.js";
import type { ChainLayer } from "../../core/chain/layer.js";
import type { RetryOn } from "../../core/conditions/condition.js";
import type { LayerBuilder } from "../../config/chain-config.js";
import { findPreset } from "../../presets/registry.js";
import { mostRetries, stopRuleOf } from "../../presets/stop-rule.js";
import type { PresetModel } from "../../presets/types.js";
import { readLayerSpec } from "../../config/chain-layer-spec.js";
import { UsageError } from "./errors.js";
import { type BuiltPolicy, builtPolicy, policyFromSpec } from "./policy-spec.js";

// The layers of a chain built with the presets from what people write: a SPEC as `compare`
// reads it, with a budget after "@" (istio@envoy, aws-sdk@aws:cost=5, aws-sdk@none), whose
// text config/chain-layer-spec.ts reads.

/**
 * A layer's retries: a preset's own count (or the most retries any run makes, for one that
 * stops by elapsed time), or the `attempts` the SPEC gives a strategy. What retries forever,
 * or a strategy without a count, cannot be counted: it is refused rather than guessed.
 */
export function retriesOf(built: BuiltPolicy, attemptsGiven: boolean, label: string, noRetries = false): number {
  if (noRetries) return 0;
  const presetName = built.description["preset"];
  if (typeof presetName === "string") {
    const preset = findPreset(presetName)!;
    const rule = stopRuleOf(preset, built.model as PresetModel);
    const most = mostRetries(rule);
    if (most === null) {
      throw new UsageError(`${label}: ${preset.name} retries forever (${rule.text}), so its calls have no count; give a policy that stops, such as exponential:base=100ms,attempts=4`);
    }
    return most;
  }
  if (!attemptsGiven) throw new UsageError(`${label}: how many retries does it make? write attempts=N (retries after the first try), as in ${built.name}${built.name.includes(":") ? "," : ":"}attempts=2`);
  if (built.range.first !== 1) throw new UsageError(`${label}: attempts is a count of retries here, not a range; write attempts=${built.range.last}`);
  return built.range.last;
}

/** The preset's default budget, unless the layer names its own (or "none"). */
export function layerBudget(presetName: string | null, given: { readonly budget: RetryBudget | null } | null): { budget: RetryBudget | null; byDefault: boolean } {
  if (given !== null) return { budget: given.budget, byDefault: false };
  // The budget the library applies without being asked (the preset's chainBudget: the AWS SDK's retry quota,
  // Envoy's max_retries breaker under envoy and contour; Istio sets max_retries to 2^32 − 1, so none).
  const fallback = presetName === null ? undefined : findPreset(presetName)?.chainBudget;
  return fallback === undefined ? { budget: null, byDefault: false } : { budget: fallback, byDefault: true };
}

/** One SPEC of `backoff chain` (or of a config's chain), with its budget after "@" (config/chain-layer-spec.ts reads it). */
export function chainLayerFromSpec(text: string, tryTimeoutMs: number | null = null, command = "chain"): ChainLayer {
  const layer = readLayerSpec(text, command);
  const built = policyFromSpec(layer.policy, undefined, command);
  const retries = retriesOf(built, layer.attemptsGiven, layer.label, layer.noRetries);
  const presetName = typeof built.description["preset"] === "string" ? (built.description["preset"] as string) : null;
  const { budget, byDefault } = layerBudget(presetName, layer.given);
  const retryOn = layer.retryOn ?? presetConditions(presetName);
  return { name: layer.name, retries, model: built.model, tryTimeoutMs, budget, ...(byDefault ? { budgetByDefault: true } : {}), ...(retryOn === undefined ? {} : { retryOn }) };
}

/** What a preset's library retries on by default (its `conditions`), where the preset records it. */
export function presetConditions(presetName: string | null): RetryOn | undefined {
  return presetName === null ? undefined : findPreset(presetName)?.conditions;
}

/** How a chain's config file builds its layers (config/chain-config.ts reads the file): through the presets, as a SPEC is. */
export const CHAIN_LAYERS: LayerBuilder = {
  spec: (text, tryTimeoutMs) => chainLayerFromSpec(text, tryTimeoutMs),
  policy: (name, values, label, noRetries, given) => {
    const built = builtPolicy(name, noRetries ? { ...values, attempts: "1" } : values);
    const retries = retriesOf(built, values.attempts !== undefined, label, noRetries);
    const presetName = typeof built.description["preset"] === "string" ? (built.description["preset"] as string) : null;
    const { budget, byDefault } = layerBudget(presetName, given);
    const retryOn = presetConditions(presetName);
    return { retries, model: built.model, budget, ...(byDefault ? { budgetByDefault: true } : {}), ...(retryOn === undefined ? {} : { retryOn }) };
  },
};

/** The chain's figures; a total too long to add up is a usage error like any other. */
export function analysedChain(layers: readonly ChainLayer[], options: ChainOptions): ChainReport {
  try {
    return analyseChain(layers, options);
  } catch (error) {
    if (error instanceof Error && error.name === "WalkLimitError") throw new UsageError(`chain: ${error.message}`);
    throw error;
  }
}
