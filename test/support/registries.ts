import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CommandDefinition } from "../../src/cli/command.js";
import { COMMAND_NAMES, ROOT_COMMAND, SUBCOMMANDS } from "../../src/cli/registry.js";
import { PRESETS } from "../../src/presets/registry.js";
import { ROOT } from "./paths.js";

// The registries' lists as tests read them: a test derives the formats, commands or presets it
// names from here (or from the registry itself), never by spelling them out, so that adding one
// breaks only the inventory tests that hold each registry against its generated docs
// (issue 35, item 3).

/** The command `backoff <name>` runs ("" for the schedule). */
export function commandNamed(name: string): CommandDefinition {
  const command = [ROOT_COMMAND, ...SUBCOMMANDS].find((definition) => definition.name === name);
  if (command === undefined) throw new Error(`no command ${JSON.stringify(name)} in the registry`);
  return command;
}

/** The formats `backoff <name> --format` takes, the first the default. */
export function formatsOf(name: string): readonly string[] {
  const output = commandNamed(name).output;
  if (output === undefined) throw new Error(`backoff ${name} writes no --format output`);
  return output.formats;
}

/** What `backoff <name> --format` takes, as its messages list them: "table, csv, …". */
export function formatList(name: string): string {
  return formatsOf(name).join(", ");
}

/** "a, b and c", as the messages list words. */
export function listedWith(words: readonly string[], conjunction: "and" | "or"): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

/** The commands as "unknown command" lists them: "check, solve, … and completion". */
export const COMMANDS_LISTED = listedWith(COMMAND_NAMES, "and");

/** Every preset's name, sorted, as the messages that list them give them. */
export const PRESET_NAMES_SORTED: readonly string[] = PRESETS.map((preset) => preset.name).sort();

/** A generated document as it is on disk (docs/presets.md, man/backoff.1, …), the inventory tests' reference. */
export function generatedDoc(path: string): string {
  return readFileSync(join(ROOT, path), "utf8");
}
