import type { CommandDefinition } from "./command.js";
import { chainCommand } from "./chain/command.js";
import { checkCommand } from "./check/command.js";
import { compareCommand } from "./compare/command.js";
import { completionCommand } from "./completion/command.js";
import { helpCommand } from "./help/command.js";
import { presetsCommand } from "./presets/command.js";
import { scheduleCommand } from "./schedule/command.js";
import { simulateCommand } from "./simulate/command.js";
import { solveCommand } from "./solve/command.js";

/**
 * Every command of backoff, in the order help lists them. run.ts builds the program
 * from this list; "did you mean", the fuzz test's command list and the build's lazy
 * bundles (every `import()` a command's `run` makes) follow from it: adding a command is
 * a folder and a line here.
 */
export const ROOT_COMMAND: CommandDefinition = scheduleCommand;

export const SUBCOMMANDS: readonly CommandDefinition[] = [checkCommand, solveCommand, simulateCommand, presetsCommand, compareCommand, chainCommand, helpCommand, completionCommand];

export const COMMAND_NAMES: readonly string[] = SUBCOMMANDS.map((command) => command.name);
