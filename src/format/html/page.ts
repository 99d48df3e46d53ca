import type { ScheduleRow } from "../../core/schedule.js";
import { humanDuration } from "../../core/text/duration.js";
import { escapeHtml } from "../escape.js";
import { groupDigits } from "../../core/text/digits.js";
import { type ScaleKind, defaultScaleKind } from "../scale.js";
import { CHART, seriesClass } from "./layout.js";
import { type CalculatorPolicy, type PageData, seriesData } from "./page-data.js";
import { PAGE_STYLE } from "./style.js";
import { formulaTemplate } from "./widgets.js";

/** One policy's rows and what the chart draws with them. */
export interface PageSeries {
  readonly name: string;
  /** Consecutive attempts. */
  readonly rows: readonly ScheduleRow[];
  readonly capMs: number | null;
  readonly jittered: boolean;
  readonly sampled: boolean;
  /** On a compare page: the attempt it does not make because its stopping rule ended it (the readout says so), or null. */
  readonly givesUpAt?: number | null;
  /** With --deadline (the rows carry their timing): the deadline, drawn before the first retry no run starts by it. */
  readonly deadlineMs?: number | null;
}

interface PageCommon {
  /** The policy in words (a schedule) or what is compared. */
  readonly title: string;
  /** A `backoff …` command line that prints the same rows. */
  readonly command: string;
  /** The lines under the terminal table. */
  readonly summaryLines: readonly string[];
  /** "backoff 0.1.0": who made the page. */
  readonly generator: string;
  /** The scale the chart opens with; null: log when the values span more than 100×, as the SVG. */
  readonly scale: ScaleKind | null;
}

/** A schedule: one policy, its linear comparison, the clamp calculator and the base sweep. */
export interface SchedulePage extends PageCommon {
  readonly kind: "schedule";
  readonly series: PageSeries;
  readonly calculator: CalculatorPolicy;
}

/** Several policies side by side (backoff compare). */
export interface ComparePage extends PageCommon {
  readonly kind: "compare";
  readonly series: readonly PageSeries[];
}


/**
 * Text inside a <script> element: the HTML parser ends the element at the first "</script"
 * and changes state at "<!--", whatever the JavaScript or JSON around them means. Both
 * can only stand inside a string, a template or a regular expression there, where "<\/"
 * and "<\!--" read the same.
 */
