import type { LimitName, Limits, LintLevel, LintLevels } from "../core/check.js";
import { MAX_EXACT_MS } from "../core/limits.js";
import { didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import { parseAttempts, parseDuration, parseTimeout, readWhole } from "./values.js";

/**
 * The values a command works from, keyed like commander's option names (the flags
 * in camelCase), as the strings a command line gives. A configuration file is turned
 * into the same shape, so flags and files go through one validation path.
 */
export const POLICY_KEYS = ["strategy", "base", "cap", "factor", "step", "attempts", "jitter", "preset", "seed"] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** The retries `check` checks a policy over when neither the file nor a flag says. */
export const CHECK_DEFAULT_ATTEMPTS = "10";

/** A --attempts count for check: N retries, not a range. */
export function checkedCount(text: string): number {
  const range = parseAttempts("--attempts", text);
  if (range.first !== 1) throw new UsageError(`--attempts for check is a count of retries such as 8, not a range, got ${shown(text)}`);
  return range.last;
}

/** The `assert` entries of a config file and their flags: the limits, and the time a try takes. */
export const ASSERT_KEYS = {
  "max-total": { option: "maxTotal", kind: "duration", help: "worst-case total wait (jitter and --attempt-time included) at most this" },
  "min-total": { option: "minTotal", kind: "duration", help: "best-case total wait at least this (gives up no sooner)" },
  "max-delay": { option: "maxDelay", kind: "duration", help: "no single delay longer than this (worst case)" },
  "min-first": { option: "minFirst", kind: "duration", help: "the first retry waits at least this (best case)" },
  "max-first": { option: "maxFirst", kind: "duration", help: "the first retry waits at most this (worst case)" },
  "max-attempts": { option: "maxAttempts", kind: "count", help: "at most this many attempts (retries)" },
  "max-give-up": { option: "maxGiveUp", kind: "duration", help: "the policy gives up within this, from the first try's start: when its last try ends, or at --deadline (worst case)" },
  "attempt-time": { option: "attemptTime", kind: "timeout", help: "how long each try takes (whole ms), added to the totals: total = delays + (attempts + 1) × this" },
  deadline: { option: "deadline", kind: "timeout", help: "the overall timeout, from the first try's start: retries that would start at or after it can never fire (unreachable-retries)" },
  "unreachable-retries": { option: "unreachableRetries", kind: "level", help: "warning (the default: fails only with --strict) or error: how retries the deadline leaves unfired count" },
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
export type OptionKey = PolicyKey | AssertOption | "clients" | "maxElapsed" | "retryAfter" | "maxRetryAfter";
export type OptionValues = { [key in OptionKey]?: string };

export const OPTION_KEYS: readonly OptionKey[] = [...POLICY_KEYS, ...Object.values(ASSERT_KEYS).map((a) => a.option), "clients", "maxElapsed", "retryAfter", "maxRetryAfter"];

/** A whole number from 1 (a count of attempts or clients). */
export function parseCount(option: string, text: string): number {
  const value = readWhole(option, text, "a whole number such as 5");
  if (value === null) throw new UsageError(`${option} must be at most ${MAX_EXACT_MS}, got ${shown(text)}`);
  if (value < 1) throw new UsageError(`${option} must be at least 1, got ${shown(text)}`);
  return value;
}

/** The levels a lint may be given (`"unreachable-retries": "error"`). */
export const LINT_LEVELS: readonly LintLevel[] = ["warning", "error"];

/** A lint's level, as its flag or assert key gives it. */
export function parseLevel(option: string, text: string): LintLevel {
  const level = LINT_LEVELS.find((l) => l === text.trim().toLowerCase());
  if (level === undefined) throw new UsageError(`${option} must be warning or error, got ${shown(text)}${didYouMean(text.trim(), LINT_LEVELS)}`);
  return level;
}

/** Parses one assert value the way its flag is parsed (`label` names it in errors); a level is checked by parseLevel. */
export function parseAssertValue(key: AssertKey, label: string, text: string): number {
  switch (ASSERT_KEYS[key].kind) {
    case "count":
      return parseCount(label, text);
    case "level":
      parseLevel(label, text);
      return 0;
    case "timeout":
      // Whole ms, as the deadline model's starts are.
      return parseTimeout(label, text, false);
    case "duration":
      return parseDuration(label, text);
  }
}

/** What a policy's check takes beside the policy: the limits, the try time, the deadline and the lints' levels. */
export interface CheckTerms {
  readonly limits: Limits;
  readonly attemptTimeMs: number;
  readonly deadlineMs: number | null;
  readonly levels: LintLevels;
}

/** The limits among the option values, each parsed and named by its flag in errors. */
export function limitsFromOptions(options: OptionValues): CheckTerms {
  const limits: Limits = {};
  let attemptTimeMs = 0;
  let deadlineMs: number | null = null;
  const levels: LintLevels = {};
  for (const [key, { option }] of Object.entries(ASSERT_KEYS) as [AssertKey, (typeof ASSERT_KEYS)[AssertKey]][]) {
    const text = options[option];
    if (text === undefined) continue;
    if (key === "unreachable-retries") {
      levels[key] = parseLevel(`--${key}`, text);
      continue;
    }
    const value = parseAssertValue(key, `--${key}`, text);
    if (key === "attempt-time") attemptTimeMs = value;
    else if (key === "deadline") deadlineMs = value;
    else limits[key as LimitName] = value;
  }
  return { limits, attemptTimeMs, deadlineMs, levels };
}

/**
 * Flags override the file, and the file overrides the defaults: `explicit` holds only
 * the options given on the command line (not commander's defaults).
 */
export function mergeOptions(defaults: OptionValues, file: OptionValues, explicit: OptionValues): OptionValues {
  const merged: OptionValues = {};
  for (const layer of [defaults, file, explicit]) {
    for (const [key, value] of Object.entries(layer) as [keyof OptionValues, string | undefined][]) {
      if (value !== undefined) merged[key] = value;
    }
  }
  return merged;
}

/** The gRPC clients --grpc-client and a repository config's `grpc-client` name (presets/grpc-retry.ts: how each draws its retry waits). */
export const GRPC_CLIENTS = ["java", "go", "js", "core"] as const;
export type GrpcClient = (typeof GRPC_CLIENTS)[number];
