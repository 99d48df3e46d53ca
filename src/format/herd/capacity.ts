import type { Recovery } from "../../core/herd/capacity/recovery.js";
import type { CapacityResult } from "../../core/herd/capacity/run.js";
import type { Outage } from "../../core/herd/capacity/setup.js";
import type { CapacityWindow } from "../../core/herd/capacity/simulate.js";
import type { Column } from "../columns.js";
import { humanDuration } from "../../core/text/duration.js";
import { groupDigits } from "../../core/text/digits.js";

/** The capacity model's set-up as a report states it. */
export interface CapacityDescription {
  readonly rps: number;
  readonly arrivals: "poisson" | "uniform";
  /** Calls per second the server completes when busy. */
  readonly capacity: number;
  readonly concurrency: number;
  readonly serviceMs: number;
  readonly queue: number;
  /** Infinity: no timeout. */
  readonly timeoutMs: number;
  readonly outage: Outage | null;
  readonly durationMs: number;
  readonly windowMs: number;
  /** The retry policy in a phrase ("up to 3 retries, 100 ms doubling to 1 s, full jitter"). */
  readonly retries: string;
  readonly seed: number;
  /** Whether the sampled model draws anything (Poisson arrivals, jittered waits): its counts are then one seeded sample; else exact. */
  readonly drawn?: boolean;
  /** Expected counts from the flow model (--expected), rounded to whole calls, rather than one sampled run. */
  readonly expected?: boolean;
}

/** One policy or set of limits run on the set-up. */
export interface CapacityVariant {
  /** What sets it apart ("no limit", "retry budget 10%"). */
  readonly name: string;
  readonly result: CapacityResult;
  /** Its windows, held beside the others' only for a renderer that draws them (`drawsWindows`: the SVG). */
  readonly windows?: readonly CapacityWindow[];
}

/** One run with its windows, or several variants side by side. */
export type CapacityReport =
  | { readonly kind: "timeline"; readonly setup: CapacityDescription; readonly variant: CapacityVariant; readonly windows: readonly CapacityWindow[] }
  | { readonly kind: "compare"; readonly setup: CapacityDescription; readonly variants: readonly CapacityVariant[] };

/** Rows a table for reading (the box table, Markdown) holds at most; longer timelines go to CSV or TSV, which stream. */
export const MAX_TABLE_WINDOWS = 100_000;

/** One run's windows as they are simulated, for a renderer that streams them (CSV, TSV). */
export interface CapacityStream {
  readonly kind: "stream";
  readonly windows: Iterable<CapacityWindow>;
}

/** What a capacity renderer is handed: the report, or (if it streams) one run's windows as they come. */
export type CapacityOutput = CapacityReport | CapacityStream;

/** The report a renderer that does not stream is handed: the command holds the run for it, so a stream here is a bug in backoff. */
export function heldReport(output: CapacityOutput): CapacityReport {
  if (output.kind === "stream") throw new Error("a capacity renderer that does not stream was handed a stream");
  return output;
}

/** To three decimals: what the model determines, without float noise. */
export const three = (x: number) => Math.round(x * 1000) / 1000;

/** Per window, in this order in CSV, TSV, JSON and Markdown (formats/capacity/). */
export const WINDOW_COLUMNS: ReadonlyArray<Column<CapacityWindow>> = [
  { name: "start_ms", value: (w) => w.startMs },
  { name: "end_ms", value: (w) => w.endMs },
  { name: "arrivals", value: (w) => w.arrivals },
  { name: "calls", value: (w) => w.calls },
  { name: "retries", value: (w) => w.retries },
  { name: "succeeded", value: (w) => w.succeeded },
  { name: "failed", value: (w) => w.failed },
  { name: "outage_failures", value: (w) => w.outageFailures },
  { name: "rejected", value: (w) => w.rejected },
  { name: "timed_out", value: (w) => w.timedOut },
  { name: "refused", value: (w) => w.refused },
  { name: "denied", value: (w) => w.denied },
  { name: "gave_up", value: (w) => w.gaveUp },
  { name: "utilisation", value: (w) => three(w.utilisation) },
  { name: "in_server", value: (w) => w.inServer },
  { name: "waiting", value: (w) => w.waiting },
];

/** What the recovery was, in a word and a number for machine formats. */
export function recoveryFields(recovery: Recovery): { recovery: string; drainMs: number | "" } {
  return { recovery: recovery.kind, drainMs: recovery.kind === "recovered" ? recovery.drainMs : "" };
}

/** Per variant, for --compare. */
export const VARIANT_COLUMNS: ReadonlyArray<Column<CapacityVariant, number | string>> = [
  { name: "variant", value: (v) => v.name.replace(/[\s,]+/g, "-"), align: "left" },
  { name: "arrivals", value: (v) => v.result.totals.arrivals },
  { name: "calls", value: (v) => v.result.totals.calls },
  { name: "retries", value: (v) => v.result.totals.retries },
  { name: "succeeded", value: (v) => v.result.totals.succeeded },
  { name: "gave_up", value: (v) => v.result.totals.gaveUp },
  { name: "denied", value: (v) => v.result.totals.denied },
  { name: "refused", value: (v) => v.result.totals.refused },
  { name: "peak_calls", value: (v) => v.result.peakCalls },
  { name: "recovery", value: (v) => recoveryFields(v.result.recovery).recovery, align: "left" },
  { name: "drain_ms", value: (v) => recoveryFields(v.result.recovery).drainMs },
];

