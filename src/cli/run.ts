import { Command, CommanderError } from "commander";
import type { CommandDefinition, Program } from "./command.js";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "./registry.js";
import { runSchedule } from "./schedule/run-schedule.js";
import { UsageError } from "./shared/errors.js";
import { type Io, writeChunks } from "./shared/io.js";
import { explainError, spelledOutMessage, synonymsBeside, unknownCommandMessage } from "./shared/guidance.js";
import { fitHelpText } from "../format/help-text.js";
import { fittedHelp } from "./shared/help-fit.js";
import { helpStyle } from "./shared/options.js";
import { closest } from "../core/text/closest.js";
import { VERSION } from "./shared/version.js";
import { outputWidth } from "./shared/width.js";
import { printableLine } from "../format/printable.js";

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_USAGE = 2;
/** A bug in backoff itself (never expected; reported without a stack trace). */
export const EXIT_INTERNAL = 70;
/** Interrupted (Ctrl-C), as shells report a SIGINT: 128 + 2. */
export const EXIT_INTERRUPTED = 130;

/** What a command may ask of the program (see Program): the schedule's run, which is on the start-up path anyway. */
const PROGRAM: Program = { schedule: runSchedule };

/** A stray word where a command was expected: the nearest command, or the list of them. */
function unknownCommand(word: string): UsageError {
  return new UsageError(unknownCommandMessage(word, COMMAND_NAMES, closest(word, COMMAND_NAMES)));
}

/** Declares a command, wires its action to the exit code and its errors to the guidance of its synonyms. */
function attach(command: Command, definition: CommandDefinition, io: Io, setExit: (code: number) => void, helpLater: HelpLater): void {
  definition.define(command);
  const more = definition.moreHelp;
  if (more !== undefined) command.on("afterHelp", () => helpLater.push(more));
  const path = definition === ROOT_COMMAND ? "backoff" : `backoff ${definition.name}`;
  const synonyms = synonymsBeside(definition.synonyms ?? {}, command);
  command.configureOutput({
    ...command.configureOutput(),
    outputError: (text, write) => write(explainError(text, command, synonyms, path)),
  });
  command.action(async (...args: unknown[]) => {
    const self = args.at(-1) as Command;
    if (definition === ROOT_COMMAND && self.args.length > 0) throw unknownCommand(self.args[0]!);
    setExit(await definition.run(self, io, PROGRAM));
  });
}

/** Help text to print after commander's, loaded once the help has been shown (see CommandDefinition.moreHelp). */
type HelpLater = Array<(io: Io) => Promise<string>>;

/** The program: the schedule as the root command, every subcommand of the registry under it. */
function buildProgram(io: Io, setExit: (code: number) => void, helpLater: HelpLater): Command {
  const program = new Command("backoff")
    .description(ROOT_COMMAND.summary)
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "print this help")
    .configureHelp({ ...helpStyle, ...fittedHelp })
    // "Did you mean" is backoff's own, one rule for every list (guidance.ts, core/text/closest.ts).
    .showSuggestionAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(fitHelpText(text, outputWidth(io))),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => outputWidth(io) ?? io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
    })
    // Options of `backoff` itself come before a subcommand, so each subcommand owns its own.
    .enablePositionalOptions();
  attach(program, ROOT_COMMAND, io, setExit, helpLater);
  for (const definition of SUBCOMMANDS) {
    // Subcommands copy the program's output, exit override and suggestion settings when created.
    const command = program.command(definition.name).description(definition.summary).helpOption("-h, --help", "print this help");
    attach(command, definition, io, setExit, helpLater);
  }
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

/**
 * Runs the CLI on `argv` (the arguments after the program name) and returns the
 * exit code. Never throws: every failure becomes one line on stderr.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let exitCode = EXIT_OK;
  const helpLater: HelpLater = [];
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    helpLater,
  );
  const writeHelpLater = async () => {
    for (const more of helpLater) await writeChunks(io.stdout, [await more(io)]);
  };
  try {
    // `--cap 10 seconds`: answered before commander reads "seconds" as a command or a PATH.
    const spelledOut = spelledOutMessage(argv, program);
    if (spelledOut !== null) throw new UsageError(spelledOut);
    await program.parseAsync([...argv], { from: "user" });
    await writeHelpLater();
    return io.signal?.aborted ? EXIT_INTERRUPTED : exitCode;
  } catch (error) {
    // By name as well: the subcommands are bundled apart (scripts/build.js), with their own copy of the class.
    if (error instanceof UsageError || (error instanceof Error && error.name === "UsageError")) {
      // A message may quote a file's own name (file:line:col): its control characters escaped, no line begun with "::".
      io.stderr.write(`${`error: ${error.message}`.split("\n").map(printableLine).join("\n")}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof Error && error.name === "WalkLimitError") {
      // core/limits.ts: a total with no closed form that would take minutes to add up.
      io.stderr.write(`error: ${error.message}; give a --cap that the delays reach sooner, or fewer --attempts\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CommanderError) {
      // Commander has already printed its message through outputError (or the help, to which this adds).
      if (error.code === "commander.helpDisplayed") await writeHelpLater();
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" ? EXIT_OK : EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`backoff: internal error: ${message.split("\n")[0]} (please report this)\n`);
    return EXIT_INTERNAL;
  }
}
