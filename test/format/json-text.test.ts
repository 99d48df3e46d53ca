/** JSON with plain-decimal numbers (src/format/json-text.ts), against JSON.stringify where they agree. */
import { describe, expect, it } from "vitest";
import { jsonText } from "../../src/format/json-text.js";

describe("jsonText", () => {
  it("numbers as plain decimals: 1e-7 is 0.0000001, 1e21 is 1 and 21 zeros; non-finite is null", () => {
    expect(jsonText([1e-7, 1e21, 1.5, -0, Infinity, Number.NaN])).toBe("[0.0000001,1000000000000000000000,1.5,0,null,null]");
  });

  it("everything else as JSON.stringify writes it, compact or indented", () => {
    const value = { a: "x\ny", b: [true, null, {}], c: undefined, d: [], e: { f: 2 } };
    expect(jsonText(value)).toBe(JSON.stringify(value));
    expect(jsonText(value, 2)).toBe(JSON.stringify(value, null, 2));
    expect(jsonText([undefined, () => 1])).toBe("[null,null]");
    expect(jsonText(undefined)).toBe("null");
    expect(jsonText(12n)).toBe("12");
  });
});
