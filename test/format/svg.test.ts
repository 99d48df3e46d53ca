import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { normalizePolicy } from "../../src/core/policy.js";
import { PLOT, policyTitle, renderScheduleSvg, svgAxisFrame, titleFontSize, type SvgOptions } from "../../src/format/svg.js";
import { doublingRows, row } from "../support/rows.js";

type Element = Record<string, unknown>;

/** Every element named `name` anywhere in the parsed document (attributes prefixed with @). */
function findAll(node: unknown, name: string, found: Element[] = []): Element[] {
  if (Array.isArray(node)) {
    for (const item of node) findAll(item, name, found);
  } else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === name) for (const item of Array.isArray(value) ? value : [value]) found.push(item as Element);
      if (!key.startsWith("@")) findAll(value, name, found);
    }
  }
  return found;
}

function parse(svg: string) {
  expect(XMLValidator.validate(svg)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", textNodeName: "#text", parseAttributeValue: false }).parse(svg) as Element;
}

const byClass = (elements: Element[], className: string) => elements.filter((element) => String(element["@class"] ?? "").split(" ").includes(className));
const points = (element: Element) => String(element["@points"]).trim().split(/\s+/).map((pair) => pair.split(",").map(Number) as [number, number]);
const texts = (doc: Element) => findAll(doc, "text").map((text) => (typeof text === "object" ? String(text["#text"] ?? "") : String(text)));

const plotHeight = PLOT.bottom - PLOT.top; // 440 − 64 = 376
const options: SvgOptions = { title: "exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10", capMs: 30_000, scale: null };

describe("renderScheduleSvg", () => {
  it("is well-formed XML with an svg root in the SVG namespace", () => {
    const doc = parse(renderScheduleSvg(doublingRows(10, 30_000), options));
    const svg = doc["svg"] as Element;
    expect(svg["@xmlns"]).toBe("http://www.w3.org/2000/svg");
    expect(svg["@viewBox"]).toBe("0 0 900 560");
  });

  it("draws the delay as a polyline with one point per attempt, rising left to right", () => {
    const doc = parse(renderScheduleSvg(doublingRows(10, 30_000), options));
    const [delay] = byClass(findAll(doc, "polyline"), "delay");
    const xy = points(delay!);
    expect(xy).toHaveLength(10);
    expect(xy[0]![0]).toBe(PLOT.left);
    expect(xy[9]![0]).toBe(PLOT.right);
    // Linear scale 0..30 s (the cap, a whole number of 5 s steps): 1 s sits 1/30 of the height up.
    expect(xy[0]![1]).toBeCloseTo(PLOT.bottom - plotHeight / 30, 2);
    expect(xy[9]![1]).toBeCloseTo(PLOT.top, 2);
  });

  it("draws the linear comparison dashed", () => {
    const doc = parse(renderScheduleSvg(doublingRows(10, 30_000), options));
    const [linear] = byClass(findAll(doc, "polyline"), "linear");
    expect(linear!["@stroke-dasharray"]).toBeDefined();
    // Attempt 10: linear 10 s, a third of 30 s.
    expect(points(linear!)[9]![1]).toBeCloseTo(PLOT.bottom - plotHeight / 3, 2);
  });

  it("draws the cap as a horizontal line where the cap maps (linear scale)", () => {
    // A jitter maximum of 40 s over the 30 s cap: nice steps of 10 s (5 s × 6 < 40 s ≤ 10 s × 6), axis 0..40 s,
    // so the cap is 3/4 of the way up: y = 440 − 0.75 × 376 = 158.
    const rows = [row(1, 1000), row(2, 30_000, { minMs: 0, maxMs: 40_000 })];
    const doc = parse(renderScheduleSvg(rows, options));
    const [cap] = byClass(findAll(doc, "line"), "cap");
    expect(Number(cap!["@y1"])).toBe(158);
    expect(Number(cap!["@y2"])).toBe(158);
    expect(Number(cap!["@x1"])).toBe(PLOT.left);
    expect(Number(cap!["@x2"])).toBe(PLOT.right);
  });

  it("draws the cap where it maps on a log scale", () => {
    // Delays 1 s..100 s (capped), log scale asked for: the axis runs from the label at or below 1 s (1 s)
    // to the label at or above 100 s (10 min = 600 s); the cap sits log10(100) / log10(600) of the way up.
    const rows = doublingRows(8, 100_000);
    const doc = parse(renderScheduleSvg(rows, { ...options, capMs: 100_000, scale: "log" }));
    const [cap] = byClass(findAll(doc, "line"), "cap");
    expect(Number(cap!["@y1"])).toBeCloseTo(PLOT.bottom - (2 / Math.log10(600)) * plotHeight, 1);
    expect(texts(doc)).toContain("delay (log scale)");
  });

  it("picks the log scale by itself past 100×, with decade labels", () => {
    // 1 s to 512 s: a span of 512.
    const doc = parse(renderScheduleSvg(doublingRows(10, null), { ...options, capMs: null }));
    const labels = texts(doc);
    expect(labels).toContain("delay (log scale)");
    for (const label of ["1 s", "10 s", "1 min", "10 min"]) expect(labels).toContain(label);
    expect(byClass(findAll(doc, "line"), "cap")).toHaveLength(0);
  });

  it("labels the linear axis with nice durations", () => {
    const labels = texts(parse(renderScheduleSvg(doublingRows(10, 30_000), options)));
    for (const label of ["0", "5 s", "10 s", "15 s", "20 s", "25 s", "30 s"]) expect(labels).toContain(label);
    expect(labels).toContain("delay (linear scale)");
  });

  it("fills a band polygon from min to max only when jittered", () => {
    expect(findAll(parse(renderScheduleSvg(doublingRows(5, null), options)), "polygon")).toHaveLength(0);
    const rows = [row(1, 1000, { minMs: 0, maxMs: 1000 }), row(2, 2000, { minMs: 1000, maxMs: 3000 })];
    const doc = parse(renderScheduleSvg(rows, { ...options, capMs: null, scale: "linear" }));
    const [band] = byClass(findAll(doc, "polygon"), "jitter-band");
    // Upper edge (max) left to right, then lower edge (min) right to left; linear 0..3 s in steps of 500 ms.
    const y = (ms: number) => PLOT.bottom - (ms / 3000) * plotHeight;
    const xy = points(band!);
    expect(xy.map(([, py]) => py)).toEqual([y(1000), y(3000), y(1000), y(0)].map((v) => Math.round(v * 100) / 100));
    expect(xy.map(([px]) => px)).toEqual([PLOT.left, PLOT.right, PLOT.right, PLOT.left]);
    expect(texts(doc)).toContain("jitter range (min–max)");
  });

  it("has a legend naming each line, and the title", () => {
    const doc = parse(renderScheduleSvg(doublingRows(10, 30_000), options));
    const labels = texts(doc);
    for (const label of ["delay per attempt", "linear comparison", "cap 30 s", "capped attempt"]) expect(labels).toContain(label);
    expect(labels).toContain(options.title);
    expect(findAll(doc, "title")[0]).toBe(options.title);
  });

  it("escapes the title for XML", () => {
    const title = `a <b> & "c" 'd'`;
    const svg = renderScheduleSvg(doublingRows(3, null), { ...options, title });
    expect(svg).toContain("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;");
    const doc = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false }).parse(svg) as Element;
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(findAll(doc, "title")[0]).toBe(title);
  });

  it("draws a single attempt in the middle", () => {
    const doc = parse(renderScheduleSvg([row(7, 1000)], { ...options, capMs: null }));
    const [delay] = byClass(findAll(doc, "polyline"), "delay");
    expect(points(delay!)).toEqual([[(PLOT.left + PLOT.right) / 2, expect.any(Number)]]);
  });

  it("groups beyond 1,000 points and says so", () => {
    // 5,000 attempts in groups of ceil(5000 / 1000) = 5: 1,000 points.
    const rows = Array.from({ length: 5000 }, (_, index) => row(index + 1, 1000 + index));
    const doc = parse(renderScheduleSvg(rows, { ...options, capMs: null }));
    expect(points(byClass(findAll(doc, "polyline"), "delay")[0]!)).toHaveLength(1000);
    expect(texts(doc)).toContain("5,000 attempts drawn in groups of 5 (each group's longest delay)");
  });
});

