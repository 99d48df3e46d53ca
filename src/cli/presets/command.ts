import type { Command } from "commander";
import type { FormatName } from "../../format/registry.js";
import { type CommandDefinition, commandOutput } from "../command.js";
import { addSharedOptions } from "../shared/options.js";

const HELP_AFTER = `
Examples:
  $ backoff presets                         # every preset: formula, defaults, source
  $ backoff presets grpc-js                 # one in full: overrides and quirks
  $ backoff presets grpc-js --format json   # the same as data, for tools
  $ backoff --preset grpc-js --cap 30s      # its schedule, with its own parameters
`;

/** What presets writes: in every format the registry writes it in (table first, the default). */
const OUTPUT = commandOutput("presets");

/** `backoff presets [name]`: the library presets. */
export const presetsCommand: CommandDefinition = {
  name: "presets",
  summary: "List the library presets, or print one in full.",
  output: OUTPUT,
  define(command: Command) {
    command.argument("[name]", "a preset name (listed below)");
    addSharedOptions(command, { format: { formats: OUTPUT.formats } });
    command.addHelpText("after", HELP_AFTER);
  },
  async moreHelp(io) {
    const { presetNamesHelp } = await import("./action.js");
    return presetNamesHelp(io);
  },
  async run(command, io) {
    const { runPresets } = await import("./action.js");
    return runPresets(command.processedArgs[0] as string | undefined, command.opts<{ format: FormatName }>().format, io);
  },
};
