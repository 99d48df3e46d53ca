import { describe, expect, it } from "vitest";
import { groupDigits } from "../../../src/core/text/digits.js";

describe("groupDigits", () => {
  it("groups digits in threes from the right", () => {
    expect(groupDigits(0)).toBe("0");
    expect(groupDigits(999)).toBe("999");
    expect(groupDigits(1000)).toBe("1,000");
    expect(groupDigits(52_428_800)).toBe("52,428,800");
    expect(groupDigits(9_007_199_254_740_991)).toBe("9,007,199,254,740,991");
  });

  it("takes big integers beyond 2^53", () => {
    expect(groupDigits(12_345_678_901_234_567_890n)).toBe("12,345,678,901,234,567,890");
  });
});