describe("renderScheduleSvg: saturation", () => {
  it("says when delays reach 2^53 ms and are drawn there", () => {
    const rows = [row(1, 1000), row(2, SATURATED_MS, { linearMs: 2000 })];
    const doc = parse(renderScheduleSvg(rows, { ...options, capMs: null }));
    expect(texts(doc)).toContain("delays of 2^53 ms (about 285,616 years) or more cannot be exact and are drawn at 2^53 ms");
    expect(texts(parse(renderScheduleSvg([row(1, 1000)], { ...options, capMs: null })))).not.toContain(expect.stringContaining("2^53"));
  });
});

describe("policyTitle", () => {
  it("states the policy in one line", () => {
    expect(policyTitle(normalizePolicy({ baseMs: 1000, capMs: 30_000 }), { first: 1, last: 10 })).toBe("exponential · base 1 s · factor 2 · cap 30 s · attempts 1..10");
    expect(policyTitle(normalizePolicy({ strategy: "linear", baseMs: 250, stepMs: 500 }), { first: 3, last: 8 })).toBe("linear · base 250 ms · step 500 ms · no cap · attempts 3..8");
    expect(policyTitle(normalizePolicy({ strategy: "fixed", baseMs: 2000 }), { first: 1, last: 1 })).toBe("fixed · base 2 s · no cap · attempts 1..1");
  });
});

