import { Command, CommanderError, Option } from "commander";
import { STRATEGIES } from "../core/policy.js";
import { groupDigits } from "../format/numbers.js";
import { SCALE_KINDS } from "../format/scale.js";
import { ASSERT_KEYS, OPTION_KEYS, type OptionValues } from "./check-options.js";
import {
  CHECK_FORMATS,
  type CheckFormat,
  DEFAULT_CLIENTS,
  DEFAULT_SIMULATED_ATTEMPTS,
  DEFAULT_WINDOW,
  MAX_CLIENTS,
  SIMULATE_FORMATS,
  SOLVE_FORMATS,
} from "./command-options.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { DEFAULT_SEED } from "./random.js";
import { DEFAULT_ATTEMPTS, DEFAULT_BASE, FORMATS, type ScheduleOptions, runSchedule } from "./schedule-command.js";
import type { ConfigSwitches } from "./schedule-config.js";
import type { SimulateOptions } from "./simulate-command.js";
import type { SolveOptions } from "./solve-command.js";
import { closest } from "./suggest.js";
import { VERSION } from "./version.js";

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_USAGE = 2;
/** A bug in backoff itself (never expected; reported without a stack trace). */
export const EXIT_INTERNAL = 70;
/** Interrupted (Ctrl-C), as shells report a SIGINT: 128 + 2. */
export const EXIT_INTERRUPTED = 130;

const HELP_AFTER = `
Formula (attempt = the attempt that has just failed, from 1):
  exponential  delay = min(base × factor^(attempt−1), cap)
  linear       delay = min(base + step × (attempt−1), cap)
  fixed        delay = min(base, cap)
  Delays are whole milliseconds, rounded half up. Durations: 250 (ms), 250ms, 1.5s, 2m, 1h, 1d.

Examples:
  $ backoff --base 100 --cap 10s --attempts 5
  $ backoff --strategy linear --base 1s --step 500ms --attempts 3..8 --format csv > schedule.csv
  $ backoff --factor 1.6 --base 1s --cap 2m --format json | jq '.rows[-1].cumulative_ms'
  $ backoff --cap 30s --attempts 12 --chart
  $ backoff --cap 5m --attempts 20 --format svg > schedule.svg
  $ backoff --config retry.json --policy email
  $ backoff check --config retry.json
  $ backoff solve --attempts 5 --total 1h --base 1s
  $ backoff --base 100 --cap 10s --jitter full --seed 7          # ranges, mean and one sample
  $ backoff simulate --clients 100000 --cap 30s --jitter full    # the herd view (backoff simulate --help)
  $ backoff --preset bullmq --base 1s --jitter 0.5                # what BullMQ itself will do
  $ backoff presets grpc-js                                       # one library's formula, defaults, quirks

Jitter (--jitter): none, full (uniform [0, d]), equal (d/2 + uniform [0, d/2]),
  decorrelated (min(cap, uniform(base, previous × 3)); needs --cap), or a fraction
  such as 0.2 (uniform [d·0.8, d·1.2]). The cap stays a hard ceiling.

Exit codes:
  0  success
  1  a check found a problem (backoff check: a limit broken; backoff solve: no solution)
  2  bad usage or input (one line on stderr, nothing on stdout)
`;

const CHECK_HELP = `
Totals: total(k) = delay(1) + … + delay(k) + (k + 1) × attempt-time, the wall-clock from the
first try until try k + 1 has failed; the checked total is total(attempts), worst case for
--max-total (every jittered delay at its maximum), best case for --min-total. Figures come
from exact bounds, never from samples: a check gives the same answer on every run.

Warnings (fail only with --strict): no-cap (exponential without a cap), early-cap (more than
half the attempts wait the cap), no-jitter (no jitter with --clients 10 or more), exceeds-cap
(jitter can push delays above the cap), over-a-day (worst-case total beyond 24 h).

Config (--config file.json, or - for standard input), flags override it:
  {"strategy": "exponential", "base": "1s", "cap": "30s", "attempts": 8,
   "assert": {"max-total": "5m", "max-delay": "30s"}, "clients": 200}
  {"policies": {"email": {...}, "webhook": {...}}, "assert": {...}}
  {"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}   (BullMQ job options)

Examples:
  $ backoff check --config retry.json
  $ backoff check --base 1s --cap 30s --attempts 8 --max-total 5m --attempt-time 2s
  $ GITHUB_ACTIONS=true backoff check --config retry.json --strict

Exit codes: 0 every limit holds, 1 a limit is broken (or a warning under --strict), 2 bad input.
`;

