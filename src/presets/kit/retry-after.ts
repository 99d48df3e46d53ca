import type { RetryAfter } from "../../core/retry-after/header.js";
import { type RetryAfterRule, retryAfterModel } from "../../core/retry-after/model.js";
import { groupDigits } from "../../core/text/digits.js";
import { PresetError, option, parts } from "../errors.js";
import type { PresetModel } from "../types.js";

/**
 * A library whose waits do not depend on earlier draws, with the server's Retry-After:
 * its own model where no header comes, `rule` where one does. The totals are summed from
 * those waits (the closed forms of the model without the header no longer hold).
 */
export function withRetryAfterWaits(model: PresetModel, header: RetryAfter | undefined, rule: RetryAfterRule, text: string): PresetModel {
  if (header === undefined) return model;
  const { model: waits, view } = retryAfterModel(model, header, rule, text);
  const { cumulativeMs: _cumulative, totals: _totals, boundsTotals: _bounds, sampledRun: _sampled, monotone: _monotone, ...own } = model;
  return { ...own, ...waits, retryAfter: view };
}

/**
 * The header's delta-seconds as a library that reads them as a whole number reads them
 * (urllib3's ^\s*[0-9]+\s*$, Go's strconv.ParseInt, cenkalti v5–v6's RetryAfter(seconds int)):
 * a wait that is not whole seconds is no header that library can be sent.
 */
export function wholeSecondsHeader(header: RetryAfter | undefined, how: string): RetryAfter | undefined {
  if (header !== undefined && header.ms % 1000 !== 0) {
    throw new PresetError(parts`${option("retryAfter")} must be whole seconds here: ${how}, got ${groupDigits(header.ms)} ms`);
  }
  return header;
}
