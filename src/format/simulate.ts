import { plainNumber } from "../core/decimal.js";
import { type Jitter, jitterName } from "../core/jitter/index.js";
import type { Policy } from "../core/policy.js";
import type { AttemptLoad, Cohort, CohortResult } from "../core/simulate.js";
import type { Column } from "./columns.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";

/** What `backoff simulate` computed: one jitter mode beside the un-jittered policy, or every mode. */
export type Simulation =
  | {
      readonly kind: "single";
      readonly policy: Policy;
      readonly cohort: Cohort;
      readonly seed: number;
      readonly jitter: Jitter;
      readonly result: CohortResult;
      /** The same cohort (same starts, same successes) without jitter. */
      readonly baseline: CohortResult;
    }
  | {
      readonly kind: "preset";
      readonly preset: SimulatedPreset;
      readonly cohort: Cohort;
      readonly seed: number;
      readonly result: CohortResult;
      /** The same cohort with the library's un-jittered delays. */
      readonly baseline: CohortResult;
    }
  | {
      readonly kind: "compare";
      readonly policy: Policy;
      readonly cohort: Cohort;
      readonly seed: number;
      readonly modes: ReadonlyArray<{ readonly jitter: Jitter; readonly result: CohortResult }>;
    };

/** A library preset as a simulation describes it. */
export interface SimulatedPreset {
  readonly name: string;
  readonly library: string;
  /** The library's parameters in effect, by its own names. */
  readonly parameters: Readonly<Record<string, string | number | boolean | null>>;
  readonly jittered: boolean;
  /** One sentence: how the library stops, and the retries simulated. */
  readonly stopping: string;
}

export type AttemptPair = { readonly load: AttemptLoad; readonly baseline: AttemptLoad | undefined };

/** Per attempt, in this order in every format. */
export const ATTEMPT_COLUMNS: ReadonlyArray<Column<AttemptPair>> = [
  { name: "attempt", value: (row) => row.load.attempt },
  { name: "clients", value: (row) => row.load.clients },
  { name: "earliest_ms", value: (row) => row.load.earliestMs },
  { name: "p50_ms", value: (row) => row.load.p50Ms },
  { name: "p95_ms", value: (row) => row.load.p95Ms },
  { name: "latest_ms", value: (row) => row.load.latestMs },
  { name: "peak_load", value: (row) => row.load.peakLoad },
  { name: "unjittered_latest_ms", value: (row) => row.baseline?.latestMs ?? 0 },
  { name: "unjittered_peak_load", value: (row) => row.baseline?.peakLoad ?? 0 },
];

export type ModeRow = { readonly jitter: Jitter; readonly result: CohortResult };

/** Per jitter mode, for --compare-jitter. */
export const MODE_COLUMNS: ReadonlyArray<Column<ModeRow, number | string>> = [
  { name: "jitter", value: (row) => jitterName(row.jitter), align: "left" },
  { name: "calls", value: (row) => row.result.calls },
  { name: "retries", value: (row) => row.result.retries },
  { name: "peak_load", value: (row) => row.result.peakLoad },
  { name: "completion_ms", value: (row) => row.result.completionMs },
];

/** Each attempt of one run beside the same attempt un-jittered: the rows of every machine format. */
export function attemptPairs(simulation: Extract<Simulation, { kind: "single" | "preset" }>): AttemptPair[] {
  return simulation.result.attempts.map((load, i) => ({ load, baseline: simulation.baseline.attempts[i] }));
}

function cohortLine(simulation: Simulation): string {
  const { cohort } = simulation;
  const when = cohort.spreadMs > 0 ? `spread uniformly over the first ${humanDuration(Math.floor(cohort.spreadMs))}` : "all at t = 0";
  const success = cohort.success > 0 ? `each retry succeeds with probability ${plainNumber(cohort.success)}` : "every retry fails";
  return `Cohort: ${groupDigits(cohort.clients)} clients failing ${when}, up to ${cohort.attempts} ${cohort.attempts === 1 ? "retry" : "retries"} each, ${success}; seed ${simulation.seed}.`;
}

