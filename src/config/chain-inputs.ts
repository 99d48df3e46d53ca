import type { ChainOptions } from "../core/chain/chain.js";
import { FAILURE_KINDS, type FailureKind, findFailureKind } from "../core/chain/failure.js";
import { compareDecimals, decimal } from "../core/decimal.js";
import { UsageError, shown } from "./errors.js";
import { exactDecimalNumber, parseDuration, readDecimal } from "./values.js";

// The inputs of a chain's figures, from flags or a config's keys: read for `chain` and for
// `check --config` with a chain section.

/** 0.5, 50% or 1: the share of tries at the bottom that fail. */
export function parseFailureRate(option: string, text: string): number {
  const trimmed = text.trim();
  const isPercent = trimmed.endsWith("%");
  const value = readDecimal(option, isPercent ? trimmed.slice(0, -1) : trimmed, "a share from 0 to 1 such as 0.5, or a percentage such as 50%");
  const share = isPercent ? decimal(value.digits, value.scale + 2) : value;
  if (compareDecimals(share, decimal(1n, 0)) > 0) throw new UsageError(`${option} must be at most 1 (100%), got ${shown(text)}`);
  return exactDecimalNumber(option, text, share);
}

/** Calls per second: a positive number. */
export function parseRps(option: string, text: string): number {
  const value = readDecimal(option, text, "a number of calls per second such as 100");
  if (value.digits === 0n) throw new UsageError(`${option} must be more than 0, got ${shown(text)}`);
  return exactDecimalNumber(option, text, value);
}

/** What --failure takes, for help and messages: "503 (overload), 429 (throttled), 500, …". */
export const FAILURE_NAMES = FAILURE_KINDS.map((kind) => (kind.aliases.length === 0 ? kind.name : `${kind.name} (${kind.aliases.join(", ")})`)).join(", ");

/** What every failing try at the bottom fails with (--failure): one of core/chain/failure.ts's kinds, by name or alias. */
export function parseFailure(option: string, text: string): FailureKind {
  const kind = findFailureKind(text);
  if (kind === undefined) throw new UsageError(`${option} takes ${FAILURE_NAMES}; got ${shown(text)}`);
  return kind;
}

/** The chain's inputs, flags over the file's, each read by its own parser; --failure is a flag only. */
export function chainInputs(flags: { attemptTime?: string; failureRate?: string; rps?: string; failure?: string }, file: { attemptTime?: string; failureRate?: string; rps?: string } | null, source: string | null): ChainOptions {
  const pick = (flag: string | undefined, fileValue: string | undefined, option: string, key: string) =>
    flag !== undefined ? { text: flag, label: option } : fileValue !== undefined ? { text: fileValue, label: `${key} in ${source}` } : null;
  const attempt = pick(flags.attemptTime, file?.attemptTime, "--attempt-time", "attempt-time");
  const failure = pick(flags.failureRate, file?.failureRate, "--failure-rate", "failure-rate");
  const rps = pick(flags.rps, file?.rps, "--rps", "rps");
  return {
    attemptMs: attempt === null ? null : parseDuration(attempt.label, attempt.text),
    failureRate: failure === null ? 1 : parseFailureRate(failure.label, failure.text),
    rps: rps === null ? null : parseRps(rps.label, rps.text),
    ...(flags.failure === undefined ? {} : { failure: parseFailure("--failure", flags.failure) }),
  };
}
