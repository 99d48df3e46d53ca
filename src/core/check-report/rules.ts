import { LIMIT_NAMES, LINT_NAMES, type LimitName, type LintName } from "../check.js";


/**
 * The rules a check's findings are reported under, each with what it checks and how it
 * counts by default: SARIF lists them (its `rules`), and every format names a finding by
 * its rule's id.
 */
export interface Rule {
  readonly id: string;
  /** One line: "Retry policy limit: max-total". */
  readonly short: string;
  /** What it checks, in a sentence or two. */
  readonly help: string;
  /** How its findings count by default: an error fails the check, a warning fails it under strictness, a note never does. */
  readonly level: "error" | "warning" | "note";
}

/** The rule of an invalid policy. */
export const INVALID_RULE = "invalid-policy";

/** The rule of a key its system does not define, where a retry setting is written (config/tree/unknown-keys.ts). */
export const UNKNOWN_KEY_RULE = "unknown-key";

/** The rule of a file that holds a system's key words and cannot be parsed (config/recognise.ts). */
export const UNREADABLE_RULE = "unreadable";

/** The rule of a retry limit found (a note, never a failure). */
export const RETRY_LIMIT_RULE = "retry-limit";

/** The rules of a file not checked and of one read leniently (reported beside the findings: SARIF's tool notifications). */
export const SKIPPED_RULE = "skipped";
export const READ_LENIENTLY_RULE = "read-leniently";

const LIMIT_HELP: Readonly<Record<LimitName, string>> = {
  "max-total": "The worst-case total wait (jitter and attempt time included) must be at most the limit.",
  "min-total": "The best-case total wait must be at least the limit (the policy gives up no sooner).",
  "max-delay": "No single delay may be longer than the limit (worst case).",
  "min-first": "The first retry must wait at least the limit (best case).",
  "max-first": "The first retry must wait at most the limit (worst case).",
  "max-attempts": "The policy must make at most this many retries.",
  "max-give-up": "The policy must give up within the limit, from the first try's start: when its last try ends, or at the deadline (worst case).",
};
const LINT_HELP: Readonly<Record<LintName, string>> = {
  "no-cap": "Exponential backoff without a cap: the delays grow without limit.",
  "early-cap": "Most attempts wait the cap: the backoff is mostly a fixed delay.",
  "no-jitter": "No jitter with many clients: clients that fail together retry together.",
  "exceeds-cap": "The jitter can push delays above the cap.",
  "over-a-day": "The worst-case total wait is beyond a day.",
  "unreachable-retries": "Retries that can never fire: the deadline (a route timeout, a job's deadline) ends the sequence before they start.",
};

/** The rules of `check` on policies, in the order SARIF lists them: every limit, every lint, an invalid policy, a retry limit found. */
export const POLICY_RULES: readonly Rule[] = [
  ...LIMIT_NAMES.map((id): Rule => ({ id, short: `Retry policy limit: ${id}`, help: LIMIT_HELP[id], level: "error" })),
  ...LINT_NAMES.map((id): Rule => ({ id, short: `Retry policy warning: ${id}`, help: LINT_HELP[id], level: "warning" })),
  {
    id: INVALID_RULE,
    short: "Retry policy with a wrong value",
    help: "A value of the policy is wrong (a type error, a value out of range): its system would refuse it or read it otherwise, so nothing is checked.",
    level: "error",
  },
  {
    id: UNKNOWN_KEY_RULE,
    short: "Key its system does not define",
    help: "A key of a retry setting that its system does not define, or a retry key misspelt beside one (backofLimit in a Job's spec): the setting does not take effect, and the system refuses the file or uses its default instead.",
    level: "error",
  },
  {
    id: UNREADABLE_RULE,
    short: "Policy file that cannot be parsed",
    help: "A file that holds a system's key words (VirtualService, retryStrategy, Retry, …) but is no valid YAML, JSON, TOML or .properties: its system refuses it or reads none of it, and none of its retry policies is checked.",
    level: "error",
  },
  {
    id: RETRY_LIMIT_RULE,
    short: "Retry limit found (circuit breaker, retry budget)",
    help: "A retry limit beside the policies (an Envoy cluster's circuit breaker max_retries or retry_budget, an Istio DestinationRule's connectionPool.http.maxRetries or retryBudget): how many retries may be in flight at once to a host or cluster. Reported, never a failure.",
    level: "note",
  },
];

/** The rules of `check` on a chain: the limit on the calls that reach the backend, and stacked retries. */
export const CHAIN_RULES: readonly Rule[] = [
  {
    id: "max-amplification",
    short: "Retry chain limit: max-amplification",
    help: "The calls reaching the backend per call at the top of the chain when every call fails (the product of the layers' tries) must be at most the limit.",
    level: "error",
  },
  {
    id: "stacked-retries",
    short: "Retry chain warning: stacked-retries",
    help: "More than one layer of the chain retries, so their tries multiply; the AWS Builders' Library advises retrying at a single point in the stack.",
    level: "warning",
  },
];
