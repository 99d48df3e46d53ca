/// <reference lib="dom" />
/**
 * The script of the HTML page (`--format html`, `backoff compare --format html`),
 * bundled by scripts/build.js into one IIFE that the page carries inline. It draws the
 * chart and the table from the rows the CLI computed (the page's JSON) and runs the clamp
 * calculator and the base sweep with the core's own delay functions (widgets.ts): no
 * formula is written again here. It touches only the page itself: no network, no storage.
 */
import { msText, rangeText } from "../duration.js";
import { humanDuration } from "../../core/text/duration.js";
import { escapeHtml } from "../escape.js";
import { groupDigits } from "../../core/text/digits.js";
import { msField } from "../numbers.js";
import { type Scale, type ScaleKind, makeScale } from "../scale.js";
import { attemptTicks, coordinate as n } from "../svg.js";
import { type PageData, type SeriesField, type SeriesRows, decodeSeries } from "./page-data.js";
import { CHART, seriesClass } from "./layout.js";
import { clampReading, sweepReading } from "./widgets.js";

const SVG = "http://www.w3.org/2000/svg";
/** Marks a range taken over the runs still retrying, as the terminal table does (format/preset-table.ts). */
const STOPPED_MARK = " ⊘";
/** Table rows added at a time. */
const TABLE_CHUNK = 500;

function svgElement<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, parent?: Element): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  parent?.appendChild(element);
  return element;
}

/** A table cell's HTML: msText's two parts ("1,600 ms  1.6 s"), the human reading muted as in the terminal's spacing. */
function cellHtml(text: string): string {
  const [exact, human] = text.split("  ");
  return human === undefined ? escapeHtml(text) : `${escapeHtml(exact!)} <span class="human">${escapeHtml(human)}</span>`;
}

/** msText for running text: "1,600 ms (1.6 s)". */
function msReading(ms: number): string {
  const [exact, human] = msText(ms).split("  ");
  return human === undefined ? exact! : `${exact} (${human})`;
}

/** The series' index holding an attempt, or −1 when the policy has no such attempt (it stopped earlier). */
function indexOf(rows: SeriesRows, attempt: number): number {
  const index = attempt - rows.series.first;
  return index >= 0 && index < rows.series.count ? index : -1;
}

class Chart {
  private readonly first: number;
  private readonly last: number;
  private readonly grid: SVGGElement;
  private readonly shapes: SVGGElement;
  private readonly points: SVGCircleElement[][] = [];
  private readonly guide: SVGLineElement;
  private readonly marks: SVGCircleElement[] = [];
  private kind: ScaleKind;
  /** The current scale's map from ms to the drawing's y. */
  private yOf: (ms: number) => number = () => 0;
  private selected: number | null = null;

  constructor(
    svg: SVGSVGElement,
    private readonly series: readonly SeriesRows[],
    kind: ScaleKind,
  ) {
    this.kind = kind;
    this.first = Math.min(...series.map((rows) => rows.series.first));
    this.last = Math.max(...series.map((rows) => rows.series.first + rows.series.count - 1));
    this.grid = svgElement("g", { class: "grid" }, svg);
    this.shapes = svgElement("g", { class: "shapes" }, svg);
    const pointLayer = svgElement("g", { class: "points" }, svg);
    const total = series.reduce((sum, rows) => sum + rows.series.count, 0);
    const radius = total <= 60 ? 3.5 : total <= 300 ? 2.4 : 1.5;
    series.forEach((rows, s) => {
      const group = svgElement("g", { class: `series ${seriesClass(s)}` }, pointLayer);
      this.points.push(
        rows.attempts.map((attempt, index) =>
          svgElement("circle", {
            class: rows.clamped[index] ? "point clamped" : "point",
            cx: n(this.x(attempt)),
            cy: 0,
            r: radius,
            "data-attempt": attempt,
            ...(series.length > 1 ? { "data-policy": rows.series.name } : {}),
          }, group),
        ),
      );
    });
    this.guide = svgElement("line", { class: "guide", x1: 0, x2: 0, y1: CHART.top, y2: CHART.bottom, visibility: "hidden" }, svg);
    series.forEach((_, s) => this.marks.push(svgElement("circle", { class: `mark ${seriesClass(s)}`, r: 6, cx: 0, cy: 0, visibility: "hidden" }, svg)));
    this.draw(kind);
  }

  x(attempt: number): number {
    const width = CHART.right - CHART.left;
    return this.first === this.last ? CHART.left + width / 2 : CHART.left + ((attempt - this.first) / (this.last - this.first)) * width;
  }

