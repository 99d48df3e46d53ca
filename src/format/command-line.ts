import type { Policy } from "../core/policy.js";
import type { AttemptRange } from "../core/schedule.js";
import type { PresetOverrides } from "../core/preset.js";

// A policy written back as the `backoff …` command line that prints it (the HTML page
// shows it, ready to copy). Durations use the largest unit that holds them exactly.

const UNITS: ReadonlyArray<readonly [ms: number, unit: string]> = [
  [86_400_000, "d"],
  [3_600_000, "h"],
  [60_000, "m"],
  [1000, "s"],
];

/** A duration as --base reads it back: "2m", "1s", "250" (ms), "1.5" (ms). */
export function durationArgument(ms: number): string {
  for (const [size, unit] of UNITS) {
    if (ms >= size && Number.isInteger(ms / size)) return `${ms / size}${unit}`;
  }
  return String(ms);
}

/** `--attempts`: "10" for 1..10, else "3..8". */
export function attemptsArgument(range: AttemptRange): string {
  return range.first === 1 ? String(range.last) : `${range.first}..${range.last}`;
}

/** A word for a POSIX shell: as it is when it holds nothing the shell reads, else single-quoted. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_.,:=/+@%^-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

export function commandLine(words: readonly string[]): string {
  return ["backoff", ...words.map(shellWord)].join(" ");
}

/** The calculator's own policy (normalised) with its jitter and seed. */
export function scheduleArguments(policy: Policy, range: AttemptRange, jitter: string | null, seed: number | null): string[] {
  const words: string[] = [];
  if (policy.strategy !== "exponential") words.push("--strategy", policy.strategy);
  words.push("--base", durationArgument(policy.baseMs));
  if (policy.strategy === "exponential" && policy.factor !== 2) words.push("--factor", String(policy.factor));
  // The step is also the linear comparison's, whatever the strategy.
  if (policy.stepMs !== policy.baseMs) words.push("--step", durationArgument(policy.stepMs));
  if (policy.capMs !== null) words.push("--cap", durationArgument(policy.capMs));
  words.push("--attempts", attemptsArgument(range));
  if (jitter !== null) words.push("--jitter", jitter);
  if (seed !== null) words.push("--seed", String(seed));
  return words;
}

/** A library preset with the overrides given (and the range, when one was asked for). */
export function presetArguments(name: string, overrides: PresetOverrides, range: AttemptRange | null, seed: number | null): string[] {
  const words = ["--preset", name];
  if (overrides.strategy !== undefined) words.push("--strategy", overrides.strategy);
  if (overrides.baseMs !== undefined) words.push("--base", durationArgument(overrides.baseMs));
  if (overrides.factor !== undefined) words.push("--factor", String(overrides.factor));
  if (overrides.capMs !== undefined) words.push("--cap", durationArgument(overrides.capMs));
  if (overrides.maxElapsedMs !== undefined) words.push("--max-elapsed", durationArgument(overrides.maxElapsedMs));
  if (overrides.retryAfter !== undefined) {
    const { ms, attempts } = overrides.retryAfter;
    words.push("--retry-after", durationArgument(ms) + (attempts === null ? "" : `@${attempts.first}..${attempts.last}`));
  }
  if (overrides.maxRetryAfterMs !== undefined) words.push("--max-retry-after", durationArgument(overrides.maxRetryAfterMs));
  if (range !== null) words.push("--attempts", attemptsArgument(range));
  if (overrides.jitter !== undefined) words.push("--jitter", overrides.jitter);
  if (seed !== null) words.push("--seed", String(seed));
  return words;
}
