import type { RetryOn } from "../../core/conditions/condition.js";
import type { OptionValues } from "../option-values.js";
import type { FoundLimit, LimitScope } from "./retry-limits.js";
import type { UnknownKey } from "./unknown-keys.js";

// What the recognisers return (walk.ts is the tree they read): the policies a file holds,
// those it leaves unresolved or gets wrong, and the retry limits beside them; and the two
// errors a reader of a value throws to place a policy among them.

/** One policy a recogniser found: where it is, whose it is (a system of the shape registry), the option values it stands for. */
export interface FoundPolicy {
  readonly system: string;
  readonly name: string;
  /** Offset in the file's text of the block the policy came from. */
  readonly offset: number;
  /**
   * The values, as the flags take them (base, cap, factor, attempts, jitter, maxElapsed;
   * attemptTime for a per-try timeout; own configs also carry their limits and clients).
   * Only what the file says: the preset's own defaults fill in the rest (the preset is the
   * system's, shapes/index.ts).
   */
  readonly options: OptionValues;
  /** Retries switched off in the file (0 retries): listed, nothing to check. */
  readonly disabled?: boolean;
  /**
   * Set when the system makes no wait between its tries whatever its preset's formula says
   * (an Argo retryStrategy without backoff, or without limit): every delay is 0, and `why`
   * says so in the report.
   */
  readonly atOnce?: { readonly why: string };
  /**
   * Set when code the file names decides the waits (a resilience4j intervalBiFunction
   * class): no wait is computable from the file, only the count is checked; `why` names
   * the code and the key ("waits decided by com.example.Backoff (….intervalBiFunction)").
   */
  readonly waitsFrom?: { readonly why: string };
  /** The system retries without a count limit: no total is bounded (any --max-total fails). */
  readonly forever?: boolean;
  /**
   * Where the timeouts among the options come from (options.attemptTime, options.deadline):
   * the field that sets each and its offset, or null for the system's default left in place.
   */
  readonly timeouts?: readonly FoundTimeout[];
  /**
   * Where the policy sends its retries, for the retry limits that govern it (a
   * DestinationRule's, a cluster's circuit breakers): an Istio route's destination hosts, an
   * Envoy route action's cluster. Matched once every file is read (config/tree/limit-matching.ts).
   */
  readonly routes?: readonly LimitScope[];
  /**
   * What it retries on: the system's words (the file's, or the system's default when the
   * file sets none) and the same in the shared vocabulary (core/conditions/condition.ts).
   */
  readonly conditions?: RetryOn;
}

/** A timeout beside a policy: the try time (a per-try timeout) or the deadline (an overall timeout). */
export interface FoundTimeout {
  readonly role: "attempt-time" | "deadline";
  /** The field as the file spells it ("timeout"), or the default's name ("Envoy's default route timeout"). */
  readonly field: string;
  /** Offset of the field's key in the file's text; null for a default. */
  readonly offset: number | null;
}

/** A policy whose values cannot be known from the file alone (a placeholder such as ${RETRIES}). */
export interface UnresolvedPolicy {
  readonly system: string;
  readonly name: string;
  readonly offset: number;
  readonly reason: string;
}

/**
 * A policy whose values are wrong (a type error, a value out of range, `MaxAttempts:
 * "three"`): a finding at its place (rule invalid-policy, exit 1), never the end of a scan.
 */
export interface InvalidPolicy {
  readonly system: string;
  readonly name: string;
  readonly offset: number;
  readonly reason: string;
}

/** A value the file gets wrong: the policy it belongs to becomes an InvalidPolicy at the value's place. */
export class FileProblem extends Error {
  override readonly name = "FileProblem";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** A value that is a template placeholder: the policy is skipped, naming why. */
export class Placeholder extends Error {
  override readonly name = "Placeholder";
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the recognisers put what they find. */
export class Findings {
  readonly policies: FoundPolicy[] = [];
  readonly unresolved: UnresolvedPolicy[] = [];
  readonly invalid: InvalidPolicy[] = [];
  /** Retry limits (circuit breakers, retry budgets): not policies, reported with the policies they govern. */
  readonly limits: FoundLimit[] = [];
  /** Keys their system does not define, in a retry setting or misspelt beside one (unknown-keys.ts): findings (rule unknown-key). */
  readonly unknownKeys: UnknownKey[] = [];

  /**
   * Runs `read` for one policy: a placeholder among its values makes it unresolved, a
   * FileProblem invalid (the file's other policies are read on).
   */
  policy(system: string, name: string, offset: number, read: () => Omit<FoundPolicy, "system" | "name" | "offset">): void {
    try {
      this.policies.push({ system, name, offset, ...read() });
    } catch (error) {
      if (error instanceof Placeholder) this.unresolved.push({ system, name, offset: error.offset, reason: error.message });
      else if (error instanceof FileProblem) this.invalid.push({ system, name, offset: error.offset, reason: error.message });
      else throw error;
    }
  }

  /** How many policies, unresolved and invalid ones included, have been reported so far. */
  get count(): number {
    return this.policies.length + this.unresolved.length + this.invalid.length;
  }
}