  /** The attempt nearest to a point of the drawing (in viewBox units). */
  attemptAt(x: number): number {
    if (this.first === this.last) return this.first;
    const fraction = (x - CHART.left) / (CHART.right - CHART.left);
    return Math.min(this.last, Math.max(this.first, Math.round(this.first + fraction * (this.last - this.first))));
  }

  get range(): { first: number; last: number } {
    return { first: this.first, last: this.last };
  }

  private scale(kind: ScaleKind): Scale {
    const values: number[] = [];
    for (const rows of this.series) {
      for (let i = 0; i < rows.series.count; i++) {
        values.push(rows.value("delayMs", i), rows.value("minMs", i), rows.value("maxMs", i));
        if (rows.has("linearMs")) values.push(rows.value("linearMs", i));
      }
      if (rows.series.capMs !== null) values.push(rows.series.capMs);
    }
    return makeScale({ kind, values, roundUp: true, tickCount: 6, logStart: "decade" });
  }

  draw(kind: ScaleKind): void {
    this.kind = kind;
    const scale = this.scale(kind);
    const y = (ms: number) => CHART.bottom - scale.fraction(ms) * (CHART.bottom - CHART.top);
    this.grid.replaceChildren();
    const ticks = scale.ticks.length > 10 ? scale.ticks.filter((_, index) => index % 2 === 0) : scale.ticks;
    for (const tick of ticks) {
      svgElement("line", { x1: CHART.left, x2: CHART.right, y1: n(y(tick)), y2: n(y(tick)) }, this.grid);
      svgElement("text", { x: CHART.left - 8, y: n(y(tick) + 4), class: "y-label" }, this.grid).textContent = tick === 0 ? "0" : humanDuration(tick);
    }
    for (const tick of attemptTicks(this.first, this.last)) {
      svgElement("line", { class: "tick", x1: n(this.x(tick)), x2: n(this.x(tick)), y1: CHART.bottom, y2: CHART.bottom + 5 }, this.grid);
      svgElement("text", { x: n(this.x(tick)), y: CHART.bottom + 20, class: "x-label" }, this.grid).textContent = groupDigits(tick);
    }
    svgElement("path", { class: "axes", d: `M${CHART.left},${CHART.top}V${CHART.bottom}H${CHART.right}` }, this.grid);
    svgElement("text", { class: "x-title", x: (CHART.left + CHART.right) / 2, y: CHART.bottom + 40 }, this.grid).textContent = "attempt (the failure the delay follows)";
    svgElement("text", { class: "y-title", transform: `translate(16 ${(CHART.top + CHART.bottom) / 2}) rotate(-90)` }, this.grid).textContent = `delay (${kind} scale)`;

    this.shapes.replaceChildren();
    const line = (rows: SeriesRows, field: SeriesField) => rows.attempts.map((attempt, i) => `${n(this.x(attempt))},${n(y(rows.value(field, i)))}`);
    this.series.forEach((rows, s) => {
      const group = svgElement("g", { class: `series ${seriesClass(s)}` }, this.shapes);
      if (rows.series.jittered) {
        const points = [...line(rows, "maxMs"), ...line(rows, "minMs").reverse()];
        svgElement("polygon", { class: "band", points: points.join(" ") }, group);
      }
      if (rows.series.capMs !== null) {
        const capY = n(y(rows.series.capMs));
        svgElement("line", { class: "cap", x1: CHART.left, x2: CHART.right, y1: capY, y2: capY }, group);
        if (this.series.length === 1) {
          svgElement("text", { class: "cap-label", x: CHART.right - 4, y: n(y(rows.series.capMs) - 6) }, group).textContent = `cap ${humanDuration(rows.series.capMs)}`;
        }
      }
      if (rows.has("linearMs")) svgElement("polyline", { class: "linear", points: line(rows, "linearMs").join(" ") }, group);
      svgElement("polyline", { class: "curve", points: line(rows, "delayMs").join(" ") }, group);
      const deadline = rows.series.deadline;
      if (deadline !== undefined) {
        // Halfway between the last retry some run may start and the first no run starts by the deadline.
        const at = deadline.attempt === this.first ? CHART.left : (this.x(deadline.attempt - 1) + this.x(deadline.attempt)) / 2;
        svgElement("line", { class: "deadline", x1: n(at), x2: n(at), y1: CHART.top, y2: CHART.bottom }, group);
        svgElement("text", { class: "deadline-label", x: n(at + 4), y: CHART.top + 14 }, group).textContent = `deadline ${humanDuration(deadline.ms)}`;
      }
    });
    this.series.forEach((rows, s) => {
      const circles = this.points[s]!;
      for (let i = 0; i < circles.length; i++) circles[i]!.setAttribute("cy", n(y(rows.value("delayMs", i))));
    });
    this.yOf = y;
    if (this.selected !== null) this.mark(this.selected);
  }

