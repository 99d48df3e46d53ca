import type { RetryOn } from "../conditions/condition.js";
import type { ScheduleModel } from "../model.js";
import type { RetryBudget } from "./budgets/budget.js";

/**
 * One layer of a chain of retrying callers, outermost first: a client SDK over a mesh
 * sidecar over an application library. Each try a layer makes is one call to the layer
 * below it; the bottom layer's tries reach the backend.
 */
export interface ChainLayer {
  /** How people named it (the SPEC, or the config's name). */
  readonly name: string;
  /** Retries after the first try. Tries = 1 + retries: "retrying three times" is 4 tries, "3 attempts" 3. */
  readonly retries: number;
  /** The waits before retries 1, 2, … (attempt a of the model is the wait after the a-th failure). */
  readonly model: ScheduleModel;
  /** Each try of this layer is cut off after this long (ms); null when no per-try timeout is set. */
  readonly tryTimeoutMs: number | null;
  /** The budget that limits this layer's retries; null for none. */
  readonly budget: RetryBudget | null;
  /** Set when the library applies that budget without being asked (the AWS SDK's retry quota). */
  readonly budgetByDefault?: boolean;
  /**
   * What the layer retries on: its preset's default conditions, the file's, or those the
   * chain names for it (retry-on); absent when not known (a strategy SPEC, a preset whose
   * conditions are not recorded), and then it is assumed to retry every failure.
   */
  readonly retryOn?: RetryOn;
}

/** Tries of a layer that makes `retries` retries: the first try and every retry. */
export function triesOf(retries: number): number {
  if (!Number.isSafeInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number from 0, got ${String(retries)}`);
  return retries + 1;
}

/** How many of the layers retry at all (the Builders' Library advises one). */
export function retryingLayers(layers: readonly Pick<ChainLayer, "retries">[]): number[] {
  return layers.flatMap((layer, index) => (layer.retries > 0 ? [index] : []));
}
