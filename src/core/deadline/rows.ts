import { checkRange, type AttemptRange } from "../schedule.js";
import type { DeadlineInput } from "./input.js";
import { retryTiming } from "./retry.js";
import type { RetryTiming } from "./timing.js";
import { addWaits, highestWait, meanWaitSum, waitSums } from "./wait-sums.js";

/**
 * Each retry of a range under the deadline model, lazily and in constant memory: the
 * sums before the range once (closed forms where the model has them), then one attempt
 * added at a time.
 */
export function* retryTimings(input: DeadlineInput, range: AttemptRange): Generator<RetryTiming> {
  checkRange(range);
  const { waits } = input;
  let sums = waitSums(waits, range.first - 1);
  let meanSum = meanWaitSum(waits, range.first - 1);
  for (let attempt = range.first; attempt <= range.last; attempt++) {
    const next = addWaits(sums, waits, attempt);
    meanSum = waits.jittered ? meanSum + waits.meanMs(attempt) : next.plainMs;
    yield retryTiming(input, attempt, sums, next, highestWait(waits, attempt), meanSum);
    sums = next;
  }
}
