/**
 * TextBatch (src/format/text-batch.ts): the bytes it writes read back as exactly the text the
 * fields' strings join to: numbers as integerField prints them (src/format/delimited.ts,
 * itself held to String() in test/property/fields.test.ts), text as it is, whatever it holds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SATURATED_MS } from "../../src/core/limits.js";
import { integerField } from "../../src/format/delimited.js";
import { TextBatch } from "../../src/format/text-batch.js";

const written = (write: (batch: TextBatch) => void, capacity = 64): string => {
  const batch = new TextBatch(capacity);
  write(batch);
  return batch.take();
};

describe("TextBatch", () => {
  it("writes whole numbers digit by digit, each side of 2^31 and of a billion", () => {
    // One below a whole number of billions at the top of the range: ms / 10^9 lies closest to that number there.
    const numbers = [0, -0, 7, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 999_999_999, 1_000_000_000, 1_000_000_001, 10_999_942_700, 9_007_198_999_999_999, 9_007_199_000_000_000, 2 ** 53 - 1];
    const text = written((batch) => numbers.forEach((n) => (batch.integer(n), batch.char(44))));
    expect(text).toBe("0,0,7,10,99,100,2147483647,2147483648,999999999,1000000000,1000000001,10999942700,9007198999999999,9007199000000000,9007199254740991,");
  });

  it("writes the saturation marker from 2^53, and a fraction, a negative or NaN as String() does", () => {
    expect(written((batch) => batch.integer(SATURATED_MS))).toBe(">9007199254740991");
    expect(written((batch) => batch.integer(2 ** 60))).toBe(">9007199254740991");
    expect(written((batch) => batch.integer(2560.5))).toBe("2560.5");
    expect(written((batch) => batch.integer(-3))).toBe("-3");
    expect(written((batch) => batch.integer(Number.NaN))).toBe("NaN");
  });

  it("prints every number as integerField does (fast-check, fixed seed)", () => {
    const number = fc.oneof(fc.maxSafeNat(), fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }), fc.double({ noNaN: true, min: -1e15, max: 2 ** 60 }));
    fc.assert(
      fc.property(fc.array(number, { maxLength: 40 }), (values) => {
        const text = written((batch) => values.forEach((n) => (batch.integer(n), batch.char(9))), 8);
        expect(text).toBe(values.map((n) => `${integerField(n)}\t`).join(""));
      }),
      { seed: 40, numRuns: 2_000 },
    );
  });

  it("keeps text as it is, ASCII or not (a lone surrogate included), and grows past its capacity", () => {
    const cells = ["yes", "cut short in some runs", "", "naïve", "日本", "\ud800", "x".repeat(300), "end"];
    const text = written((batch) => cells.forEach((cell) => (batch.text(cell), batch.integer(12), batch.char(10))), 16);
    expect(text).toBe(cells.map((cell) => `${cell}12\n`).join(""));
  });

  it("counts bytes and kept characters as its size, and starts empty after take()", () => {
    const batch = new TextBatch(64);
    batch.integer(12_345);
    batch.text("é");
    batch.char(44);
    // "12345" and "é" are kept as text (5 + 1 characters), then one byte
    expect(batch.size).toBe(7);
    expect(batch.take()).toBe("12345é,");
    expect(batch.size).toBe(0);
    expect(batch.take()).toBe("");
  });
});
