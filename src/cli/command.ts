import type { Command } from "commander";
import type { OptionValues } from "../config/option-values.js";
import { type FormatName, type FormatOf, formatsWriting } from "../format/registry.js";
import type { Output } from "../format/renderer.js";
import type { Synonyms } from "./shared/guidance.js";
import type { Io } from "./shared/io.js";
import type { OutputSwitches } from "./shared/render.js";

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
  /** Words people type for this command's options, answered with the option meant ("--retries" → "--attempts"). */
  readonly synonyms?: Synonyms;
  /** What it writes and in which formats (absent: it writes no --format output). */
  readonly output?: CommandOutput;
  define(command: Command): void;
  /**
   * Help that needs modules kept off the start-up path (the preset names): loaded
   * only when this command's help has been shown, and printed after it.
   */
  readonly moreHelp?: (io: Io) => Promise<string>;
  run(command: Command, io: Io, program: Program): Promise<number>;
}

/**
 * What a command may ask of the program it runs in, besides its io: the schedule, written as the
 * root command writes it (solve shows its answer's). run.ts provides it, so a command that shows a
 * schedule imports nothing from src/cli/schedule/ (no command imports another command's folder).
 */
export interface Program {
  /** Writes the schedule the values describe, as `backoff` given them does (src/cli/schedule/run-schedule.ts); the exit code. */
  schedule(values: OptionValues, output: OutputSwitches, io: Io): Promise<number>;
}

/** One output a command writes and the formats that write it, the first the default. */
export interface OutputWritten {
  readonly writes: Output;
  readonly formats: readonly FormatName[];
}

/**
 * What a command writes (outputs of src/format/registry.ts): one output, or one per model
 * (simulate: the cohort's, then --model occ's and --model capacity's), each in its own
 * formats; `formats`, every name its --format takes, the first the default. Its --format
 * option, help, completion and the test/format/registry.test.ts check of every name read this.
 */
export interface CommandOutput {
  readonly writes: readonly OutputWritten[];
  readonly formats: readonly FormatName[];
  /**
   * Formats the command writes beside the one chosen, never named with --format: check's
   * GitHub annotations (the `github` check format) under GITHUB_ACTIONS.
   */
  readonly beside?: readonly OutputWritten[];
}

/** One output and its formats: by default every format the registry has a renderer of it in (formatsWriting), in the registry's order. */
export function outputWritten<O extends Output>(writes: O, formats: readonly FormatOf<O>[] = formatsWriting(writes)): OutputWritten {
  return { writes, formats };
}

/** A command's output (and those of its other models), each in the formats the registry writes it in unless given. */
export function commandOutput(writes: Output | OutputWritten, ...others: readonly OutputWritten[]): CommandOutput {
  const outputs = [typeof writes === "string" ? outputWritten(writes) : writes, ...others];
  return { writes: outputs, formats: [...new Set(outputs.flatMap((output) => output.formats))] };
}
