import fc from "fast-check";
import type { PresetModel } from "../../src/presets/types.js";
import { R_MAX, replayRandom, seededRandom } from "./random.js";

/** Fractions in [0, 1), biased towards the ends (0 and the largest double below 1). */
export const fractionArb = fc.oneof(fc.constant(0), fc.constant(1 - 2 ** -53), fc.constant(R_MAX), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }));

/** Property: every sampled delay lies inside the model's bounds, for any replayed random numbers. */
export function assertSamplesInBounds(model: PresetModel, lastAttempt: number, numRuns = 200): void {
  fc.assert(
    fc.property(fc.array(fractionArb, { minLength: 1, maxLength: 40 }), fc.array(fractionArb, { minLength: 1, maxLength: 40 }), (fractions, integers) => {
      // A library that stops by elapsed time: its run (null once stopped), and no wait but where some runs stop.
      const random = replayRandom(fractions, integers);
      const sample = model.client ? model.client(random) : model.sampler(random);
      let stopped = false;
      for (let attempt = 1; attempt <= lastAttempt; attempt++) {
        const value = sample(attempt);
        if (value === null || stopped) {
          if (value !== null || model.runsStopped?.(attempt) === "none") throw new Error(`attempt ${attempt}: ${value === null ? "stopped where no run stops" : "a wait after stopping"}`);
          stopped = true;
          continue;
        }
        const { minMs, maxMs } = model.bounds(attempt);
        if (!(Number.isInteger(value) && value >= minMs && value <= maxMs)) {
          throw new Error(`attempt ${attempt}: sample ${value} outside [${minMs}, ${maxMs}]`);
        }
      }
    }),
    { seed: 42, numRuns },
  );
}

/** With a seeded source: `runs` sampled sequences of attempts 1 … lastAttempt. */
export function sampleMany(model: PresetModel, lastAttempt: number, runs: number, seed = 7): number[][] {
  const random = seededRandom(seed);
  const out: number[][] = [];
  for (let run = 0; run < runs; run++) {
    const sample = model.sampler(random);
    out.push(Array.from({ length: lastAttempt }, (_, i) => sample(i + 1)));
  }
  return out;
}
