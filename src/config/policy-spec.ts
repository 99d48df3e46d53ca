import { STRATEGIES, type Strategy } from "../core/policy.js";
import { didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import type { OptionValues } from "./option-values.js";
import { strategyError } from "./policy-values.js";

// A SPEC, as `backoff compare` and `backoff chain` read their arguments: a preset name, or a
// preset or strategy with overrides written as the long option names, `bullmq:base=2s,jitter=0.5`,
// `exponential:base=1s,factor=1.6,cap=2m`, read into its head and its option values. Each value
// is read later by the option's own parser (values.ts, the CLI's preset options), so a bad one
// reads as it would as a flag; building the policy is the CLI's (cli/shared/policy-spec.ts).

/** The long options a SPEC may set, by their commander attribute names. */
const SPEC_KEYS = {
  base: "base",
  cap: "cap",
  factor: "factor",
  step: "step",
  jitter: "jitter",
  attempts: "attempts",
  "max-elapsed": "maxElapsed",
  strategy: "strategy",
} as const;
type SpecKey = keyof typeof SPEC_KEYS;
const SPEC_KEY_NAMES = Object.keys(SPEC_KEYS) as SpecKey[];

/** A SPEC read into its head (a preset or strategy name) and its `key=value` pairs, in order. */
export interface ParsedSpec {
  readonly text: string;
  readonly head: string;
  readonly pairs: ReadonlyArray<readonly [key: SpecKey, value: string]>;
}

/** Messages begin with the command that read the SPEC and the SPEC itself: `compare "bullmq:bse=2s": …`. */
export function specErrorOf(spec: string, message: string, command = "compare"): UsageError {
  return new UsageError(`${command} ${shown(spec)}: ${message}`);
}

export function parseSpec(text: string, command = "compare"): ParsedSpec {
  const specError = (spec: string, message: string) => specErrorOf(spec, message, command);
  const trimmed = text.trim();
  if (trimmed === "") throw specError(text, "an empty SPEC; give a preset such as bullmq or a strategy such as exponential:base=1s,cap=30s");
  const colon = trimmed.indexOf(":");
  const head = (colon < 0 ? trimmed : trimmed.slice(0, colon)).trim().toLowerCase();
  const rest = colon < 0 ? null : trimmed.slice(colon + 1);
  if (head === "") throw specError(text, 'no preset or strategy before ":"; write it first, as in bullmq:base=2s');
  const pairs: Array<readonly [SpecKey, string]> = [];
  if (rest !== null) {
    if (rest.trim() === "") throw specError(text, `nothing after ":"; write overrides such as ${head}:base=2s, or ${head} alone`);
    for (const part of rest.split(",")) {
      const equals = part.indexOf("=");
      const key = (equals < 0 ? part : part.slice(0, equals)).trim().replace(/^--/, "");
      if (key === "") throw specError(text, `an empty override in ${shown(rest)}; separate key=value pairs with single commas`);
      // An own key only: "__proto__", "constructor" or "toString" is as unknown as "foo".
      if (!Object.hasOwn(SPEC_KEYS, key)) {
        throw specError(text, `unknown option ${shown(key)}${didYouMean(key, SPEC_KEY_NAMES)} (a SPEC sets ${SPEC_KEY_NAMES.join(", ")})`);
      }
      if (equals < 0) throw specError(text, `--${key} needs a value: write ${key}=VALUE`);
      if (pairs.some(([earlier]) => earlier === key)) throw specError(text, `--${key} is given twice`);
      pairs.push([key as SpecKey, part.slice(equals + 1).trim()]);
    }
  }
  return { text: trimmed, head, pairs };
}

/** The option values a SPEC gives (a preset maps exactly those), its strategy head included. */
export function specValues(spec: ParsedSpec, strategy: Strategy | undefined): OptionValues {
  const values: OptionValues = strategy === undefined ? {} : { strategy };
  for (const [key, value] of spec.pairs) {
    if (key === "strategy" && !(STRATEGIES as readonly string[]).includes(value)) throw strategyError(value);
    values[SPEC_KEYS[key]] = value;
  }
  return values;
}
