/**
 * What a retry policy retries on, in a small vocabulary every system's words are read into
 * (config/shapes/*.ts read each system's own keys, src/presets give each library's default):
 * connection failures, timeouts, every 5xx, a status code (503 unavailable, 429 throttled,
 * 502 and 504 gateway errors, any other), a gRPC status code, an error class or name, every
 * error, and what code decides (a predicate or a class the file does not show: never
 * guessed). Pure data; the words of the reports are below.
 */
export type Condition =
  /** The connection failed or was reset before a response: refused, reset, a refused stream. */
  | { readonly kind: "connection" }
  /** A try that ran out of time (a per-try timeout, States.Timeout). */
  | { readonly kind: "timeout" }
  /** Every 5xx response, 503 included. */
  | { readonly kind: "5xx" }
  /** One HTTP status code. */
  | { readonly kind: "status"; readonly code: number }
  /** One gRPC status code, by its canonical name (UNAVAILABLE, RESOURCE_EXHAUSTED). */
  | { readonly kind: "grpc"; readonly code: string }
  /** An error class or name (a Java exception class, an ASL error name). */
  | { readonly kind: "error"; readonly name: string }
  /** Every error the system can retry; `but`: what it still does not match, in words. */
  | { readonly kind: "every-error"; readonly but?: string }
  /** Decided by code the file names but does not show (a predicate, a class): `why` names it. */
  | { readonly kind: "code"; readonly why: string }
  /** Anything else, in words; `overload` when it is an overload signal (Envoy's own rate limiting). */
  | { readonly kind: "other"; readonly text: string; readonly overload?: boolean };

/**
 * A policy's retry conditions: the system's own words for them and where they come from,
 * and the same in the shared vocabulary.
 */
export interface RetryOn {
  /** The system's words, as written or as its default has them ("connect-failure", "gateway-error", "States.ALL"). */
  readonly words: readonly string[];
  /** Where the words come from: the key as the file spells it ("retryOn"), or the default's name ("Istio's default"). */
  readonly from: string;
  /** Whether they are the system's (or library's) default, the file setting none. */
  readonly isDefault: boolean;
  readonly conditions: readonly Condition[];
  /** Errors excluded by name (resilience4j ignoreExceptions; the errors of an earlier ASL retrier). */
  readonly except?: readonly string[];
  /** The request methods retried, where the system decides by method. */
  readonly methods?: readonly string[];
  /** A retry budget the policy's own configuration sets (gRPC retryThrottling, a Linkerd retryBudget), in words. */
  readonly budget?: string;
  /** How it honours the server's Retry-After, where it does (a library the Retry-After model knows). */
  readonly retryAfter?: string;
  /**
   * What a finding tells the reader to edit, as the file spells it: the key of the conditions, and how to add a retry budget (null: the system has none).
   * `fixed`: the system decides the conditions and nothing in the file can narrow them (Knative's SelectiveRetry, Lambda's retries).
   */
  readonly levers?: { readonly conditions: string; readonly budget: string | null; readonly narrow?: string; readonly fixed?: true };
}

/** The HTTP status codes that say the service is overloaded: 503 Service Unavailable, 429 Too Many Requests. */
export const OVERLOAD_STATUS: readonly number[] = [503, 429];
/** The gRPC code that says the same (grpc/grpc doc/statuscodes.md: RESOURCE_EXHAUSTED, "some resource has been exhausted"). */
export const OVERLOAD_GRPC = "RESOURCE_EXHAUSTED";
/** Error names that say the caller is throttled (AWS's ThrottlingException, Lambda.TooManyRequestsException, S3's SlowDown, …). */
const THROTTLE_NAME = /throttl|toomanyrequests|too_many_requests|ratelimit|rate_limit|slowdown|requestlimitexceeded|resource_?exhausted/i;

/** A condition in the shared vocabulary's words: "connection failures", "503", "gRPC UNAVAILABLE". */
export function conditionText(c: Condition): string {
  switch (c.kind) {
    case "connection":
      return "connection failures";
    case "timeout":
      return "timeouts";
    case "5xx":
      return "5xx";
    case "status":
      return String(c.code);
    case "grpc":
      return `gRPC ${c.code}`;
    case "error":
      return c.name;
    case "every-error":
      return c.but === undefined ? "every error" : `every error but ${c.but}`;
    case "code":
      return `decided by code (${c.why})`;
    case "other":
      return c.text;
  }
}

