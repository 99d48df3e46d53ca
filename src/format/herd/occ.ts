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

/** Per client count and mode, in this order in CSV, TSV, JSON and Markdown (formats/occ/); the published results file has clients, time, calls, algorithm. */
export const OCC_COLUMNS: ReadonlyArray<Column<OccRow, number | string>> = [
  { name: "clients", value: (row) => row.clients },
  { name: "mode", value: (row) => row.mode, align: "left" },
  { name: "runs", value: (row) => row.summary.runs },
  { name: "calls_mean", value: (row) => two(row.summary.calls.mean) },
  { name: "calls_sd", value: (row) => two(row.summary.calls.sd) },
  { name: "calls_min", value: (row) => row.summary.calls.min },
  { name: "calls_max", value: (row) => row.summary.calls.max },
  { name: "completion_ms_mean", value: (row) => three(row.summary.completionMs.mean) },
  { name: "completion_ms_sd", value: (row) => three(row.summary.completionMs.sd) },
  { name: "completion_ms_min", value: (row) => three(row.summary.completionMs.min) },
  { name: "completion_ms_max", value: (row) => three(row.summary.completionMs.max) },
];

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
      `means over ${occRuns(report.runs)}, ± one standard deviation of the runs; seed ${report.seed}.`,
    `The wait after the n-th failed write: one network delay plus min(${occTime(report.capMs)}, ${occTime(report.baseMs)} × 2^(n−1)) (the experiment's 2^n × ${occTime(report.baseMs / 2)}), ` +
      `expo(n) for short. Calls are the writes; time is when the last client is done.`,
    `Modes: no-backoff waits 0; none waits expo(n) (exponential, no jitter); full uniform(0, expo(n)); equal expo(n)/2 + uniform(0, expo(n)/2); ` +
      `decorrelated min(${occTime(report.capMs)}, uniform(${occTime(report.baseMs / 2)}, 3 × its previous wait)), from ${occTime(report.baseMs / 2)}.`,
  ];
}
