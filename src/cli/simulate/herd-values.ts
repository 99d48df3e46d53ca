import type { NetworkModel } from "../../core/herd/network.js";
import { UsageError, shown } from "../shared/errors.js";
import { exactDecimalNumber, inputText, parseDuration, readDecimal, readDuration, durationNumber, readWhole } from "../../config/values.js";

/**
 * The values of the herd models' options, read one by one and named in every error:
 * client sweeps, a network's MEAN±SD, spans START..END, percentages and the limits'
 * parameter lists.
 */

/** A whole number from `min` to `max`, plain digits. */
export function parseWholeIn(option: string, text: string, min: number, max: number, expected = `a whole number from ${min} to ${max}`): number {
  const value = readWhole(option, text, expected);
  if (value === null || value < min || value > max) throw new UsageError(`${option} must be ${expected}, got ${shown(text)}`);
  return value;
}

/** `--clients N` or a sweep `FROM..TO:STEP` (step 1 when left out), as the client counts, ascending. */
export function parseClientCounts(option: string, text: string, max: number, maxPoints: number): number[] {
  const trimmed = inputText(option, text);
  const sweep = /^(\d+)\.\.(\d+)(?::(\d+))?$/.exec(trimmed);
  const expected = `a whole number from 1 to ${max}, or a sweep FROM..TO:STEP such as 10..190:10`;
  if (!sweep) return [parseWholeIn(option, trimmed, 1, max, expected)];
  const [, fromText, toText, stepText] = sweep as unknown as [string, string, string, string | undefined];
  const from = parseWholeIn(option, fromText, 1, max, expected);
  const to = parseWholeIn(option, toText, 1, max, expected);
  const step = stepText === undefined ? 1 : parseWholeIn(option, stepText, 1, max, expected);
  if (to < from) throw new UsageError(`${option} sweep must run upwards (FROM ≤ TO), got ${shown(text)}`);
  const points = Math.floor((to - from) / step) + 1;
  if (points > maxPoints) throw new UsageError(`${option} sweep has ${points} client counts, more than ${maxPoints}; give a larger STEP, got ${shown(text)}`);
  return Array.from({ length: points }, (_, i) => from + i * step);
}

/** A duration that may be 0 (a network's spread, an outage's start). */
export function parseDurationOrZero(option: string, text: string): number {
  return durationNumber(option, text, readDuration(option, text, true));
}

/** `--network MEAN±SD`: each message's delay |normal(MEAN, SD)|, durations (`10ms±2ms`, `10±2`; `+-` for ±). */
export function parseNetwork(option: string, text: string): NetworkModel {
  const trimmed = inputText(option, text);
  const parts = trimmed.split(/±|\+-|\+\/-/);
  if (parts.length !== 2) throw new UsageError(`${option} must be MEAN±SD such as 10ms±2ms (or 10ms+-2ms), got ${shown(text)}`);
  return { meanMs: parseDurationOrZero(`${option}'s mean`, parts[0]!), sdMs: parseDurationOrZero(`${option}'s sd`, parts[1]!) };
}

/** `--outage START..END`: two durations, START < END (START may be 0). */
export function parseSpan(option: string, text: string): { startMs: number; endMs: number } {
  const trimmed = inputText(option, text);
  const parts = trimmed.split("..");
  if (parts.length !== 2) throw new UsageError(`${option} must be START..END such as 10s..20s, got ${shown(text)}`);
  const startMs = parseDurationOrZero(`${option}'s start`, parts[0]!);
  const endMs = parseDuration(`${option}'s end`, parts[1]!);
  if (!(endMs > startMs)) throw new UsageError(`${option} must end after it starts, got ${shown(text)}`);
  return { startMs, endMs };
}

/** A percentage `10%` or `10` (0 to 100 and beyond: a budget of 150% allows more retries than requests). */
export function parsePercent(option: string, text: string): number {
  const trimmed = inputText(option, text).replace(/%$/, "");
  return exactDecimalNumber(option, text, readDecimal(option, trimmed, "a percentage such as 10%"));
}

/** A positive decimal (requests per second, a capacity). */
export function parsePositive(option: string, text: string, expected: string): number {
  const value = exactDecimalNumber(option, text, readDecimal(option, text, expected));
  if (!(value > 0)) throw new UsageError(`${option} must be ${expected}, got ${shown(text)}`);
  return value;
}

/** A ratio in (0, 1] written as 0.5 or 50%. */
export function parseRatio(option: string, text: string): number {
  const trimmed = inputText(option, text);
  const value = trimmed.endsWith("%") ? parsePercent(option, trimmed) / 100 : exactDecimalNumber(option, text, readDecimal(option, trimmed, "a ratio such as 0.5 or 50%"));
  if (!(value > 0 && value <= 1)) throw new UsageError(`${option} must be a ratio above 0 and at most 1 (or 100%), got ${shown(text)}`);
  return value;
}

/** `A/B/C`: a list of parameters, `count` of them at most; a missing one is left to its default. */
export function splitParameters(option: string, text: string, names: readonly string[]): (string | undefined)[] {
  const parts = inputText(option, text).split("/");
  if (parts.length > names.length || parts.some((part) => part === "")) throw new UsageError(`${option} takes ${names.join("/")}, got ${shown(text)}`);
  return names.map((_, i) => parts[i]);
}
