import type { RandomSource } from "../src/core/model.js";

export { memoryStream, runCli } from "./helpers.js";

/** Parses CSV output of plain numeric fields into objects keyed by header. */
export function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split("\n");
  const names = header!.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i]!, value])));
}

/**
 * A RandomSource that returns a script of integers in order (checking each lies in the
 * range asked for), so a simulation's draws are known in advance.
 */
export function scriptedRandom(script: readonly number[]): RandomSource & { readonly used: () => number } {
  let next = 0;
  return {
    integer(min: number, max: number) {
      const value = script[next++];
      if (value === undefined) throw new Error("script exhausted");
      if (value < min || value > max) throw new Error(`scripted ${value} is outside [${min}, ${max}]`);
      return value;
    },
    fraction() {
      throw new Error("no fraction expected");
    },
    used: () => next,
  };
}