describe("the SVG title fits the picture", () => {
  it("17 px for a short title, smaller for a long one, never below 10 px", () => {
    expect(titleFontSize("exponential · base 1 s")).toBe(17);
    // (900 − 40) / (0.62 × 100) = 13.87 → 13
    expect(titleFontSize("x".repeat(100))).toBe(13);
    // (900 − 40) / (0.62 × 200) = 6.9 → the floor of 10
    expect(titleFontSize("x".repeat(200))).toBe(10);
  });
});

describe("renderScheduleSvg: a library that stops by elapsed time (issue 23, item 3)", () => {
  // Rows as cenkalti's model gives them (test/cli/schedule/stopped-runs.test.ts): from attempt 20 some
  // runs have stopped, and the band there is over the runs that retry (30,000–90,001 ms, never 0).
  const stoppingRows = Array.from({ length: 24 }, (_, index) =>
    row(index + 1, 60_000, { minMs: 30_000, maxMs: 90_001, runsStopped: index + 1 >= 20 ? "some" : "none" }),
  );

  it("marks the first attempt some runs do not make and says what the band is from there", () => {
    const doc = parse(renderScheduleSvg(stoppingRows, { title: "cenkalti", capMs: 60_000, scale: "linear" }));
    expect(texts(doc)).toContain("⊘ from attempt 20 some runs have stopped: the band is over the runs that make the retry");
    const [marker] = byClass(findAll(doc, "line"), "runs-stopped");
    // x of attempt 20 of 1..24: 100 + 19/23 × 760 = 727.83
    expect(marker).toMatchObject({ "@x1": "727.83", "@x2": "727.83", "@y1": String(PLOT.top), "@y2": String(PLOT.bottom) });
  });

  it("draws no such mark where every run retries", () => {
    const rows = stoppingRows.map((each) => ({ ...each, runsStopped: "none" as const }));
    const svg = renderScheduleSvg(rows, { title: "cenkalti", capMs: 60_000, scale: "linear" });
    expect(svg).not.toContain("runs-stopped");
    expect(svg).not.toContain("⊘");
  });
});

describe("svgAxisFrame: the one axis drawer", () => {
  it("grid lines and labels up the side, tick marks along the bottom, the axis lines and titles, at the given places", () => {
    const box = { left: 100, right: 860, top: 88, bottom: 274 };
    const out = svgAxisFrame({ box, yTicks: [{ at: 274, label: "0" }, { at: 181.333, label: "1 & 2" }], xTicks: [{ at: 100, label: "10" }], xTitle: "clients", yTitle: "calls" });
    expect(out).toEqual([
      '<g class="y-axis" fill="#333333" text-anchor="end">',
      '<line class="grid" x1="100" x2="860" y1="274" y2="274" stroke="#e5e5e5"/>',
      '<text x="92" y="278">0</text>',
      '<line class="grid" x1="100" x2="860" y1="181.33" y2="181.33" stroke="#e5e5e5"/>',
      '<text x="92" y="185.33">1 &amp; 2</text>',
      "</g>",
      '<g class="x-axis" fill="#333333" text-anchor="middle">',
      '<line x1="100" x2="100" y1="274" y2="279" stroke="#333333"/>',
      '<text x="100" y="294">10</text>',
      "</g>",
      '<path class="axes" d="M100,88V274H860" fill="none" stroke="#333333"/>',
      '<text class="x-title" x="480" y="316" text-anchor="middle" fill="#333333">clients</text>',
      '<text class="y-title" transform="translate(22 181) rotate(-90)" text-anchor="middle" fill="#333333">calls</text>',
    ]);
    // Without a y title there is no y-title element.
    expect(svgAxisFrame({ box, yTicks: [], xTicks: [], xTitle: "t" }).some((line) => line.includes("y-title"))).toBe(false);
  });

  it("the schedule drawing's axes are drawn by it (the frame's elements, in the plot area)", () => {
    const svg = renderScheduleSvg(doublingRows(5, null), { title: "t", capMs: null, scale: "linear" });
    expect(svg).toContain(`<path class="axes" d="M${PLOT.left},${PLOT.top}V${PLOT.bottom}H${PLOT.right}" fill="none" stroke="#333333"/>`);
    expect(svg).toContain('<text class="x-title" x="480" y="482" text-anchor="middle" fill="#333333">attempt (the failure the delay follows)</text>');
  });
});

