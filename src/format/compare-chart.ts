import type { ScheduleRow } from "../core/schedule.js";
import {
  ASCII_GLYPHS,
  type ChartPaint,
  DEFAULT_CHART_LINES,
  MIN_CHART_WIDTH,
  NO_PAINT,
  type Plot,
  UNICODE_GLYPHS,
  axisLabels,
  barCells,
  markerColumn,
} from "./chart.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";
import { wrapItems, wrapLine } from "./wrap.js";
import { LOG_SCALE_SPAN, type ScaleKind, defaultScaleKind, makeScale } from "./scale.js";

/** One policy's rows (consecutive attempts) and its cap. */
export interface ChartedPolicy {
  readonly name: string;
  readonly rows: readonly ScheduleRow[];
  readonly capMs: number | null;
}

export interface CompareChartOptions {
  readonly scale: ScaleKind | null;
  readonly width: number;
  readonly ascii: boolean;
  readonly paint?: ChartPaint;
  /** The most bar lines (policies × attempt groups); longer comparisons group consecutive attempts. */
  readonly maxLines?: number;
}

/** A group of consecutive attempts of one policy: its longest delay, widest jitter range, any capped. */
export interface PolicyGroup {
  readonly delayMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly clamped: boolean;
}

/** The letter a policy is drawn with: A … Z, then A2 … Z2, and so on. */
export function policyLetter(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : `${letter}${Math.floor(index / 26) + 1}`;
}

/**
 * Attempts first..last cut into at most `maxGroups` groups of the same size (the last may
 * be shorter), the same for every policy so that their lines line up; a policy without
 * any attempt in a group (it gave up earlier) has null there.
 */
export function alignedGroups(
  policies: readonly ChartedPolicy[],
  maxGroups: number,
): { first: number; last: number; size: number; groups: Array<Array<PolicyGroup | null>> } {
  const first = Math.min(...policies.map((policy) => policy.rows[0]?.attempt ?? Infinity));
  const last = Math.max(...policies.map((policy) => policy.rows[policy.rows.length - 1]?.attempt ?? -Infinity));
  const size = Math.max(1, Math.ceil((last - first + 1) / Math.max(1, maxGroups)));
  const groups: Array<Array<PolicyGroup | null>> = [];
  for (let start = first; start <= last; start += size) {
    const end = start + size - 1;
    groups.push(
      policies.map((policy) => {
        const from = policy.rows[0]?.attempt;
        if (from === undefined) return null;
        const rows = policy.rows.slice(Math.max(0, start - from), Math.max(0, end - from + 1));
        if (rows.length === 0) return null;
        // Loops rather than Math.max(...): a group may hold more attempts than a call takes arguments.
        let delay = 0;
        let min = Infinity;
        let max = 0;
        let clamped = false;
        let jittered = false;
        for (const row of rows) {
          delay = Math.max(delay, row.delayMs);
          min = Math.min(min, row.minMs);
          max = Math.max(max, row.maxMs);
          clamped ||= row.clamped;
          jittered ||= row.minMs !== row.maxMs;
        }
        // Without jitter a group is one value, its longest delay: the spread of its delays is no jitter band.
        return { delayMs: delay, minMs: jittered ? min : delay, maxMs: jittered ? max : delay, clamped };
      }),
    );
  }
  return { first, last, size, groups };
}

/**
 * Several policies as horizontal bars on one scale: for each attempt (or group of
 * attempts), one line per policy, marked with its letter; the jitter range as a lighter
 * band, each policy's cap as a vertical mark on its own lines. Lines fit `width`.
 */
