/**
 * A client-side limit on calls or retries, told what the client does and asked before it
 * does more. Every hook is optional; a limit implements the ones its algorithm reads.
 * The capacity model applies each limit to the whole traffic, as one client process (or
 * one sidecar) in front of the server would see it.
 */
export interface ClientLimit {
  /** A short name for reports ("retry budget 10%", "AWS retry quota"). */
  readonly name: string;
  /** A new request arrives (its first call is about to go out). */
  request?(t: number): void;
  /** Whether any call (first or retry) may go out at t; false refuses it at the client (a breaker). */
  admit?(t: number): boolean;
  /**
   * A call's outcome reached the client at t: answered ok, failed, or not answered in time
   * (timedOut). sentMs: when the call went out; retries: how many retries the request had
   * made before this call; lastRetryTimedOut: whether its last retry followed a timeout.
   */
  outcome?(t: number, ok: boolean, timedOut: boolean, sentMs: number, retries: number, lastRetryTimedOut: boolean): void;
  /** Whether a retry after a failure at t may be made (no change of state). */
  mayRetry?(t: number, timedOut: boolean): boolean;
  /** A retry after a failure at t is made: take what it costs. */
  retry?(t: number, timedOut: boolean): void;
}
