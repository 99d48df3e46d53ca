import type { ArrivalProcess } from "./arrivals.js";
import type { ClientLimit } from "./limits/limit.js";
import type { RetryPolicy } from "./retry-policy.js";
import type { ServerModel } from "./server.js";

/**
 * A span of time [startMs, endMs) in which the server fails every call: `errors` answers
 * each call that arrives with an error at once (a dependency down, a 503); `stall` serves
 * nothing (a hung process, a long pause): calls queue up and time out at the client, or
 * are rejected once the queue is full, and the queue is still there when it ends.
 */
export interface Outage {
  readonly startMs: number;
  readonly endMs: number;
  readonly kind: OutageKind;
}

export type OutageKind = "errors" | "stall";

/**
 * The capacity model: requests arrive at `rps` into a server of finite capacity; a call
 * fails when it arrives during the outage (at once), when the server is full (rejected at
 * once) or when its answer would come later than the client's timeout (the client gives
 * up at the timeout; the server still does the work). Each failure may be retried by the
 * policy, within the client-side limits. Time runs from 0 to durationMs.
 */
export interface CapacitySetup {
  /** New requests per second (> 0). */
  readonly rps: number;
  readonly arrivals: ArrivalProcess;
  readonly server: ServerModel;
  /** How long a client waits for an answer (ms, > 0; Infinity: for ever). */
  readonly timeoutMs: number;
  readonly outage: Outage | null;
  /** Simulated time (ms, > 0). */
  readonly durationMs: number;
  /** The reporting window (ms, > 0). */
  readonly windowMs: number;
  readonly retry: RetryPolicy;
  readonly limits: readonly ClientLimit[];
}

/** The most windows a run reports (a 10-minute run in 1 ms windows is 600,000). */
export const MAX_WINDOWS = 10_000_000;

export function checkCapacitySetup(setup: CapacitySetup): void {
  const positive = (value: number, what: string) => {
    if (!(value > 0 && Number.isFinite(value))) throw new RangeError(`${what} must be positive, got ${value}`);
  };
  positive(setup.rps, "rps");
  positive(setup.server.serviceMs, "the service time");
  positive(setup.durationMs, "the duration");
  positive(setup.windowMs, "the window");
  if (!Number.isSafeInteger(setup.server.concurrency) || setup.server.concurrency < 1) throw new RangeError(`concurrency must be a whole number from 1, got ${setup.server.concurrency}`);
  if (!Number.isSafeInteger(setup.server.queue) || setup.server.queue < 0) throw new RangeError(`the queue must be a whole number from 0, got ${setup.server.queue}`);
  if (!(setup.timeoutMs > 0)) throw new RangeError(`the timeout must be positive, got ${setup.timeoutMs}`);
  if (setup.arrivals !== "poisson" && setup.arrivals !== "uniform") throw new RangeError(`arrivals must be poisson or uniform, got ${String(setup.arrivals)}`);
  const { outage } = setup;
  if (outage !== null && !(outage.startMs >= 0 && outage.endMs > outage.startMs && Number.isFinite(outage.endMs))) {
    throw new RangeError(`the outage must be a span START..END with 0 ≤ START < END, got ${outage.startMs}..${outage.endMs}`);
  }
  if (outage !== null && outage.kind !== "errors" && outage.kind !== "stall") throw new RangeError(`an outage is errors or stall, got ${String(outage.kind)}`);
  if (outage?.kind === "stall" && !Number.isFinite(setup.timeoutMs)) throw new RangeError("a stall fails calls only through the client's timeout: give one");
  const windows = Math.ceil(setup.durationMs / setup.windowMs);
  if (!(windows <= MAX_WINDOWS)) throw new RangeError(`${windows} windows is more than ${MAX_WINDOWS}; use a longer window`);
}