const SOLVE_HELP = `
Leave out one parameter and give --total:
  $ backoff solve --attempts 5 --total 1h --base 1s          the factor (≈ 7.473)
  $ backoff solve --attempts 5 --total 1h --factor 3          the base
  $ backoff solve --total 10m --base 1s --cap 1m              the attempts that fit (14)

Factor and base are found by bisection on the total, which never decreases as either grows,
to a relative tolerance of 10^-12; the schedule shown uses the rounded answer, and its
achieved total (delays in whole ms) is stated. No solution: the reason, exit code 1.
`;

/** The options given on the command line (or env), leaving out commander's defaults. */
export function explicitOptions(command: Command): OptionValues {
  const values = command.opts() as Record<string, unknown>;
  const explicit: OptionValues = {};
  for (const key of OPTION_KEYS) {
    const source = command.getOptionValueSource(key);
    if (values[key] !== undefined && source !== undefined && source !== "default") explicit[key] = String(values[key]);
  }
  return explicit;
}

/** The option values commander filled in from defaults. */
function defaultOptions(command: Command): OptionValues {
  const values = command.opts() as Record<string, unknown>;
  const defaults: OptionValues = {};
  for (const key of OPTION_KEYS) {
    if (values[key] !== undefined && command.getOptionValueSource(key) === "default") defaults[key] = String(values[key]);
  }
  return defaults;
}

/** Commander's own messages, reshaped to the one-line `error: …` form used everywhere. */
function oneLine(message: string): string {
  const invalid = /^error: option '(?:-\w, )?(--[\w-]+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(message.trim());
  if (invalid) return `error: ${invalid[1]} must be one of ${invalid[3]}, got ${JSON.stringify(invalid[2])}\n`;
  return `${message.trim().replace(/\s*\n\s*\((.*)\)$/s, (_, hint: string) => ` (${hint.charAt(0).toLowerCase()}${hint.slice(1)})`).replace(/\s*\n\s*/g, " ")}\n`;
}

