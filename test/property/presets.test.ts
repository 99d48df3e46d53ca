/**
 * Every preset, with random parameters (fast-check, fixed seed): on every row the shows,
 * min ≤ mean ≤ max, the jitter-free delay within [min, max + 1] and the total within
 * [cumulative_min, cumulative_max + 1 ms a row] (issue 39); a sampled wait lies in
 * its row's bounds and a sampled total in the total's; every total is the one before it plus
 * the row's wait, whole ms on both sides (issue 23: cenkalti's ns had 85,498 + 43,249 shown as
 * 128,746), the sampled run's too; a sampled run that has stopped shows no wait, and only
 * where the row says some runs have stopped; and a library that stops by elapsed time
 * never totals more than its limit (sidekiq's retry_for: than its limit and the last wait),
 * on any row up to the most retries a run makes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";
import { isSaturated } from "../../src/core/limits.js";
import { type ScheduleRow, modelTotals, scheduleRows } from "../../src/core/schedule.js";
import { PresetError } from "../../src/presets/errors.js";
import { PRESETS, findPreset, presetVersionNames } from "../../src/presets/registry.js";
import { mostRetries, stopRuleOf } from "../../src/presets/stop-rule.js";
import type { OverrideName, Preset, PresetModel, PresetOverrides } from "../../src/presets/types.js";
import { seededRandom } from "../support/random.js";

/** Rows looked at per case at most (the property holds row by row; long schedules cost time, not coverage). */
const MAX_ROWS = 40;
/** A mean computed in floating point may pass an integer bound by rounding noise, never by more. */
const EPSILON = 1e-6;

const JITTERS = ["none", "0", "0.1", "0.2", "0.5", "0.99", "1", "on", "off", "full", "half", "decorrelated"];

function overridesArb(preset: Preset): fc.Arbitrary<PresetOverrides> {
  // A parameter a release names but backoff does not model (p-retry@6's maxRetryTime, node-retry's) is refused by build: not drawn.
  const offered = (name: OverrideName) => name in preset.parameters && !/not modelled/.test(preset.parameters[name] ?? "");
  const duration = fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 120 }).map((s) => s * 1000), fc.double({ min: 0.5, max: 3000, noNaN: true }).map((x) => Math.round(x * 10) / 10));
  return fc.record(
    {
      baseMs: offered("baseMs") ? duration : fc.constant(undefined),
      capMs: offered("capMs") ? fc.oneof(duration, fc.integer({ min: 1, max: 600 }).map((s) => s * 1000)) : fc.constant(undefined),
      factor: offered("factor") ? fc.oneof(fc.constant(1), fc.integer({ min: 100, max: 400 }).map((f) => f / 100)) : fc.constant(undefined),
      jitter: offered("jitter") ? fc.constantFrom(...JITTERS) : fc.constant(undefined),
      retries: offered("retries") && !/range only/.test(preset.parameters.retries ?? "") ? fc.integer({ min: 1, max: 30 }) : fc.constant(undefined),
      maxElapsedMs: offered("maxElapsedMs") ? fc.integer({ min: 1, max: 1200 }).map((s) => s * 1000) : fc.constant(undefined),
      strategy: offered("strategy") ? fc.constantFrom("exponential", "linear", "fixed") : fc.constant(undefined),
    },
    { requiredKeys: [] },
  ).map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as PresetOverrides);
}

/** The model, or null when the library refuses the combination (those are tested in errors.test.ts). */
function built(preset: Preset, overrides: PresetOverrides): PresetModel | null {
  try {
    return preset.build(overrides);
  } catch (error) {
    if (error instanceof PresetError) return null;
    throw error;
  }
}

/** The rows the schedule shows, as presetRange decides them: the count, where it stops without jitter, or the default range. */
function shownLast(preset: Preset, model: PresetModel): number {
  const rule = stopRuleOf(preset, model);
  if (rule.kind === "elapsed") return rule.stop.lastAttempt;
  if (rule.kind === "count" && rule.retries > 0) return rule.retries;
  return preset.defaultAttempts;
}

