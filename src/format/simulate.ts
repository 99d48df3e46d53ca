import { type Jitter, jitterName } from "../core/jitter/index.js";
import type { Policy } from "../core/policy.js";
import type { AttemptLoad, Cohort, CohortResult } from "../core/simulate.js";
import { humanDuration } from "./duration.js";
import { groupDigits, msField, msJson } from "./numbers.js";
import { policyJson } from "./policy-json.js";

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
      readonly kind: "compare";
      readonly policy: Policy;
      readonly cohort: Cohort;
      readonly seed: number;
      readonly modes: ReadonlyArray<{ readonly jitter: Jitter; readonly result: CohortResult }>;
    };

interface Field<Row> {
  readonly name: string;
  readonly value: (row: Row) => string | number;
}

type AttemptPair = { readonly load: AttemptLoad; readonly baseline: AttemptLoad | undefined };

/** Per attempt, in this order in every format. */
export const ATTEMPT_FIELDS: ReadonlyArray<Field<AttemptPair>> = [
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

type ModeRow = { readonly jitter: Jitter; readonly result: CohortResult };

/** Per jitter mode, for --compare-jitter. */
export const MODE_FIELDS: ReadonlyArray<Field<ModeRow>> = [
  { name: "jitter", value: (row) => jitterName(row.jitter) },
  { name: "calls", value: (row) => row.result.calls },
  { name: "retries", value: (row) => row.result.retries },
  { name: "peak_load", value: (row) => row.result.peakLoad },
  { name: "completion_ms", value: (row) => row.result.completionMs },
];

function attemptPairs(simulation: Extract<Simulation, { kind: "single" }>): AttemptPair[] {
  return simulation.result.attempts.map((load, i) => ({ load, baseline: simulation.baseline.attempts[i] }));
}

function field(value: string | number): string {
  return typeof value === "number" ? msField(value) : value;
}

function delimited<Row>(rows: readonly Row[], fields: ReadonlyArray<Field<Row>>, separator: "," | "\t"): string {
  const lines = [fields.map((f) => f.name).join(separator)];
  for (const row of rows) lines.push(fields.map((f) => field(f.value(row))).join(separator));
  return lines.join("\n") + "\n";
}

function renderDelimitedSimulation(simulation: Simulation, separator: "," | "\t"): string {
  return simulation.kind === "single"
    ? delimited(attemptPairs(simulation), ATTEMPT_FIELDS, separator)
    : delimited([...simulation.modes], MODE_FIELDS, separator);
}

/** CSV: one row per attempt (with the un-jittered latest and peak beside it), or one per mode. */
export function renderSimulationCsv(simulation: Simulation): string {
  return renderDelimitedSimulation(simulation, ",");
}

/** TSV: the CSV's rows and fields, tab-separated (no field holds a tab or a comma). */
export function renderSimulationTsv(simulation: Simulation): string {
  return renderDelimitedSimulation(simulation, "\t");
}

function cohortJson(simulation: Simulation): Record<string, unknown> {
  const { cohort } = simulation;
  return {
    clients: cohort.clients,
    spread_ms: cohort.spreadMs,
    success: cohort.success,
    window_ms: cohort.windowMs,
    attempts: cohort.attempts,
    seed: simulation.seed,
  };
}

function resultJson(result: CohortResult): Record<string, unknown> {
  return { calls: result.calls, retries: result.retries, peak_load: result.peakLoad, completion_ms: msJson(result.completionMs) };
}

function objectOf<Row>(row: Row, fields: ReadonlyArray<Field<Row>>): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => {
    const value = f.value(row);
    return [f.name, typeof value === "number" ? msJson(value) : value];
  }));
}

export function renderSimulationJson(simulation: Simulation): string {
  const policy = policyJson(simulation.policy, { first: 1, last: simulation.cohort.attempts });
  if (simulation.kind === "single") {
    return (
      JSON.stringify({
        policy: { ...policy, jitter: jitterName(simulation.jitter) },
        cohort: cohortJson(simulation),
        rows: attemptPairs(simulation).map((row) => objectOf(row, ATTEMPT_FIELDS)),
        summary: { jittered: resultJson(simulation.result), unjittered: resultJson(simulation.baseline) },
      }) + "\n"
    );
  }
  return (
    JSON.stringify({
      policy,
      cohort: cohortJson(simulation),
      modes: simulation.modes.map((mode) => ({ jitter: jitterName(mode.jitter), ...resultJson(mode.result) })),
    }) + "\n"
  );
}

function markdownTable<Row>(rows: readonly Row[], fields: ReadonlyArray<Field<Row>>): string {
  const lines = [`| ${fields.map((f) => f.name).join(" | ")} |`, `|${fields.map((f, i) => (i === 0 && f.name === "jitter" ? ":---" : "---:")).join("|")}|`];
  for (const row of rows) lines.push(`| ${fields.map((f) => field(f.value(row))).join(" | ")} |`);
  return lines.join("\n") + "\n";
}

export function renderSimulationMarkdown(simulation: Simulation): string {
  const table = simulation.kind === "single" ? markdownTable(attemptPairs(simulation), ATTEMPT_FIELDS) : markdownTable([...simulation.modes], MODE_FIELDS);
  return `${table}\n${simulationSummaryLines(simulation).map((line) => `${line}  `).join("\n").trimEnd()}\n`;
}

function cohortLine(simulation: Simulation): string {
  const { cohort } = simulation;
  const when = cohort.spreadMs > 0 ? `spread uniformly over the first ${humanDuration(Math.floor(cohort.spreadMs))}` : "all at t = 0";
  const success = cohort.success > 0 ? `each retry succeeds with probability ${cohort.success}` : "every retry fails";
  return `Cohort: ${groupDigits(cohort.clients)} clients failing ${when}, up to ${cohort.attempts} retries each, ${success}; seed ${simulation.seed}.`;
}

/** The summary: the cohort, then calls, peak load and time to completion, jittered beside un-jittered. */
export function simulationSummaryLines(simulation: Simulation): string[] {
  const windowText = humanDuration(simulation.cohort.windowMs);
  const lines = [cohortLine(simulation)];
  if (simulation.kind === "single") {
    const { result, baseline } = simulation;
    const mode = jitterName(simulation.jitter);
    lines.push(`Jitter: ${mode}. Figures read un-jittered → jittered.`);
    lines.push(`Calls: ${groupDigits(baseline.calls)} → ${groupDigits(result.calls)} (${groupDigits(simulation.cohort.clients)} first calls + ${groupDigits(result.retries)} retries).`);
    lines.push(`Peak load (retries in any ${windowText} window): ${groupDigits(baseline.peakLoad)} → ${groupDigits(result.peakLoad)}.`);
    lines.push(`Time until the last client is done: ${humanDuration(baseline.completionMs)} → ${humanDuration(result.completionMs)}.`);
  } else {
    lines.push(`Peak load counts the retries in any ${windowText} window; the same cohort (starts and successes) for every mode.`);
  }
  return lines;
}
