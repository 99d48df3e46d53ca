import { isSaturated } from "../../../core/limits.js";
import { type ChartedPolicy, alignedGroups } from "../../compare-chart.js";
import { groupDigits } from "../../../core/text/digits.js";
import { type ScaleKind, defaultScaleKind, makeScale } from "../../scale.js";
import { escapeXml } from "../../escape.js";
import { MAX_SVG_POINTS, PLOT, POLICY_COLORS, SVG_HEIGHT, SVG_INK, SVG_WIDTH, coordinate as n, svgAxes, svgOpening } from "../../svg.js";
import { MAX_PICTURE_ATTEMPTS, type CompareRenderer } from "../../renderer.js";
import { comparedRows } from "../../../core/compare.js";

/** Attempts up to this many per policy are drawn as dots too. */
const MAX_DOTS = 60;
const LEGEND_ROW = 20;

/** A legend label: long policy names are cut, the title and the JSON keep them whole. */
function shortName(name: string): string {
  return name.length > 48 ? `${name.slice(0, 47)}…` : name;
}

/**
 * Several policies as one standalone SVG drawing: a curve per policy in its own colour,
 * its jitter range as a band, its cap as a dotted line of the same colour, on a shared
 * scale (log when the values span more than 100×) with a legend naming each policy.
 */
function compareSvg(policies: readonly ChartedPolicy[], options: { readonly title: string; readonly scale: ScaleKind | null }): string {
  if (policies.every((policy) => policy.rows.length === 0)) throw new RangeError("an SVG needs at least one row");
  const { first, last, size, groups } = alignedGroups(policies, MAX_SVG_POINTS);
  const values: number[] = [];
  for (const group of groups) for (const entry of group) if (entry) values.push(entry.delayMs, entry.minMs, entry.maxMs);
  for (const policy of policies) if (policy.capMs !== null) values.push(policy.capMs);
  const kind = options.scale ?? defaultScaleKind(values);
  const scale = makeScale({ kind, values, roundUp: true, tickCount: 6, logStart: "decade" });
  const plotWidth = PLOT.right - PLOT.left;
  const plotHeight = PLOT.bottom - PLOT.top;
  const x = (attempt: number) => (first === last ? PLOT.left + plotWidth / 2 : PLOT.left + ((attempt - first) / (last - first)) * plotWidth);
  const y = (ms: number) => PLOT.bottom - scale.fraction(ms) * plotHeight;

  // The legend: entries laid out in rows across the width (about 7 px a character at 13 px).
  const entries = policies.map((policy, index) => ({ index, label: shortName(policy.name), width: 28 + 6 + shortName(policy.name).length * 7 + 20 }));
  const rows: Array<typeof entries> = [];
  for (const entry of entries) {
    const row = rows[rows.length - 1];
    if (row !== undefined && row.reduce((sum, e) => sum + e.width, 0) + entry.width <= SVG_WIDTH - 40) row.push(entry);
    else rows.push([entry]);
  }
  const height = SVG_HEIGHT + Math.max(0, rows.length - 2) * LEGEND_ROW;

  const notes: string[] = [];
  if (size > 1) notes.push(`${groupDigits(last - first + 1)} attempts drawn in groups of ${size} (each group's longest delay)`);
  if (values.some(isSaturated)) notes.push("delays of 2^53 ms (about 285,616 years) or more cannot be exact and are drawn at 2^53 ms");
  const out = [...svgOpening(height, options.title, notes), ...svgAxes({ scale, kind, first, last, x, y })];

  policies.forEach((policy, index) => {
    const color = POLICY_COLORS[index % POLICY_COLORS.length]!;
    const policyLast = policy.rows[policy.rows.length - 1]?.attempt ?? first;
    // A group is drawn at its last attempt (the policy's own last when it gave up inside the group).
    const points = groups
      .map((group, groupIndex) => ({ entry: group[index], at: Math.min(first + groupIndex * size + size - 1, last, policyLast) }))
      .filter((point): point is { entry: NonNullable<typeof point.entry>; at: number } => point.entry !== null && point.entry !== undefined);
    out.push(`<g class="policy" data-policy="${escapeXml(policy.name)}">`);
    if (points.some(({ entry }) => entry.minMs !== entry.maxMs)) {
      const upper = points.map(({ entry, at }) => `${n(x(at))},${n(y(entry.maxMs))}`);
      const lower = points.map(({ entry, at }) => `${n(x(at))},${n(y(entry.minMs))}`).reverse();
      out.push(`<polygon class="jitter-band" points="${[...upper, ...lower].join(" ")}" fill="${color}" fill-opacity="0.14" stroke="none"/>`);
    }
    if (policy.capMs !== null) {
      const capY = n(y(policy.capMs));
      out.push(`<line class="cap" x1="${PLOT.left}" x2="${PLOT.right}" y1="${capY}" y2="${capY}" stroke="${color}" stroke-width="1.5" stroke-dasharray="2 3"/>`);
    }
    out.push(`<polyline class="delay" points="${points.map(({ entry, at }) => `${n(x(at))},${n(y(entry.delayMs))}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2.5" stroke-linejoin="round"/>`);
    if (points.length <= MAX_DOTS) {
      for (const { entry, at } of points) out.push(`<circle class="point" cx="${n(x(at))}" cy="${n(y(entry.delayMs))}" r="3.5" fill="${color}"/>`);
    }
    out.push(`</g>`);
  });

  out.push(`<g class="legend" fill="${SVG_INK.axis}">`);
  rows.forEach((row, rowIndex) => {
    let legendX = (SVG_WIDTH - row.reduce((sum, entry) => sum + entry.width, 0)) / 2;
    for (const entry of row) {
      const color = POLICY_COLORS[entry.index % POLICY_COLORS.length]!;
      out.push(
        `<g class="legend-entry" transform="translate(${n(legendX)} ${PLOT.bottom + 70 + rowIndex * LEGEND_ROW})">` +
          `<line x1="0" x2="28" y1="0" y2="0" stroke="${color}" stroke-width="2.5"/><text x="34" y="4">${escapeXml(entry.label)}</text></g>`,
      );
      legendX += entry.width;
    }
  });
  const extras: string[] = [];
  if (policies.some((policy) => policy.capMs !== null)) extras.push("dotted: each policy's cap");
  if (groups.some((group) => group.some((entry) => entry !== null && entry.minMs !== entry.maxMs))) extras.push("band: jitter range (min–max)");
  if (extras.length > 0) {
    out.push(`<text class="legend-note" x="${SVG_WIDTH / 2}" y="${PLOT.bottom + 70 + rows.length * LEGEND_ROW}" text-anchor="middle" fill="${SVG_INK.muted}">${escapeXml(extras.join(" · "))}</text>`);
  }
  out.push(`</g>`);
  out.push(`</svg>`);
  return `${out.join("\n")}\n`;
}

/** The policies' delays in one SVG picture, drawn from all their rows at once. */
export const renderer: CompareRenderer = {
  maxAttempts: MAX_PICTURE_ATTEMPTS,
  readsLastRow: true,
  takes: { scale: true },
  render({ policies, title }, context) {
    const charted = policies.map((policy) => ({ name: policy.name, rows: Array.from(comparedRows(policy)), capMs: policy.model.capMs }));
    return { pieces: [compareSvg(charted, { title, scale: context.options.scale ?? null })] };
  },
};
