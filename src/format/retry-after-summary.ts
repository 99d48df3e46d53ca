import type { RetryAfterView } from "../core/retry-after/model.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";

/** "before every retry", "before retry 3", "before retries 2–3". */
function carriedText(view: RetryAfterView): string {
  const { attempts } = view.header;
  if (attempts === null) return "before every retry";
  return attempts.first === attempts.last ? `before retry ${groupDigits(attempts.first)}` : `before retries ${groupDigits(attempts.first)}–${groupDigits(attempts.last)}`;
}

/**
 * The sentence under a schedule with --retry-after: the header, which retries it comes
 * before, and what the client does with it in its own words ("Retry-After 30 s before
 * every retry: the wait is the longer of …; retry_after_changed marks the retries it changed.").
 */
export function retryAfterSummaryLines(view: RetryAfterView): string[] {
  const header = `Retry-After ${humanDuration(view.header.ms)} ${carriedText(view)}`;
  const rule = view.rule.replace(/\.$/, "");
  const lines = [`${header}: ${rule}.`];
  if (view.givesUpAt !== null) lines.push(`The retries end at ${view.givesUpAt === 1 ? "none" : `retry ${groupDigits(view.givesUpAt - 1)}`}: it gives up at retry ${groupDigits(view.givesUpAt)}, the first whose failure carries the header.`);
  return lines;
}

/** The same as JSON, beside the schedule's summary. */
export function retryAfterSummaryJson(view: RetryAfterView): Record<string, unknown> {
  const { attempts } = view.header;
  return {
    retry_after_ms: view.header.ms,
    first_attempt: attempts === null ? 1 : attempts.first,
    last_attempt: attempts === null ? null : attempts.last,
    rule: view.rule,
    gives_up_at: view.givesUpAt,
  };
}
