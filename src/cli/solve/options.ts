import type { OptionValues } from "../../config/option-values.js";
import type { Strategy } from "../../core/policy.js";
import type { FormatName } from "../../format/registry.js";

/** `backoff solve` options, as commander hands them over (strings; absent = not given). */
export interface SolveOptions {
  total?: string;
  attempts?: string;
  base?: string;
  factor?: string;
  cap?: string;
  strategy?: Strategy;
  /** A library preset: the parameter found is the library's own. */
  preset?: string;
  jitter?: string;
  maxElapsed?: string;
  /** How long each try takes, and the deadline the retries must fit in (solving for the count). */
  attemptTime?: string;
  deadline?: string;
  format: FormatName;
  color: boolean;
}

/** The options of a policy solve passes on as given (a left-out one stays out, so a preset keeps its own default). */
const GIVEN_POLICY_KEYS = ["strategy", "base", "cap", "factor", "jitter", "maxElapsed"] as const;

/** The policy options given to solve, as the values a policy or a preset is built from. */
export function givenPolicyValues(options: SolveOptions): OptionValues {
  const values: OptionValues = {};
  for (const key of GIVEN_POLICY_KEYS) {
    const value = options[key];
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** The schedule is shown below the answer up to this many attempts (beyond, a command to print it). */
export const MAX_SHOWN_ATTEMPTS = 1000;
