import type { RetryOn } from "../condition.js";

/**
 * What Lambda retries of an asynchronous invocation (the AWS Lambda Developer Guide as of 2025,
 * lambda/latest/dg/invocation-async-error-handling.html): every function error, the code's or
 * the runtime's, timeouts included; Lambda's own throttles (429) and system errors (5xx) are
 * retried apart from MaximumRetryAttempts, until the event's maximum age, so they are words and
 * not an overload signal. One definition for src/presets/lambda-async.ts and
 * src/config/shapes/lambda-async.ts: presets cannot import config.
 */
export const LAMBDA_ASYNC_DEFAULT_RETRY_ON: RetryOn = {
  words: ["function errors", "Lambda's throttles and system errors, until the event's maximum age"],
  from: "AWS's documented retries",
  isDefault: true,
  conditions: [{ kind: "every-error" }, { kind: "other", text: "Lambda's own throttles (429) and system errors (5xx), apart from MaximumRetryAttempts" }],
};