function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command("backoff")
    .description("Retry schedules: when each retry fires, how long until giving up, exponential against linear.")
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "print this help")
    .addOption(new Option("-s, --strategy <name>", "how the delay grows").choices(STRATEGIES).default("exponential"))
    .addOption(new Option("-b, --base <duration>", "the first delay (attempt 1 waits exactly this)").default(DEFAULT_BASE))
    .addOption(new Option("-c, --cap <duration>", "the ceiling every delay is clamped to (default: none)"))
    .addOption(new Option("--factor <number>", "exponential growth per attempt, 1 or more (default: 2)"))
    .addOption(new Option("--step <duration>", "linear growth per attempt; also the linear comparison's step (default: base)"))
    .addOption(new Option("-a, --attempts <N|A..B>", "attempts to show: 1..N, or A..B").default(DEFAULT_ATTEMPTS))
    .addOption(new Option("-f, --format <format>", "output format").choices(FORMATS).default("table"))
    .option("--chart", "draw the schedule under the table: bars, linear marker, cap line, jitter band")
    .addOption(new Option("--scale <scale>", "scale of --chart and --format svg (default: log when values span over 100×)").choices(SCALE_KINDS))
    .addOption(new Option("-j, --jitter <mode>", "none, full, equal, decorrelated, or a fraction in (0, 1] such as 0.2 (default: none); under --preset, the library's own jitter setting"))
    .addOption(new Option("--seed <integer>", "draw one sampled sequence with this seed (sample_ms, sample_cumulative_ms)"))
    .addOption(new Option("--preset <name>", "a retry library's exact schedule (backoff presets lists them); the options above become its own parameters"))
    .addOption(new Option("--max-elapsed <duration>", "under --preset cenkalti or p-retry: the elapsed time after which the library gives up"))
    .option("--no-color", "no colour, even on a terminal (NO_COLOR and FORCE_COLOR are honoured too)")
    .option("--config <file|->", "read the policy from a JSON file (- for standard input); flags override it")
    .option("--policy <name>", "the policy to use from a config file holding several")
    .addHelpText("after", HELP_AFTER)
    .enablePositionalOptions()
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      outputError: (text, write) => write(oneLine(text)),
    })
    // Options of `backoff` itself come before a subcommand, so `check` and `solve` own theirs.
    .enablePositionalOptions()
    .action(async (options: ScheduleOptions & ConfigSwitches, command: Command) => {
      if (command.args.length > 0) {
        const near = closest(command.args[0]!, ["check", "solve", "simulate", "presets"]);
        throw new UsageError(`unknown command ${JSON.stringify(command.args[0])}${near === null ? " (the commands are check, solve, simulate and presets)" : `; did you mean ${near}?`}`);
      }
      if (options.policy !== undefined && options.config === undefined) throw new UsageError(`--policy ${JSON.stringify(options.policy)} needs --config, which holds the named policies`);
      // The options set on the command line or in the file, rather than by default: a preset maps exactly these.
      const given = new Set(Object.keys(options).filter((name) => command.getOptionValueSource(name) === "cli"));
      if (options.config === undefined) {
        setExit(await runSchedule(options, io, given));
        return;
      }
      const { scheduleOptionsWithConfig } = await import("./schedule-config.js");
      const fromFile = await scheduleOptionsWithConfig(options, defaultOptions(command), explicitOptions(command), io);
      setExit(await runSchedule(fromFile.options, io, new Set([...given, ...fromFile.given])));
    });

  program
    .command("presets")
    .description("list the library presets, or print one in full")
    .argument("[name]", "a preset name")
    .action(async (name: string | undefined) => {
      const { runPresets } = await import("./preset-command.js");
      setExit(await runPresets(name, io));
    });

  const check = program
    .command("check")
    .description("Check a retry policy against limits (for CI): exit 0 when every limit holds, 1 when one is broken.")
    .option("--config <file|->", "read the policies, limits and clients from a JSON file (- for standard input); flags override it")
    .option("--policy <name>", "check only this policy of the config file")
    .addOption(new Option("-s, --strategy <name>", "how the delay grows (default: exponential)").choices(STRATEGIES))
    .option("-b, --base <duration>", `the first delay (default: ${DEFAULT_BASE})`)
    .option("-c, --cap <duration>", "the ceiling every delay is clamped to (default: none)")
    .option("--factor <number>", "exponential growth per attempt (default: 2)")
    .option("--step <duration>", "linear growth per attempt (default: base)")
    .option("-a, --attempts <N>", "retries the policy makes before giving up (default: 10)")
    .option("-j, --jitter <mode>", "none, full, equal, decorrelated, or a fraction in (0, 1]; checks use its exact bounds")
    .option("--preset <name>", "check a retry library's exact schedule (backoff presets lists them)");
  for (const [key, { help }] of Object.entries(ASSERT_KEYS)) {
    check.option(`--${key} <${ASSERT_KEYS[key as keyof typeof ASSERT_KEYS].kind === "count" ? "N" : "duration"}>`, help);
  }
  check
    .option("--clients <N>", "how many clients run this policy at once (no jitter from 10 is a warning)")
    .option("--strict", "fail (exit 1) on warnings too")
    .addOption(new Option("-f, --format <format>", "output format").choices(CHECK_FORMATS).default("text"))
    .option("--no-color", "no colour, even on a terminal")
    .addHelpText("after", CHECK_HELP)
    .action(async (options: { config?: string; policy?: string; strict?: boolean; format: CheckFormat; color: boolean }, command: Command) => {
      const { runCheck } = await import("./check-command.js");
      setExit(await runCheck(explicitOptions(command), { ...options, strict: options.strict === true }, io));
    });

  program
    .command("solve")
    .description("Find the missing parameter: the factor, the base, or how many attempts fit a total.")
    .option("-t, --total <duration>", "the total wait to reach (or, solving for attempts, the budget)")
    .option("-a, --attempts <N>", "retries (leave out to find how many fit)")
    .option("-b, --base <duration>", "the first delay (leave out to find it)")
    .option("--factor <number>", "exponential growth per attempt (leave out to find it)")
    .option("-c, --cap <duration>", "the ceiling every delay is clamped to")
    .addOption(new Option("-s, --strategy <name>", "how the delay grows, when finding attempts (default: exponential)").choices(STRATEGIES))
    .addOption(new Option("-f, --format <format>", "output format").choices(SOLVE_FORMATS).default("table"))
    .option("--no-color", "no colour, even on a terminal")
    .addHelpText("after", SOLVE_HELP)
    .action(async (options: SolveOptions) => {
      const { runSolve } = await import("./solve-command.js");
      setExit(await runSolve(options, io));
    });

  addSimulateCommand(program, io, setExit);

  // Set after the subcommands exist (they copy the setting when created): a stray word
  // reaches the schedule action, which answers with the nearest command.
  program.allowExcessArguments(true);
  program.hook("preSubcommand", (root, sub) => {
    const given = root.options.map((o) => o.attributeName()).filter((key) => root.getOptionValueSource(key) === "cli");
    if (given.length > 0) {
      const flag = root.options.find((o) => o.attributeName() === given[0])!.long;
      throw new UsageError(`${flag} must come after the command: backoff ${sub.name()} ${flag} …`);
    }
  });
  return program;
}

