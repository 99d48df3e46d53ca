import { Command, CommanderError, Option } from "commander";
import { STRATEGIES } from "../core/policy.js";
import { UsageError } from "./errors.js";
import type { Io } from "./io.js";
import { runPresets } from "./preset-command.js";
import { DEFAULT_ATTEMPTS, DEFAULT_BASE, FORMATS, type ScheduleOptions, runSchedule } from "./schedule-command.js";
import { VERSION } from "./version.js";

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_USAGE = 2;
/** A bug in backoff itself (never expected; reported without a stack trace). */
export const EXIT_INTERNAL = 70;

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
  $ backoff --preset bullmq --base 1s --jitter 0.5
  $ backoff presets grpc-js

Exit codes:
  0  success
  1  a check found a problem
  2  bad usage or input (one line on stderr, nothing on stdout)
`;

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
    .addOption(new Option("--preset <name>", "a retry library's exact schedule (backoff presets lists them); the options above become its own parameters"))
    .addOption(new Option("--jitter <mode>", "under --preset: the library's own jitter setting (e.g. 0.5 for bullmq, full for exponential-backoff)"))
    .addOption(new Option("--max-elapsed <duration>", "under --preset cenkalti or p-retry: the elapsed time after which the library gives up"))
    .option("--no-color", "no colour, even on a terminal (NO_COLOR and FORCE_COLOR are honoured too)")
    .addHelpText("after", HELP_AFTER)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      outputError: (text, write) => write(oneLine(text)),
    })
    .action(async (options: ScheduleOptions, command: Command) => {
      const given = new Set(Object.keys(options).filter((name) => command.getOptionValueSource(name) === "cli"));
      setExit(await runSchedule(options, io, given));
    });
  program
    .command("presets")
    .description("list the library presets, or print one in full")
    .argument("[name]", "a preset name")
    .action(async (name: string | undefined) => {
      setExit(await runPresets(name, io));
    });
  return program;
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
    return exitCode;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\n`);
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
