import type { Command } from "commander";
import type { CommandDefinition } from "../command.js";
import { UsageError } from "../shared/errors.js";
import { unknownCommandMessage } from "../shared/guidance.js";
import { closest } from "../../core/text/closest.js";

const HELP_AFTER = `
Examples:
  $ backoff help                 # the schedule's options and every command
  $ backoff help check           # the same as backoff check --help
`;

/** `backoff help [command]`: the help of backoff, or of one command, on standard output. */
export const helpCommand: CommandDefinition = {
  name: "help",
  summary: "Print the help of backoff, or of one of its commands.",
  define(command: Command) {
    command.argument("[command]", "the command to explain");
    command.addHelpText("after", HELP_AFTER);
  },
  // Help is written through commander's output settings, which are io's streams.
  async run(command) {
    const name = command.processedArgs[0] as string | undefined;
    const program = command.parent!;
    if (name === undefined) {
      program.outputHelp();
      return 0;
    }
    const names = program.commands.map((c) => c.name());
    const target = program.commands.find((c) => c.name() === name);
    if (target === undefined) throw new UsageError(unknownCommandMessage(name, names, closest(name, names)));
    target.outputHelp();
    return 0;
  },
};
