import type { RetryOn } from "../conditions/condition.js";
import type { Location } from "./location.js";
import type { PolicyCount } from "./policy.js";
import type { ScanLimit } from "./retry-limit.js";
import type { TimeoutPlace } from "./timeouts.js";

/**
 * What a check found that a report shows as a finding: a rule, how it counts, where, about
 * which policy, and what, in words. Every format renders the same findings (text, JSON,
 * SARIF, GitHub annotations, JUnit, GitLab), so a rule, a level or a place decided here is
 * decided for all of them.
 */
export interface Finding {
  /** The rule's id (rules.ts): a limit ("max-total"), a lint ("no-cap"), "invalid-policy", "retry-limit", "skipped", "read-leniently". */
  readonly rule: string;
  readonly kind: FindingKind;
  readonly level: FindingLevel;
  /** Where it is: the policy's place, the retry limit's, the file's (or the place in it a reader stopped at). */
  readonly location: Location;
  /** The policy it is about; null for what is about a file or a retry limit. */
  readonly policy: PolicyRef | null;
  /**
   * What was found, as one sentence without the rule, the policy or the verdict that the
   * formats put around it: "worst case 2 min 1 s (first over the limit at attempt 6)".
   */
  readonly message: string;
  /** A limit's finding: the limit with its value, as given ("max-total 1 min"). */
  readonly limit?: string;
  /** A lint about the deadline: the timeouts read beside the policy that it rests on. */
  readonly timeouts?: readonly TimeoutPlace[];
  /** A retry limit found: the limit, and the policies it governs. */
  readonly retryLimit?: ScanLimit;
  /** Set when the finding rests on a value the file does not set (a system's default): what was assumed, in words. */
  readonly assumed?: readonly string[];
  /** Set off by an inline `# backoff-ignore` comment: shown in every report, failing nothing. */
  readonly suppression?: Suppression;
  /** Recorded in the baseline given (--baseline, baseline.ts): known before, failing nothing. */
  readonly baselined?: true;
}

/** What suppressed a finding (an inline comment, core/check-report/suppressions.ts): the comment's place and its reason. Suppressed findings stay in every report, and fail nothing. */
export interface Suppression {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string | null;
}

/**
 * What kind of outcome a finding is, which decides the words around its message:
 * - `limit`: a limit the policy breaks;
 * - `not-computable`: a limit that needs waits the file does not decide (code does);
 * - `lint`: a habit that is often a mistake (no-cap, no-jitter, unreachable-retries, …);
 * - `invalid-policy`: a policy whose values its system would refuse, so nothing is checked;
 * - `retry-limit`: a circuit breaker or retry budget found beside the policies;
 * - `skipped`: a file or a policy not checked, and why;
 * - `read-leniently`: a file read past a YAML rule the system's own reader lets pass;
 * - `suppression`: an inline `# backoff-ignore` without a reason, or one that suppresses nothing.
 */
export type FindingKind = "limit" | "not-computable" | "lint" | "invalid-policy" | "retry-limit" | "skipped" | "read-leniently" | "suppression";

/** How a finding counts: an error fails the check, a warning fails it under strictness, a note never does. */
export type FindingLevel = "error" | "warning" | "note";

/** The policy a finding is about: what names it, and, for a checked one, its place in the report and its count. */
export interface PolicyRef {
  readonly name: string;
  readonly system: string;
  /** How people call the system ("AWS Step Functions"). */
  readonly systemLabel: string;
  /** A checked policy: its index in the report's policies, and its count (SARIF's property bag gives it). */
  readonly index?: number;
  readonly count?: PolicyCount;
  /** A checked policy's retry conditions, where its system's are read (SARIF's property bag gives them). */
  readonly retryOn?: RetryOn;
}

/**
 * What makes a finding the same one from run to run, whatever line it moved to: its rule,
 * its file, and the policy's name (a file's finding: its message; a retry limit: who sets
 * it and what kind it is). GitLab's fingerprints hash it.
 */
export function findingIdentity(finding: Finding): string {
  const who = finding.retryLimit !== undefined ? `${finding.retryLimit.limit.source}\u0000${finding.retryLimit.limit.kind}` : (finding.policy?.name ?? finding.message);
  return `${finding.rule}\u0000${finding.location.file}\u0000${who}`;
}

/**
 * 32 hexadecimal digits from two 64-bit FNV-1a hashes of the text's UTF-16 code units (with
 * two offset bases): pure, with no crypto module, and collisions far rarer than any report's size.
 */
export function fingerprint(text: string): string {
  const PRIME = 0x100000001b3n;
  const MASK = 0xffffffffffffffffn;
  let a = 0xcbf29ce484222325n;
  let b = 0x84222325cbf29ce4n;
  for (let i = 0; i < text.length; i++) {
    const unit = BigInt(text.charCodeAt(i));
    a = ((a ^ unit) * PRIME) & MASK;
    b = ((b ^ unit) * PRIME) & MASK;
  }
  return a.toString(16).padStart(16, "0") + b.toString(16).padStart(16, "0");
}

/** Whether a finding fails the check: an error, or a warning under strictness; never one suppressed. */
export function findingFails(finding: Pick<Finding, "level" | "suppression" | "baselined">, strict: boolean): boolean {
  if (finding.suppression !== undefined || finding.baselined === true) return false;
  return finding.level === "error" || (strict && finding.level === "warning");
}

/** The exit code a set of findings gives: 1 when one fails, else 0. */
export function findingsExitCode(findings: Iterable<Pick<Finding, "level" | "suppression" | "baselined">>, strict: boolean): 0 | 1 {
  for (const finding of findings) if (findingFails(finding, strict)) return 1;
  return 0;
}
