import { type Condition, type RetryOn, conditionText } from "../conditions/condition.js";

/**
 * What the tries at the bottom of a chain fail with (`backoff chain --failure`), in the
 * conditions' vocabulary (core/conditions/condition.ts): a connection failure, a timeout,
 * an HTTP status, a gRPC status. Each layer's retry conditions decide whether it retries
 * that failure; one that does not makes a single try and passes the failure up as it got
 * it (the SRE book's advice for overload errors: retry them at one layer at most).
 */
export interface FailureKind {
  /** What --failure takes: "503", "connection". */
  readonly name: string;
  /** Other words for it: "overload" for 503. */
  readonly aliases: readonly string[];
  /** For people: "503 Service Unavailable". */
  readonly text: string;
  /** The failure as a condition that retries it (a status, a gRPC code, connection failures, timeouts). */
  readonly condition: Extract<Condition, { kind: "connection" | "timeout" | "status" | "grpc" }>;
}

/** The failures --failure and a layer's retry-on take, in the order help lists them. */
export const FAILURE_KINDS: readonly FailureKind[] = [
  { name: "503", aliases: ["overload"], text: "503 Service Unavailable", condition: { kind: "status", code: 503 } },
  { name: "429", aliases: ["throttled"], text: "429 Too Many Requests", condition: { kind: "status", code: 429 } },
  { name: "500", aliases: [], text: "500 Internal Server Error", condition: { kind: "status", code: 500 } },
  { name: "502", aliases: [], text: "502 Bad Gateway", condition: { kind: "status", code: 502 } },
  { name: "504", aliases: [], text: "504 Gateway Timeout", condition: { kind: "status", code: 504 } },
  { name: "connection", aliases: ["reset"], text: "connection failures", condition: { kind: "connection" } },
  { name: "timeout", aliases: [], text: "timeouts", condition: { kind: "timeout" } },
  { name: "unavailable", aliases: [], text: "gRPC UNAVAILABLE", condition: { kind: "grpc", code: "UNAVAILABLE" } },
  { name: "resource-exhausted", aliases: [], text: "gRPC RESOURCE_EXHAUSTED", condition: { kind: "grpc", code: "RESOURCE_EXHAUSTED" } },
];

/** A failure by its name or an alias (case and "_" aside: RESOURCE_EXHAUSTED), or undefined. */
export function findFailureKind(word: string): FailureKind | undefined {
  const folded = word.trim().toLowerCase().replace(/_/g, "-");
  return FAILURE_KINDS.find((kind) => kind.name === folded || kind.aliases.includes(folded));
}

/**
 * Whether a layer retries a failure, by its conditions: "yes" when one of them matches it
 * (the failure itself, every 5xx for a 5xx status, every error), "no" when none can, and
 * "assumed" when the conditions are not known or rest on what cannot be matched here (a
 * predicate in code, an error class, a condition in words): such a layer is counted as
 * retrying, the larger figure.
 */
export type FailureRetried =
  | { readonly retried: "yes"; readonly by: string }
  | { readonly retried: "no" }
  | { readonly retried: "assumed"; readonly why: string };

/** Whether `condition` retries `failure`: true, false, or null when it cannot be told. */
function matches(condition: Condition, failure: FailureKind["condition"], except: readonly string[]): boolean | null {
  switch (condition.kind) {
    case "connection":
    case "timeout":
      return failure.kind === condition.kind;
    case "5xx":
      return failure.kind === "status" && failure.code >= 500 && failure.code <= 599;
    case "status":
      return failure.kind === "status" && failure.code === condition.code;
    case "grpc":
      return failure.kind === "grpc" && failure.code === condition.code;
    case "every-error":
      // Errors excluded by name might be this failure: not told.
      return except.length === 0 ? true : null;
    case "error":
    case "code":
    case "other":
      return null;
  }
}

export function failureRetried(on: RetryOn | undefined, failure: FailureKind): FailureRetried {
  if (on === undefined) return { retried: "assumed", why: "what it retries on is not known" };
  const except = on.except ?? [];
  const undecided: string[] = [];
  for (const condition of on.conditions) {
    const match = matches(condition, failure.condition, except);
    if (match === true) return { retried: "yes", by: conditionText(condition) };
    if (match === null) undecided.push(conditionText(condition));
  }
  if (undecided.length > 0) return { retried: "assumed", why: `it retries on ${[...new Set(undecided)].join(", ")}${except.length > 0 ? ` (not ${except.join(", ")})` : ""}, which cannot be matched against ${failure.text}` };
  return { retried: "no" };
}

/** The retries a layer makes for the failure: none when it does not retry it, its policy's otherwise. */
export function retriesFor(retries: number, retried: FailureRetried | null): number {
  return retried?.retried === "no" ? 0 : retries;
}
