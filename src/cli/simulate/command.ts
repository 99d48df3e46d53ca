import { type Command, Option } from "commander";
import { groupDigits } from "../../core/text/digits.js";
import { type CommandDefinition, commandOutput, outputWritten } from "../command.js";
import { addSharedOptions, givenValues, synonymsFor, withDefaultText } from "../shared/options.js";
import { defineHerdOptions } from "./herd-options.js";
import { DEFAULT_CLIENTS, DEFAULT_SEED, DEFAULT_SIMULATED_ATTEMPTS, DEFAULT_WINDOW, MAX_CLIENTS, MAX_OCC_CLIENTS, OCC_DEFAULT_CLIENTS, type SimulateSwitches } from "./switches.js";

const HELP_AFTER = `
A cohort of --clients fails together at t = 0 (or spread uniformly over --spread) and
every client retries by the policy until --attempts run out or a retry succeeds
(--success). Per attempt: clients firing, earliest, p50, p95 (nearest rank) and latest
fire time, and the peak load: the most retries inside any --window. The summary sets
the un-jittered policy beside the jittered one (peak load 1,000 → 37).

--model occ runs the AWS "Exponential Backoff And Jitter" experiment (100 clients updating
one row by optimistic concurrency; calls and time to completion per jitter mode, means over
--runs). --model capacity sends --rps requests into a server of --capacity calls/s with an
--outage, retries by the policy within the limits given, and reports per --window whether
the system recovers or stays saturated by retries; with --expected, as the mean over runs,
worked out per millisecond (its cost follows the simulated time, not the calls).

Examples:
  $ backoff simulate --clients 10000 --base 100 --cap 10s --jitter full
  $ backoff simulate --clients 1000000 --cap 30s --compare-jitter --format markdown
  $ backoff simulate --spread 2s --success 0.3 --jitter decorrelated --cap 1m --format json
  $ backoff simulate --preset cenkalti --clients 10000                # the library's own jitter and stop
  $ backoff simulate --clients 1000 --jitter full --format tsv > herd.tsv
  $ backoff simulate --model occ --compare-jitter                     # the AWS experiment, 100 clients
  $ backoff simulate --model occ --compare-jitter --clients 10..190:10 --format svg > occ.svg
  $ backoff simulate --model capacity --outage 10s..20s --base 100ms --cap 1s --jitter full --attempts 3
  $ backoff simulate --model capacity --outage 10s..20s --compare none,budget=10%,quota,throttling
  $ backoff simulate --model capacity --rps 100000 --capacity 200000 --outage 1m..2m --expected   # the mean, at any rate
`;

/** Words people type for simulate's options; a bare count could be the clients or the attempts. */
const SIMULATE_SYNONYMS = {
  ...synonymsFor(["attempts", "base", "cap", "factor", "strategy", "jitter", "format"]),
  "--count": "--clients or --attempts",
  "-n": "--clients or --attempts",
  "--population": "--clients",
  "--cohort": "--clients",
  "--probability": "--success",
};

/** What simulate writes, per model, each in every format the registry writes it in (table first, the default; svg draws the herd models only). */
const OUTPUT = commandOutput("simulation", outputWritten("occ"), outputWritten("capacity"));

/** `backoff simulate`: the herd view. */
export const simulateCommand: CommandDefinition = {
  name: "simulate",
  summary: "Simulate the herd: a cohort failing together, retrying with this policy and jitter.",
  output: OUTPUT,
  synonyms: SIMULATE_SYNONYMS,
  define(command: Command) {
    command
      .addOption(new Option("--clients <N>", `clients failing together, 1 to ${groupDigits(MAX_CLIENTS)}; occ: clients updating the row, 1 to ${groupDigits(MAX_OCC_CLIENTS)}, or a sweep FROM..TO:STEP`).default(DEFAULT_CLIENTS, `${DEFAULT_CLIENTS}; occ: ${OCC_DEFAULT_CLIENTS}`))
      .addOption(withDefaultText(new Option("--spread <duration>", "spread the first failures uniformly over this period"), "all at t = 0"))
      .addOption(new Option("--success <p>", "the chance each retry succeeds, 0 to 1").default("0", "0"))
      .addOption(new Option("--window <duration>", "the sliding window peak load is counted in").default(DEFAULT_WINDOW, DEFAULT_WINDOW))
      .option("--compare-jitter", "one row per jitter mode (none, 0.2, full, equal, and decorrelated with --cap) for the same cohort")
      .option("--chart", "draw the retries per --window under the table, jittered against un-jittered");
    defineHerdOptions(command);
    addSharedOptions(command, {
      strategy: true,
      base: { description: "the first delay" },
      cap: true,
      factor: true,
      step: { description: "linear growth per attempt" },
      attempts: { flags: "-a, --attempts <N>", description: "retries per client at most", defaultText: DEFAULT_SIMULATED_ATTEMPTS },
      jitter: { description: "none, full, equal, decorrelated, or a fraction in (0, 1]" },
      seed: { description: "the seed every draw comes from", defaultText: String(DEFAULT_SEED) },
      preset: { description: "a retry library's own schedule, jitter and stopping rule (backoff presets lists them); the options above become its parameters" },
      maxElapsed: true,
      format: { formats: OUTPUT.formats },
      color: true,
    });
    command.addHelpText("after", HELP_AFTER);
  },
  async run(command, io) {
    const { runSimulate } = await import("./action.js");
    // Which of its own options were typed: the models' defaults differ (--clients, --window), and an option of another model is refused.
    const given = new Set(command.options.map((option) => option.attributeName()).filter((key) => command.getOptionValueSource(key) === "cli"));
    return runSimulate(givenValues(command), command.opts<SimulateSwitches>(), io, given);
  },
};
