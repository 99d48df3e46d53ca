import { Chalk } from "chalk";
import type { CapacityResult } from "../../src/core/herd/capacity/run.js";
import type { CapacityWindow } from "../../src/core/herd/capacity/simulate.js";
import type { OccSummary } from "../../src/core/herd/occ.js";
import type { CapacityDescription, CapacityReport } from "../../src/format/herd/capacity.js";
import type { OccReport } from "../../src/format/herd/occ.js";
import type { OutputOptions, RenderContext, Rendered } from "../../src/format/renderer.js";

/** Reports of the herd models with round, hand-set figures, for the renderers' tests (no simulation behind them). */

/** A renderer's context for a pipe (no width, no colour) or a terminal of `width` columns, with the output options given. */
export function plainContext(width: number | null = null, options: OutputOptions = {}): RenderContext {
  return {
    width,
    drawWidth: width ?? 80,
    ascii: false,
    colored: false,
    paint: async () => new Chalk({ level: 0 }),
    htmlPage: async () => "",
    version: "0.0.0",
    repository: "https://github.com/example/backoff",
    options,
  };
}

/** The text a renderer gave, joined (its pieces are strings). */
export async function renderedText(rendered: Rendered | Promise<Rendered>): Promise<string> {
  const given = await rendered;
  if (!("pieces" in given)) throw new Error("a herd renderer gives text in pieces");
  return [...given.pieces].join("");
}

/** An OCC point: 100 runs, the extremes 10 calls from the mean, the time's spread a tenth of it. */
export const occSummary = (calls: number, sd: number, time: number): OccSummary => ({
  runs: 100,
  calls: { count: 100, mean: calls, sd, min: calls - 10, max: calls + 10 },
  completionMs: { count: 100, mean: time, sd: time / 10, min: time / 2, max: time * 2 },
  events: 4 * calls * 100,
});

/** 100 clients, exponential without jitter and full jitter, at the experiment's set-up. */
export const OCC_REPORT: OccReport = {
  network: { meanMs: 10, sdMs: 2 },
  baseMs: 10,
  capMs: 2000,
  runs: 100,
  seed: 42,
  rows: [
    { clients: 100, mode: "none", summary: occSummary(1855.704, 60.5512, 63460.8419) },
    { clients: 100, mode: "full", summary: occSummary(795.88, 6.82, 4902.8749) },
  ],
};

export const CAPACITY_SETUP: CapacityDescription = {
  rps: 500,
  arrivals: "poisson",
  capacity: 1000,
  concurrency: 1,
  serviceMs: 1,
  queue: 2000,
  timeoutMs: 1000,
  outage: { startMs: 10_000, endMs: 20_000, kind: "stall" },
  durationMs: 60_000,
  windowMs: 1000,
  retries: "up to 3 per request, 100 ms × 2^(n−1), cap 1 s, jitter full",
  seed: 42,
};

/** Window k of 1 s: 500 new requests, `calls` calls of which `succeeded` were answered, the rest timed out. */
export const capacityWindow = (k: number, calls: number, succeeded: number): CapacityWindow => ({
  index: k,
  startMs: k * 1000,
  endMs: (k + 1) * 1000,
  arrivals: 500,
  calls,
  retries: calls - 500,
  succeeded,
  failed: calls - succeeded,
  outageFailures: 0,
  rejected: 0,
  timedOut: calls - succeeded,
  refused: 0,
  denied: 0,
  gaveUp: 0,
  busyMs: 999.5,
  utilisation: 0.9995,
  inServer: 2000,
  waiting: 150,
});

export const capacityResult = (recovery: CapacityResult["recovery"]): CapacityResult => ({
  totals: {
    windows: 60,
    arrivals: 30_000,
    calls: 90_000,
    retries: 60_000,
    succeeded: 10_000,
    failed: 80_000,
    outageFailures: 0,
    rejected: 40_000,
    timedOut: 40_000,
    refused: 0,
    denied: 0,
    gaveUp: 19_000,
    unfinished: 1000,
    busyMs: 50_000,
    deniedBy: [],
    events: 200_000,
  },
  recovery,
  peakCalls: 2311,
  peakCallsAtMs: 20_000,
});

export const METASTABLE = { kind: "metastable", sinceOutageMs: 40_000, healthyBefore: true } as const;

/** One run of two windows: all 500 answered, then 2,000 calls none answered. */
export const CAPACITY_TIMELINE: CapacityReport = {
  kind: "timeline",
  setup: CAPACITY_SETUP,
  variant: { name: "", result: capacityResult(METASTABLE) },
  windows: [capacityWindow(0, 500, 500), capacityWindow(1, 2000, 0)],
};

/** No limit against a 10% retry budget, which drains 4 s after the stall. */
export const CAPACITY_COMPARE: CapacityReport = {
  kind: "compare",
  setup: CAPACITY_SETUP,
  variants: [
    { name: "no limit", result: capacityResult(METASTABLE) },
    { name: "retry budget 10%", result: capacityResult({ kind: "recovered", recoveredAtMs: 24_000, drainMs: 4000, healthyBefore: true }) },
  ],
};
