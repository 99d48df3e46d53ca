import { groupDigits } from "../../../core/text/digits.js";
import { deadlineNoSolutionText, deadlineSolveLines } from "../../deadline-solve.js";
import { presetSolutionLines } from "../../preset-solve.js";
import type { SolveRenderer } from "../../renderer.js";
import { flagsOf, noSolutionText, solutionLines } from "../../solve-report.js";
import { wrapLines, wrapText } from "../../wrap.js";

/** The answer for people: the parameter found and what it gives; the schedule follows unless it is too long to show. */
export const renderer: SolveRenderer = {
  showsSchedule: true,
  render(solve, context) {
    const { width } = context;
    const answer = (lines: readonly string[]) => `${wrapLines(lines, width).join("\n")}\n\n`;
    const notShown = (attempts: string, command: string) => wrapText(`(${attempts} attempts: the schedule is not shown; print it with ${command} --format csv)\n`, width);
    switch (solve.kind) {
      case "no-solution":
        return { pieces: [wrapText(`no solution: ${noSolutionText(solve.reason, solve.input)}\n`, width)] };
      case "preset-no-solution":
        return { pieces: [wrapText(`no solution: ${solve.why}\n`, width)] };
      case "solution": {
        const { solution } = solve;
        return { pieces: [answer(solutionLines(solution)), ...(solve.shown ? [] : [notShown(groupDigits(solution.attempts), `backoff ${flagsOf(solution.policy, solution.attempts)}`)])] };
      }
      case "deadline-no-solution":
        return { pieces: [wrapText(`no solution: ${deadlineNoSolutionText()}\n`, width)] };
      case "deadline-solution": {
        const { fit, context: solved } = solve;
        return { pieces: [answer(deadlineSolveLines(fit, solved)), ...(solve.shown ? [] : [notShown(groupDigits(fit.retries), solved.command)])] };
      }
      case "preset-solution": {
        const { solution, command } = solve;
        return { pieces: [answer(presetSolutionLines(solution, command)), ...(solve.shown ? [] : [notShown(groupDigits(solution.attempts), command)])] };
      }
    }
  },
};
