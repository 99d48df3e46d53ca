import { type Argument, type Command, Option } from "commander";
import { STRATEGIES } from "../../core/policy.js";
import { type FormatName, formatNamed } from "../../format/registry.js";
import { SCALE_KINDS } from "../../format/scale.js";
import { OPTION_KEYS, type OptionValues } from "../../config/option-values.js";
import { UsageError, shown } from "./errors.js";
import { POLICY_DEFAULTS } from "../../config/policy-values.js";

/**
 * The options several commands share, declared once: flags, value name and help. A
 * command names the ones it takes (in the order its help lists them) and may word a
 * description for itself (solve's "leave out to find it"); defaults live in
 * POLICY_DEFAULTS (src/config/policy-values.ts) and the commands' own tables, never in commander, so that a value
 * given on the command line, one from a config file and one left out stay apart
 * (presets map exactly what was given onto the library's parameters).
 */
interface OptionSpec {
  readonly flags: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** What help says the value is when the option is left out (not a commander default: see above). */
  readonly defaultText?: string;
}

export const SHARED_OPTIONS = {
  strategy: { flags: "-s, --strategy <name>", description: "how the delay grows", choices: STRATEGIES, defaultText: POLICY_DEFAULTS.strategy },
  base: { flags: "-b, --base <duration>", description: "the first delay; attempt 1 waits exactly this", defaultText: POLICY_DEFAULTS.base },
  cap: { flags: "-c, --cap <duration>", description: "the ceiling every delay is clamped to", defaultText: "none" },
  factor: { flags: "--factor <number>", description: "exponential growth per attempt, 1 or more", defaultText: "2" },
  step: { flags: "--step <duration>", description: "linear growth per attempt; also the linear comparison's step", defaultText: "base" },
  attempts: { flags: "-a, --attempts <N|A..B>", description: "attempts to show: 1..N, or A..B" },
  jitter: {
    flags: "-j, --jitter <mode>",
    description: "none, full, equal, decorrelated, or a fraction in (0, 1] such as 0.2; under --preset, the library's own jitter setting",
    defaultText: "none",
  },
  seed: { flags: "--seed <integer>", description: "draw one sampled sequence with this seed (sample_ms, sample_cumulative_ms)" },
  preset: { flags: "--preset <name>", description: "a retry library's exact schedule (backoff presets lists them); the options above become its own parameters" },
  maxElapsed: { flags: "--max-elapsed <duration>", description: "under a --preset that stops by elapsed time (cenkalti, p-retry, sidekiq retry_for, kafka, argo, temporal): when the library gives up" },
  attemptTime: {
    flags: "--attempt-time <duration>",
    description: "how long each try runs before it fails (its timeout): retry a starts at a × this + the delays before it",
    defaultText: "0",
  },
  deadline: { flags: "--deadline <duration>", description: "the overall timeout, from the first try's start: a retry that would start at or after it never fires" },
  retryAfter: {
    flags: "--retry-after <duration>",
    description: "the server sends this Retry-After with every failure (30s@A..B: before retries A..B only); without --preset each wait is max(delay, it), under one the library's own rule",
  },
  maxRetryAfter: { flags: "--max-retry-after <duration>", description: "under --preset got (retry.maxRetryAfter) or urllib3 (retry_after_max): the library's limit on a Retry-After" },
  format: { flags: "-f, --format <format>", description: "output format" },
  scale: { flags: "--scale <scale>", description: "scale of --chart and --format svg", choices: SCALE_KINDS, defaultText: "log when values span over 100×" },
  config: { flags: "--config <file|->", description: "read the policy from a JSON or YAML file (- for standard input); flags override it" },
  policy: { flags: "--policy <name>", description: "the policy to use from a config file holding several" },
  color: { flags: "--no-color", description: "no colour, even on a terminal (NO_COLOR and FORCE_COLOR are honoured too)" },
} as const satisfies Record<string, OptionSpec>;

export type SharedOptionName = keyof typeof SHARED_OPTIONS;

/**
 * What people coming from other tools type for the shared options (retry libraries'
 * and other CLIs' words): each is answered with the option meant. A command takes the
 * ones for the options it has (synonymsFor) into its table of synonyms, beside its
 * options, and adds its own.
 */
