import type { AttemptDelay } from "../../core/delay.js";
import type { DelayBounds, RandomSource } from "../../core/model.js";
import type { PresetModel, PresetStop } from "../types.js";
import { meanAsDelay, meanWithin } from "./attempt-delay.js";

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
  /** The un-jittered value's name when every delay shown is the rounded mean wait (see PresetModel.meanShown). */
  readonly meanShown?: string;
  readonly parameters: PresetModel["parameters"];
}

/** A model for a library whose delays do not depend on earlier draws. */
export function independentModel(spec: IndependentSpec): PresetModel {
  const { jitter } = spec;
  const mean = jitter ? (attempt: number) => meanWithin(jitter.mean(attempt), jitter.bounds(attempt)) : null;
  // The un-jittered value where a wait can take it; where none can (it rounds outside the waits' range), the mean wait.
  const delay = (attempt: number) => {
    const plain = spec.delay(attempt);
    if (!jitter) return plain;
    const { minMs, maxMs } = jitter.bounds(attempt);
    return plain.delayMs >= minMs && plain.delayMs <= maxMs ? plain : meanAsDelay(mean!(attempt));
  };
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
    ...(spec.meanShown === undefined ? {} : { meanShown: spec.meanShown }),
    parameters: spec.parameters,
  };
}
