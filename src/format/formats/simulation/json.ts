import { jitterName } from "../../../core/jitter/index.js";
import type { CohortResult } from "../../../core/simulate.js";
import type { Column } from "../../columns.js";
import { jsonText } from "../../json-text.js";
import { msJson } from "../../numbers.js";
import { policyJson } from "../../policy-json.js";
import type { SimulationRenderer } from "../../renderer.js";
import { ATTEMPT_COLUMNS, type Simulation, attemptPairs, figuresOf } from "../../simulate.js";

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

/** A run's totals, and what they are: "exact" (nothing drawn) or "sample" (one seeded run, not a mean). */
function resultJson(result: CohortResult, figures: "exact" | "sample"): Record<string, unknown> {
  return { calls: result.calls, retries: result.retries, peak_load: result.peakLoad, completion_ms: msJson(result.completionMs), figures };
}

function objectOf<Row>(row: Row, columns: ReadonlyArray<Column<Row, number | string>>): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => {
    const value = column.value(row);
    return [column.name, typeof value === "number" ? msJson(value) : value];
  }));
}

/** One JSON document on one line: the policy (or the library's parameters), the cohort, then each attempt and both summaries, or each jitter mode. */
function simulationJson(simulation: Simulation): string {
  if (simulation.kind === "preset") {
    const { preset } = simulation;
    return (
      JSON.stringify({
        preset: { preset: preset.name, library: preset.library, parameters: preset.parameters, jittered: preset.jittered, stopping: preset.stopping },
        cohort: cohortJson(simulation),
        rows: attemptPairs(simulation).map((row) => objectOf(row, ATTEMPT_COLUMNS)),
        summary: { jittered: resultJson(simulation.result, figuresOf(simulation, preset.jittered)), unjittered: resultJson(simulation.baseline, figuresOf(simulation, false)) },
      }) + "\n"
    );
  }
  const policy = policyJson(simulation.policy, { first: 1, last: simulation.cohort.attempts });
  if (simulation.kind === "single") {
    return (
      jsonText({
        policy: { ...policy, jitter: jitterName(simulation.jitter) },
        cohort: cohortJson(simulation),
        rows: attemptPairs(simulation).map((row) => objectOf(row, ATTEMPT_COLUMNS)),
        summary: { jittered: resultJson(simulation.result, figuresOf(simulation, simulation.jitter.kind !== "none")), unjittered: resultJson(simulation.baseline, figuresOf(simulation, false)) },
      }) + "\n"
    );
  }
  return (
    jsonText({
      policy,
      cohort: cohortJson(simulation),
      modes: simulation.modes.map((mode) => ({ jitter: jitterName(mode.jitter), ...resultJson(mode.result, figuresOf(simulation, mode.jitter.kind !== "none")) })),
    }) + "\n"
  );
}

/** The simulation as one JSON document: the cohort, the policy, each attempt and the summary. */
export const renderer: SimulationRenderer = {
  render: ({ simulation }) => ({ pieces: [simulationJson(simulation)] }),
};
