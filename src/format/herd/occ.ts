import type { OccMode } from "../../core/herd/occ-backoff.js";
import type { NetworkModel } from "../../core/herd/network.js";
import type { OccSummary } from "../../core/herd/occ.js";
import type { Column } from "../columns.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";

/** What `backoff simulate --model occ` computed: the experiment's set-up and one row per client count and mode. */
export interface OccReport {
  readonly network: NetworkModel;
  readonly baseMs: number;
  readonly capMs: number;
  readonly runs: number;
  readonly seed: number;
  /** Client counts ascending, the modes in the order run within each. */
  readonly rows: readonly OccRow[];
}

export interface OccRow {
  readonly clients: number;
  readonly mode: OccMode;
  readonly summary: OccSummary;
}

/** Means and spreads to two decimals (calls) and three (ms, a microsecond): what the runs determine, without float noise. */
const two = (x: number) => Math.round(x * 100) / 100;
const three = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The spread of the runs (issue 39, item 6): their standard deviation, and the standard error of
 * their mean (sd / √runs), what a mean is known to; neither exists with one run (null, not 0).
 */
export function occSpread(spread: { readonly sd: number }, runs: number): { readonly sd: number; readonly se: number } | null {
  return runs < 2 ? null : { sd: spread.sd, se: spread.sd / Math.sqrt(runs) };
}

/** Per client count and mode, in this order in CSV, TSV, JSON and Markdown (formats/occ/); the published results file has clients, time, calls, algorithm. */
export const OCC_COLUMNS: ReadonlyArray<Column<OccRow, number | string | null>> = [
  { name: "clients", value: (row) => row.clients },
  { name: "mode", value: (row) => row.mode, align: "left" },
  { name: "runs", value: (row) => row.summary.runs },
  { name: "calls_mean", value: (row) => two(row.summary.calls.mean) },
  { name: "calls_sd", value: (row) => nullOr(occSpread(row.summary.calls, row.summary.runs)?.sd, two) },
  { name: "calls_se", value: (row) => nullOr(occSpread(row.summary.calls, row.summary.runs)?.se, two) },
  { name: "calls_min", value: (row) => row.summary.calls.min },
  { name: "calls_max", value: (row) => row.summary.calls.max },
  { name: "completion_ms_mean", value: (row) => three(row.summary.completionMs.mean) },
  { name: "completion_ms_sd", value: (row) => nullOr(occSpread(row.summary.completionMs, row.summary.runs)?.sd, three) },
  { name: "completion_ms_se", value: (row) => nullOr(occSpread(row.summary.completionMs, row.summary.runs)?.se, three) },
  { name: "completion_ms_min", value: (row) => three(row.summary.completionMs.min) },
  { name: "completion_ms_max", value: (row) => three(row.summary.completionMs.max) },
];

function nullOr(x: number | undefined, round: (x: number) => number): number | null {
  return x === undefined ? null : round(x);
}

/** A millisecond figure for people: to a microsecond below a second, as humanDuration above. */
export function occTime(ms: number): string {
  return humanDuration(ms < 1000 ? three(ms) : Math.round(ms));
}

/** "1 run", "100 runs". */
export function occRuns(runs: number): string {
  return `${groupDigits(runs)} ${runs === 1 ? "run" : "runs"}`;
}

/** The set-up in a sentence, then what the modes mean. */
export function occSummaryLines(report: OccReport): string[] {
  const clients = [...new Set(report.rows.map((row) => row.clients))];
  const who =
    clients.length > 1 ? `${groupDigits(clients[0]!)} to ${groupDigits(clients[clients.length - 1]!)} clients each update` : clients[0] === 1 ? "1 client updates" : `${groupDigits(clients[0]!)} clients each update`;
  const network = `${report.network.meanMs} ms ± ${report.network.sdMs} ms`;
  return [
    `OCC: ${who} one row once (read, then a versioned write); every message takes |normal(${network})|; ` +
      (report.runs === 1
        ? `one seeded run (seed ${report.seed}): each figure is one sample, with no spread known from one run (--runs 20 gives means and their standard errors).`
        : `means over ${occRuns(report.runs)}, ± the standard error of each mean (the runs' standard deviation / √${report.runs}); seed ${report.seed}.`),
    `The wait after the n-th failed write: one network delay plus min(${occTime(report.capMs)}, ${occTime(report.baseMs)} × 2^(n−1)) (the experiment's 2^n × ${occTime(report.baseMs / 2)}), ` +
      `expo(n) for short. Calls are the writes; time is when the last client is done.`,
    `Modes: no-backoff waits 0; none waits expo(n) (exponential, no jitter); full uniform(0, expo(n)); equal expo(n)/2 + uniform(0, expo(n)/2); ` +
      `decorrelated min(${occTime(report.capMs)}, uniform(${occTime(report.baseMs / 2)}, 3 × its previous wait)), from ${occTime(report.baseMs / 2)}.`,
  ];
}
