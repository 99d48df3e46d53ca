import type { ScheduleModel } from "../../../src/core/model.js";

/**
 * A model written out attempt by attempt, independent of the calculator's code: each
 * entry is [un-jittered wait, lowest, highest] in ms (the mean halfway), the last entry
 * repeating for every later attempt. Its sampler draws uniformly between the bounds.
 */
export function tableModel(entries: readonly (readonly [number, number, number])[]): ScheduleModel {
  const entry = (a: number) => entries[Math.min(a, entries.length) - 1]!;
  return {
    delay: (a) => ({ rawMs: entry(a)[0], delayMs: entry(a)[0], clamped: false }),
    jittered: entries.some(([, low, high]) => low !== high),
    bounds: (a) => ({ minMs: entry(a)[1], maxMs: entry(a)[2] }),
    meanMs: (a) => (entry(a)[1] + entry(a)[2]) / 2,
    sampler: (random) => (a) => random.integer(entry(a)[1], entry(a)[2]),
    capMs: null,
    capReachedAt: () => null,
    steadyFrom: () => entries.length,
    mayExceedCap: false,
  };
}

/** The same wait at every attempt, without jitter. */
export const fixedModel = (waitMs: number) => tableModel([[waitMs, waitMs, waitMs]]);
