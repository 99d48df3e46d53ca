import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import type { ComparedPolicy } from "../../../../src/core/compare.js";
import { renderer } from "../../../../src/format/formats/compare/svg.js";
import { MAX_PICTURE_ATTEMPTS } from "../../../../src/format/renderer.js";
import type { ScaleKind } from "../../../../src/format/scale.js";
import { POLICY_COLORS } from "../../../../src/format/svg.js";
import { plainContext, renderedText } from "../../../support/herd-reports.js";
import { DOUBLING, FIXED, JITTERED, NO_RETRY, compareOutput } from "../../../support/compared.js";

describe("the comparison as SVG", () => {
  it("draws every policy's rows under the comparison's title and scale", async () => {
    const svg = await renderedText(renderer.render(compareOutput([FIXED, DOUBLING], { title: "two policies" }), plainContext(null, { scale: "log" })));
    expect(svg).toContain("<title>two policies</title>");
    // On the log axis of 1 s to 10 s: 2 s at y 326.81 (worked out below).
    expect(svg.match(/<polyline [^>]*points="([^"]*)"/g)!.map((line) => /points="([^"]*)"/.exec(line)![1])).toEqual(["100,326.81 480,326.81 860,326.81", "100,440 480,326.81 860,213.63"]);
  });

  it("reads all rows at once, at most the picture's limit of attempts, on the --scale asked for (and takes no --chart)", () => {
    expect([renderer.readsLastRow, renderer.takes, renderer.maxAttempts]).toEqual([true, { scale: true }, MAX_PICTURE_ATTEMPTS]);
  });
});

// The compare picture, its coordinates worked by hand. The plot spans x 100..860 and
// y 440 (0 ms) up to 64; fixed 2 s and doubling from 1 s (cap 10 s) span 1 s to 10 s, within
// 100×: a linear axis, rounded up to a step of 2 s (6 steps of 2 s hold 10 s): 0 to 10 s,
// y(ms) = 440 − ms / 10,000 × 376. Attempts 1..3 at x 100, 480 and 860.

/** The renderer's drawing of these policies under `title`, on the scale asked for (null: none, the renderer picks). */
const drawn = async (policies: readonly ComparedPolicy[], title: string, scale: ScaleKind | null) =>
  renderedText(renderer.render(compareOutput(policies, { title }), plainContext(null, scale === null ? {} : { scale })));
const elements = (svg: string, name: string) => svg.match(new RegExp(`<${name} [^>]*>`, "g")) ?? [];
const attribute = (element: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(element)?.[1];

describe("the comparison's SVG, worked by hand", () => {
  let svg = "";
  beforeAll(async () => {
    svg = await drawn([FIXED, DOUBLING], "fixed against doubling", null);
  });

  it("is one valid SVG document, 900 × 560, titled", () => {
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('width="900" height="560" viewBox="0 0 900 560"');
    expect(svg).toContain("<title>fixed against doubling</title>");
  });

  it("a curve per policy in its own colour, a dot at each attempt", () => {
    const lines = elements(svg, "polyline");
    expect(lines.map((line) => [attribute(line, "points"), attribute(line, "stroke")])).toEqual([
      ["100,364.8 480,364.8 860,364.8", POLICY_COLORS[0]],
      ["100,402.4 480,364.8 860,289.6", POLICY_COLORS[1]],
    ]);
    expect(elements(svg, "circle").map((dot) => `${attribute(dot, "cx")},${attribute(dot, "cy")}`)).toEqual([
      "100,364.8",
      "480,364.8",
      "860,364.8",
      "100,402.4",
      "480,364.8",
      "860,289.6",
    ]);
  });

  it("the doubling policy's cap as a dotted line at the top of the axis; the fixed one has none", () => {
    const caps = elements(svg, "line").filter((line) => attribute(line, "class") === "cap");
    expect(caps.map((line) => [attribute(line, "y1"), attribute(line, "y2"), attribute(line, "stroke")])).toEqual([["64", "64", POLICY_COLORS[1]]]);
    expect(svg).not.toContain("jitter-band");
  });

  it("a legend entry per policy, centred on one row (145 + 187 px of 900), and what the dotted line means", () => {
    // An entry is 28 + 6 + 7 px a character + 20: 13 and 19 characters.
    expect(elements(svg, "g").filter((g) => attribute(g, "class") === "legend-entry").map((g) => attribute(g, "transform"))).toEqual(["translate(284 510)", "translate(429 510)"]);
    expect(svg).toContain('y="530" text-anchor="middle" fill="#7f7f7f">dotted: each policy&apos;s cap</text>');
  });

  it("a log axis on request: 1 s to 10 s, a decade over the plot's height", async () => {
    const log = await drawn([FIXED, DOUBLING], "t", "log");
    // y = 440 − log10(ms / 1 s) × 376: 2 s at 326.81, 4 s at 213.63, 1 s on the axis.
    expect(elements(log, "polyline").map((line) => attribute(line, "points"))).toEqual(["100,326.81 480,326.81 860,326.81", "100,440 480,326.81 860,213.63"]);
  });

  it("a jittered policy's range as a band under its curve, and the band in the note", async () => {
    // Full jitter from 1 s, attempts 1..2 at x 100 and 860: up to 1 s and 2 s, down to 0; the cap (10 s) tops the axis.
    const jittered = await drawn([JITTERED], "t", null);
    expect(attribute(elements(jittered, "polygon")[0]!, "points")).toBe("100,402.4 860,364.8 860,440 100,440");
    expect(jittered).toContain(">dotted: each policy&apos;s cap · band: jitter range (min–max)</text>");
  });

  it("names are escaped; a long one is cut in the legend but kept whole on the group", async () => {
    const name = `<a & b> ${"x".repeat(50)}`;
    const picture = await drawn([{ ...FIXED, name }], "t", null);
    expect(XMLValidator.validate(picture)).toBe(true);
    expect(picture).toContain(`data-policy="&lt;a &amp; b&gt; ${"x".repeat(50)}"`);
    expect(picture).toContain(`<text x="34" y="4">&lt;a &amp; b&gt; ${"x".repeat(39)}…</text>`);
  });

  it("refuses a comparison without a row to draw", async () => {
    await expect(drawn([NO_RETRY], "t", null)).rejects.toThrow(new RangeError("an SVG needs at least one row"));
  });
});
