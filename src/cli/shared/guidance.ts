import type { Command, Option } from "commander";
import { closest, didYouMean } from "../../core/text/closest.js";
import { JITTER_MODES } from "../../config/jitter-options.js";
import { spelledOutDuration } from "../../config/spelled-out.js";
import { commandLine } from "../../format/command-line.js";

/**
 * Answers to first guesses, for run.ts's error mapping: an unknown option that another
 * tool spells differently gets the option meant (each command's table of synonyms,
 * beside its options), an option without its value gets what it takes, and every
 * message of commander's is reshaped to the one-line `error: …` form.
 */

/** Per command: a word people type → the option (or options) they mean, such as "--retries" → "--attempts". */
export type Synonyms = Readonly<Record<string, string>>;

/** What a value placeholder stands for, in the words of "--base needs a value: …". */
const PLACEHOLDER_HINTS: Readonly<Record<string, string>> = {
  "<duration>": "a duration such as 250ms, 1.5s, 2m or 1h (a bare number is milliseconds)",
  "<number>": "a number such as 1.6",
  "<N>": "a whole number such as 5",
  "<N|A..B>": "a count such as 10 (attempts 1..10) or a range such as 3..8",
  "<integer>": "a whole number such as 7",
  "<file|->": "a JSON or YAML file, or - for standard input",
  "<p>": "a probability from 0 to 1 such as 0.1",
};

/** Options whose value needs more words than their placeholder's. */
const OPTION_HINTS: Readonly<Record<string, string>> = {
  "--jitter": `${JITTER_MODES.join(", ")}, or a fraction in (0, 1] such as 0.2`,
  "--preset": "a library's name (backoff presets lists them)",
  "--policy": "the name of a policy in the --config file",
};

/** "a, b or c" (or "a, b and c"). */
export function listed(words: readonly string[], conjunction: "or" | "and" = "or"): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

/** What an option's value may be: its choices, or words for its placeholder. */
export function valueHint(option: Option): string {
  if (option.argChoices) return `one of ${option.argChoices.join(", ")}`;
  const own = option.long === undefined ? undefined : OPTION_HINTS[option.long];
  if (own !== undefined) return own;
  const placeholder = /<[^>]+>/.exec(option.flags)?.[0] ?? "";
  return PLACEHOLDER_HINTS[placeholder] ?? placeholder;
}

/** A stray word where a command was expected: the nearest command, or the list of them. */
export function unknownCommandMessage(word: string, names: readonly string[], near: string | null): string {
  // `backoff 5`: a count typed without its option; attempts is what a bare count means here.
  if (/^\d+(\.\.\d+)?$/.test(word)) return `unknown command ${JSON.stringify(word)}; did you mean --attempts ${word}?`;
  return `unknown command ${JSON.stringify(word)}${near === null ? ` (the commands are ${listed(names, "and")})` : `; did you mean ${near}?`}`;
}

/** Commander's own messages, reshaped to the one-line `error: …` form used everywhere. */
export function oneLine(message: string): string {
  const invalid = /^error: option '(?:-\w, )?(--[\w-]+)[^']*' argument '(.*)' is invalid\. Allowed choices are (.*)\.$/s.exec(message.trim());
  if (invalid) return `error: ${invalid[1]} must be one of ${invalid[3]}, got ${JSON.stringify(invalid[2])}${didYouMean(invalid[2]!, invalid[3]!.split(", "))}\n`;
  return `${message.trim().replace(/\s*\n\s*\((.*)\)$/s, (_, hint: string) => ` (${hint.charAt(0).toLowerCase()}${hint.slice(1)})`).replace(/\s*\n\s*/g, " ")}\n`;
}

/** The long options help lists for `command` (its own: options come before a subcommand, see run.ts). */
function longFlags(command: Command): string[] {
  return command
    .createHelp()
    .visibleOptions(command)
    .flatMap((option) => (option.long === undefined ? [] : [option.long]));
}

