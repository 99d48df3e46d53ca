import { MAX_EXACT_MS, addMs, isSaturated } from "../../core/limits.js";
import type { ScheduleModel } from "../../core/model.js";
import type { Strategy } from "../../core/policy.js";
import type { ScheduleRow } from "../../core/schedule.js";
import type { ScaleKind } from "../scale.js";
import { deadlineBoundary } from "../chart/lines.js";
import { type EncodedColumn, decodeColumn, encodeColumn } from "./codec.js";

/**
 * What the HTML page carries as JSON and its script reads: the rows the CLI computed
 * (encoded, see codec.ts), and for the calculator and the sweep the policy whose delays
 * the page computes itself with the bundled core.
 */
export interface PageData {
  readonly kind: "schedule" | "compare";
  /** The scale the chart opens with; the page toggles between both. */
  readonly scale: ScaleKind;
  /** One per policy: a schedule page has one, a compare page several. */
  readonly series: readonly SeriesData[];
  /** The clamp calculator's and the base sweep's policy (schedule pages), or null. */
  readonly calculator: CalculatorPolicy | null;
}

/** The row fields a page uses, by name; the linear ones only on a schedule page. */
export const SERIES_FIELDS = [
  "rawMs",
  "delayMs",
  "cumulativeMs",
  "minMs",
  "maxMs",
  "cumulativeMinMs",
  "cumulativeMaxMs",
  "linearMs",
  "linearCumulativeMs",
  "sampleMs",
  "sampleCumulativeMs",
] as const;
export type SeriesField = (typeof SERIES_FIELDS)[number];

export interface SeriesData {
  readonly name: string;
  /** The first attempt; the rows are consecutive from it. */
  readonly first: number;
  readonly count: number;
  /** The cap in whole ms, drawn as a line; null for none. */
  readonly capMs: number | null;
  readonly jittered: boolean;
  readonly sampled: boolean;
  /** The attempt its stopping rule ends it at (compare), or null: past its rows it is not shown, rather than given up. */
  readonly givesUpAt: number | null;
  /** Whether the linear comparison is part of the series (a schedule page). */
  readonly linear: boolean;
  /** Whether the cap cut each attempt's delay, as 0 and 1. */
  readonly clamped: EncodedColumn;
  /**
   * For a library that stops by elapsed time (runs_stopped in the machine formats): the first
   * attempt before which some runs have stopped, and the first before which all have; null
   * when none within the rows. From there a range is over the runs that make the retry.
   */
  readonly stoppedFrom: number | null;
  readonly allStoppedFrom: number | null;
  /** The first attempt the sampled run does not make (it has stopped: no wait, not one of 0 ms); null when it makes them all. */
  readonly sampleStoppedFrom: number | null;
  /** Each field's column, the name of an earlier field holding the same values, or a running total of one. */
  readonly columns: Readonly<Partial<Record<SeriesField, SeriesColumn>>>;
  /** With --deadline: the first attempt no run starts by it, and the deadline (the chart draws a line before it); absent otherwise. */
  readonly deadline?: { readonly attempt: number; readonly ms: number };
}

/** A running total of an earlier field: `start` plus its values up to each row (exact: the encoder checks). */
export interface RunningTotal {
  readonly sumOf: SeriesField;
  readonly start: number;
}

export type SeriesColumn = EncodedColumn | SeriesField | RunningTotal;

/** The totals, each the running sum of its delays. */
const RUNNING_TOTALS: Partial<Record<SeriesField, SeriesField>> = {
  cumulativeMs: "delayMs",
  cumulativeMinMs: "minMs",
  cumulativeMaxMs: "maxMs",
  linearCumulativeMs: "linearMs",
  sampleCumulativeMs: "sampleMs",
};

/** Added up as the schedule's rows add them (saturating at 2^53, see core/limits), so the totals come back exactly. */
function runningTotal(of: readonly number[], start: number): number[] {
  const totals: number[] = [];
  let total = start;
  for (const value of of) {
    total = addMs(total, value);
    totals.push(total);
  }
  return totals;
}

/** The policy the page's calculator and sweep compute with: the calculator's own formula. */
export interface CalculatorPolicy {
  readonly strategy: Strategy;
  readonly baseMs: number;
  readonly factor: number;
  readonly stepMs: number;
  readonly capMs: number | null;
  /** The step is the base unless --step was given, so sweeping the base moves it too. */
  readonly stepFollowsBase: boolean;
  /** The sweep totals the attempts 1..lastAttempt (the page's last attempt). */
  readonly lastAttempt: number;
  /** Shown beside the calculator when its formula is not the page's schedule (a library preset). */
  readonly note: string | null;
}

/**
 * A calculator for a schedule that is not the calculator's own policy (a library preset):
 * backoff's exponential formula, factor 2, from the schedule's first non-zero delay and its cap.
 */
