import { Command, CommanderError } from "commander";
import type { CommandDefinition } from "./command.js";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "./registry.js";
import { UsageError } from "./shared/errors.js";
import type { Io } from "./shared/io.js";
import { helpStyle } from "./shared/options.js";
import { closest } from "./shared/suggest.js";
import { VERSION } from "./shared/version.js";
import { outputWidth } from "./shared/width.js";

export const EXIT_OK = 0;
export const EXIT_CHECK_FAILED = 1;
export const EXIT_USAGE = 2;
/** A bug in backoff itself (never expected; reported without a stack trace). */
export const EXIT_INTERNAL = 70;

/** Commander's own messages, reshaped to the one-line `error: …` form used everywhere. */
function oneLine(message: string): string {
  const invalid = /^error: option '(?:-\w, )?(--[\w-]+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(message.trim());
  if (invalid) return `error: ${invalid[1]} must be one of ${invalid[3]}, got ${JSON.stringify(invalid[2])}\n`;
  return `${message.trim().replace(/\s*\n\s*\((.*)\)$/s, (_, hint: string) => ` (${hint.charAt(0).toLowerCase()}${hint.slice(1)})`).replace(/\s*\n\s*/g, " ")}\n`;
}

/** A stray word where a command was expected: the nearest command, or the list of them. */
function unknownCommand(word: string): UsageError {
  const near = closest(word, COMMAND_NAMES);
  const list = `${COMMAND_NAMES.slice(0, -1).join(", ")} and ${COMMAND_NAMES.at(-1)}`;
  return new UsageError(`unknown command ${JSON.stringify(word)}${near === null ? ` (the commands are ${list})` : `; did you mean ${near}?`}`);
}

/** Declares a command and wires its action to the exit code. */
function attach(command: Command, definition: CommandDefinition, io: Io, setExit: (code: number) => void): void {
  definition.define(command);
  command.action(async (...args: unknown[]) => {
    const self = args.at(-1) as Command;
    if (definition === ROOT_COMMAND && self.args.length > 0) throw unknownCommand(self.args[0]!);
    setExit(await definition.run(self, io));
  });
}

/** The program: the schedule as the root command, every subcommand of the registry under it. */
function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command("backoff")
    .description(ROOT_COMMAND.summary)
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "print this help")
    .configureHelp(helpStyle)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => outputWidth(io) ?? io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
      outputError: (text, write) => write(oneLine(text)),
    })
    // Options of `backoff` itself come before a subcommand, so each subcommand owns its own.
    .enablePositionalOptions();
  attach(program, ROOT_COMMAND, io, setExit);
  for (const definition of SUBCOMMANDS) {
    // Subcommands copy the program's output, exit override and suggestion settings when created.
    const command = program.command(definition.name).description(definition.summary).helpOption("-h, --help", "print this help");
    attach(command, definition, io, setExit);
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
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    // By name as well: the subcommands are bundled apart (scripts/build.js), with their own copy of the class.
    if (error instanceof UsageError || (error instanceof Error && error.name === "UsageError")) {
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