/**
 * The overload signal a condition retries, in the vocabulary's words, or null: 503 (alone or
 * among every 5xx), 429, gRPC RESOURCE_EXHAUSTED, a throttling error's name, Envoy's own rate
 * limiting. Every error is left to the rule of retrying everything.
 */
export function overloadOf(c: Condition): string | null {
  switch (c.kind) {
    case "5xx":
      return "503";
    case "status":
      return OVERLOAD_STATUS.includes(c.code) ? String(c.code) : null;
    case "grpc":
      return c.code === OVERLOAD_GRPC ? conditionText(c) : null;
    case "error":
      return THROTTLE_NAME.test(c.name) ? c.name : null;
    case "other":
      return c.overload === true ? c.text : null;
    default:
      return null;
  }
}

/** The overload signals a policy retries, each once, in the order its conditions give them. */
export function overloadSignals(on: RetryOn): string[] {
  const found: string[] = [];
  for (const c of on.conditions) {
    const signal = overloadOf(c);
    if (signal !== null && !found.includes(signal)) found.push(signal);
  }
  return found;
}

/**
 * Whether a policy retries every error, permanent failures with the rest: every error with
 * nothing excluded (ASL States.ALL first, resilience4j's retryExceptions of Exception without
 * ignoreExceptions), or every 5xx together with a 4xx (Envoy's 5xx with retriable-4xx).
 */
export function retriesEverything(on: RetryOn): boolean {
  if ((on.except ?? []).length > 0) return false;
  if (on.conditions.some((c) => c.kind === "every-error")) return true;
  return on.conditions.some((c) => c.kind === "5xx") && on.conditions.some((c) => c.kind === "status" && c.code >= 400 && c.code < 500);
}

/**
 * The conditions in the vocabulary's words, each once: the overload signals first (what a
 * reader must see), then the rest in the order the system gives them.
 */
export function conditionTexts(on: RetryOn): string[] {
  const first = on.conditions.filter((c) => overloadOf(c) !== null);
  const rest = on.conditions.filter((c) => overloadOf(c) === null);
  return [...new Set([...first, ...rest].map(conditionText))];
}

/**
 * The report's line: "retries on 503, connection failures, gRPC UNAVAILABLE, 502, 504
 * (retryOn: connect-failure, unavailable, gateway-error)", with the errors excluded, the
 * methods and a Retry-After honoured after it. A policy that retries on nothing says so.
 */
export function retryOnText(on: RetryOn): string {
  const texts = conditionTexts(on);
  const words = on.words.length === 0 ? on.from : `${on.from}: ${on.words.join(", ")}`;
  const extras = [
    ...((on.except ?? []).length > 0 ? [`not ${on.except!.join(", ")}`] : []),
    ...(on.methods === undefined ? [] : [`methods ${on.methods.length === 0 ? "none" : on.methods.join(", ")}`]),
    ...(on.retryAfter === undefined ? [] : [on.retryAfter]),
  ];
  return `${texts.length === 0 ? "retries on no condition" : `retries on ${texts.join(", ")}`} (${words})${extras.length === 0 ? "" : `; ${extras.join("; ")}`}`;
}

/**
 * What a policy retries on as the machine reports give it (JSON's retry_on, SARIF's property
 * bag): the system's words and where they come from, the same in the vocabulary's words, the
 * overload signals among them and whether it retries every error.
 */
export function retryOnData(on: RetryOn): Record<string, unknown> {
  return {
    from: on.from,
    default: on.isDefault,
    words: on.words,
    conditions: conditionTexts(on),
    overload: overloadSignals(on),
    everything: retriesEverything(on),
    ...(on.except === undefined ? {} : { except: on.except }),
    ...(on.methods === undefined ? {} : { methods: on.methods }),
    ...(on.budget === undefined ? {} : { budget: on.budget }),
    ...(on.retryAfter === undefined ? {} : { retry_after: on.retryAfter }),
  };
}
