import type { ScheduleModel } from "../../src/core/model.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import type { RetryBudget } from "../../src/core/chain/budgets/budget.js";
import type { BudgetContext } from "../../src/core/chain/budgets/context.js";
import { weightedPowerSum } from "../../src/core/chain/geometric.js";
import type { ChainLayer } from "../../src/core/chain/layer.js";

/** A schedule whose waits are all 0 ms: the tries alone, for figures where waits would only blur the arithmetic. */
export const NO_WAITS: ScheduleModel = {
  delay: () => ({ rawMs: 0, delayMs: 0, clamped: false }),
  jittered: false,
  bounds: () => ({ minMs: 0, maxMs: 0 }),
  meanMs: () => 0,
  sampler: () => () => 0,
  capMs: null,
  capReachedAt: () => null,
  steadyFrom: () => 1,
  mayExceedCap: false,
  cumulativeMs: () => 0,
};

/** The calculator's fixed strategy: every wait `ms`. */
export function fixedWaits(ms: number): ScheduleModel {
  return policyModel(normalizePolicy({ strategy: "fixed", baseMs: ms }));
}

export function layer(retries: number, extra: Partial<ChainLayer> = {}): ChainLayer {
  return { name: `layer of ${retries + 1} tries`, retries, model: NO_WAITS, tryTimeoutMs: null, budget: null, ...extra };
}

export function withBudget(retries: number, budget: RetryBudget, extra: Partial<ChainLayer> = {}): ChainLayer {
  return layer(retries, { budget, ...extra });
}

/** What a budget sees of a layer with `tries` tries and no waits (or the model's waits). */
export function context(tries: number, tryFailure: number, rest: Partial<Omit<BudgetContext, "tries" | "tryFailure">> & { model?: ScheduleModel } = {}): BudgetContext {
  const model = rest.model ?? NO_WAITS;
  return {
    tries,
    tryFailure,
    callsPerSecond: rest.callsPerSecond ?? null,
    tryMs: rest.tryMs ?? null,
    waitedMs: rest.waitedMs ?? ((x) => weightedPowerSum(x, tries - 1, (i) => model.meanMs(i), model.steadyFrom())),
  };
}
