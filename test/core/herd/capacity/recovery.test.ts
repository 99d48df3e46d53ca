import { describe, expect, it } from "vitest";
import { RecoveryWatch, windowHealthy } from "../../../../src/core/herd/capacity/recovery.js";
import { NO_RETRIES } from "../../../../src/core/herd/capacity/retry-policy.js";
import type { CapacitySetup } from "../../../../src/core/herd/capacity/setup.js";
import type { CapacityWindow } from "../../../../src/core/herd/capacity/simulate.js";

const setup: CapacitySetup = {
  rps: 10,
  arrivals: "uniform",
  server: { concurrency: 1, serviceMs: 10, queue: 0 }, // 100 calls/s
  timeoutMs: 1000,
  outage: { startMs: 1000, endMs: 2500, kind: "errors" },
  durationMs: 6000,
  windowMs: 1000,
  retry: NO_RETRIES,
  limits: [],
};

/** A window k with `succeeded` answers, `failed` failures and `retries` retries. */
const window = (k: number, succeeded: number, failed: number, retries = 0): CapacityWindow => ({
  index: k,
  startMs: k * 1000,
  endMs: (k + 1) * 1000,
  arrivals: 10,
  calls: succeeded + failed,
  retries,
  succeeded,
  failed,
  outageFailures: failed,
  rejected: 0,
  timedOut: 0,
  refused: 0,
  denied: 0,
  gaveUp: 0,
  busyMs: 0,
  utilisation: 0,
  inServer: 0,
  waiting: 0,
});

const watch = (windows: CapacityWindow[], s: CapacitySetup = setup) => {
  const w = new RecoveryWatch(s);
  for (const x of windows) w.add(x);
  return w.result();
};

describe("recovery", () => {
  it("healthy: at most 1% of the outcomes went wrong; nothing at all is healthy", () => {
    expect(windowHealthy(window(0, 99, 1))).toBe(true);
    expect(windowHealthy(window(0, 98, 2))).toBe(false);
    expect(windowHealthy(window(0, 0, 0))).toBe(true);
  });

  it("recovered at the start of the first window from which all are healthy; drain from the outage's end", () => {
    // Outage ends at 2500; windows 2 (2000–3000) and 3 unhealthy, 4 and 5 healthy: recovered at 4000, 1500 ms after.
    expect(watch([window(0, 10, 0), window(1, 0, 10), window(2, 0, 10), window(3, 5, 5), window(4, 10, 0), window(5, 10, 0)])).toEqual({
      kind: "recovered",
      recoveredAtMs: 4000,
      drainMs: 1500,
      healthyBefore: true,
    });
    // A relapse counts: window 4 bad again moves recovery to 5000.
    expect(watch([window(0, 10, 0), window(1, 0, 10), window(2, 0, 10), window(3, 10, 0), window(4, 5, 5), window(5, 10, 0)])).toMatchObject({ recoveredAtMs: 5000, drainMs: 2500 });
  });

  it("unhealthy to the end: metastable with retries, degraded without, overloaded when arrivals exceed capacity", () => {
    const bad = [window(0, 10, 0), window(1, 0, 10), window(2, 0, 10), window(3, 0, 10), window(4, 0, 10), window(5, 0, 10, 30)];
    expect(watch(bad)).toEqual({ kind: "metastable", sinceOutageMs: 3500, healthyBefore: true });
    expect(watch([...bad.slice(0, 5), window(5, 0, 10)])).toEqual({ kind: "degraded", sinceOutageMs: 3500, healthyBefore: true });
    expect(watch(bad, { ...setup, rps: 100 })).toMatchObject({ kind: "overloaded" });
  });

  it("says when it was unhealthy before the outage, when there is none, and when the run ends inside it", () => {
    expect(watch([window(0, 0, 10), window(1, 0, 10), window(2, 0, 10), window(3, 10, 0)])).toMatchObject({ kind: "recovered", healthyBefore: false });
    expect(watch([window(0, 10, 0)], { ...setup, outage: null })).toEqual({ kind: "no-outage", healthy: true });
    expect(watch([window(0, 10, 0), window(1, 0, 10)], { ...setup, durationMs: 2000 })).toEqual({ kind: "outage-to-end" });
  });
});
