// Retry-After: the wait a server asks for, and what a client does with it (each library's
// rule lives in its preset; the calculator's own is longer-of.ts), as a schedule model.
export { type RetryAfter, checkRetryAfter, firstCarrying, retryAfterAt } from "./header.js";
export { RETRY_AFTER_CHANGES, type RetryAfterChange, raisedChange, replacedChange } from "./change.js";
export { type RetryAfterRule, type RetryAfterView, type RetryAfterWait, ignoredView, retryAfterModel } from "./model.js";
export { LONGER_OF_TEXT, longerOfRule } from "./longer-of.js";
export { raisedDrawMean } from "./clamped-mean.js";
export { withRetryAfter } from "./rows.js";
