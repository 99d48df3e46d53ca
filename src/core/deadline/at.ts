import type { DeadlineInput } from "./input.js";
import { retryTiming } from "./retry.js";
import type { RetryTiming } from "./timing.js";
import { highestWait, meanWaitSum, waitSums } from "./wait-sums.js";

/** Retry `attempt` on its own (the summary's searches), with its mean start when `withMean`. */
export function retryTimingAt(input: DeadlineInput, attempt: number, withMean = false): RetryTiming {
  const { waits } = input;
  return retryTiming(
    input,
    attempt,
    waitSums(waits, attempt - 1),
    waitSums(waits, attempt),
    highestWait(waits, attempt),
    withMean ? meanWaitSum(waits, attempt) : null,
  );
}
