/** A node's value as a flag takes it (src/config/tree/values.ts), and where a problem is placed. */
import { describe, expect, it } from "vitest";
import { parseJsonSource } from "../../../src/config/read/json.js";
import { FileProblem, Placeholder } from "../../../src/config/tree/findings.js";
import { decimalText, describeNode, durationValue, msText, notPlaceholder, scalarText, wholeNumber } from "../../../src/config/tree/values.js";
import { get, type MapNode, type Node } from "../../../src/config/tree/walk.js";

const SOURCE = '{"a": 1.50, "b": "x", "c": [2, {"d": true}], "e": null, "f": "${N}", "g": "7"}';
const root = parseJsonSource(SOURCE, "t.json") as MapNode;
const at = (key: string) => get(root, key)!;
const failure = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof FileProblem || error instanceof Placeholder) return { type: error.name, offset: error.offset, message: error.message };
    throw error;
  }
  return null;
};

describe("values as flags take them", () => {
  it("describeNode: a value as a message shows it, in YAML's or JSON's words", () => {
    expect([at("b"), at("a"), get((at("c") as Extract<Node, { kind: "array" }>).items[1], "d")!, at("e"), root, at("c")].map((node) => describeNode(node))).toEqual([
      'the string "x"', "1.50", "true", "null", "a map", "a list",
    ]);
    expect([describeNode(root, "object"), describeNode(at("c"), "object")]).toEqual(["an object", "an array"]);
  });

  it("scalarText: a number's own digits, a string's value; anything else a problem at its place", () => {
    expect([scalarText(at("a"), "base", "a duration"), scalarText(at("b"), "base", "a duration")]).toEqual(["1.50", "x"]);
    expect(failure(() => scalarText(at("e"), "base", "a duration"))).toEqual({ type: "FileProblem", offset: SOURCE.indexOf("null"), message: "base must be a duration, got null" });
  });

  it("a placeholder is refused as unresolved, naming why", () => {
    expect(() => notPlaceholder(at("b"), "retries")).not.toThrow();
    expect(failure(() => scalarText(at("f"), "retries", "a number"))).toEqual({
      type: "Placeholder",
      offset: SOURCE.indexOf('"${N}"'),
      message: 'retries is a placeholder, "${N}"; its value is known only where it is rendered',
    });
    for (const value of ["{{ .Values.n }}", "{% n %}", "<%= n %>"]) expect(() => notPlaceholder({ kind: "string", pos: 0, value }, "n")).toThrow(Placeholder);
  });

  it("wholeNumber: digits only, in quotes where allowed, up to a maximum", () => {
    expect(wholeNumber((at("c") as Extract<Node, { kind: "array" }>).items[0]!, "retries")).toBe(2);
    expect(wholeNumber(at("g"), "retries", { quoted: true })).toBe(7);
    expect(failure(() => wholeNumber(at("g"), "retries"))).toMatchObject({ message: 'retries must be a whole number, got the string "7"' });
    expect(failure(() => wholeNumber(at("a"), "retries", { quoted: true }))).toMatchObject({ message: "retries must be a whole number (or one in quotes), got 1.50" });
    expect(failure(() => wholeNumber(at("g"), "retries", { quoted: true, max: 5 }))).toMatchObject({ message: "retries must be at most 5, got 7" });
  });

  it("decimalText: a plain decimal's digits", () => {
    expect(decimalText(at("a"), "factor")).toBe("1.50");
    expect(decimalText(at("g"), "factor", { quoted: true })).toBe("7");
    expect(failure(() => decimalText(at("b"), "factor", { quoted: true }))).toMatchObject({ message: 'factor must be a number such as 2 or 1.5, got the string "x"' });
  });

  it("msText and durationValue: whole seconds as 3s, else ms; zero and what the system refuses are problems", () => {
    expect([msText(3000), msText(250), msText(1500), msText(0)]).toEqual(["3s", "250ms", "1500ms", "0ms"]);
    const seconds = (raw: string) => (/^\d+(\.\d+)?$/.test(raw) ? Number(raw) * 1000 : null);
    expect(durationValue(at("a"), "duration", seconds, "seconds")).toBe("1500ms");
    expect(durationValue(at("g"), "duration", seconds, "seconds")).toBe("7s");
    // 1.1 × 1000 is 1100.0000000000002 in doubles: rounded to the nanosecond, 1100 ms.
    expect(durationValue({ kind: "string", pos: 0, value: "1.1" }, "duration", seconds, "seconds")).toBe("1100ms");
    expect(failure(() => durationValue(at("b"), "duration", seconds, "seconds"))).toMatchObject({ message: 'duration must be seconds, got the string "x"' });
    expect(failure(() => durationValue({ kind: "string", pos: 4, value: "0" }, "duration", seconds, "seconds"))).toEqual({
      type: "FileProblem",
      offset: 4,
      message: "duration is zero; a retry delay must be greater than zero",
    });
    // Past 2^53 − 1 ms it is refused at the value, in the file's words (issue 38, item 8), not later as a flag's "1e+23ms".
    expect(failure(() => durationValue({ kind: "number", pos: 7, value: 1e20, source: "99999999999999999999" }, "duration", seconds, "seconds"))).toEqual({
      type: "FileProblem",
      offset: 7,
      message: "duration is too large: 99999999999999999999 is beyond 9007199254740991 ms",
    });
  });
});
