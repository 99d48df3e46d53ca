import { describe, expect, it } from "vitest";
import { worstCaseCalls } from "../../../src/core/chain/worst-case.js";

describe("worstCaseCalls: the calls each layer sends down when every call fails", () => {
  it("five layers of 3 tries send 243 calls to the backend (AWS Builders' Library: 3^5, counting tries)", () => {
    // 3, 3·3 = 9, 9·3 = 27, 27·3 = 81, 81·3 = 243.
    expect(worstCaseCalls([3, 3, 3, 3, 3])).toEqual([3n, 9n, 27n, 81n, 243n]);
  });

  it("three layers of 4 tries send 64 (Google SRE book ch. 22: 4^3)", () => {
    expect(worstCaseCalls([4, 4, 4])).toEqual([4n, 16n, 64n]);
  });

  it('"3 retries" at each of five layers is 4 tries each: 4^5 = 1,024, not 243', () => {
    expect(worstCaseCalls([4, 4, 4, 4, 4]).at(-1)).toBe(1024n);
  });

  it("a layer that does not retry passes calls through: 3 · 1 · 3 = 9", () => {
    expect(worstCaseCalls([3, 1, 3])).toEqual([3n, 3n, 9n]);
  });

  it("stays exact past 2^53: three layers of 2^31 tries send 2^93", () => {
    expect(worstCaseCalls([2 ** 31, 2 ** 31, 2 ** 31]).at(-1)).toBe(2n ** 93n);
  });
});
