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
  /** Why it matters: what goes wrong in production when it fails. */
  readonly why: string;
  /** How to fix what it finds. */
  readonly fix: string;
  /** Where the documentation tells more: a page of docs/ and its section ("docs/check.md#limits"). */
  readonly doc: string;
  /** How its findings count by default: an error fails the check, a warning fails it under strictness, a note never does. */
  readonly level: "error" | "warning" | "note";
}

/**
 * The release of backoff that made a report: its version and its repository's web address
 * (package.json's `repository`, given by the CLI). A rule's `doc` is read at that release.
 */
export interface ToolRelease {
  readonly version: string;
  readonly repository: string;
}

/** A rule's documentation at the release that reported it: its page and section. */
export function ruleDocUrl(rule: Pick<Rule, "doc">, release: ToolRelease): string {
  return `${release.repository}/blob/v${release.version}/${rule.doc}`;
}

/** The rule of an invalid policy. */
export const INVALID_RULE = "invalid-policy";

/** The rule of a key its system does not define, where a retry setting is written (config/tree/unknown-keys.ts). */
export const UNKNOWN_KEY_RULE = "unknown-key";

/** The rule of a file that holds a system's key words and cannot be parsed (config/recognise.ts). */
export const UNREADABLE_RULE = "unreadable";

/** The rules of what a policy retries on (core/conditions): an overload signal retried without a budget, and every error retried. */
export const RETRIES_OVERLOAD_RULE = "retries-overload";
export const RETRIES_EVERYTHING_RULE = "retries-everything";

/** The rule of a retry limit found (a note, never a failure). */
export const RETRY_LIMIT_RULE = "retry-limit";

/** The rules of a file not checked and of one read leniently (reported beside the findings: SARIF's tool notifications). */
export const SKIPPED_RULE = "skipped";
export const READ_LENIENTLY_RULE = "read-leniently";

/** The rules of inline suppressions (`# backoff-ignore RULE -- reason`, suppressions.ts): one without a reason, one that suppresses nothing. */
export const SUPPRESSION_REASON_RULE = "suppression-without-reason";
export const UNUSED_SUPPRESSION_RULE = "unused-suppression";

const LIMIT_HELP: Readonly<Record<LimitName, string>> = {
  "max-total": "The worst-case total wait (jitter and attempt time included) must be at most the limit.",
  "min-total": "The best-case total wait must be at least the limit (the policy gives up no sooner).",
  "max-delay": "No single delay may be longer than the limit (worst case).",
  "min-first": "The first retry must wait at least the limit (best case).",
  "max-first": "The first retry must wait at most the limit (worst case).",
  "max-attempts": "The policy must make at most this many retries.",
  "max-give-up": "The policy must give up within the limit, from the first try's start: when its last try ends, or at the deadline (worst case).",
};
const LIMIT_WHY: Readonly<Record<LimitName, string>> = {
  "max-total": "A caller waits this long before the policy gives up: past the limit it outlives the request, the job or the person waiting on it.",
  "min-total": "A policy that gives up sooner cannot ride out the outages it is there for (a restart, a failover, a deployment).",
  "max-delay": "One wait longer than the limit holds a caller, a worker or a message longer than the system around it allows.",
  "min-first": "A retry at once mostly meets the same failure, and adds load when the service is weakest.",
  "max-first": "A first retry that waits long turns a blip into a delay people see.",
  "max-attempts": "Every retry is one more call to a service that is failing: many of them multiply its load (a retry storm).",
  "max-give-up": "Past the deadline the caller has gone: tries after it are work nobody waits for.",
};
const LIMIT_FIX: Readonly<Record<LimitName, string>> = {
  "max-total": "Lower the retries, the base delay or the cap (or the time a try takes), or raise the limit where the wait is meant.",
  "min-total": "Raise the retries, the base delay or the cap.",
  "max-delay": "Set or lower the cap (jitter included), or lower the base delay or the factor.",
  "min-first": "Raise the base delay, or use a jitter that keeps a floor (equal jitter).",
  "max-first": "Lower the base delay, or the jitter's upper bound.",
  "max-attempts": "Lower the retry count.",
  "max-give-up": "Lower the retries or the delays, or set a deadline that ends them in time.",
};
const LINT_WHY: Readonly<Record<LintName, string>> = {
  "no-cap": "Each failure doubles the wait: through a long outage clients end up waiting hours between tries, and recover long after the service does.",
  "early-cap": "A cap reached in the first attempts makes most waits the same: the backoff no longer spreads the retries out.",
  "no-jitter": "Clients that fail together retry at the same instants, in bursts that can keep a recovering service down (a thundering herd).",
  "exceeds-cap": "A delay above the cap breaks the ceiling that readers of the configuration rely on.",
  "over-a-day": "A total beyond a day is rarely meant: a forgotten policy keeps retrying long after anyone waits for it.",
  "unreachable-retries": "Retries the deadline cuts off never run: the retry count promises more resilience than there is.",
};
const LINT_FIX: Readonly<Record<LintName, string>> = {
  "no-cap": "Set a cap (the longest delay), typically tens of seconds.",
  "early-cap": "Raise the cap or lower the retries, or use a fixed delay if that is what is meant.",
  "no-jitter": "Add jitter (full or equal jitter, or a fraction).",
  "exceeds-cap": "Apply the jitter within the cap, or lower the jitter's fraction.",
  "over-a-day": "Lower the retries or the cap, or bound the total with --max-total.",
  "unreachable-retries": "Lower the retries or the delays to fit the deadline, or lengthen the deadline.",
};
const LINT_HELP: Readonly<Record<LintName, string>> = {
  "no-cap": "Exponential backoff without a cap: the delays grow without limit.",
  "early-cap": "Most attempts wait the cap: the backoff is mostly a fixed delay.",
  "no-jitter": "No jitter with many clients: clients that fail together retry together.",
  "exceeds-cap": "The jitter can push delays above the cap.",
  "over-a-day": "The worst-case total wait is beyond a day.",
  "unreachable-retries": "Retries that can never fire: the deadline (a route timeout, a job's deadline) ends the sequence before they start.",
};