  get scaleKind(): ScaleKind {
    return this.kind;
  }

  /** Moves the guide and the markers to an attempt. */
  mark(attempt: number): void {
    this.selected = attempt;
    const x = n(this.x(attempt));
    this.guide.setAttribute("x1", x);
    this.guide.setAttribute("x2", x);
    this.guide.setAttribute("visibility", "visible");
    this.series.forEach((rows, s) => {
      const index = indexOf(rows, attempt);
      const mark = this.marks[s]!;
      if (index < 0) {
        mark.setAttribute("visibility", "hidden");
        return;
      }
      mark.setAttribute("cx", x);
      mark.setAttribute("cy", n(this.yOf(rows.value("delayMs", index))));
      mark.setAttribute("visibility", "visible");
    });
  }
}

function setData(element: HTMLElement, values: Record<string, string>): void {
  for (const key of Object.keys(element.dataset)) {
    if (key !== "readout" && key !== "clampReadout" && key !== "sweepReadout") delete element.dataset[key];
  }
  Object.assign(element.dataset, values);
}

function setLines(element: HTMLElement, lines: readonly string[]): void {
  element.replaceChildren(
    ...lines.map((text) => {
      const line = document.createElement("span");
      line.className = "line";
      line.textContent = text;
      return line;
    }),
  );
}

/** The schedule page's readout: the attempt's delay, uncapped value, total, and the linear values. */
function scheduleReadout(rows: SeriesRows, attempt: number): { data: Record<string, string>; lines: string[] } {
  const i = indexOf(rows, attempt);
  const value = (field: SeriesField) => rows.value(field, i);
  const clamped = rows.clamped[i]!;
  const data: Record<string, string> = {
    shownAttempt: String(attempt),
    delayMs: msField(value("delayMs")),
    rawMs: msField(value("rawMs")),
    cumulativeMs: msField(value("cumulativeMs")),
    linearMs: msField(value("linearMs")),
    linearCumulativeMs: msField(value("linearCumulativeMs")),
    clamped: String(clamped),
  };
  const lines = [`Attempt ${groupDigits(attempt)}${clamped ? ": the cap bites" : ""}`];
  let delay = `delay ${msReading(value("delayMs"))}`;
  if (clamped) delay += `, uncapped ${msReading(value("rawMs"))}`;
  const stopped = rows.stopped(i);
  if (rows.series.jittered) {
    data["minMs"] = msField(value("minMs"));
    data["maxMs"] = msField(value("maxMs"));
    delay += `; with jitter ${rangeText(value("minMs"), value("maxMs"))}${stopped === null ? "" : STOPPED_MARK}`;
  }
  lines.push(delay);
  let total = `total wait ${msReading(value("cumulativeMs"))}`;
  if (rows.series.jittered) total += `; with jitter ${rangeText(value("cumulativeMinMs"), value("cumulativeMaxMs"))}`;
  lines.push(`${total} · linear ${humanDuration(value("linearMs"))}, linear total ${humanDuration(value("linearCumulativeMs"))}`);
  if (stopped !== null) {
    data["runsStopped"] = stopped;
    lines.push(`${STOPPED_MARK.trim()} ${stopped === "all" ? "every run has" : "some runs have"} stopped before this retry: the range is over the runs that make it`);
  }
  if (rows.series.sampled) {
    const sampleStopped = rows.sampleStopped(i);
    if (!sampleStopped) data["sampleMs"] = msField(value("sampleMs"));
    lines.push(`${sampleStopped ? "sample: stopped before this retry (no wait)" : `sample ${msReading(value("sampleMs"))}`}, sample total ${msReading(value("sampleCumulativeMs"))}`);
  }
  return { data, lines };
}

