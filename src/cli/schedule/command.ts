import type { Command } from "commander";
import { type CommandDefinition, commandOutput } from "../command.js";
import { addSharedOptions, givenValues, synonymsFor } from "../shared/options.js";
import { DEFAULT_ATTEMPTS } from "../../config/policy-values.js";
import { type ScheduleSwitches, runScheduleCommand } from "./action.js";

const HELP_AFTER = `
Formula (attempt = the attempt that has just failed, from 1):
  exponential  delay = min(base × factor^(attempt−1), cap)
  linear       delay = min(base + step × (attempt−1), cap)
  fixed        delay = min(base, cap)
  Delays are whole milliseconds, rounded half up. Durations: 250 (ms), 250ms, 1.5s, 2m, 1h, 1d.

Examples:
  $ backoff --base 100 --cap 10s --attempts 5
  $ backoff --strategy linear --attempts 3..8 --format csv > linear.csv
  $ backoff --factor 1.6 --cap 2m --format json | jq '.rows[-1].cumulative_ms'
  $ backoff --cap 30s --attempts 12 --chart
  $ backoff --cap 5m --attempts 20 --format svg > schedule.svg
  $ backoff --attempts 10 --attempt-time 2s --deadline 30s       # which retries fire in time
  $ backoff --preset got --retry-after 30s                        # what a library does with Retry-After
  $ backoff --config retry.json --policy email
  $ backoff check --config retry.json
  $ backoff solve --attempts 5 --total 1h --base 1s
  $ backoff --base 100 --cap 10s --jitter full --seed 7          # ranges, mean and one sample
  $ backoff simulate --clients 100000 --cap 30s --jitter full    # the herd view (backoff simulate --help)
  $ backoff --preset bullmq --base 1s --jitter 0.5                # what BullMQ itself will do
  $ backoff presets grpc-js                                       # one library's formula, defaults, quirks
  $ backoff help check                                            # one command's options and examples
  $ source <(backoff completion bash)                             # TAB completion (also zsh, fish)

Jitter (--jitter): none, full (uniform [0, d]), equal (d/2 + uniform [0, d/2]),
  decorrelated (min(cap, uniform(base, previous × 3)); needs --cap), or a fraction
  such as 0.2 (uniform [d·0.8, d·1.2]). The cap stays a hard ceiling. The delay
  column is always the jitter-free value the formula gives (under --preset too);
  the range and mean beside it are the draws'.

Exit codes:
  0  success
  1  a check found a problem (backoff check: a limit broken; backoff solve: no solution)
  2  bad usage or input (one line on stderr, nothing on stdout)
`;

/** Words people type for the schedule's options (and -v for the version, as many tools spell it). */
const SCHEDULE_SYNONYMS = {
  ...synonymsFor(["attempts", "base", "cap", "factor", "strategy", "jitter", "format"]),
  "-v": "-V",
  "--library": "--preset",
  "--file": "--config",
};

/** What the schedule writes: in every format the registry writes it in (table first, the default). */
const OUTPUT = commandOutput("schedule");

/** `backoff [options]`: the schedule itself, the root command (its action is on the start-up path). */
export const scheduleCommand: CommandDefinition = {
  name: "",
  summary: "Retry schedules: when each retry fires, how long until giving up, exponential against linear.",
  output: OUTPUT,
  synonyms: SCHEDULE_SYNONYMS,
  define(command: Command) {
    addSharedOptions(command, {
      strategy: true,
      base: true,
      cap: true,
      factor: true,
      step: true,
      attempts: { defaultText: DEFAULT_ATTEMPTS },
      attemptTime: true,
      deadline: true,
      retryAfter: true,
      maxRetryAfter: true,
      format: { formats: OUTPUT.formats },
    });
    command.option("--chart", "draw the schedule under the table: bars, linear marker, cap line, jitter band");
    addSharedOptions(command, { scale: true, jitter: true, seed: true, preset: true, maxElapsed: true, color: true, config: true, policy: true });
    command.addHelpText("after", HELP_AFTER);
  },
  run: (command, io) => runScheduleCommand(givenValues(command), command.opts<ScheduleSwitches>(), io),
};