/** The rules of inline suppressions: reported as findings beside those of the policies. */
export const SUPPRESSION_RULES: readonly Rule[] = [
  {
    id: SUPPRESSION_REASON_RULE,
    short: "Suppression without a reason",
    help: "A `# backoff-ignore RULE` comment without `-- reason`: it suppresses, but a reader of the file cannot tell why the finding is accepted.",
    why: "An exception nobody can explain is never revisited: the next reader cannot tell a reviewed decision from a silenced alarm.",
    fix: "Say why after ` -- ` (`# backoff-ignore no-cap -- the queue drops jobs after 5 min`), or fix the policy and remove the comment.",
    doc: "docs/check.md#suppressing-a-finding--backoff-ignore",
    level: "warning",
  },
  {
    id: UNUSED_SUPPRESSION_RULE,
    short: "Suppression that suppresses nothing",
    help: "A `# backoff-ignore RULE` comment that no finding of that rule meets (the policy was fixed, the comment is on the wrong line, or the rule is misspelt): remove it.",
    why: "A stale suppression would silence the next finding of its rule on that line unseen, and a misspelt one suppresses nothing while it looks as if it did.",
    fix: "Remove the comment, move it onto the policy's line or a key's (or alone on the line above), or correct the rule's name.",
    doc: "docs/check.md#suppressing-a-finding--backoff-ignore",
    level: "warning",
  },
];

