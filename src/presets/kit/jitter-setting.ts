/**
 * A library's jitter setting read from the raw --jitter text: every library spells its
 * jitter differently (a fraction, a switch, a named generator), so each preset picks
 * the reader that matches its parameter, naming that parameter in the error.
 */
import { plainDecimal } from "../../core/text/decimal.js";
import { PresetParameterError } from "../errors.js";

/** A jitter fraction such as 0.5, from `min` to `max` (included or not). */
export function parseFraction(text: string, parameter: string, options: { min: number; max: number; maxIncluded: boolean }): number {
  const value = plainDecimal(text);
  const inRange = value >= options.min && (options.maxIncluded ? value <= options.max : value < options.max);
  if (!inRange) {
    const top = options.maxIncluded ? `${options.max}` : `below ${options.max}`;
    throw new PresetParameterError("jitter", parameter, `a number from ${options.min} to ${top}`, JSON.stringify(text));
  }
  return value;
}

/** An on/off jitter switch (true/false, on/off, yes/no, 1/0). */
export function parseSwitch(text: string, parameter: string): boolean {
  const value = text.trim().toLowerCase();
  if (["true", "on", "yes", "1"].includes(value)) return true;
  if (["false", "off", "no", "0", "none"].includes(value)) return false;
  throw new PresetParameterError("jitter", parameter, "on or off (true/false)", JSON.stringify(text));
}

/** One of a library's named jitter choices. */
export function parseChoice<T extends string>(text: string, parameter: string, choices: readonly T[]): T {
  const value = text.trim().toLowerCase() as T;
  if (!choices.includes(value)) throw new PresetParameterError("jitter", parameter, `one of ${choices.join(", ")}`, JSON.stringify(text));
  return value;
}
