import type { AttemptLoad, CohortResult } from "../../src/core/simulate.js";
import { normalizePolicy } from "../../src/core/policy.js";
import type { Simulation } from "../../src/format/simulate.js";

/**
 * Simulations with round, hand-set figures, for the renderers' tests (no simulation behind
 * them): what `backoff simulate` hands its formats, so a test sees only what a renderer
 * does with them.
 */

const load = (attempt: number, clients: number, earliestMs: number, p50Ms: number, p95Ms: number, latestMs: number, peakLoad: number): AttemptLoad => ({
  attempt,
  clients,
  earliestMs,
  p50Ms,
  p95Ms,
  latestMs,
  peakLoad,
});

export const result = (attempts: readonly AttemptLoad[], calls: number, retries: number, peakLoad: number, completionMs: number): CohortResult => ({
  attempts,
  calls,
  retries,
  peakLoad,
  completionMs,
  retryTimes: new Float64Array(0),
  retryCounts: [],
});

/** 1,000 clients failing at t = 0, 2 retries each after 100 ms and 200 ms; full jitter beside none; seed 7. */
export const SINGLE: Simulation = {
  kind: "single",
  policy: normalizePolicy({ baseMs: 100, capMs: 10_000 }),
  cohort: { clients: 1000, spreadMs: 0, success: 0, windowMs: 1000, attempts: 2 },
  seed: 7,
  jitter: { kind: "full" },
  result: result([load(1, 1000, 0, 50, 95, 100, 640), load(2, 1000, 100, 200, 290, 300, 420)], 3000, 2000, 640, 300),
  baseline: result([load(1, 1000, 100, 100, 100, 100, 1000), load(2, 1000, 300, 300, 300, 300, 1000)], 3000, 2000, 1000, 300),
};

/** The same policy without jitter (the table then points to --jitter). */
export const UNJITTERED: Simulation = { ...SINGLE, jitter: { kind: "none" }, result: (SINGLE as Extract<Simulation, { kind: "single" }>).baseline };

/** Every mode of --compare-jitter on 1,000 clients: none and ±20%. */
export const COMPARED: Simulation = {
  kind: "compare",
  policy: normalizePolicy({ baseMs: 100, capMs: 10_000 }),
  cohort: { clients: 1000, spreadMs: 0, success: 0, windowMs: 1000, attempts: 2 },
  seed: 7,
  modes: [
    { jitter: { kind: "none" }, result: result([], 3000, 2000, 1000, 300) },
    { jitter: { kind: "proportional", fraction: 0.2 }, result: result([], 2500, 1500, 300, 12_345) },
  ],
};

/** A library preset: 10 clients spread over 1.5 s, a retry succeeding with 1/4, one retry; the library has no jitter here. */
export const PRESET: Simulation = {
  kind: "preset",
  preset: { name: "bullmq", library: "BullMQ", parameters: { attempts: 2, delay: 1000, jitter: null }, jittered: false, stopping: "bullmq stops after 1 retry" },
  cohort: { clients: 10, spreadMs: 1500.7, success: 0.25, windowMs: 500, attempts: 1 },
  seed: 3,
  result: result([load(1, 10, 1000, 1800, 2400, 2500, 4)], 20, 10, 4, 2500),
  baseline: result([load(1, 10, 1000, 1800, 2400, 2500, 4)], 20, 10, 4, 2500),
};