/** The rules of `check` on policies, in the order SARIF lists them: every limit, every lint, an invalid policy, an unknown key, a retry limit found, the suppressions'. */
export const POLICY_RULES: readonly Rule[] = [
  ...LIMIT_NAMES.map((id): Rule => ({ id, short: `Retry policy limit: ${id}`, help: LIMIT_HELP[id], why: LIMIT_WHY[id], fix: LIMIT_FIX[id], doc: "docs/check.md#limits", level: "error" })),
  ...LINT_NAMES.map(
    (id): Rule => ({ id, short: `Retry policy warning: ${id}`, help: LINT_HELP[id], why: LINT_WHY[id], fix: LINT_FIX[id], doc: id === "unreachable-retries" ? "docs/deadlines.md#check-the-timeouts-beside-the-policies" : "docs/check.md#warnings", level: "warning" }),
  ),
  {
    id: INVALID_RULE,
    short: "Retry policy with a wrong value",
    help: "A value of the policy is wrong (a type error, a value out of range): its system would refuse it or read it otherwise, so nothing is checked.",
    why: "The system refuses the file, or runs with a policy other than the one written.",
    fix: "Correct the value as the message says (the range the system allows).",
    doc: "docs/check-files.md#limits-and-exit-codes",
    level: "error",
  },
  {
    id: UNKNOWN_KEY_RULE,
    short: "Key its system does not define",
    help: "A key of a retry setting that its system does not define, or a retry key misspelt beside one (backofLimit in a Job's spec): the setting does not take effect, and the system refuses the file or uses its default instead.",
    why: "The retry setting the key was meant to change keeps its default, and nothing says so.",
    fix: "Spell the key as its system does (the message names the nearest one), or remove it.",
    doc: "docs/check-files.md#limits-and-exit-codes",
    level: "error",
  },
  {
    id: UNREADABLE_RULE,
    short: "Policy file that cannot be parsed",
    help: "A file that holds a system's key words (VirtualService, retryStrategy, Retry, …) but is no valid YAML, JSON, TOML or .properties: its system refuses it or reads none of it, and none of its retry policies is checked.",
    why: "A policy that does not parse is not the policy that runs: the system refuses the file or keeps its defaults, and a gate that skipped it would pass it.",
    fix: "Correct the syntax at the position the message gives (an indentation, a quote, a bracket), or keep templates in files backoff does not scan.",
    doc: "docs/check-files.md#limits-and-exit-codes",
    level: "error",
  },
  {
    id: RETRY_LIMIT_RULE,
    short: "Retry limit found (circuit breaker, retry budget)",
    help: "A retry limit beside the policies (an Envoy cluster's circuit breaker max_retries or retry_budget, an Istio DestinationRule's connectionPool.http.maxRetries or retryBudget): how many retries may be in flight at once to a host or cluster. Reported, never a failure.",
    why: "Under load the limit, not the policy, decides how many retries are made: it is shown beside the policies it governs.",
    fix: "Nothing to fix: a note, so that every bound on the retries is seen in one place.",
    doc: "docs/check-files.md#reports",
    level: "note",
  },
  {
    id: RETRIES_OVERLOAD_RULE,
    short: "Retry policy warning: retries-overload",
    help: "The policy retries a response that says the service is overloaded (503, 429, gRPC RESOURCE_EXHAUSTED, a throttling error) and no retry budget governs it (a retryBudget or retry_budget on its destination, gRPC's retryThrottling).",
    why: "At saturation every layer that retries an overload signal multiplies the load on a service that asked for less (the Google SRE book, chapter 21, \"Handling Overload\"): the incident of scaleapi/llm-engine #866 roughly quadrupled its traffic so.",
    fix: "Retry 502, 504 and connection failures only, or add a retry budget (the message names the key).",
    doc: "docs/check.md#what-is-retried",
    level: "warning",
  },
  {
    id: RETRIES_EVERYTHING_RULE,
    short: "Retry policy warning: retries-everything",
    help: "The policy retries every error (ASL States.ALL with no narrower retrier before it, Envoy's 5xx with retriable-4xx, a library told to retry any exception), permanent failures too.",
    why: "A request that can never succeed (a bad input, a missing permission) is sent again and again: load and delay for nothing, and the real error reported late.",
    fix: "Retry the errors that are transient (name them, in a retrier before the catch-all), and let the others fail at once.",
    doc: "docs/check.md#what-is-retried",
    level: "warning",
  },
  ...SUPPRESSION_RULES,
];


/** The rules of `check` on a chain: the limit on the calls that reach the backend, and stacked retries. */
export const CHAIN_RULES: readonly Rule[] = [
  {
    id: "max-amplification",
    short: "Retry chain limit: max-amplification",
    help: "The calls reaching the backend per call at the top of the chain when every call fails (the product of the layers' tries) must be at most the limit.",
    why: "Each layer's tries multiply: a failing backend receives every layer's retries at once (retry amplification).",
    fix: "Retry at one layer only, or lower the tries of the others.",
    doc: "docs/chain.md#checking-a-chain---max-amplification",
    level: "error",
  },
  {
    id: "stacked-retries",
    short: "Retry chain warning: stacked-retries",
    help: "More than one layer of the chain retries, so their tries multiply; the AWS Builders' Library advises retrying at a single point in the stack.",
    why: "Retries at several layers multiply the load on a backend that is already failing.",
    fix: "Keep the retries at one layer and set the others to none.",
    doc: "docs/chain.md#checking-a-chain---max-amplification",
    level: "warning",
  },
];

/**
 * Every rule a repository config's `rules` may set a level for (and a suppression may
 * name): the policies', a chain's, and a file skipped or read leniently.
 */
export const RULE_IDS: readonly string[] = [...POLICY_RULES, ...CHAIN_RULES].map((r) => r.id).concat([SKIPPED_RULE, READ_LENIENTLY_RULE]);

/** A rule's level as a repository config sets it: `off` drops its findings from every report. */
export type RuleLevel = "error" | "warning" | "off";
export const RULE_LEVELS: readonly RuleLevel[] = ["error", "warning", "off"];