const SIMULATE_HELP_AFTER = `
A cohort of --clients fails together at t = 0 (or spread uniformly over --spread) and
every client retries by the policy until --attempts run out or a retry succeeds
(--success). Per attempt: clients firing, earliest, p50, p95 (nearest rank) and latest
fire time, and the peak load: the most retries inside any --window. The summary sets
the un-jittered policy beside the jittered one (peak load 1,000 → 37).

Examples:
  $ backoff simulate --clients 10000 --base 100 --cap 10s --jitter full
  $ backoff simulate --clients 1000000 --cap 30s --compare-jitter --format markdown
  $ backoff simulate --spread 2s --success 0.3 --jitter decorrelated --cap 1m --format json
`;

function addSimulateCommand(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("simulate")
    .description("the herd view: a cohort failing together, retrying with this policy and jitter")
    .helpOption("-h, --help", "print this help")
    .addOption(new Option("--clients <N>", `clients failing together, 1 to ${groupDigits(MAX_CLIENTS)}`).default(DEFAULT_CLIENTS))
    .addOption(new Option("--spread <duration>", "spread the first failures uniformly over this period (default: all at t = 0)"))
    .addOption(new Option("--success <p>", "the chance each retry succeeds, 0 to 1").default("0"))
    .addOption(new Option("--window <duration>", "the sliding window peak load is counted in").default(DEFAULT_WINDOW))
    .option("--compare-jitter", "one row per jitter mode (none, 0.2, full, equal, decorrelated) for the same cohort")
    .option("--chart", "draw the retries per --window under the table, jittered against un-jittered")
    .addOption(new Option("-s, --strategy <name>", "how the delay grows").choices(STRATEGIES).default("exponential"))
    .addOption(new Option("-b, --base <duration>", "the first delay").default(DEFAULT_BASE))
    .addOption(new Option("-c, --cap <duration>", "the ceiling every delay is clamped to (default: none)"))
    .addOption(new Option("--factor <number>", "exponential growth per attempt, 1 or more (default: 2)"))
    .addOption(new Option("--step <duration>", "linear growth per attempt (default: base)"))
    .addOption(new Option("-a, --attempts <N>", "retries per client at most").default(DEFAULT_SIMULATED_ATTEMPTS))
    .addOption(new Option("-j, --jitter <mode>", "none, full, equal, decorrelated, or a fraction in (0, 1] (default: none)"))
    .addOption(new Option("--seed <integer>", `the seed every draw comes from (default: ${DEFAULT_SEED})`))
    .addOption(new Option("-f, --format <format>", "output format").choices(SIMULATE_FORMATS).default("table"))
    .option("--no-color", "no colour, even on a terminal")
    // Output, exit override and suggestions are inherited from the program (commander copies them).
    .addHelpText("after", SIMULATE_HELP_AFTER)
    .action(async (options: SimulateOptions) => {
      const { runSimulate } = await import("./simulate-command.js");
      setExit(await runSimulate(options, io));
    });
}

/**
 * Runs the CLI on `argv` (the arguments after the program name) and returns the
 * exit code. Never throws: every failure becomes one line on stderr.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return io.signal?.aborted ? EXIT_INTERRUPTED : exitCode;
  } catch (error) {
    // By name as well: the subcommands are bundled apart (scripts/build.js), with their own copy of the class.
    if (error instanceof UsageError || (error instanceof Error && error.name === "UsageError")) {
      io.stderr.write(`error: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof Error && error.name === "WalkLimitError") {
      // core/limits.ts: a total with no closed form that would take minutes to add up.
      io.stderr.write(`error: ${error.message}; give a --cap that the delays reach sooner, or fewer --attempts\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CommanderError) {
      // Commander has already printed its message through outputError.
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" ? EXIT_OK : EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`backoff: internal error: ${message.split("\n")[0]} (please report this)\n`);
    return EXIT_INTERNAL;
  }
}
