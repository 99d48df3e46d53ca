import { SOLVE_TOLERANCE } from "../core/solve.js";
import type { PresetDescription, PresetModel } from "../core/preset.js";
import { type Solution, SOLVE_TOLERANCE_TEXT } from "./solve-report.js";
import { humanDuration } from "../core/text/duration.js";
import { durationWithMs } from "./summary.js";

// What `backoff solve --preset` prints: the library's own parameter found, how, and what it achieves.

/** A library's preset with the answer (solve-report.ts has the figures: Solution<SolvedPreset>). */
export interface SolvedPreset {
  readonly preset: PresetDescription;
  /** The library's own name for the parameter: "Multiplier", "sidekiq_options retry: N". */
  readonly parameter: string;
  /** A line on how the library's own rule bears on the answer, or null. */
  readonly note: string | null;
  /** The library's model with the answer, whose schedule is shown. */
  readonly model: PresetModel;
}

export function presetSolutionLines(solution: Solution<SolvedPreset>, command: string): string[] {
  const { preset, unknown, targetMs, achievedMs, attempts } = solution;
  const lines: string[] = [];
  if (unknown === "attempts") {
    lines.push(`attempts = ${solution.answerText} (${solution.parameter}): worst-case total wait ${durationWithMs(achievedMs)}, jitter included, within the budget of ${durationWithMs(targetMs)}.`);
    if (solution.nextTotalMs !== null) lines.push(`Attempt ${attempts + 1} would bring it to ${durationWithMs(solution.nextTotalMs)}.`);
  } else {
    const off = achievedMs - targetMs;
    const offText = off === 0 ? "exactly the target" : `${durationWithMs(Math.abs(off))} ${off > 0 ? "over" : "under"} the target of ${durationWithMs(targetMs)}`;
    const value = unknown === "base" ? `${solution.answerText} ms (${humanDuration(Number(solution.answerText))})` : solution.answerText;
    lines.push(`${unknown} ≈ ${value}, ${solution.parameter}: ${attempts} ${attempts === 1 ? "retry" : "retries"} of ${preset.name} wait ${durationWithMs(achievedMs)} without jitter, ${offText}.`);
    lines.push(
      unknown === "base"
        ? "Found by searching whole milliseconds on the library's own schedule (its rounding included); the closest base is shown."
        : `Found by bisection on the library's own schedule to a relative tolerance of ${SOLVE_TOLERANCE_TEXT} (root ${solution.exact}), rounded to the fewest decimals that keep the total within 0.1%.`,
    );
  }
  if (solution.note !== null) lines.push(solution.note);
  lines.push(`Preset: ${command}`);
  return lines;
}

export function presetSolutionJson(solution: Solution<SolvedPreset>, command: string, schedule: readonly { attempt: number; delay_ms: number; cumulative_ms: number }[] | null): string {
  const doc = {
    solved: true,
    preset: solution.preset.name,
    unknown: solution.unknown,
    parameter: solution.parameter,
    value: Number(solution.answerText),
    exact: solution.exact,
    tolerance: solution.exact === null ? null : SOLVE_TOLERANCE,
    target_total_ms: solution.targetMs,
    achieved_total_ms: solution.achievedMs,
    next_total_ms: solution.nextTotalMs,
    attempts: solution.attempts,
    note: solution.note,
    command,
    schedule,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

export function presetNoSolutionJson(why: string): string {
  return `${JSON.stringify({ solved: false, message: why }, null, 2)}\n`;
}
