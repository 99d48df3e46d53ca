import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/index.js";
import { integerField, renderCsv, renderTsv } from "../../src/format/delimited.js";
import { SATURATED_TEXT } from "../../src/format/numbers.js";

/** The fast CSV/TSV field printer against the plain one it replaces: String(), or the saturation marker. */
describe("integerField (fast-check, fixed seeds)", () => {
  it("prints every safe integer exactly as String() does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.maxSafeNat(), fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }), fc.constantFrom(0, 999_999_999, 1_000_000_000, 2 ** 53 - 1)), (ms) => {
        expect(integerField(ms)).toBe(String(ms));
      }),
      { seed: 51, numRuns: 20_000 },
    );
  });

  it("prints the saturation marker from 2^53, and other numbers (fractional means, negatives) as String()", () => {
    expect(integerField(SATURATED_MS)).toBe(SATURATED_TEXT);
    expect(integerField(2 ** 60)).toBe(SATURATED_TEXT);
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e15, max: 2 ** 53 - 1 }), (ms) => {
        expect(integerField(ms)).toBe(String(ms));
      }),
      { seed: 52, numRuns: 20_000 },
    );
  });

  it("renderCsv and renderTsv write one line per row with the fields in column order", () => {
    const columns = [
      { name: "a", value: (row: readonly number[]) => row[0]! },
      { name: "b", value: (row: readonly number[]) => row[1]! },
    ];
    const rows = [
      [1, 4_294_967_296], // 2^32: the split printer's path
      [SATURATED_MS, 0],
    ];
    expect([...renderCsv(rows, columns)].join("")).toBe(`a,b\n1,4294967296\n${SATURATED_TEXT},0\n`);
    expect([...renderTsv(rows, columns)].join("")).toBe(`a\tb\n1\t4294967296\n${SATURATED_TEXT}\t0\n`);
  });
});
