import { describe, expect, it } from "vitest";
import { wrapItems, wrapLine, wrapLines, wrapText } from "../../src/format/wrap.js";

describe("wrapLine", () => {
  it("leaves a line that fits, and any line without a width, byte for byte", () => {
    expect(wrapLine("source:   a  b", 14)).toEqual(["source:   a  b"]);
    expect(wrapLine("x".repeat(200), null)).toEqual(["x".repeat(200)]);
  });

  it("breaks at the last space that fits", () => {
    // "Cap: none, never reached." is 25 characters; at 12: "Cap: none," (10) + " never" would be 16.
    expect(wrapLine("Cap: none, never reached.", 12)).toEqual(["Cap: none,", "never", "reached."]);
  });

  it("keeps a number with its unit, and the two units of one duration together", () => {
    // Without the glue, "55,000" would end the first line (width 20: "linear: 55 s (55,000" is 20).
    expect(wrapLine("linear: 55 s (55,000 ms).", 20)).toEqual(["linear: 55 s", "(55,000 ms)."]);
    expect(wrapLine("delay is 8 min 32 s against 10 s", 15)).toEqual(["delay is", "8 min 32 s", "against 10 s"]);
  });

  it("indents continuations by the line's own indent plus the hang", () => {
    expect(wrapLine("  ✓ max-delay 10 s: worst delay 30 s", 20, 2)).toEqual(["  ✓ max-delay 10 s:", "    worst delay 30 s"]);
  });

  it("breaks a word longer than a line after its slashes, and otherwise never cuts it", () => {
    // Pieces of at most 10 ending at a slash: echo/apps/ · echomq/ · lib/ · echomq/ · backoff.ex.
    expect(wrapLine("see echo/apps/echomq/lib/echomq/backoff.ex now", 10)).toEqual(["see", "echo/apps/", "echomq/", "lib/", "echomq/", "backoff.ex", "now"]);
    expect(wrapLine("see exponential-backoff now", 10)).toEqual(["see", "exponential-backoff", "now"]);
    // A compare SPEC breaks after its colon and commas: "exponential:" 12, "base=1s," 8, "factor=1.6," 11, "cap=2m" 6.
    expect(wrapLine("  $ backoff compare exponential:base=1s,factor=1.6,cap=2m", 20, 4)).toEqual([
      "  $ backoff compare",
      "      exponential:",
      "      base=1s,",
      "      factor=1.6,",
      "      cap=2m",
    ]);
  });

  it("keeps the spaces inside a line where it does not break", () => {
    expect(wrapLine("source:   grpc/grpc-node packages/grpc-js", 30, 10)).toEqual(["source:   grpc/grpc-node", "          packages/grpc-js"]);
  });
});

describe("wrapLines and wrapText", () => {
  it("wrap every line, and keep the final newline", () => {
    expect(wrapLines(["a b c", "d"], 3)).toEqual(["a b", "c", "d"]);
    expect(wrapText("a b c\nd\n", 3)).toBe("a b\nc\nd\n");
    expect(wrapText("a b c\n", null)).toBe("a b c\n");
  });
});

describe("wrapLine, cutting long words (charts)", () => {
  it("wraps between words and cuts a word longer than the line, each piece on a line of its own", () => {
    expect(wrapLine("aa bb cc", 5, 0, { long: "cut" })).toEqual(["aa bb", "cc"]);
    // "abcdefgh" at 3: abc · def · gh, and "x" joins the last piece ("gh x" is 4 > 3, so it does not).
    expect(wrapLine("abcdefgh x", 3, 0, { long: "cut" })).toEqual(["abc", "def", "gh", "x"]);
    expect(wrapLine("abcdefgh x", 4, 0, { long: "cut" })).toEqual(["abcd", "efgh", "x"]);
    expect(wrapLine("ab abcdefgh x", 5, 0, { long: "cut" })).toEqual(["ab", "abcde", "fgh x"]);
  });

  it("takes a number and its unit as two words (a glued pair would only be cut elsewhere)", () => {
    // "delay 55,000" is 12: the unit goes to the next line.
    expect(wrapLine("delay 55,000 ms", 12, 0, { long: "cut" })).toEqual(["delay 55,000", "ms"]);
  });
});

describe("wrapLine, after separators (compare names)", () => {
  it("breaks after each comma and colon, and cuts a piece wider than the line", () => {
    // exponential: (12) · base=1s, (8) · cap=30s (7): at 20, "exponential:base=1s," is 20.
    expect(wrapLine("exponential:base=1s,cap=30s", 20, 0, { at: "separators", long: "cut" })).toEqual(["exponential:base=1s,", "cap=30s"]);
    expect(wrapLine("exponential:base=1s", 8, 0, { at: "separators", long: "cut" })).toEqual(["exponent", "ial:", "base=1s"]);
  });
});

describe("wrapItems", () => {
  it("puts items two spaces apart and breaks only between them", () => {
    // "■ delay  ┄ linear" is 17; with "━ cap" 24.
    expect(wrapItems(["■ delay", "┄ linear", "━ cap"], 20)).toEqual(["■ delay  ┄ linear", "━ cap"]);
  });

  it("gives an item wider than a line lines of its own, wrapped by words, the next items after its last", () => {
    expect(wrapItems(["a", "b c d e f", "g"], 5)).toEqual(["a", "b c d", "e f", "g"]);
    expect(wrapItems(["a", "b c d e", "g"], 6)).toEqual(["a", "b c d", "e  g"]);
  });
});
