/**
 * The page's style sheet: light and dark (prefers-color-scheme), readable in print,
 * and nothing that moves on hover (the readout keeps its size; highlights only recolour).
 */
export const PAGE_STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1b1b1f; --muted: #5b5e66; --rule: #d9dae0; --panel: #f5f6f8; --grid: #e6e7eb; --axis: #3c3f46;
  --accent: #0b57d0; --cap: #c5221f; --linear: #6b6e76; --selected: #fff1b8; --band: 0.2;
  --s0: #0072b2; --s1: #d55e00; --s2: #009e73; --s3: #cc79a7; --s4: #b07800; --s5: #3a9ad9; --s6: #7a3e9d; --s7: #4d4d4d;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15161a; --fg: #e7e8ec; --muted: #a4a7b0; --rule: #3a3c44; --panel: #1f2127; --grid: #2e3038; --axis: #c7c9d1;
    --accent: #8ab4f8; --cap: #f28b82; --linear: #9aa0a6; --selected: #4a4020; --band: 0.28;
    --s0: #56b4e9; --s1: #ff8f4d; --s2: #3fd1a4; --s3: #e69fc9; --s4: #f0c44a; --s5: #9ccfff; --s6: #c39be0; --s7: #c8c8c8;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
header, main, footer { max-width: 980px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 20px; }
h1 { font-size: 1.35rem; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 1.05rem; margin: 28px 0 8px; }
p, ul { margin: 6px 0; }
.muted, footer { color: var(--muted); }
footer { font-size: 0.85rem; padding-top: 24px; padding-bottom: 24px; }
code, .command-line { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 0.9rem; }
.command-line { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; background: var(--panel); border: 1px solid var(--rule); border-radius: 6px; padding: 8px 10px; }
.command-line code { flex: 1 1 auto; overflow-wrap: anywhere; user-select: all; }
button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--rule); border-radius: 5px; padding: 3px 12px; cursor: pointer; }
button:focus-visible, input:focus-visible, svg[data-chart]:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.copy-status { color: var(--muted); font-size: 0.85rem; min-width: 12em; }
.summary { padding-left: 20px; }
.toolbar { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 12px; align-items: center; }
legend { float: left; margin-right: 8px; color: var(--muted); }
svg[data-chart] { display: block; width: 100%; height: auto; aspect-ratio: 900 / 430; touch-action: none; border-radius: 6px; }
svg[data-chart] text { fill: var(--axis); font-size: 13px; }
.grid line { stroke: var(--grid); }
.grid line.tick, .grid .axes { stroke: var(--axis); fill: none; }
.y-label { text-anchor: end; }
.x-label, .x-title, .y-title { text-anchor: middle; }
.shapes .curve { fill: none; stroke: var(--series); stroke-width: 2; stroke-linejoin: round; }
.shapes .linear { fill: none; stroke: var(--linear); stroke-width: 1.5; stroke-dasharray: 6 4; }
.shapes .band { fill: var(--series); fill-opacity: var(--band); stroke: none; }
.shapes .cap { stroke: var(--cap); stroke-width: 1.5; }
.compare .shapes .cap { stroke: var(--series); stroke-dasharray: 2 3; }
svg[data-chart] text.cap-label { fill: var(--cap); text-anchor: end; }
.shapes .deadline { stroke: #9467bd; stroke-width: 1.5; stroke-dasharray: 6 3; }
svg[data-chart] text.deadline-label { fill: #9467bd; }
.points .point { fill: var(--series); }
.schedule .points .point.clamped { fill: var(--cap); }
.guide { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 3 3; pointer-events: none; }
.mark { fill: none; stroke: var(--series); stroke-width: 2.5; pointer-events: none; }
.s0 { --series: var(--s0); } .s1 { --series: var(--s1); } .s2 { --series: var(--s2); } .s3 { --series: var(--s3); }
.s4 { --series: var(--s4); } .s5 { --series: var(--s5); } .s6 { --series: var(--s6); } .s7 { --series: var(--s7); }
.readout { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px; padding: 6px 10px; overflow: hidden; font-variant-numeric: tabular-nums; }
.readout .line, output .line { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.readout .line[data-policy] b { color: var(--series); }
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 18px; color: var(--muted); font-size: 0.9rem; }
.legend svg { vertical-align: middle; margin-right: 6px; }
.legend .swatch-line { stroke: var(--series, var(--s0)); stroke-width: 2.5; }
.legend .swatch-linear { stroke: var(--linear); stroke-width: 2; stroke-dasharray: 5 3; }
.legend .swatch-cap { stroke: var(--cap); stroke-width: 2; }
.legend .swatch-band { fill: var(--series, var(--s0)); fill-opacity: var(--band); }
.legend .swatch-clamped { fill: var(--cap); }
.panel { background: var(--panel); border: 1px solid var(--rule); border-radius: 6px; padding: 10px 12px; }
.inputs { display: flex; flex-wrap: wrap; gap: 10px 20px; margin-bottom: 8px; }
.inputs label { display: flex; flex-direction: column; font-size: 0.9rem; color: var(--muted); }
input[type=number] { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--rule); border-radius: 4px; padding: 3px 6px; width: 11em; }
input[type=range] { width: min(100%, 520px); }
output { display: block; min-height: 3em; font-variant-numeric: tabular-nums; }
output[data-error] { color: var(--cap); }
.table-wrap { max-height: 70vh; overflow: auto; border: 1px solid var(--rule); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
th, td { padding: 3px 10px; text-align: left; white-space: nowrap; border-bottom: 1px solid var(--rule); }
th { background: var(--panel); position: sticky; top: 0; font-weight: 600; }
thead tr + tr th { top: 1.8em; }
td:first-child, th:first-child { text-align: right; }
tr.clamped td:nth-child(2) { color: var(--cap); }
td .human { color: var(--muted); margin-left: 0.4em; }
tbody tr.selected td { background: var(--selected); }
tbody tr:hover td { background: var(--selected); }
@media print {
  :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --panel: #ffffff; --rule: #999999; --grid: #dddddd; --axis: #000000; --selected: transparent; }
  body { font-size: 11pt; }
  header, main, footer { max-width: none; padding: 0; }
  button, .copy-status, .toolbar, .guide, .mark, .interactive-only { display: none !important; }
  .table-wrap { max-height: none; overflow: visible; border: 0; }
  th { position: static; }
  tr, .chart-section, .panel { break-inside: avoid; }
  .readout { display: none; }
  a { color: inherit; }
}
`;
