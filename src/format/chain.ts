import type { ChainReport } from "../core/chain/chain.js";
import type { TimeSpan } from "../core/chain/give-up.js";
import { plainNumber } from "../core/decimal.js";
import { budgetCell } from "./chain-budget.js";
import { groupDigits } from "../core/text/digits.js";
import { SATURATED_TEXT, msField } from "./numbers.js";
import { printable } from "./printable.js";

// `backoff chain` in the machine formats: one row per layer, outermost first, then a row
// `total` with the whole chain's figures (the calls reaching the backend, the top's time
// to give up). Calls are per call entering the top; tries = 1 + retries.

/** One row: a layer, or the chain's total. */
export interface ChainRow {
  /** "1", "2", … from the top, or "total". */
  readonly layer: string;
  readonly policy: string;
  readonly tries: number | null;
  readonly retries: number | null;
  readonly worstCaseCalls: bigint;
  readonly expectedCalls: number;
  /** The budget's short name, "" for none. */
  readonly budget: string;
  /** null when the budgets cannot be worked out (an input is missing). */
  readonly limitedCalls: number | null;
  readonly fullBucketRetries: number | null;
  readonly tryTimeoutMs: number | null;
  readonly giveUp: TimeSpan;
  /** The failure --failure names ("503"), "" for none. */
  readonly failure: string;
  /** Whether the layer retries it: yes, no, assumed; "" without --failure (and on the total). */
  readonly retried: string;
}

export function chainRows(report: ChainReport): ChainRow[] {
  const rows = report.layers.map(
    (layer, k): ChainRow => ({
      layer: String(k + 1),
      // A name from a file: its control characters escaped for CSV, TSV and Markdown (the JSON escapes them itself).
      policy: printable(layer.layer.name),
      tries: layer.tries,
      retries: layer.retries,
      worstCaseCalls: layer.worstCaseCalls,
      expectedCalls: layer.expected.callsSent,
      budget: layer.layer.budget === null ? "" : budgetCell(layer.layer.budget),
      limitedCalls: layer.limited?.callsSent ?? null,
      fullBucketRetries: layer.budget?.fullBucketRetries ?? null,
      tryTimeoutMs: layer.layer.tryTimeoutMs,
      giveUp: layer.giveUp.giveUp,
      failure: report.options.failure?.name ?? "",
      retried: layer.retried?.retried ?? "",
    }),
  );
  const top = report.layers[0]!;
  rows.push({
    layer: "total",
    policy: "",
    tries: null,
    retries: null,
    worstCaseCalls: report.bottom.worstCase,
    expectedCalls: report.bottom.expected,
    budget: "",
    limitedCalls: report.bottom.limited,
    fullBucketRetries: null,
    tryTimeoutMs: null,
    giveUp: top.giveUp.giveUp,
    failure: report.options.failure?.name ?? "",
    retried: "",
  });
  return rows;
}

/**
 * Calls per call for people: whole numbers grouped (243, 1,024), anything else to 4
 * significant digits, trailing zeros kept so that 1.99999998 reads 2.000, not an exact 2.
 * A count of calls is never below 1 (the call itself), so toPrecision never writes an exponent.
 */
export function callsText(calls: number | bigint): string {
  if (typeof calls === "bigint") return groupDigits(calls);
  // A double past 2^53 − 1 is no longer a count to the unit: said as a bound, never as digits it does not hold.
  if (calls > MAX_COUNT) return `> ${groupDigits(BigInt(MAX_COUNT))}`;
  if (Number.isInteger(calls) || Number(calls.toPrecision(4)) >= 1000) return groupDigits(BigInt(Math.round(calls)));
  return calls.toPrecision(4);
}

/** The largest count every column holds exactly; past it a count is the marker (SATURATED_TEXT). */
const MAX_COUNT = Number.MAX_SAFE_INTEGER;

/**
 * A count of calls for the machine formats: a whole number as it is, up to 2^53 − 1; past it
 * the marker, whether the count is an exact bigint (worst_case_calls) or a double, since a
 * reader of CSV or JSON holds it in a double. `significant` digits drop what the arithmetic
 * does not know: 15 for an expectation multiplied out in doubles (1.3900000000000001 →
 * 1.39), 10 for a budget's share solved by bisection (1.2463054187192117 → 1.246305419);
 * never fewer than the whole part has, so 1004006004001 stays 1004006004001.
 */
export function countValue(calls: number | bigint, significant: number): number | string {
  if (typeof calls === "bigint") return calls > BigInt(MAX_COUNT) ? SATURATED_TEXT : Number(calls);
  if (calls > MAX_COUNT) return SATURATED_TEXT;
  if (Number.isInteger(calls) || calls === 0) return calls;
  const whole = Math.floor(Math.abs(calls));
  const wholeDigits = whole === 0 ? 0 : String(whole).length;
  return Number(calls.toPrecision(Math.min(21, Math.max(significant, wholeDigits))));
}

export const EXPECTED_DIGITS = 15;
const SOLVED_DIGITS = 10;

/** The machine formats' columns (formats/chain/csv.ts, tsv.ts), in this order. */
export const CHAIN_FIELDS = [
  "layer",
  "policy",
  "tries",
  "retries",
  "worst_case_calls",
  "expected_calls",
  "budget",
  "budget_limited_calls",
  "full_bucket_retries",
  "per_try_timeout_ms",
  "give_up_ms",
  "give_up_min_ms",
  "give_up_max_ms",
  "failure",
  "retried",
] as const;

const numberField = (value: number | string | null) => (value === null ? "" : typeof value === "string" ? value : plainNumber(value));
/** A budget's steady state is solved by bisection, to the last bit of a double but no further (see countValue). */
export const solvedNumber = (value: number | null) => (value === null ? null : countValue(value, SOLVED_DIGITS));
export const expectedNumber = (value: number) => countValue(value, EXPECTED_DIGITS);

/** A row's fields as CSV and TSV write them, in CHAIN_FIELDS' order (before quoting). */
export function chainFields(row: ChainRow): string[] {
  return [
    row.layer,
    row.policy,
    numberField(row.tries),
    numberField(row.retries),
    numberField(countValue(row.worstCaseCalls, EXPECTED_DIGITS)),
    numberField(expectedNumber(row.expectedCalls)),
    row.budget,
    numberField(solvedNumber(row.limitedCalls)),
    numberField(row.fullBucketRetries),
    row.tryTimeoutMs === null ? "" : msField(row.tryTimeoutMs),
    msField(row.giveUp.nominalMs),
    msField(row.giveUp.minMs),
    msField(row.giveUp.maxMs),
    row.failure,
    row.retried,
  ];
}
