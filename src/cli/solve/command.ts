import type { Command } from "commander";
import { type CommandDefinition, commandOutput } from "../command.js";
import { addSharedOptions, synonymsFor } from "../shared/options.js";
import type { SolveOptions } from "./options.js";

const HELP_AFTER = `
Examples (leave out one parameter; give --total, or --deadline for what fits):
  $ backoff solve --attempts 5 --total 1h --base 1s            # the factor (≈ 7.473)
  $ backoff solve --attempts 5 --total 1h --factor 3           # the base
  $ backoff solve --total 10m --base 1s --cap 1m               # the attempts that fit (14)
  $ backoff solve --preset sidekiq --total 1d                  # sidekiq's retry count within a day
  $ backoff solve --preset cenkalti --attempts 10 --total 5m   # cenkalti's InitialInterval
  $ backoff solve --base 1s --attempt-time 2s --deadline 30s   # the retries that fit a deadline (4)

Factor and base are found by bisection on the total, which never decreases as either grows,
to a relative tolerance of 10^-12; the schedule shown uses the rounded answer, and its
achieved total (delays in whole ms) is stated. No solution: the reason, exit code 1.
`;

/** Words people type for solve's options: a total is also called a target or a budget. */
const SOLVE_SYNONYMS = {
  ...synonymsFor(["attempts", "base", "cap", "factor", "strategy", "format"]),
  "--target": "--total",
  "--budget": "--total",
  "--timeout": "--total",
  "--max-total": "--total",
};

/** What solve writes: in every format the registry writes it in (table first, the default). */
const OUTPUT = commandOutput("solve");

/** `backoff solve`: the one parameter left out, from a total. */
export const solveCommand: CommandDefinition = {
  name: "solve",
  summary: "Find the missing parameter: the factor, the base, or how many attempts fit a total.",
  output: OUTPUT,
  synonyms: SOLVE_SYNONYMS,
  define(command: Command) {
    command.option("-t, --total <duration>", "the total wait to reach (or, solving for attempts, the budget)");
    addSharedOptions(command, {
      attempts: { flags: "-a, --attempts <N>", description: "retries (leave out to find how many fit)" },
      base: { description: "the first delay (leave out to find it)", defaultText: null },
      factor: { description: "exponential growth per attempt (leave out to find it)", defaultText: null },
      cap: true,
      strategy: { description: "how the delay grows, when finding attempts" },
      preset: { description: "find a retry library's own parameter (backoff presets lists them): its retry count, base or factor" },
      jitter: { description: "under --preset, the library's jitter setting (attempts are found for the worst case)", defaultText: null },
      maxElapsed: true,
      deadline: { description: "instead of --total: find how many retries fire and finish before this timeout (from the first try's start)" },
      attemptTime: { description: "with --deadline: how long each try runs before it fails" },
      format: { formats: OUTPUT.formats },
      color: true,
    });
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io, program) {
    const { runSolve } = await import("./action.js");
    return runSolve(command.opts<SolveOptions>(), io, program.schedule);
  },
};