/**
 * The synonyms a command answers with: its table's words that are not options of its own
 * (`--output` is another tool's word for --format, but check's own FORMAT=FILE option there),
 * so that no command filters the shared table by hand.
 */
export function synonymsBeside(synonyms: Synonyms, command: Command): Synonyms {
  const own = new Set(command.options.flatMap((option) => [option.long, option.short]));
  return Object.fromEntries(Object.entries(synonyms).filter(([word]) => !own.has(word)));
}

/**
 * One of commander's error messages for `command` (called `path` on the command line,
 * "backoff check"), with guidance: the option meant for an unknown one, what a value
 * may be for an option or argument left without one.
 */
export function explainError(message: string, command: Command, synonyms: Synonyms, path: string): string {
  const unknown = /^error: unknown option '([^']+)'/.exec(message);
  if (unknown) {
    const word = unknown[1]!;
    const flag = word.replace(/=.*$/s, "");
    // What other tools call the option first (an own key of the table only), then a near spelling of a long option help lists.
    if (Object.hasOwn(synonyms, flag)) return `error: unknown option '${word}' (did you mean ${synonyms[flag]}?)\n`;
    if (command.name() === "help" && word.startsWith("--")) {
      return `error: backoff help takes a command's name, not an option: '${word}' (backoff --help lists the schedule's options, backoff help COMMAND a command's)\n`;
    }
    const near = flag.startsWith("--") ? closest(flag, longFlags(command)) : null;
    return near === null ? `error: unknown option '${word}' (${path} --help lists the options)\n` : `error: unknown option '${word}' (did you mean ${near}?)\n`;
  }
  const missing = /^error: option '(.+)' argument missing/.exec(message);
  const option = missing && command.options.find((o) => o.flags === missing[1]);
  if (option) return `error: ${option.long ?? option.short} needs a value: ${valueHint(option)}\n`;
  const argument = /^error: missing required argument '(.+)'/.exec(message);
  const declared = argument && command.registeredArguments.find((a) => a.name() === argument[1]);
  if (declared) return `error: ${path} needs a ${declared.name()}${declared.argChoices ? `: ${listed(declared.argChoices)}` : ""}\n`;
  const extra = /^error: too many arguments(?: for '[^']+')?\. Expected (\d+) arguments? but got (\d+)\./.exec(message);
  if (extra) {
    const [, expected, got] = extra;
    return `error: ${path} takes ${expected === "0" ? "no arguments" : expected === "1" ? "at most one argument" : `at most ${expected} arguments`}, got ${got} (${path} --help shows its usage)\n`;
  }
  const invalid = /^error: command-argument value '(.*)' is invalid for argument '(.+)'\. Allowed choices are (.*)\.\s*$/s.exec(message);
  if (invalid) return `error: ${path} takes a ${invalid[2]}: ${listed(invalid[3]!.split(", "))}, got ${JSON.stringify(invalid[1])}${didYouMean(invalid[1]!, invalid[3]!.split(", "))}\n`;
  return oneLine(message);
}

/** The long and short flags of every option, of `command` and its subcommands, whose value is a `<duration>`. */
function durationFlags(command: Command): Set<string> {
  const flags = new Set<string>();
  for (const each of [command, ...command.commands]) {
    for (const option of each.options) {
      if (!option.flags.includes("<duration>")) continue;
      if (option.long !== undefined) flags.add(option.long);
      if (option.short !== undefined) flags.add(option.short);
    }
  }
  return flags;
}

/** `--cap 10 seconds` (config/spelled-out.ts): the one line with the whole command corrected, or null. */
export function spelledOutMessage(argv: readonly string[], command: Command): string | null {
  const found = spelledOutDuration(argv, durationFlags(command));
  return found === null ? null : `${found.typed}: a duration is one word, its unit joined to the number; did you mean ${commandLine(found.corrected)}?`;
}