export function scriptText(text: string): string {
  return text.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

/** JSON inside a <script type="application/json">: every "<" escaped, so nothing in it can close the element. */
function jsonText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function chartValues(series: readonly PageSeries[], withLinear: boolean): number[] {
  const values: number[] = [];
  for (const { rows, capMs } of series) {
    for (const row of rows) {
      values.push(row.delayMs, row.minMs, row.maxMs);
      if (withLinear) values.push(row.linearMs);
    }
    if (capMs !== null) values.push(capMs);
  }
  return values;
}

function swatch(inner: string): string {
  return `<svg width="28" height="12" aria-hidden="true">${inner}</svg>`;
}

function legendItems(page: SchedulePage | ComparePage): string[] {
  if (page.kind === "compare") {
    // Each policy's swatch is what the chart draws for it: its curve, over its jitter band when it has one (in its own colour).
    const band = '<rect class="swatch-band" x="0" y="1" width="28" height="10"/>';
    const items = page.series.map(
      (series, index) =>
        `<li class="${seriesClass(index)}">${swatch(`${series.jittered ? band : ""}<line class="swatch-line" x1="0" x2="28" y1="6" y2="6"/>`)}${escapeHtml(series.name)}</li>`,
    );
    if (page.series.some((series) => series.capMs !== null)) items.push(`<li>${swatch('<line class="swatch-line" x1="0" x2="28" y1="6" y2="6" stroke-dasharray="2 3"/>')}cap (dotted, in the policy's colour)</li>`);
    const jittered = page.series.flatMap((series, index) => (series.jittered ? [index] : []));
    if (jittered.length > 0) {
      // One band per jittered policy, side by side in the swatch, each in that policy's colour.
      const at = (k: number) => Math.round((k * 2800) / jittered.length) / 100;
      const bands = jittered.map((index, k) => `<rect class="swatch-band ${seriesClass(index)}" x="${at(k)}" y="1" width="${Math.round((at(k + 1) - at(k)) * 100) / 100}" height="10"/>`).join("");
      items.push(`<li>${swatch(bands)}jitter range (min–max), shaded in the policy's colour</li>`);
    }
    return items;
  }
  const { series } = page;
  const items = [
    `<li class="s0">${swatch('<line class="swatch-line" x1="0" x2="28" y1="6" y2="6"/>')}delay</li>`,
    `<li>${swatch('<line class="swatch-linear" x1="0" x2="28" y1="6" y2="6"/>')}linear comparison</li>`,
  ];
  if (series.capMs !== null) items.push(`<li>${swatch('<line class="swatch-cap" x1="0" x2="28" y1="6" y2="6"/>')}cap ${escapeHtml(humanDuration(series.capMs))}</li>`);
  if (series.jittered) items.push(`<li>${swatch('<rect class="swatch-band" x="0" y="1" width="28" height="10"/>')}jitter range (min–max)</li>`);
  if (series.rows.some((row) => row.clamped)) items.push(`<li>${swatch('<circle class="swatch-clamped" cx="14" cy="6" r="4"/>')}capped attempt</li>`);
  const stopped = series.jittered ? series.rows.find((row) => row.runsStopped === "some" || row.runsStopped === "all") : undefined;
  if (stopped !== undefined) {
    items.push(`<li data-stopped-from="${stopped.attempt}">⊘ from attempt ${groupDigits(stopped.attempt)} some runs have stopped (their waits were long): the range is over the runs that make the retry</li>`);
  }
  return items;
}

function scheduleHead(series: PageSeries): string {
  const head = [
    "attempt",
    series.jittered ? "delay (jittered range)" : "delay",
    series.jittered ? "total wait (range)" : "total wait",
    "linear",
    "linear total",
    ...(series.sampled ? ["sample", "sample total"] : []),
    ...(series.rows.some((row) => row.clamped) ? ["uncapped"] : []),
  ];
  return `<tr>${head.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join("")}</tr>`;
}

function compareHead(series: readonly PageSeries[]): string {
  const names = series.map((s, index) => `<th scope="colgroup" colspan="2" class="${seriesClass(index)}">${escapeHtml(s.name)}</th>`).join("");
  const parts = series.map((s) => `<th scope="col">${s.jittered ? "delay (range)" : "delay"}</th><th scope="col">${s.jittered ? "total wait (range)" : "total wait"}</th>`).join("");
  return `<tr><th></th>${names}</tr><tr><th scope="col">attempt</th>${parts}</tr>`;
}

/** A number for an input's value attribute: plain digits (no grouping), as the inputs read them back. */
function inputNumber(value: number): string {
  return String(value);
}

function calculatorSections(calculator: CalculatorPolicy): string {
  const formula = formulaTemplate(calculator);
  const note = calculator.note === null ? "" : `<p class="muted">${escapeHtml(calculator.note)}</p>`;
  const attempt = Math.min(calculator.lastAttempt, 20);
  const sliderMin = Math.min(1, calculator.baseMs);
  const sliderMax = calculator.capMs ?? Math.max(60_000, calculator.baseMs * 4);
  const step = Number.isInteger(calculator.baseMs) && sliderMin === 1 ? "1" : "any";
  const attempts = calculator.lastAttempt === 1 ? "attempt 1" : `attempts 1..${groupDigits(calculator.lastAttempt)}`;
  return `
<section class="panel-section" aria-labelledby="clamp-title">
<h2 id="clamp-title">Clamp calculator</h2>
<p>Choose a base, a cap and an attempt: the raw value is <code>${escapeHtml(formula)}</code>, then the delay is clamped to the cap. Values in milliseconds; leave the cap empty for none.</p>
${note}<div class="panel">
<div class="inputs">
<label>base (ms)<input type="number" name="base" min="0" step="any" value="${inputNumber(calculator.baseMs)}"></label>
<label>cap (ms)<input type="number" name="cap" min="0" step="any" value="${calculator.capMs === null ? "" : inputNumber(calculator.capMs)}" placeholder="none"></label>
<label>attempt<input type="number" name="attempt" min="1" step="1" value="${attempt}"></label>
</div>
<output data-clamp-readout aria-live="polite"></output>
</div>
</section>
<section class="panel-section" aria-labelledby="sweep-title">
<h2 id="sweep-title">Base sweep</h2>
<p>Slide the base: the readout is the total wait of ${escapeHtml(attempts)} (the cumulative wall-clock the curve spends), next to the linear schedule's.</p>
<div class="panel">
<label>base<br><input type="range" name="sweep-base" min="${inputNumber(sliderMin)}" max="${inputNumber(sliderMax)}" step="${step}" value="${inputNumber(calculator.baseMs)}"></label>
<output data-sweep-readout aria-live="polite"></output>
</div>
</section>`;
}

/**
 * The page: one self-contained HTML document (inline style and script, no network).
 * `script` is the bundled page script (scripts/build.js); the rows travel as JSON.
 */
export function renderHtmlPage(page: SchedulePage | ComparePage, script: string): string {
  const all = page.kind === "schedule" ? [page.series] : page.series;
  const withLinear = page.kind === "schedule";
  const scale = page.scale ?? defaultScaleKind(chartValues(all, withLinear));
  const data: PageData = {
    kind: page.kind,
    scale,
    series: all.map((series) => seriesData(series.name, series.rows, { capMs: series.capMs, jittered: series.jittered, sampled: series.sampled, linear: withLinear, givesUpAt: series.givesUpAt ?? null, deadlineMs: series.deadlineMs ?? null })),
    calculator: page.kind === "schedule" ? page.calculator : null,
  };
  const stops = page.kind === "schedule" && page.series.rows.some((row) => row.runsStopped === "some" || row.runsStopped === "all");
  const readoutLines = page.kind === "schedule" ? 3 + (page.series.sampled ? 1 : 0) + (stops ? 1 : 0) : 1 + page.series.length;
  const attempts = all.reduce((count, series) => Math.max(count, series.rows.length), 0);
  const summary = page.summaryLines.map((line) => `<li>${escapeHtml(line)}</li>`).join("\n");
  const chartLabel = `${page.kind === "schedule" ? "Delay" : "Delays of each policy"} per attempt, ${groupDigits(attempts)} attempts. Arrow keys move between attempts; the readout below follows.`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">
<meta name="generator" content="${escapeHtml(page.generator)}">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body class="${page.kind}">
<header>
<h1>${escapeHtml(page.title)}</h1>
<p class="muted">Made by ${escapeHtml(page.generator)}: every value on this page is the command-line tool's own.</p>
</header>
<main>
<section aria-labelledby="command-title">
<h2 id="command-title">Command</h2>
<div class="command-line"><code data-command>${escapeHtml(page.command)}</code><button type="button" data-copy>Copy</button><span class="copy-status" data-copy-status aria-live="polite"></span></div>
</section>
<section aria-labelledby="summary-title">
<h2 id="summary-title">Summary</h2>
<ul class="summary">
${summary}
</ul>
</section>
<section class="chart-section" aria-labelledby="chart-title">
<h2 id="chart-title">${page.kind === "schedule" ? "Delay per attempt" : "Delay per attempt, policy by policy"}</h2>
<div class="toolbar">
<fieldset><legend>Scale</legend>
<label><input type="radio" name="scale" value="linear"${scale === "linear" ? " checked" : ""}> linear</label>
<label><input type="radio" name="scale" value="log"${scale === "log" ? " checked" : ""}> log</label>
</fieldset>
<span class="muted">Hover the chart, or focus it and use the arrow keys (Home, End, Page Up, Page Down).</span>
</div>
<svg data-chart viewBox="0 0 ${CHART.width} ${CHART.height}" tabindex="0" role="group" aria-label="${escapeHtml(chartLabel)}" aria-describedby="readout"></svg>
<div id="readout" class="readout" data-readout aria-live="polite" aria-atomic="true" style="height: ${(readoutLines * 1.5 + 0.8).toFixed(1)}em"><span class="line">Hover or focus the chart to read an attempt.</span></div>
<ul class="legend">
${legendItems(page).join("\n")}
</ul>
</section>${page.kind === "schedule" ? calculatorSections(page.calculator) : ""}
<section aria-labelledby="table-title">
<h2 id="table-title">${page.kind === "schedule" ? "Schedule" : "Side by side"}</h2>
<div class="table-wrap">
<table>
<thead>
${page.kind === "schedule" ? scheduleHead(page.series) : compareHead(page.series)}
</thead>
<tbody data-rows></tbody>
</table>
</div>
<p class="muted" data-rows-status aria-live="polite"></p>
</section>
<noscript><p>This page draws its chart and table with JavaScript, which is off. The command above with <code>--format csv</code> prints the same rows.</p></noscript>
</main>
<footer>${escapeHtml(page.generator)} · a self-contained page: no network, works offline and from file://.</footer>
<script type="application/json" id="backoff-data">${jsonText(data)}</script>
<script>${scriptText(script)}</script>
</body>
</html>
`;
}
