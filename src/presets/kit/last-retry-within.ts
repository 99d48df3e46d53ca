/**
 * Where a library without jitter that stops by elapsed time makes its last retry
 * (Temporal's expiration, Argo's maxDuration). Waits are whole units of the library
 * (ns or ms) held as bigint, so long sums stay exact. Jittered libraries whose count
 * depends on the draws use kit/elapsed-limit.ts instead.
 */

/** Attempts are walked one by one this far at most before the waits are steady. */
const WALK_LIMIT = 1 << 22;

export interface PlainElapsedLimit {
  /** The wait after attempt a, in the library's whole unit. */
  readonly wait: (attempt: number) => bigint;
  /** The first attempt from which every wait equals its wait (null: unknown). */
  readonly steadyFrom: number | null;
  /** The elapsed-time limit, in the same unit. */
  readonly limit: bigint;
  /** true: a retry is made while the total of the waits so far is ≤ limit; false: < limit. */
  readonly inclusive: boolean;
  /** The library's retry count (null: unlimited). */
  readonly retries: number | null;
}

/**
 * The last attempt a whose total wait(1) + … + wait(a) is still within the limit, that is
 * the last attempt followed by a retry; 0 when even the first wait passes it. null when the
 * limit never stops the library before its retry count (or within the walk).
 */
export function lastRetryWithin(spec: PlainElapsedLimit): number | null {
  const within = (total: bigint) => (spec.inclusive ? total <= spec.limit : total < spec.limit);
  const countLimit = spec.retries ?? Number.MAX_SAFE_INTEGER;
  let total = 0n;
  for (let attempt = 1; attempt <= countLimit; attempt++) {
    const wait = spec.wait(attempt);
    if (spec.steadyFrom !== null && attempt >= spec.steadyFrom) {
      // From here every wait is `wait`: the count that still fits follows by division.
      if (wait === 0n) return null;
      const room = spec.limit - total;
      const fitting = room < 0n ? -1n : spec.inclusive ? room / wait : (room + wait - 1n) / wait - 1n;
      const last = BigInt(attempt - 1) + fitting;
      return last >= BigInt(countLimit) ? null : Number(last < 0n ? 0n : last);
    }
    total += wait;
    if (!within(total)) return attempt - 1;
    if (attempt >= WALK_LIMIT) return null;
  }
  return null;
}
