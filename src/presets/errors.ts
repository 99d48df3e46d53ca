/**
 * What a preset says when it cannot build a model. Presets know the calculator's
 * options only by their override keys (baseMs, capMs, …), never by a command line's
 * spelling: a message mentions an option, and whoever shows it names the option its
 * own way (the CLI as --base, --cap, …).
 */
import type { OverrideName } from "./types.js";

/** An option mentioned inside a message. */
export interface OptionMention {
  readonly option: OverrideName;
}

/** A message in parts: plain text, and mentions of options. */
export type MessageParts = readonly (string | OptionMention)[];

export function option(name: OverrideName): OptionMention {
  return { option: name };
}

/** A tagged template for messages: `${option("capMs")}` becomes a mention, any other value text. */
export function parts(strings: TemplateStringsArray, ...values: readonly (string | number | OptionMention)[]): MessageParts {
  const out: (string | OptionMention)[] = [strings[0]!];
  values.forEach((value, index) => out.push(typeof value === "object" ? value : String(value), strings[index + 1]!));
  return out.filter((part) => part !== "");
}

/** The parts as one line, each option named by `name`. */
export function wordParts(message: MessageParts, name: (option: OverrideName) => string): string {
  return message.map((part) => (typeof part === "string" ? part : name(part.option))).join("");
}

/**
 * A value a preset cannot take, or a combination its library does not have. Its
 * `message` names each option by its override key; `worded` takes the caller's names.
 */
export class PresetError extends Error {
  override readonly name: string = "PresetError";
  readonly parts: MessageParts;
  constructor(message: MessageParts) {
    super(wordParts(message, (name) => name));
    this.parts = message;
  }

  /** The message with each option named by `name` (the CLI passes its flag spelling). */
  worded(name: (option: OverrideName) => string): string {
    return wordParts(this.parts, name);
  }
}

/**
 * One override the library cannot take: which option, the library's own name for it,
 * what it allows (in words, e.g. "a whole number of milliseconds") and what it got.
 */
export class PresetParameterError extends PresetError {
  override readonly name: string = "PresetParameterError";
  constructor(
    readonly parameter: OverrideName,
    /** The library's parameter, e.g. "BullMQ's backoff.jitter". */
    readonly libraryParameter: string,
    readonly allowed: string,
    /** The value given, as shown: `"full"` for text, `1.5 ms` for a duration. */
    readonly got: string,
  ) {
    super([option(parameter), ` is ${libraryParameter}, ${allowed}, got ${got}`]);
  }
}
