import type { PolicyPlace } from "./location.js";

/**
 * A retry limit beside the policies: how many retries may be in flight at once to an
 * Envoy cluster or an Istio host (a circuit breaker's max_retries, a retry budget). Not a
 * schedule and never a failure: reported at its place, and with the policies it governs.
 */
export interface LimitReport {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly system: string;
  /** "Istio", "Envoy". */
  readonly systemLabel: string;
  /** Who sets it: "DestinationRule reviews-cb", "cluster cart". */
  readonly source: string;
  readonly kind: "max-retries" | "retry-budget";
  /** max-retries: the number of concurrent retries. */
  readonly value?: number;
  /** retry-budget: the share of active and pending requests, and the floor. */
  readonly percent?: number;
  readonly minRetryConcurrency?: number;
  /** retry-budget (Istio's budgetInterval): the window of requests counted, as written. */
  readonly interval?: string;
  /** The Istio host (resolved when its namespace is known) or the Envoy cluster it caps. */
  readonly host?: string;
  readonly cluster?: string;
  /** What it caps, in words: "at most 3 concurrent retries to reviews.prod.svc.cluster.local". */
  readonly text: string;
  /** Set when another limit beside it replaces it: why (it then governs nothing). */
  readonly overridden?: string;
}

/** A limit of the scan with the policies it governs (none: found on its own). */
export interface ScanLimit {
  readonly limit: LimitReport;
  readonly governs: readonly PolicyPlace[];
}
