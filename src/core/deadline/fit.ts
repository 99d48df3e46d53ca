import { firstTrueFrom1 } from "../search.js";
import { retryTimingAt } from "./at.js";
import { type DeadlineInput, checkDeadlineInput } from "./input.js";
import type { RetryTiming } from "./timing.js";

/** How many retries fit before the deadline, and the first that does not. */
export type RetriesWithin =
  | {
      readonly ok: true;
      /** Retries 1..N each start in every run and run their try in full before the deadline (or the library's stop). */
      readonly retries: number;
      /** Retry N (null when N is 0) and retry N + 1, the first that does not fit. */
      readonly last: RetryTiming | null;
      readonly next: RetryTiming;
    }
  /** Every retry starts at time 0 (no waits, no try time): any number fits. */
  | { readonly ok: false; readonly why: "starts-stay-at-zero" };

/**
 * Solving for the count: the most retries that all fire in full ("yes") in every run.
 * "Fits" only gets harder as the attempt grows, so doubling then bisection finds it.
 * The input's own count is ignored (it is what is being found); a library's stop stays.
 */
export function retriesWithin(input: DeadlineInput): RetriesWithin {
  const open: DeadlineInput = { ...input, retries: null };
  checkDeadlineInput(open);
  const first = firstTrueFrom1((a) => retryTimingAt(open, a).fires !== "yes");
  if (first === null) return { ok: false, why: "starts-stay-at-zero" };
  const retries = first - 1;
  return { ok: true, retries, last: retries === 0 ? null : retryTimingAt(open, retries), next: retryTimingAt(open, first) };
}