describe("renderScheduleSvg: the deadline (--deadline, rows with their timing)", () => {
  // The example: 1 s doubling, tries of 2 s, a 30 s deadline; retry a starts at 2a + (2^a − 1) s, so retries
  // 1–4 (3, 7, 13, 23 s) fire and 5–10 (41 s on) never do.
  const starts = [3, 7, 13, 23, 41, 75, 141, 271, 529, 1043];
  const timed = doublingRows(10, null).map((r, index) => ({
    ...r,
    timing: { attempt: r.attempt, startMs: starts[index]! * 1000, startMinMs: starts[index]! * 1000, startMaxMs: starts[index]! * 1000, startMeanMs: starts[index]! * 1000, fires: index < 4 ? ("yes" as const) : ("no" as const), cutShortSome: false, madeSome: true, madeAll: true },
  }));
  const deadlined: SvgOptions = { title: "t", capMs: null, scale: "linear", deadlineMs: 30_000 };
  // x(a) = 100 + (a − 1) / 9 × 760.
  const x = (attempt: number) => PLOT.left + ((attempt - 1) / 9) * (PLOT.right - PLOT.left);

  it("a line halfway between retry 4 and retry 5, labelled with the deadline", () => {
    const doc = parse(renderScheduleSvg(timed, deadlined));
    const [line] = byClass(findAll(doc, "line"), "deadline");
    // (x(4) + x(5)) / 2 = (353.33 + 437.78) / 2 = 395.56.
    expect(Number(line!["@x1"])).toBeCloseTo(395.56, 2);
    expect(line!["@x1"]).toBe(line!["@x2"]);
    expect([line!["@y1"], line!["@y2"]]).toEqual([String(PLOT.top), String(PLOT.bottom)]);
    expect(texts(doc)).toContain("deadline 30 s");
  });

  it("the retries that never fire set apart: the delay line ends at retry 4, a muted one goes on from it, hollow dots", () => {
    const doc = parse(renderScheduleSvg(timed, deadlined));
    const polylines = findAll(doc, "polyline");
    const fires = byClass(polylines, "delay").filter((p) => !String(p["@class"]).includes("never"));
    expect(points(fires[0]!).map(([px]) => px)).toEqual([1, 2, 3, 4].map((a) => Math.round(x(a) * 100) / 100));
    const [never] = byClass(polylines, "never");
    expect(points(never!).map(([px]) => px)).toEqual([4, 5, 6, 7, 8, 9, 10].map((a) => Math.round(x(a) * 100) / 100));
    const circles = findAll(doc, "circle");
    expect(byClass(circles, "never").map((c) => Number(c["@cx"]))).toEqual([5, 6, 7, 8, 9, 10].map((a) => Math.round(x(a) * 100) / 100));
    expect(byClass(circles, "never").every((c) => c["@fill"] === "#ffffff")).toBe(true);
    expect(texts(doc)).toEqual(expect.arrayContaining(["deadline 30 s", "never fires"]));
  });

  it("nothing is marked when every retry shown fires, when none never fires by the deadline's doing, or without a deadline", () => {
    const plain = renderScheduleSvg(doublingRows(10, null), { title: "t", capMs: null, scale: "linear" });
    const allFire = timed.map((r) => ({ ...r, timing: { ...r.timing, fires: "yes" as const } }));
    expect(renderScheduleSvg(allFire, deadlined)).toBe(plain);
    // A library's own limit declining the retry (no run makes it) is not the deadline's.
    const stopped = timed.map((r, index) => (index < 4 ? r : { ...r, timing: { ...r.timing, madeSome: false, madeAll: false } }));
    expect(renderScheduleSvg(stopped, deadlined)).toBe(plain);
    expect(renderScheduleSvg(timed, { ...deadlined, deadlineMs: null })).toBe(plain);
  });

  it("when even the first retry never fires the line is at the plot's left edge and no delay line is solid", () => {
    const none = timed.map((r) => ({ ...r, timing: { ...r.timing, fires: "no" as const } }));
    const doc = parse(renderScheduleSvg(none, deadlined));
    expect(byClass(findAll(doc, "line"), "deadline")[0]!["@x1"]).toBe(String(PLOT.left));
    expect(byClass(findAll(doc, "polyline"), "delay").map((p) => p["@class"])).toEqual(["delay never"]);
  });
});