const SHARED_SYNONYMS: Partial<Record<SharedOptionName, readonly string[]>> = {
  attempts: ["--retries", "--count", "-n", "--tries", "--max-retries", "--retry"],
  base: ["--initial", "--delay", "--min", "--initial-delay", "--min-delay", "--min-timeout", "--interval"],
  cap: ["--max", "--max-delay", "--ceiling", "--limit", "--max-timeout", "--max-interval"],
  factor: ["--multiplier", "--exp", "--exponent"],
  strategy: ["--type", "--kind"],
  jitter: ["--random", "--randomize", "--randomization-factor"],
  format: ["--output", "-o"],
};

/** The shared synonyms of these options, each pointing at the option's long flag. */
export function synonymsFor(names: readonly SharedOptionName[]): Record<string, string> {
  const table: Record<string, string> = {};
  for (const name of names) {
    const long = /--[\w-]+/.exec(SHARED_OPTIONS[name].flags)![0];
    for (const word of SHARED_SYNONYMS[name] ?? []) table[word] = long;
  }
  return table;
}

/** How one command takes a shared option: its own wording, choices or default. */
export interface OptionUse {
  readonly description?: string;
  readonly flags?: string;
  readonly choices?: readonly string[];
  /** What help says the value is when left out; null says nothing. */
  readonly defaultText?: string | null;
  /**
   * --format: the names the command takes (src/format/registry.ts), the first the default.
   * They are the choices help and completion list; a value is read through the registry
   * (its aliases, "did you mean").
   */
  readonly formats?: readonly FormatName[];
}

/** Reads a --format value among `formats`: one line listing them, and the nearest when the word is a likely typo. */
function formatParser(formats: readonly FormatName[]): (value: string) => FormatName {
  return (value) => {
    const found = formatNamed(value, formats);
    if (found.format !== null) return found.format;
    throw new UsageError(`--format must be one of ${formats.join(", ")}, got ${shown(value)}${found.near === null ? "" : `; did you mean ${found.near}?`}`);
  };
}

/** Declares the shared options a command takes, in the order given. */
export function addSharedOptions(command: Command, uses: Partial<Record<SharedOptionName, OptionUse | true>>): Command {
  for (const [name, use] of Object.entries(uses) as [SharedOptionName, OptionUse | true][]) {
    const spec: OptionSpec = SHARED_OPTIONS[name];
    const own: OptionUse = use === true ? {} : use;
    const option = new Option(own.flags ?? spec.flags, own.description ?? spec.description);
    const choices = own.formats ?? own.choices ?? spec.choices;
    if (choices !== undefined) option.choices(choices);
    if (own.formats !== undefined) option.argParser(formatParser(own.formats)).default(own.formats[0], own.formats[0]);
    const defaultText = own.defaultText === undefined ? spec.defaultText : own.defaultText;
    // Shown by helpStyle() below; commander itself would show only real defaults.
    if (own.formats === undefined && defaultText != null) option.defaultValueDescription = defaultText;
    command.addOption(option);
  }
  return command;
}

/**
 * One style for every option's help line: "description (one of a, b, c; default: x)".
 * Set on the program; subcommands inherit it.
 */
export const helpStyle = {
  optionDescription(option: Option): string {
    const extra: string[] = [];
    if (option.argChoices) extra.push(`one of ${option.argChoices.join(", ")}`);
    if (option.defaultValueDescription !== undefined) extra.push(`default: ${option.defaultValueDescription}`);
    return extra.length === 0 ? option.description : `${option.description} (${extra.join("; ")})`;
  },
  argumentDescription(argument: Argument): string {
    return argument.argChoices ? `${argument.description} (one of ${argument.argChoices.join(", ")})` : argument.description;
  },
};

/** The values of the shared policy and limit options given on the command line (never defaults), as strings. */
export function givenValues(command: Command): OptionValues {
  const values = command.opts<Record<string, unknown>>();
  const given: OptionValues = {};
  for (const key of OPTION_KEYS) {
    if (values[key] !== undefined && command.getOptionValueSource(key) === "cli") given[key] = String(values[key]);
  }
  return given;
}

/** An option of a command's own whose help names what leaving it out means. */
export function withDefaultText(option: Option, text: string): Option {
  option.defaultValueDescription = text;
  return option;
}
