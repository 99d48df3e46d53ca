/**
 * A client-side limit as the flow model applies it: to expected counts (mass) per
 * millisecond rather than to one call at a time. Every limit of limits/ implements these
 * beside its per-call hooks (limit.ts), with the same state and parameters; every hook is
 * optional. A millisecond's events come in the per-call model's order at equal times:
 * answers, then timeouts, then retries, then new requests.
 */
export interface FlowLimit {
  readonly name: string;
  /** `count` new requests arrive at t. */
  flowRequest?(t: number, count: number): void;
  /** Of `count` calls about to go out at t, how many may (the rest are refused at the client). */
  flowAdmit?(t: number, count: number): number;
  /**
   * Outcomes reaching the client at t: answered ok (of requests that made no retry, whose
   * last retry followed an error, whose last retry followed a timeout) and failed.
   */
  flowOutcome?(t: number, okFirst: number, okAfterRetry: number, okAfterTimeoutRetry: number, failed: number): void;
  /** Of `count` failures at t (just reported through flowOutcome), how many may be retried (no change of state). */
  flowAllow?(t: number, count: number, timedOut: boolean): number;
  /** `count` retries after failures at t are made: take what they cost. */
  flowRetry?(t: number, count: number, timedOut: boolean): void;
  /**
   * The first call of the calls admitted at t (flowAdmit's first), and its fate: answered in
   * time or failed, the outcome reaching the client at `atMs`. A breaker's probe reads it.
   */
  flowFirstSent?(t: number, ok: boolean, atMs: number): void;
}
