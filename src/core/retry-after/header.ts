import type { AttemptRange } from "../schedule.js";

/**
 * The server's Retry-After as a schedule is asked about it: the wait it asks for, in
 * whole ms, sent with the failure before every retry, or before retries A..B only
 * (attempt a is the retry after the a-th failure, as everywhere).
 */
export interface RetryAfter {
  readonly ms: number;
  /** The retries whose failure carries it; null: every one. */
  readonly attempts: AttemptRange | null;
}

/** The Retry-After the failure before retry `attempt` carries, or null when it carries none. */
export function retryAfterAt(header: RetryAfter, attempt: number): number | null {
  const { attempts } = header;
  return attempts === null || (attempt >= attempts.first && attempt <= attempts.last) ? header.ms : null;
}

/** The first retry whose failure carries it. */
export function firstCarrying(header: RetryAfter): number {
  return header.attempts === null ? 1 : header.attempts.first;
}

/** Throws a RangeError for a header that is not whole ms from 0, or a range that is not attempts from 1, in order. */
export function checkRetryAfter(header: RetryAfter): void {
  if (!Number.isSafeInteger(header.ms) || header.ms < 0) throw new RangeError(`Retry-After must be whole ms from 0, got ${String(header.ms)}`);
  const { attempts } = header;
  if (attempts !== null && !(Number.isSafeInteger(attempts.first) && attempts.first >= 1 && Number.isSafeInteger(attempts.last) && attempts.last >= attempts.first)) {
    throw new RangeError(`Retry-After attempts must be A..B with 1 ≤ A ≤ B, got ${String(attempts.first)}..${String(attempts.last)}`);
  }
}
