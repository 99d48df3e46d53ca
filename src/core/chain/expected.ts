import { callOutcome } from "./granted.js";

/** One layer at a failure rate: what its tries and calls fail with, and what it sends down. */
export interface ExpectedLayer {
  /** The chance one try of this layer fails (a call to the layer below failing; P at the bottom). */
  readonly tryFailure: number;
  /** The chance a call to this layer fails. */
  readonly callFailure: number;
  /** Expected tries per call to this layer. */
  readonly triesPerCall: number;
  /** Expected calls this layer sends down per call at the top: the product of the tries per call of layers 1..k. */
  readonly callsSent: number;
}

/**
 * Each try at the bottom fails independently with `failureRate`; a call to a layer fails
 * when all the tries it makes fail, which is what one try of the layer above sees. So the
 * failure probabilities go up the chain (f_bottom = P, f_above = f^tries) and the expected
 * tries per call come down it (1 + f + … + f^(tries−1)), multiplied from the top.
 * `grants` (default all 1) is each layer's share of retries let through by its budget.
 */
export function expectedChain(tries: readonly number[], failureRate: number, grants?: readonly number[]): ExpectedLayer[] {
  if (!(failureRate >= 0 && failureRate <= 1)) throw new RangeError(`the failure rate must be between 0 and 1, got ${String(failureRate)}`);
  const outcomes = new Array<{ tryFailure: number; callFailure: number; triesPerCall: number }>(tries.length);
  let failure = failureRate;
  for (let k = tries.length - 1; k >= 0; k--) {
    const outcome = callOutcome(tries[k]!, failure, grants?.[k] ?? 1);
    outcomes[k] = { tryFailure: failure, callFailure: outcome.failure, triesPerCall: outcome.tries };
    failure = outcome.failure;
  }
  let sent = 1;
  return outcomes.map((outcome) => {
    sent *= outcome.triesPerCall;
    return { ...outcome, callsSent: sent };
  });
}