/** The compare page's readout: each policy's delay and total at the attempt, one line each. */
function compareReadout(element: HTMLElement, series: readonly SeriesRows[], attempt: number): void {
  const heading = document.createElement("span");
  heading.className = "line";
  heading.textContent = `Attempt ${groupDigits(attempt)}`;
  const lines = series.map((rows, s) => {
    const line = document.createElement("span");
    line.className = `line ${seriesClass(s)}`;
    line.dataset["policy"] = rows.series.name;
    const i = indexOf(rows, attempt);
    const name = document.createElement("b");
    name.textContent = rows.series.name;
    let text: string;
    if (i < 0) {
      // Given up only where its stopping rule ends it; elsewhere its rows simply stop (or start) there.
      const at = rows.series.givesUpAt;
      text = at === null || attempt < at ? ": not shown" : at === 1 ? ": no retry (it makes none)" : `: no retry (gave up after attempt ${groupDigits(at - 1)})`;
    } else {
      line.dataset["delayMs"] = msField(rows.value("delayMs", i));
      line.dataset["cumulativeMs"] = msField(rows.value("cumulativeMs", i));
      const delay = rows.series.jittered ? rangeText(rows.value("minMs", i), rows.value("maxMs", i)) : msReading(rows.value("delayMs", i));
      const total = rows.series.jittered ? rangeText(rows.value("cumulativeMinMs", i), rows.value("cumulativeMaxMs", i)) : msReading(rows.value("cumulativeMs", i));
      text = `: delay ${delay}${rows.clamped[i] ? " (capped)" : ""}, total wait ${total}`;
    }
    line.append(name, text);
    return line;
  });
  element.replaceChildren(heading, ...lines);
}

/** The table's rows for attempts from..to (inclusive). */
function scheduleTableRows(rows: SeriesRows, showUncapped: boolean, from: number, to: number): string {
  const out: string[] = [];
  const { jittered, sampled } = rows.series;
  for (let i = from - rows.series.first; i <= to - rows.series.first; i++) {
    const value = (field: SeriesField) => rows.value(field, i);
    const clamped = rows.clamped[i]!;
    const stopped = rows.stopped(i) === null ? "" : STOPPED_MARK;
    const delay = jittered ? rangeText(value("minMs"), value("maxMs")) + stopped : msText(value("delayMs"));
    const total = jittered ? rangeText(value("cumulativeMinMs"), value("cumulativeMaxMs")) : msText(value("cumulativeMs"));
    const cells = [
      groupDigits(rows.attempts[i]!),
      clamped ? `${delay} ⤒` : delay,
      total,
      humanDuration(value("linearMs")),
      humanDuration(value("linearCumulativeMs")),
      ...(sampled ? [rows.sampleStopped(i) ? "stopped" : msText(value("sampleMs")), msText(value("sampleCumulativeMs"))] : []),
      ...(showUncapped ? [clamped ? humanDuration(value("rawMs")) : ""] : []),
    ];
    out.push(`<tr data-row="${rows.attempts[i]}"${clamped ? ' class="clamped"' : ""}>${cells.map((cell) => `<td>${cellHtml(cell)}</td>`).join("")}</tr>`);
  }
  return out.join("");
}

function compareTableRows(series: readonly SeriesRows[], from: number, to: number): string {
  const out: string[] = [];
  for (let attempt = from; attempt <= to; attempt++) {
    let cells = `<td>${groupDigits(attempt)}</td>`;
    for (const rows of series) {
      const i = indexOf(rows, attempt);
      if (i < 0) {
        cells += "<td></td><td></td>";
        continue;
      }
      const delay = rows.series.jittered ? rangeText(rows.value("minMs", i), rows.value("maxMs", i)) : humanDuration(rows.value("delayMs", i));
      const total = rows.series.jittered ? rangeText(rows.value("cumulativeMinMs", i), rows.value("cumulativeMaxMs", i)) : humanDuration(rows.value("cumulativeMs", i));
      cells += `<td>${escapeHtml(rows.clamped[i] ? `${delay} ⤒` : delay)}</td><td>${escapeHtml(total)}</td>`;
    }
    out.push(`<tr data-row="${attempt}">${cells}</tr>`);
  }
  return out.join("");
}

function required<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (element === null) throw new Error(`the page has no ${selector}`);
  return element;
}

function setUpCalculator(data: PageData): void {
  const calculator = data.calculator;
  if (calculator === null) return;
  const inputs = ["base", "cap", "attempt"].map((name) => required<HTMLInputElement>(`input[name=${name}]`));
  const clampOut = required<HTMLElement>("[data-clamp-readout]");
  const updateClamp = () => {
    const reading = clampReading(calculator, { base: inputs[0]!.value, cap: inputs[1]!.value, attempt: inputs[2]!.value });
    setData(clampOut, reading.ok ? { rawMs: msField(reading.rawMs), delayMs: msField(reading.delayMs), clamped: String(reading.clamped) } : { error: "true" });
    setLines(clampOut, reading.text);
  };
  for (const input of inputs) input.addEventListener("input", updateClamp);
  updateClamp();

  const slider = required<HTMLInputElement>("input[name=sweep-base]");
  const sweepOut = required<HTMLElement>("[data-sweep-readout]");
  const updateSweep = () => {
    const reading = sweepReading(calculator, slider.value);
    setData(sweepOut, reading.ok ? { baseMs: String(reading.baseMs), totalMs: msField(reading.totalMs), linearTotalMs: msField(reading.linearTotalMs) } : { error: "true" });
    setLines(sweepOut, reading.text);
  };
  slider.addEventListener("input", updateSweep);
  updateSweep();
}

