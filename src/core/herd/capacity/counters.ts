/**
 * The counts both capacity models keep per window and per run (the sampled one call by
 * call, the expected one in fractions of calls), at these indices of one Float64Array, and
 * how a window or the totals report them. One layout, so that the two models' windows
 * and totals read the same fields the same way.
 */
export const ARRIVALS = 0;
export const CALLS = 1;
export const RETRIES = 2;
export const SUCCEEDED = 3;
export const OUTAGE = 4;
export const REJECTED = 5;
export const TIMED_OUT = 6;
export const REFUSED = 7;
export const DENIED = 8;
export const GAVE_UP = 9;
/** How many counters the layout above holds; a model may keep more after them. */
export const CALL_COUNTERS = 10;

/** The fields of a window (and of the totals) that the counters give (simulate.ts's CapacityWindow has them). */
export interface CountedFields {
  readonly arrivals: number;
  readonly calls: number;
  readonly retries: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly outageFailures: number;
  readonly rejected: number;
  readonly timedOut: number;
  readonly refused: number;
  readonly denied: number;
  readonly gaveUp: number;
}

/** The counters as a window's fields: a failure is an outage's, a rejection or a timeout. */
export function countedFields(counters: ArrayLike<number>): CountedFields {
  return {
    arrivals: counters[ARRIVALS]!,
    calls: counters[CALLS]!,
    retries: counters[RETRIES]!,
    succeeded: counters[SUCCEEDED]!,
    failed: counters[OUTAGE]! + counters[REJECTED]! + counters[TIMED_OUT]!,
    outageFailures: counters[OUTAGE]!,
    rejected: counters[REJECTED]!,
    timedOut: counters[TIMED_OUT]!,
    refused: counters[REFUSED]!,
    denied: counters[DENIED]!,
    gaveUp: counters[GAVE_UP]!,
  };
}