function checkModel(preset: Preset, model: PresetModel, seed: number): void {
  const last = Math.min(shownLast(preset, model), MAX_ROWS);
  if (last < 1) return;
  const comparison = policyModel(normalizePolicy({ strategy: "linear", baseMs: 1, capMs: null }));
  let before: ScheduleRow | null = null;
  for (const row of scheduleRows(model, comparison, { first: 1, last }, seededRandom(seed))) {
    const where = `${preset.name} attempt ${row.attempt}`;
    const previous = before?.cumulativeMs ?? 0;
    if (!isSaturated(row.cumulativeMs)) expect(row.cumulativeMs, `${where}: ${previous} + ${row.delayMs}`).toBe(previous + row.delayMs);
    const previousSample = before?.sampleCumulativeMs ?? 0;
    if (row.sampleMs === null) {
      expect(row.runsStopped, `${where}: a sampled run stopped where no run stops`).toMatch(/^(some|all)$/);
      expect(row.sampleCumulativeMs).toBe(previousSample);
    } else if (!isSaturated(row.sampleCumulativeMs!)) {
      expect(row.sampleCumulativeMs, `${where}: sampled ${previousSample} + ${row.sampleMs}`).toBe(previousSample + row.sampleMs);
    }
    before = row;
    expect(row.minMs <= row.meanMs + EPSILON && row.meanMs <= row.maxMs + EPSILON, `${where}: mean ${row.meanMs} outside [${row.minMs}, ${row.maxMs}]`).toBe(true);
    // delay is the jitter-free value the formula gives (issue 39): a draw takes it, or misses it by the 1 ms its range
    // leaves out at the top (floor of r < 1, random() % I); so each total lies within its range, or past its top by
    // at most 1 ms a row.
    expect(row.minMs <= row.delayMs && row.delayMs <= row.maxMs + 1, `${where}: delay ${row.delayMs} outside [${row.minMs}, ${row.maxMs} + 1]`).toBe(true);
    expect(
      row.cumulativeMinMs <= row.cumulativeMs && row.cumulativeMs <= row.cumulativeMaxMs + row.attempt,
      `${where}: total ${row.cumulativeMs} outside [${row.cumulativeMinMs}, ${row.cumulativeMaxMs} + ${row.attempt}]`,
    ).toBe(true);
    if (row.sampleMs !== null) expect(row.sampleMs >= row.minMs && row.sampleMs <= row.maxMs, `${where}: sample ${row.sampleMs} outside [${row.minMs}, ${row.maxMs}]`).toBe(true);
    expect(row.sampleCumulativeMs! >= row.cumulativeMinMs && row.sampleCumulativeMs! <= row.cumulativeMaxMs, `${where}: sampled total ${row.sampleCumulativeMs} outside [${row.cumulativeMinMs}, ${row.cumulativeMaxMs}]`).toBe(
      true,
    );
  }
  const rule = stopRuleOf(preset, model);
  if (rule.kind === "elapsed") {
    // No run totals more than the library's own limit, up to the most retries any run makes.
    const most = Math.min(mostRetries(rule)!, 10 * MAX_ROWS);
    // A library that checks the time before a wait it then makes in full (sidekiq's retry_for) passes it by that wait at most.
    let overrun = 0;
    if (rule.stop.overrun) for (let attempt = 1; attempt <= most; attempt++) overrun = Math.max(overrun, model.bounds(attempt).maxMs);
    expect(modelTotals(model, most).maxMs, `${preset.name}: the worst total after ${most} retries`).toBeLessThanOrEqual(rule.stop.limitMs + overrun);
    expect(rule.stop.fewest <= rule.stop.lastAttempt && rule.stop.lastAttempt <= rule.stop.most).toBe(true);
  }
}

/** Every preset and every older release of one (grpc-retry@1.68, p-retry@8, …: issue 39, item 4), each with its own model. */
const EVERY = [...PRESETS, ...presetVersionNames().map((name) => findPreset(name)!)];

describe("every preset, random parameters: min ≤ mean ≤ max, totals within their bounds, samples inside", () => {
  it("the defaults", () => {
    for (const preset of EVERY) checkModel(preset, preset.build({}), 1);
  });

  for (const preset of EVERY) {
    it(`${preset.name}`, () => {
      let builtCount = 0;
      fc.assert(
        fc.property(overridesArb(preset), fc.integer({ min: 0, max: 1000 }), (overrides, seed) => {
          const model = built(preset, overrides);
          if (model === null) return;
          builtCount++;
          checkModel(preset, model, seed);
        }),
        { seed: 1111, numRuns: 120 },
      );
      // Most combinations are ones the library takes: the property is not vacuous.
      expect(builtCount).toBeGreaterThan(10);
    });
  }
});