/** What a run's figures are: "exact" where nothing is drawn (no jitter, no --spread, no --success below 1), else "sample", one seeded run. */
export function figuresOf(simulation: Simulation, jittered: boolean): "exact" | "sample" {
  const { cohort } = simulation;
  return jittered || cohort.spreadMs > 0 || (cohort.success > 0 && cohort.success < 1) ? "sample" : "exact";
}

/**
 * What the figures are (issue 39, item 6): exact where nothing is drawn (no jitter, every client
 * failing at t = 0, every retry failing), else one seeded sample, one run: another --seed draws others.
 */
function drawnLine(simulation: Simulation): string {
  const { cohort } = simulation;
  const cohortDrawn = figuresOf(simulation, false) === "sample";
  const sample = `one seeded sample (seed ${simulation.seed}: another --seed draws others), not a mean`;
  const drawn = cohortDrawn ? ` (${[cohort.spreadMs > 0 ? "the starts" : "", cohort.success > 0 && cohort.success < 1 ? "the successes" : ""].filter(Boolean).join(" and ")} are drawn)` : "";
  const jittered =
    simulation.kind === "compare" ? simulation.modes.some((mode) => mode.jitter.kind !== "none") : simulation.kind === "preset" ? simulation.preset.jittered : simulation.jitter.kind !== "none";
  if (cohortDrawn) return `Every figure is ${sample}${drawn}.`;
  if (!jittered) return "Every figure is exact: nothing is drawn (no jitter, every client failing at t = 0, every retry failing).";
  return simulation.kind === "compare"
    ? `The none row is exact (nothing is drawn); every other row is ${sample}.`
    : `The un-jittered figures are exact (nothing is drawn); the jittered ones are ${sample}.`;
}

/** The summary: the cohort, then calls, peak load and time to completion, jittered beside un-jittered. */
export function simulationSummaryLines(simulation: Simulation): string[] {
  const windowText = humanDuration(simulation.cohort.windowMs);
  const lines = [cohortLine(simulation), drawnLine(simulation)];
  if (simulation.kind !== "compare") {
    const { result, baseline } = simulation;
    if (simulation.kind === "preset") {
      const { preset } = simulation;
      const parameters = Object.entries(preset.parameters).map(([name, value]) => `${name} ${value === null ? "none" : String(value)}`).join(", ");
      lines.push(`Preset ${preset.name} (${preset.library}): ${parameters}. ${preset.stopping}.`);
      lines.push(
        preset.jittered
          ? "Each client draws from the library's own jitter. Figures read un-jittered (the library's delays without jitter) → jittered."
          : "The library has no jitter with these parameters: both runs are the same. Figures read un-jittered → jittered.",
      );
    } else {
      lines.push(`Jitter: ${jitterName(simulation.jitter)}. Figures read un-jittered → jittered.`);
    }
    lines.push(`Calls: ${groupDigits(baseline.calls)} → ${groupDigits(result.calls)} (${groupDigits(simulation.cohort.clients)} first calls + ${groupDigits(result.retries)} retries).`);
    lines.push(`Peak load (retries in any ${windowText} window): ${groupDigits(baseline.peakLoad)} → ${groupDigits(result.peakLoad)}.`);
    lines.push(`Time until the last client is done: ${humanDuration(baseline.completionMs)} → ${humanDuration(result.completionMs)}.`);
  } else {
    lines.push(`Peak load counts the retries in any ${windowText} window; the same cohort (starts and successes) for every mode.`);
    if (simulation.policy.capMs === null) {
      lines.push("No --cap (the schedule's default): decorrelated jitter, min(cap, uniform(base, previous × 3)), is defined through the cap, so it is left out; give --cap to compare it.");
    }
  }
  return lines;
}