/** A percentage of a share, to the whole per cent. */
const percent = (share: number) => `${Math.round(share * 100)}%`;

function setupLine(setup: CapacityDescription): string {
  const arrivals = setup.arrivals === "poisson" ? "Poisson arrivals" : "evenly spaced";
  const server =
    `a server of ${groupDigits(Math.round(setup.capacity))} calls/s (${groupDigits(setup.concurrency)} at a time, ${humanDuration(three(setup.serviceMs))} each, ` +
    `up to ${groupDigits(setup.queue)} waiting)`;
  const timeout = Number.isFinite(setup.timeoutMs) ? `clients time out after ${humanDuration(setup.timeoutMs)}` : "clients wait for ever";
  const outage =
    setup.outage === null
      ? "no outage"
      : `${setup.outage.kind === "stall" ? "a stall" : "an outage"} from ${humanDuration(setup.outage.startMs)} to ${humanDuration(setup.outage.endMs)} ` +
        `(${setup.outage.kind === "stall" ? "the server serves nothing" : "every call fails at once"})`;
  return `Capacity: ${groupDigits(setup.rps)} requests/s (${arrivals}) into ${server}; ${timeout}; ${outage}; ${humanDuration(setup.durationMs)} in ${humanDuration(setup.windowMs)} windows; ${setup.expected === true ? "expected counts (a flow model: the mean over runs, rounded to whole calls; no sampling)" : sampleText(setup)}.`;
}

/**
 * What the sampled model's figures are (issue 39, item 6): with Poisson arrivals or jittered
 * waits every count is one run drawn with the seed, not a mean; with neither nothing is drawn.
 */
function sampleText(setup: CapacityDescription): string {
  return setup.drawn === false
    ? `seed ${setup.seed} (nothing is drawn: evenly spaced arrivals, no jitter; the counts are exact)`
    : `seed ${setup.seed}: one seeded sample, not a mean (another --seed draws others; --expected gives the expected counts)`;
}

/** The verdict on one run, as a sentence. */
export function recoverySentence(recovery: Recovery, setup: CapacityDescription): string {
  const what = setup.outage?.kind === "stall" ? "stall" : "outage";
  switch (recovery.kind) {
    case "no-outage":
      return recovery.healthy ? "Healthy throughout (no window had more than 1% of its calls fail)." : "Some windows had more than 1% of their calls fail, with no outage.";
    case "outage-to-end":
      return `The run ended before the ${what} did.`;
    case "recovered":
      return recovery.drainMs === 0
        ? `Recovered as the ${what} ended (from ${humanDuration(recovery.recoveredAtMs)} no window had more than 1% of its calls fail).`
        : `Recovered ${humanDuration(recovery.drainMs)} after the ${what} ended: from ${humanDuration(recovery.recoveredAtMs)} no window had more than 1% of its calls fail.`;
    case "metastable":
      return (
        `Metastable: ${humanDuration(recovery.sinceOutageMs)} after the ${what} ended, retries still keep the server failing, ` +
        `though the arrivals alone (${groupDigits(setup.rps)}/s) are ${percent(setup.rps / setup.capacity)} of its capacity.`
      );
    case "overloaded":
      return `Overloaded: the arrivals alone (${groupDigits(setup.rps)}/s) are ${percent(setup.rps / setup.capacity)} of the server's capacity, retries or not.`;
    case "degraded":
      return `Not recovered ${humanDuration(recovery.sinceOutageMs)} after the ${what} ended (more than 1% of calls still fail), with no retries being made.`;
  }
}

/** The set-up, the policy, then per variant its totals and verdict. */
export function capacitySummaryLines(report: CapacityReport): string[] {
  const { setup } = report;
  const lines = [setupLine(setup), `Retries: ${setup.retries}.`];
  if (report.kind === "timeline") {
    const { totals } = report.variant.result;
    lines.push(
      `${report.variant.name === "" ? "" : `Limits: ${report.variant.name}. `}Totals: ${groupDigits(totals.arrivals)} requests, ${groupDigits(totals.calls)} calls ` +
        `(${groupDigits(totals.retries)} retries), ${groupDigits(totals.succeeded)} answered in time, ${groupDigits(totals.gaveUp)} requests gave up` +
        `${totals.denied > 0 ? ` (${groupDigits(totals.denied)} retries refused by a limit)` : ""}${totals.refused > 0 ? `, ${groupDigits(totals.refused)} calls refused by the breaker` : ""}.`,
    );
    lines.push(recoverySentence(report.variant.result.recovery, setup));
  } else {
    for (const variant of report.variants) lines.push(`${variant.name}: ${recoverySentence(variant.result.recovery, setup)}`);
  }
  return lines;
}
