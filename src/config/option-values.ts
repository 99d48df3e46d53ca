import type { LimitName, Limits } from "../core/check.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { UsageError, shown } from "./errors.js";
import { parseDuration, readWhole } from "./values.js";

/**
 * The values a command works from, keyed like commander's option names (the flags
 * in camelCase), as the strings a command line gives. A configuration file is turned
 * into the same shape, so flags and files go through one validation path.
 */
export const POLICY_KEYS = ["strategy", "base", "cap", "factor", "step", "attempts", "jitter", "preset", "seed"] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** The retries `check` checks a policy over when neither the file nor a flag says. */
export const CHECK_DEFAULT_ATTEMPTS = "10";

/** The `assert` entries of a config file and their flags: the limits, and the time a try takes. */
export const ASSERT_KEYS = {
  "max-total": { option: "maxTotal", kind: "duration", help: "worst-case total wait (jitter and --attempt-time included) at most this" },
  "min-total": { option: "minTotal", kind: "duration", help: "best-case total wait at least this (gives up no sooner)" },
  "max-delay": { option: "maxDelay", kind: "duration", help: "no single delay longer than this (worst case)" },
  "min-first": { option: "minFirst", kind: "duration", help: "the first retry waits at least this (best case)" },
  "max-first": { option: "maxFirst", kind: "duration", help: "the first retry waits at most this (worst case)" },
  "max-attempts": { option: "maxAttempts", kind: "count", help: "at most this many attempts (retries)" },
  "attempt-time": { option: "attemptTime", kind: "duration", help: "how long each try takes, added to the totals: total = delays + (attempts + 1) × this" },
} as const;
export type AssertKey = keyof typeof ASSERT_KEYS;
/** The help of `clients` (check's --clients and the config key). */
export const CLIENTS_HELP = "how many clients run this policy at once (no jitter from 10 is a warning)";
export type AssertOption = (typeof ASSERT_KEYS)[AssertKey]["option"];

/**
 * `maxElapsed` is a preset's elapsed-time limit (the config key "max-elapsed"); `clients` a key of its own;
 * `deadline` the overall timeout of the deadline model (--deadline, with --attempt-time); `retryAfter` the
 * server's Retry-After (--retry-after) and `maxRetryAfter` a library's limit on it (got's maxRetryAfter,
 * urllib3's retry_after_max).
 */
export type OptionKey = PolicyKey | AssertOption | "clients" | "maxElapsed" | "deadline" | "retryAfter" | "maxRetryAfter";
export type OptionValues = { [key in OptionKey]?: string };

export const OPTION_KEYS: readonly OptionKey[] = [...POLICY_KEYS, ...Object.values(ASSERT_KEYS).map((a) => a.option), "clients", "maxElapsed", "deadline", "retryAfter", "maxRetryAfter"];

/** A whole number from 1 (a count of attempts or clients). */
export function parseCount(option: string, text: string): number {
  const value = readWhole(option, text, "a whole number such as 5");
  if (value === null) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
  if (value < 1) throw new UsageError(`${option} must be at least 1, got ${shown(text)}`);
  return value;
}

/** Parses one assert value the way its flag is parsed (`label` names it in errors). */
export function parseAssertValue(key: AssertKey, label: string, text: string): number {
  return ASSERT_KEYS[key].kind === "count" ? parseCount(label, text) : parseDuration(label, text);
}

/** The limits among the option values, each parsed and named by its flag in errors. */
export function limitsFromOptions(options: OptionValues): { limits: Limits; attemptTimeMs: number } {
  const limits: Limits = {};
  let attemptTimeMs = 0;
  for (const [key, { option }] of Object.entries(ASSERT_KEYS) as [AssertKey, (typeof ASSERT_KEYS)[AssertKey]][]) {
    const text = options[option];
    if (text === undefined) continue;
    const value = parseAssertValue(key, `--${key}`, text);
    if (key === "attempt-time") attemptTimeMs = value;
    else limits[key as LimitName] = value;
  }
  return { limits, attemptTimeMs };
}