export function renderCompareChart(policies: readonly ChartedPolicy[], options: CompareChartOptions): string {
  const glyphs = options.ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
  const paint = options.paint ?? NO_PAINT;
  const width = Math.max(MIN_CHART_WIDTH, Math.floor(options.width));
  const maxGroups = Math.max(1, Math.floor((options.maxLines ?? DEFAULT_CHART_LINES) / Math.max(1, policies.length)));
  const { first, last, size, groups } = alignedGroups(policies, maxGroups);
  const values: number[] = [];
  for (const group of groups) for (const entry of group) if (entry) values.push(entry.delayMs, entry.minMs, entry.maxMs);
  for (const policy of policies) if (policy.capMs !== null) values.push(policy.capMs);
  const kind = options.scale ?? defaultScaleKind(values);
  const scale = makeScale({ kind, values, roundUp: false, tickCount: 4, logStart: "half" });

  const letters = policies.map((_, index) => policyLetter(index));
  const letterWidth = Math.max(...letters.map((letter) => letter.length));
  const labels = groups.map((_, index) => {
    const start = first + index * size;
    const end = Math.min(start + size - 1, last);
    return size === 1 ? groupDigits(start) : `${groupDigits(start)}${glyphs.dash}${groupDigits(end)}`;
  });
  const labelWidth = Math.max(...labels.map((label) => label.length));
  const valueText = (entry: PolicyGroup | null) => {
    if (entry === null) return "–";
    const value = entry.minMs === entry.maxMs ? humanDuration(entry.delayMs) : `${humanDuration(entry.minMs)}${glyphs.dash}${humanDuration(entry.maxMs)}`;
    return entry.clamped ? `${value} ${glyphs.clamped}` : value;
  };
  const lead = labelWidth + 1 + letterWidth + 1;
  let valueWidth = Math.max(...groups.flatMap((group) => group.map((entry) => valueText(entry).length)));
  let plotWidth = width - lead - (valueWidth + 1);
  if (plotWidth < 10) {
    valueWidth = 0; // the values are in the table above
    plotWidth = Math.max(10, width - lead);
  }
  const plot: Plot = { scale, width: plotWidth };
  const jittered = groups.some((group) => group.some((entry) => entry !== null && entry.minMs !== entry.maxMs));
  const out: string[] = [];
  const note = (text: string) => out.push(...wrapLine(text, width, 0, { long: "cut" }));
  const positive = values.filter((value) => value > 0);
  const least = humanDuration(positive.length === 0 ? 0 : Math.min(...positive));
  const most = humanDuration(Math.max(0, ...values));
  const span = least === most ? `all ${least}` : `${least} to ${most}`;
  const within = `${kind === "log" ? "over" : "within"} ${LOG_SCALE_SPAN}${glyphs.times}`;
  note(options.scale === null ? `Scale: ${kind} (${span}, ${within}; --scale ${kind === "log" ? "linear" : "log"} to change).` : `Scale: ${kind} (${span}).`);
  if (size > 1) note(`Attempts in groups of ${groupDigits(size)}: each line shows its group's longest delay${jittered ? " and widest jitter range" : ""}.`);

  groups.forEach((group, groupIndex) => {
    group.forEach((entry, policyIndex) => {
      const cells: string[] = [];
      const roles: Array<keyof ChartPaint | "none"> = [];
      for (let column = 0; column < plotWidth; column++) {
        cells.push(" ");
        roles.push("none");
      }
      const set = (column: number, char: string, role: keyof ChartPaint) => {
        if (column >= 0 && column < plotWidth) {
          cells[column] = char;
          roles[column] = role;
        }
      };
      if (entry !== null) {
        const solidEnd = jittered ? barCells(plot, entry.minMs) : barCells(plot, entry.delayMs);
        const bandEnd = jittered ? barCells(plot, entry.maxMs) : solidEnd;
        for (let column = 0; column < bandEnd; column++) set(column, column < solidEnd ? glyphs.bar : glyphs.band, column < solidEnd ? "bar" : "band");
      }
      const cap = policies[policyIndex]!.capMs;
      if (cap !== null) set(markerColumn(plot, cap), glyphs.cap, "cap");
      let bar = "";
      let start = 0;
      for (let column = 1; column <= plotWidth; column++) {
        if (column === plotWidth || roles[column] !== roles[start]) {
          const text = cells.slice(start, column).join("");
          const role = roles[start]!;
          bar += role === "none" ? text : paint[role](text);
          start = column;
        }
      }
      const label = policyIndex === 0 ? labels[groupIndex]! : "";
      let text = `${label.padStart(labelWidth)} ${letters[policyIndex]!.padEnd(letterWidth)} ${bar}`;
      if (valueWidth > 0) {
        const value = valueText(entry);
        text += ` ${entry?.clamped ? value.slice(0, -glyphs.clamped.length) + paint.clamped(glyphs.clamped) : value}`;
      }
      out.push(text.trimEnd());
    });
  });

  const indent = " ".repeat(lead);
  const ticks = axisLabels(plot, lead, width);
  const axis = Array.from({ length: plotWidth }, (_, column) => (ticks.columns.includes(column) ? glyphs.tick : glyphs.axis)).join("");
  out.push(`${indent}${paint.axis(axis)}`);
  if (ticks.text !== "") out.push(paint.axis(ticks.text));
  out.push(...wrapItems(policies.map((policy, index) => `${letters[index]} ${policy.name}`), width));
  const legend = jittered ? [`${glyphs.bar} shortest delay`, `${glyphs.band} jitter range up to the longest`] : [`${glyphs.bar} delay`];
  if (policies.some((policy) => policy.capMs !== null)) legend.push(`${glyphs.cap} the policy's cap`);
  if (groups.some((group) => group.some((entry) => entry?.clamped))) legend.push(`${glyphs.clamped} capped`);
  out.push(...wrapItems(legend, width));
  return `${out.join("\n")}\n`;
}
