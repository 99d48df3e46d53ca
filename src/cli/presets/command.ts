import type { Command } from "commander";
import type { CommandDefinition } from "../command.js";
import { addSharedOptions } from "../shared/options.js";

const FORMATS = ["text", "json"] as const;

/** `backoff presets [name]`: the library presets. */
export const presetsCommand: CommandDefinition = {
  name: "presets",
  summary: "list the library presets, or print one in full",
  define(command: Command) {
    command.argument("[name]", "a preset name");
    addSharedOptions(command, { format: { choices: FORMATS, default: "text" } });
  },
  async run(command, io) {
    const { runPresets } = await import("./action.js");
    return runPresets(command.processedArgs[0] as string | undefined, command.opts<{ format: (typeof FORMATS)[number] }>().format, io);
  },
};
