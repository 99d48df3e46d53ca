import { STRATEGIES, type Strategy } from "../core/policy.js";
import { closest, didYouMean } from "../core/text/closest.js";
import { UsageError, shown } from "./errors.js";
import type { OptionValues } from "./option-values.js";
import { strategyError } from "./policy-values.js";

// A SPEC, as `backoff compare` and `backoff chain` read their arguments: a preset name, or a
// preset or strategy with overrides written as the long option names, `bullmq:base=2s,jitter=0.5`,
// `exponential:base=1s,factor=1.6,cap=2m`, read into its head and its option values. Each value
// is read later by the option's own parser (values.ts, the CLI's preset options), so a bad one
// reads as it would as a flag; building the policy is the CLI's (cli/shared/policy-spec.ts). The
// presets a head may name come in as SpecHeads: config knows no preset.

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

/** The presets a SPEC's head may name besides a strategy, as the CLI gives them from the registry (config imports no preset). */
export interface SpecHeads {
  /** Every preset's name, in the registry's order: what a mistyped head is matched against. */
  readonly names: readonly string[];
  /** Other words for the presets, alias → preset name. */
  readonly aliases: ReadonlyMap<string, string>;
  /** The name of the preset a head names (a version included, grpc-retry@1.68), or undefined. */
  readonly find: (head: string) => string | undefined;
}

/**
 * A SPEC given on the command line read into its option values: a strategy's, or a preset's
 * with `preset` set to its name, and `attempts` (--attempts, when given) where the SPEC sets
 * none. An unknown head is refused with the nearest name or the list; every message begins
 * with the command and the SPEC.
 */
export function readSpec(text: string, attempts: string | undefined, heads: SpecHeads, command = "compare"): { readonly spec: ParsedSpec; readonly values: OptionValues } {
  const specError = (spec: string, message: string) => specErrorOf(spec, message, command);
  const spec = parseSpec(text, command);
  const isStrategy = (STRATEGIES as readonly string[]).includes(spec.head);
  const preset = isStrategy ? undefined : heads.find(spec.head);
  if (!isStrategy && preset === undefined) {
    const near = closest(spec.head, [...STRATEGIES, ...heads.names], heads.aliases);
    throw specError(
      text,
      near === null
        ? `no preset or strategy ${shown(spec.head)} (strategies: ${STRATEGIES.join(", ")}; presets: ${[...heads.names].sort().join(", ")})`
        : `no preset or strategy ${shown(spec.head)}; did you mean ${near}? (strategies: ${STRATEGIES.join(", ")}; backoff presets lists the presets)`,
    );
  }
  if (isStrategy && spec.pairs.some(([key]) => key === "strategy")) {
    throw specError(text, `--strategy is the SPEC's own name here (${spec.head}); write linear:base=1s rather than ${spec.head}:strategy=linear`);
  }
  try {
    const values = specValues(spec, isStrategy ? (spec.head as Strategy) : undefined);
    if (preset !== undefined) values.preset = preset;
    if (attempts !== undefined && values.attempts === undefined) values.attempts = attempts;
    return { spec, values };
  } catch (error) {
    if (error instanceof UsageError) throw specError(text, error.message);
    throw error;
  }
}
