import { type Recovery, RecoveryWatch } from "./recovery.js";
import type { CapacitySetup } from "./setup.js";
import { type CapacityRandom, type CapacityTotals, type CapacityWindow, capacityWindows } from "./simulate.js";

export interface CapacityResult {
  readonly totals: CapacityTotals;
  readonly recovery: Recovery;
  /** The most calls that reached the server in one window, and the window's start. */
  readonly peakCalls: number;
  readonly peakCallsAtMs: number;
}

/**
 * Runs the capacity model to the end: each window goes to `onWindow` as it completes (to
 * be printed or drawn; nothing is kept here) and the recovery is read from the stream.
 */
export function simulateCapacity(setup: CapacitySetup, random: CapacityRandom, onWindow?: (window: CapacityWindow) => void): CapacityResult {
  return capacityResult(capacityWindows(setup, random), setup, onWindow);
}

/** The result of a run's windows, sampled (capacityWindows) or expected (flow/simulate-flow.ts's capacityFlowWindows), read to the end. */
export function capacityResult(
  windows: Generator<CapacityWindow, CapacityTotals, undefined>,
  setup: Pick<CapacitySetup, "outage" | "rps" | "server">,
  onWindow?: (window: CapacityWindow) => void,
): CapacityResult {
  const watch = new RecoveryWatch(setup);
  let peakCalls = 0;
  let peakCallsAtMs = 0;
  for (;;) {
    const next = windows.next();
    if (next.done) return { totals: next.value, recovery: watch.result(), peakCalls, peakCallsAtMs };
    const window = next.value;
    watch.add(window);
    if (window.calls > peakCalls) {
      peakCalls = window.calls;
      peakCallsAtMs = window.startMs;
    }
    onWindow?.(window);
  }
}
