import type { ChainReport } from "../core/chain/chain.js";
import type { TimeSpan } from "../core/chain/give-up.js";
import type { SteadyState } from "../core/chain/steady-state.js";
import type { ChainVerdict } from "../core/chain/verdicts.js";
import { plainNumber } from "../core/decimal.js";
import { budgetCell, budgetJson } from "./chain-budget.js";
import { csvField, tsvField } from "./compare.js";
import { jsonText } from "./json-text.js";
import { groupDigits } from "../core/text/digits.js";
import { msField, msJson } from "./numbers.js";

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
}

export function chainRows(report: ChainReport): ChainRow[] {
  const rows = report.layers.map(
    (layer, k): ChainRow => ({
      layer: String(k + 1),
      policy: layer.layer.name,
      tries: layer.tries,
      retries: layer.retries,
      worstCaseCalls: layer.worstCaseCalls,
      expectedCalls: layer.expected.callsSent,
      budget: layer.layer.budget === null ? "" : budgetCell(layer.layer.budget),
      limitedCalls: layer.limited?.callsSent ?? null,
      fullBucketRetries: layer.budget?.fullBucketRetries ?? null,
      tryTimeoutMs: layer.layer.tryTimeoutMs,
      giveUp: layer.giveUp.giveUp,
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
  if (Number.isInteger(calls) || calls >= 1000) return groupDigits(BigInt(Math.round(calls)));
  return calls.toPrecision(4);
}

const CHAIN_FIELDS = [
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
] as const;

const numberField = (value: number | null) => (value === null ? "" : plainNumber(value));
/**
 * A budget's steady state is solved by bisection, to the last bit of a double but no
 * further: ten significant digits say what is known (1.2463054187192117 → 1.246305419).
 */
const solvedNumber = (value: number | null) => (value === null ? null : Number(value.toPrecision(10)));

function fields(row: ChainRow): string[] {
  return [
    row.layer,
    row.policy,
    numberField(row.tries),
    numberField(row.retries),
    String(row.worstCaseCalls),
    plainNumber(row.expectedCalls),
    row.budget,
    numberField(solvedNumber(row.limitedCalls)),
    numberField(row.fullBucketRetries),
    row.tryTimeoutMs === null ? "" : msField(row.tryTimeoutMs),
    msField(row.giveUp.nominalMs),
    msField(row.giveUp.minMs),
    msField(row.giveUp.maxMs),
  ];
}

/** CSV or TSV: a header, one line per layer, and the `total` line. */
export function renderChainDelimited(report: ChainReport, separator: "," | "\t"): string {
  const field = separator === "," ? csvField : tsvField;
  const lines = [CHAIN_FIELDS.join(separator), ...chainRows(report).map((row) => fields(row).map(field).join(separator))];
  return `${lines.join("\n")}\n`;
}

function steadyJson(steady: SteadyState): Record<string, unknown> {
  switch (steady.kind) {
    case "solved":
      return { solved: true };
    case "missing":
      return { solved: false, needs: steady.missing.map((entry) => ({ layer: entry.layer + 1, inputs: entry.inputs })) };
    case "unsettled":
      return { solved: false, unsettled: true };
  }
}

/** A verdict for JSON, its layers counted from 1 as everywhere else. */
export function verdictJson(verdict: ChainVerdict): Record<string, unknown> {
  switch (verdict.kind) {
    case "stacked-retries":
      return { kind: verdict.kind, layers: verdict.layers.map((k) => k + 1) };
    case "single-retry-point":
      return { kind: verdict.kind, layer: verdict.layer + 1 };
    case "budget-binds":
      return { kind: verdict.kind, layer: verdict.layer + 1, tries_per_call_without: verdict.triesWithout, tries_per_call_with: verdict.triesWith };
    default:
      return { kind: verdict.kind };
  }
}

function giveUpJson(span: TimeSpan): Record<string, unknown> {
  return { give_up_ms: msJson(span.nominalMs), give_up_min_ms: msJson(span.minMs), give_up_max_ms: msJson(span.maxMs) };
}

/** JSON: the inputs, every layer, the total, whether the budgets could be worked out, and the verdicts. */
export function renderChainJson(report: ChainReport): string {
  const { options } = report;
  const value = {
    counting: "tries = 1 + retries; calls per call entering the top",
    failure_rate: options.failureRate,
    rps: options.rps,
    attempt_time_ms: options.attemptMs,
    layers: report.layers.map((layer, k) => ({
      layer: k + 1,
      policy: layer.layer.name,
      tries: layer.tries,
      retries: layer.retries,
      worst_case_calls: layer.worstCaseCalls,
      expected_calls: layer.expected.callsSent,
      call_failure: layer.expected.callFailure,
      budget:
        layer.layer.budget === null
          ? null
          : { ...budgetJson(layer.layer.budget), by_default: layer.layer.budgetByDefault === true, binds: layer.budget!.binds, full_bucket_retries: layer.budget!.fullBucketRetries, grant: solvedNumber(layer.limited?.grant ?? null) },
      budget_limited_calls: solvedNumber(layer.limited?.callsSent ?? null),
      per_try_timeout_ms: layer.layer.tryTimeoutMs,
      ...giveUpJson(layer.giveUp.giveUp),
    })),
    total: {
      worst_case_calls: report.bottom.worstCase,
      expected_calls: report.bottom.expected,
      budget_limited_calls: solvedNumber(report.bottom.limited),
      ...giveUpJson(report.layers[0]!.giveUp.giveUp),
    },
    budgets: steadyJson(report.steady),
    verdicts: report.verdicts.map(verdictJson),
  };
  return `${jsonText(value, 2)}\n`;
}
