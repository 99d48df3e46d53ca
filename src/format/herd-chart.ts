import { ASCII_GLYPHS, MIN_CHART_WIDTH, UNICODE_GLYPHS } from "./chart.js";
import { wrapLine } from "./wrap.js";
import { humanDuration } from "../core/text/duration.js";
import { groupDigits } from "../core/text/digits.js";

/** Retries counted per time window: index i counts the retries fired in [i × windowMs, (i + 1) × windowMs). */
export interface HerdCounts {
  readonly windowMs: number;
  readonly jittered: readonly number[];
  readonly unjittered: readonly number[];
}

export const DEFAULT_HERD_LINES = 40;

/** Counts of consecutive windows added up, `size` at a time (the last group may be shorter). */
function mergeWindows(counts: readonly number[], size: number, length: number): number[] {
  const merged: number[] = [];
  for (let start = 0; start < length; start += size) {
    let sum = 0;
    for (let index = start; index < start + size && index < length; index++) sum += counts[index] ?? 0;
    merged.push(sum);
  }
  return merged;
}

/**
 * The thundering herd, side by side: for each time window, a bar of the retries the
 * un-jittered cohort fires in it and a bar of the jittered cohort's, both on one
 * linear scale (the busiest window fills its half). Beyond `maxLines` windows,
 * consecutive windows are merged (their counts added) and the chart says so.
 * Every line fits `width` columns (at least MIN_CHART_WIDTH).
 */
export function renderHerdChart(counts: HerdCounts, width: number, ascii: boolean, maxLines: number = DEFAULT_HERD_LINES): string {
  const glyphs = ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
  const lineWidth = Math.max(MIN_CHART_WIDTH, Math.floor(width));
  const windows = Math.max(counts.jittered.length, counts.unjittered.length);
  const out: string[] = [];
  const note = (text: string) => out.push(...wrapLine(text, lineWidth, 0, { long: "cut" }));
  if (windows === 0) {
    note("No retries to chart.");
    return `${out.join("\n")}\n`;
  }
  const size = Math.max(1, Math.ceil(windows / Math.max(1, maxLines)));
  const windowMs = counts.windowMs * size;
  const plain = mergeWindows(counts.unjittered, size, windows);
  const spread = mergeWindows(counts.jittered, size, windows);
  const peak = Math.max(1, ...plain, ...spread);

  const labels = plain.map((_, index) => (index === 0 ? "0" : humanDuration(index * windowMs)));
  const labelWidth = Math.max("from".length, ...labels.map((label) => label.length));
  const countWidth = Math.max(...[...plain, ...spread].map((count) => groupDigits(count).length));
  // label, then two halves: "bar count" each, separated by two spaces.
  const half = Math.floor((lineWidth - labelWidth - 1 - 2) / 2);
  const showCounts = half - countWidth - 1 >= 4;
  const barWidth = showCounts ? half - countWidth - 1 : Math.max(1, half);
  const cells = (count: number) => (count > 0 ? Math.max(1, Math.round((count / peak) * barWidth)) : 0);
  const column = (count: number) => {
    const bar = glyphs.bar.repeat(cells(count)).padEnd(barWidth);
    return showCounts ? `${bar} ${groupDigits(count).padStart(countWidth)}` : bar;
  };

  note(
    `Retries per ${humanDuration(windowMs)} window: un-jittered against jittered (the busiest window, ${groupDigits(peak)} retries, fills a bar).`,
  );
  if (size > 1) note(`${groupDigits(windows)} windows of ${humanDuration(counts.windowMs)} merged ${size} at a time into ${plain.length} lines.`);
  const heading = `${"from".padStart(labelWidth)} ${"un-jittered".slice(0, half).padEnd(half)}  ${"jittered".slice(0, half)}`;
  out.push(heading.trimEnd());
  plain.forEach((count, index) => {
    out.push(`${labels[index]!.padStart(labelWidth)} ${column(count)}  ${column(spread[index]!)}`.trimEnd());
  });
  const busiestPlain = Math.max(0, ...plain);
  const busiestSpread = Math.max(0, ...spread);
  note(
    // Merged lines hold several windows, so name the width the busiest figure counts over.
    `Busiest ${size > 1 ? `${humanDuration(windowMs)} ` : ""}window: ${groupDigits(busiestPlain)} retries un-jittered, ${groupDigits(busiestSpread)} jittered` +
      (size === 1 && busiestSpread > 0 && busiestPlain > 0 ? ` (${Math.round((busiestPlain / busiestSpread) * 10) / 10}${glyphs.times} fewer).` : "."),
  );
  return `${out.join("\n")}\n`;
}