function setUpCopy(): void {
  const button = document.querySelector<HTMLButtonElement>("[data-copy]");
  const command = document.querySelector<HTMLElement>("[data-command]");
  const status = document.querySelector<HTMLElement>("[data-copy-status]");
  if (!button || !command || !status) return;
  button.addEventListener("click", () => {
    const text = command.textContent ?? "";
    const selectIt = () => {
      const range = document.createRange();
      range.selectNodeContents(command);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      status.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(() => (status.textContent = "Copied."), selectIt);
    } else {
      selectIt();
    }
  });
}

function main(): void {
  const data = JSON.parse(required<HTMLScriptElement>("#backoff-data").textContent ?? "null") as PageData;
  const series = data.series.map(decodeSeries);
  const svg = required<SVGSVGElement>("svg[data-chart]");
  const chart = new Chart(svg, series, data.scale);
  const readout = required<HTMLElement>("[data-readout]");
  const tbody = required<HTMLElement>("tbody[data-rows]");
  const { first, last } = chart.range;
  const showUncapped = series[0]!.clamped.some(Boolean);
  const rowsHtml = (from: number, to: number) => (data.kind === "schedule" ? scheduleTableRows(series[0]!, showUncapped, from, to) : compareTableRows(series, from, to));
  // Rows are added a chunk at a time as the table scrolls (and all of them before printing):
  // laying out 10,000 rows at once would hold the page for seconds.
  const wrap = required<HTMLElement>(".table-wrap");
  const status = document.querySelector<HTMLElement>("[data-rows-status]");
  let renderedTo = first - 1;
  const renderRows = (upTo: number) => {
    const to = Math.min(last, upTo);
    if (to <= renderedTo) return;
    tbody.insertAdjacentHTML("beforeend", rowsHtml(renderedTo + 1, to));
    renderedTo = to;
    if (status) status.textContent = to >= last ? "" : `Rows ${groupDigits(first)} to ${groupDigits(to)} of ${groupDigits(first)} to ${groupDigits(last)}: scroll the table for more.`;
    if (selected !== null) highlightRow(selected);
  };
  wrap.addEventListener("scroll", () => {
    if (wrap.scrollTop + wrap.clientHeight > wrap.scrollHeight - 600) renderRows(renderedTo + TABLE_CHUNK);
  });
  window.addEventListener("beforeprint", () => renderRows(last));
  let selected: number | null = null;
  let selectedRow: Element | null = null;
  const select = (attempt: number) => {
    if (attempt === selected) return;
    selected = attempt;
    chart.mark(attempt);
    if (data.kind === "schedule") {
      const { data: values, lines } = scheduleReadout(series[0]!, attempt);
      setData(readout, values);
      setLines(readout, lines);
    } else {
      setData(readout, { shownAttempt: String(attempt) });
      compareReadout(readout, series, attempt);
    }
    highlightRow(attempt);
  };
  function highlightRow(attempt: number): void {
    selectedRow?.classList.remove("selected");
    // The rows are consecutive attempts from the first: the attempt's row is found by position.
    selectedRow = attempt <= renderedTo ? (tbody.children[attempt - first] ?? null) : null;
    selectedRow?.classList.add("selected");
  }
  svg.addEventListener("pointermove", (event) => {
    const matrix = svg.getScreenCTM();
    if (matrix === null) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    select(chart.attemptAt(point.x));
  });
  svg.addEventListener("focus", () => {
    if (selected === null) select(first);
  });
  svg.addEventListener("keydown", (event) => {
    const current = selected ?? first;
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      PageUp: current + 10,
      PageDown: current - 10,
      Home: first,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(Math.min(last, Math.max(first, target)));
  });
  tbody.addEventListener("click", (event) => {
    const row = (event.target as Element).closest("tr[data-row]");
    if (row) select(Number(row.getAttribute("data-row")));
  });
  document.querySelectorAll<HTMLInputElement>("input[name=scale]").forEach((radio) => {
    radio.checked = radio.value === data.scale;
    radio.addEventListener("change", () => {
      if (radio.checked) chart.draw(radio.value === "log" ? "log" : "linear");
    });
  });
  renderRows(first + TABLE_CHUNK - 1);
  setUpCalculator(data);
  setUpCopy();
  document.documentElement.dataset["ready"] = "true";
}

main();
