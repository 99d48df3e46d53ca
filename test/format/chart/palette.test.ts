import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { ASCII_GLYPHS, NO_PAINT, UNICODE_GLYPHS, chartPaint } from "../../../src/format/chart/palette.js";
import { isAscii } from "../../support/rows.js";

describe("the glyphs", () => {
  it("ASCII's are all 7-bit, one character each but the dash; Unicode's one character each", () => {
    expect(Object.values(ASCII_GLYPHS).every(isAscii)).toBe(true);
    expect(Object.entries(ASCII_GLYPHS).filter(([, glyph]) => glyph.length !== 1)).toEqual([["dash", ".."]]);
    expect(Object.values(UNICODE_GLYPHS).every((glyph) => [...glyph].length === 1)).toBe(true);
    expect(Object.keys(ASCII_GLYPHS)).toEqual(Object.keys(UNICODE_GLYPHS));
  });
});

describe("chartPaint", () => {
  it("no colour level: every part as it is", () => {
    expect(chartPaint(new Chalk({ level: 0 }))).toBe(NO_PAINT);
    expect(Object.values(NO_PAINT).map((paint) => paint("x"))).toEqual(["x", "x", "x", "x", "x", "x"]);
  });

  it("in colour: bars cyan, the band dim cyan, the linear marker magenta, the cap red, the capped mark yellow, the axis grey", () => {
    const chalk = new Chalk({ level: 1 });
    const paint = chartPaint(chalk);
    // ANSI SGR codes: cyan 36, dim 2, magenta 35, red 31, yellow 33, grey (bright black) 90.
    expect([paint.bar("x"), paint.band("x"), paint.linear("x"), paint.cap("x"), paint.clamped("x"), paint.axis("x")]).toEqual([
      "\u001b[36mx\u001b[39m",
      "\u001b[36m\u001b[2mx\u001b[22m\u001b[39m",
      "\u001b[35mx\u001b[39m",
      "\u001b[31mx\u001b[39m",
      "\u001b[33mx\u001b[39m",
      "\u001b[90mx\u001b[39m",
    ]);
  });
});
