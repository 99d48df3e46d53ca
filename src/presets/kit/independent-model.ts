import type { AttemptDelay } from "../../core/delay.js";
import type { DelayBounds, RandomSource } from "../../core/model.js";
import type { PresetModel, PresetStop } from "../types.js";
import { meanWithin } from "./attempt-delay.js";

/** What a preset whose every delay is independent of the earlier draws must say. */
export interface IndependentSpec {
  readonly delay: (attempt: number) => AttemptDelay;
  /** Jittered presets: exact bounds, mean, and one draw (the library's own distribution). */
  readonly jitter: {
    readonly bounds: (attempt: number) => DelayBounds;
    readonly mean: (attempt: number) => number;
    readonly draw: (attempt: number, random: RandomSource) => number;
  } | null;
  readonly capMs: number | null;
  readonly capReachedAt: number | null;
  /** The first attempt from which delay, bounds and mean never change; null if never (or unknown). */
  readonly steadyFrom: number | null;
  readonly mayExceedCap?: boolean;
  readonly retries: number | null;
  readonly stop?: PresetStop | null;
  readonly notes?: readonly string[];
  readonly parameters: PresetModel["parameters"];
}

/** A model for a library whose delays do not depend on earlier draws. */
export function independentModel(spec: IndependentSpec): PresetModel {
  const { jitter } = spec;
  const mean = jitter ? (attempt: number) => meanWithin(jitter.mean(attempt), jitter.bounds(attempt)) : null;
  // delay is always the jitter-free value the formula gives, whether or not a draw can take it (Envoy's
  // random() % I never waits I itself); bounds and mean say what the draws do (issue 39).
  const delay = spec.delay;
  return {
    delay,
    jittered: jitter !== null,
    bounds: jitter ? jitter.bounds : (attempt) => {
      const { delayMs } = delay(attempt);
      return { minMs: delayMs, maxMs: delayMs };
    },
    meanMs: mean ?? ((attempt) => delay(attempt).delayMs),
    sampler: (random) => (jitter ? (attempt) => jitter.draw(attempt, random) : (attempt) => delay(attempt).delayMs),
    capMs: spec.capMs,
    capReachedAt: () => spec.capReachedAt,
    steadyFrom: () => spec.steadyFrom,
    mayExceedCap: spec.mayExceedCap ?? false,
    retries: spec.retries,
    stop: spec.stop ?? null,
    notes: spec.notes ?? [],
    parameters: spec.parameters,
  };
}
