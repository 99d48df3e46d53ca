import type { Command } from "commander";
import type { Io } from "./shared/io.js";

/**
 * One command of `backoff`, as the registry (registry.ts) lists it. `define` declares
 * its options, arguments and help on commander's command; `run` does the work and
 * returns the exit code. A command's folder holds its definition (command.ts, on the
 * start-up path) and its action (action.ts): `run` imports the action with `import()`,
 * and scripts/build.js turns every such import into a lazily required bundle, so an
 * action's code is parsed only when it runs.
 */
export interface CommandDefinition {
  /** The word after `backoff` ("check"); the root command (the schedule) has none. */
  readonly name: string;
  /** One line for the command overview in `backoff --help`. */
  readonly summary: string;
  define(command: Command): void;
  run(command: Command, io: Io): Promise<number>;
}