export function modelCalculator(model: ScheduleModel, lastAttempt: number, note: string): CalculatorPolicy {
  const first = model.delay(1).delayMs;
  const base = Math.min(first > 0 ? first : Math.max(model.delay(2).delayMs, 1), MAX_EXACT_MS);
  const capMs = model.capMs !== null && model.capMs >= base && !isSaturated(model.capMs) ? model.capMs : null;
  return { strategy: "exponential", baseMs: base, factor: 2, stepMs: base, capMs, stepFollowsBase: true, lastAttempt, note };
}

/** A series from the rows of one policy (consecutive attempts). */
export function seriesData(
  name: string,
  rows: readonly ScheduleRow[],
  options: { readonly capMs: number | null; readonly jittered: boolean; readonly sampled: boolean; readonly linear: boolean; readonly givesUpAt?: number | null; readonly deadlineMs?: number | null },
): SeriesData {
  const never = deadlineBoundary(rows, options.deadlineMs ?? null);
  const fields = SERIES_FIELDS.filter((field) => {
    if (field.startsWith("linear")) return options.linear;
    if (field.startsWith("sample")) return options.sampled;
    if (field === "rawMs" || field === "delayMs" || field === "cumulativeMs") return true;
    return options.jittered;
  });
  const columns: Partial<Record<SeriesField, SeriesColumn>> = {};
  const seen: Array<{ field: SeriesField; values: number[] }> = [];
  const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
  for (const field of fields) {
    const values = rows.map((row) => row[field] ?? 0);
    const identical = seen.find((earlier) => same(earlier.values, values));
    const of = RUNNING_TOTALS[field];
    const source = of === undefined ? undefined : seen.find((earlier) => earlier.field === of);
    const start = source === undefined || values.length === 0 ? 0 : values[0]! - source.values[0]!;
    if (identical) {
      columns[field] = identical.field;
    } else if (source !== undefined && of !== undefined && same(runningTotal(source.values, start), values)) {
      columns[field] = { sumOf: of, start };
    } else {
      columns[field] = encodeColumn(values);
    }
    seen.push({ field, values });
  }
  return {
    name,
    first: rows.length === 0 ? 1 : rows[0]!.attempt,
    count: rows.length,
    capMs: options.capMs,
    jittered: options.jittered,
    sampled: options.sampled,
    givesUpAt: options.givesUpAt ?? null,
    linear: options.linear,
    clamped: encodeColumn(rows.map((row) => (row.clamped ? 1 : 0))),
    stoppedFrom: rows.find((row) => row.runsStopped === "some" || row.runsStopped === "all")?.attempt ?? null,
    allStoppedFrom: rows.find((row) => row.runsStopped === "all")?.attempt ?? null,
    sampleStoppedFrom: options.sampled ? (rows.find((row) => row.sampleMs === null)?.attempt ?? null) : null,
    columns,
    ...(never === null ? {} : { deadline: { attempt: never.attempt, ms: never.deadlineMs } }),
  };
}

/** A series read back: each field's values by index (attempt = first + index). */
export interface SeriesRows {
  readonly series: SeriesData;
  readonly attempts: readonly number[];
  readonly clamped: readonly boolean[];
  /** A field's values; the un-jittered delay (or total) where the series has no such column. */
  value(field: SeriesField, index: number): number;
  has(field: SeriesField): boolean;
  /** Whether some runs ("some") or all ("all") have stopped before the attempt at this index (see SeriesData.stoppedFrom). */
  stopped(index: number): "some" | "all" | null;
  /** Whether the sampled run has stopped before the attempt at this index (it makes no wait there). */
  sampleStopped(index: number): boolean;
}

export function decodeSeries(series: SeriesData): SeriesRows {
  const decoded = new Map<SeriesField, number[]>();
  const read = (field: SeriesField): number[] | undefined => {
    const column = series.columns[field];
    if (column === undefined) return undefined;
    let values = decoded.get(field);
    if (values === undefined) {
      if (typeof column === "string") values = read(column)!;
      else if ("sumOf" in column) values = runningTotal(read(column.sumOf)!, column.start);
      else values = decodeColumn(column);
      decoded.set(field, values);
    }
    return values;
  };
  for (const field of SERIES_FIELDS) read(field);
  // Without jitter the bounds are the delay itself, as in the rows the CLI writes.
  const fallback: Partial<Record<SeriesField, SeriesField>> = { minMs: "delayMs", maxMs: "delayMs", cumulativeMinMs: "cumulativeMs", cumulativeMaxMs: "cumulativeMs" };
  const clamped = decodeColumn(series.clamped).map((flag) => flag === 1);
  return {
    series,
    attempts: Array.from({ length: series.count }, (_, index) => series.first + index),
    clamped,
    value: (field, index) => (decoded.get(field) ?? decoded.get(fallback[field] ?? "delayMs")!)[index]!,
    has: (field) => decoded.has(field),
    stopped: (index) => {
      const attempt = series.first + index;
      if (series.allStoppedFrom !== null && attempt >= series.allStoppedFrom) return "all";
      return series.stoppedFrom !== null && attempt >= series.stoppedFrom ? "some" : null;
    },
    sampleStopped: (index) => series.sampleStoppedFrom !== null && series.first + index >= series.sampleStoppedFrom,
  };
}
