import { deadlineSolveJson } from "../../deadline-solve.js";
import { presetNoSolutionJson, presetSolutionJson } from "../../preset-solve.js";
import type { SolveRenderer } from "../../renderer.js";
import { noSolutionJson, solutionJson } from "../../solve-report.js";

/** The answer, or why there is none, as one JSON document. */
export const renderer: SolveRenderer = {
  render(solve) {
    switch (solve.kind) {
      case "no-solution":
        return { pieces: [noSolutionJson(solve.reason, solve.input)] };
      case "preset-no-solution":
        return { pieces: [presetNoSolutionJson(solve.why)] };
      case "solution":
        return { pieces: [solutionJson(solve.solution, solve.shown)] };
      case "deadline-solution":
        return { pieces: [deadlineSolveJson(solve.fit, solve.context)] };
      case "deadline-no-solution":
        return { pieces: [deadlineSolveJson(solve.fit, null)] };
      case "preset-solution":
        return { pieces: [presetSolutionJson(solve.solution, solve.command, solve.rows())] };
    }
  },
};
