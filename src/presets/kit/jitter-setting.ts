/**
 * A library's jitter setting read from the raw --jitter text: every library spells its
 * jitter differently (a fraction, a switch, a named generator), so each preset picks
 * the reader that matches its parameter, naming that parameter in the error.
 */
import { plainDecimal } from "../../core/text/decimal.js";
import { PresetParameterError } from "../errors.js";

/** Whether a jitter setting asks for no jitter: the calculator's "none", or 0 (0.0, …). */
export function isJitterOff(text: string): boolean {
  const value = text.trim().toLowerCase();
  return value === "none" || (/^[0-9.]+$/.test(value) && plainDecimal(value) === 0);
}

/** A jitter fraction such as 0.5, from `min` to `max` (included or not); "none" is 0, for a fraction that may be 0. */
export function parseFraction(text: string, parameter: string, options: { min: number; max: number; maxIncluded: boolean }): number {
  if (options.min === 0 && text.trim().toLowerCase() === "none") return 0;
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

/** One of a library's named jitter choices; 0 names its "none" when it has one. */
export function parseChoice<T extends string>(text: string, parameter: string, choices: readonly T[]): T {
  const none = choices.find((choice) => choice === "none");
  if (none !== undefined && isJitterOff(text)) return none;
  const value = text.trim().toLowerCase() as T;
  if (!choices.includes(value)) throw new PresetParameterError("jitter", parameter, `one of ${choices.join(", ")}`, JSON.stringify(text));
  return value;
}
