import { serverCapacity } from "./server.js";
import type { CapacitySetup } from "./setup.js";
import type { CapacityWindow } from "./simulate.js";

/**
 * Whether the system came back after the outage, read from the windows as they stream
 * by. A window is healthy when at most `failureRatio` of its outcomes (calls answered,
 * failed, or refused at the client) went wrong; the system has recovered at the start of
 * the first window after the outage from which every window to the end of the run is
 * healthy. The drain time runs from the outage's end to that point (to the resolution of
 * one window).
 */
export const HEALTHY_FAILURE_RATIO = 0.01;

export type Recovery =
  /** No outage was simulated. */
  | { readonly kind: "no-outage"; readonly healthy: boolean }
  /** The run ended before the outage did. */
  | { readonly kind: "outage-to-end" }
  | { readonly kind: "recovered"; readonly recoveredAtMs: number; readonly drainMs: number; readonly healthyBefore: boolean }
  /**
   * Still unhealthy when the run ended, with the arrivals alone within the capacity and
   * retries still being made: the retries keep the server saturated (a metastable failure).
   */
  | { readonly kind: "metastable"; readonly sinceOutageMs: number; readonly healthyBefore: boolean }
  /** Still unhealthy at the end, with more arrivals than the server can serve, retries or not. */
  | { readonly kind: "overloaded"; readonly sinceOutageMs: number; readonly healthyBefore: boolean }
  /** Still unhealthy at the end for another reason (no retries left, a breaker refusing). */
  | { readonly kind: "degraded"; readonly sinceOutageMs: number; readonly healthyBefore: boolean };

export function windowHealthy(window: CapacityWindow, failureRatio = HEALTHY_FAILURE_RATIO): boolean {
  const bad = window.failed + window.refused;
  const outcomes = window.succeeded + bad;
  return bad <= failureRatio * outcomes;
}

export class RecoveryWatch {
  private healthyBefore = true;
  private healthyAll = true;
  /** The end of the last unhealthy window that ends after the outage's end. */
  private lastBadEnd: number | null = null;
  private last: CapacityWindow | null = null;

  constructor(
    private readonly setup: Pick<CapacitySetup, "outage" | "rps" | "server">,
    private readonly failureRatio = HEALTHY_FAILURE_RATIO,
  ) {}

  add(window: CapacityWindow): void {
    this.last = window;
    const healthy = windowHealthy(window, this.failureRatio);
    if (!healthy) this.healthyAll = false;
    const outage = this.setup.outage;
    if (outage === null) return;
    if (window.endMs <= outage.startMs) {
      if (!healthy) this.healthyBefore = false;
    } else if (window.endMs > outage.endMs && !healthy) this.lastBadEnd = window.endMs;
  }

  result(): Recovery {
    const outage = this.setup.outage;
    if (outage === null) return { kind: "no-outage", healthy: this.healthyAll };
    const { healthyBefore, last } = this;
    const end = last?.endMs ?? 0;
    if (last === null || end <= outage.endMs) return { kind: "outage-to-end" };
    const recoveredAtMs = this.lastBadEnd ?? outage.endMs;
    if (this.lastBadEnd !== end) {
      return { kind: "recovered", recoveredAtMs, drainMs: Math.max(0, recoveredAtMs - outage.endMs), healthyBefore };
    }
    const sinceOutageMs = end - outage.endMs;
    if (this.setup.rps >= serverCapacity(this.setup.server)) return { kind: "overloaded", sinceOutageMs, healthyBefore };
    if (last.retries > 0) return { kind: "metastable", sinceOutageMs, healthyBefore };
    return { kind: "degraded", sinceOutageMs, healthyBefore };
  }
}
