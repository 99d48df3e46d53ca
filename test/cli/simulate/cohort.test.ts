import { describe, expect, it } from "vitest";
import { keptWithin } from "../../../src/cli/simulate/cohort.js";
import { SimulationTooLargeError } from "../../../src/core/simulate.js";
import { UsageError } from "../../../src/cli/shared/errors.js";

const cohort = { clients: 1_000_000, attempts: 10, spreadMs: 0, success: 0, windowMs: 1000 };
const tooLarge = () => {
  throw new SimulationTooLargeError(20_000_001, 7);
};
const message = (capAdvice: string | null) => {
  try {
    keptWithin(cohort, capAdvice, tooLarge);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("keptWithin did not refuse");
};

// Issue 23, item 6: "or set a --cap" was said when a cap was set, and to presets that refuse one.
describe("keptWithin: a run past the memory bound is one line whose advice fits the policy", () => {
  const start = "the retries of 1,000,000 clients land on more than 20,000,000 distinct milliseconds by attempt 7 (simulate keeps each one, about 240 MB at most); lower --clients or --attempts";
  it("no cap yet: set one", () => expect(message("set a --cap")).toBe(`${start}, or set a --cap`));
  it("a cap already set: lower it", () => expect(message("lower the --cap")).toBe(`${start}, or lower the --cap`));
  it("a preset with no cap: nothing about a cap", () => expect(message(null)).toBe(start));
  it("other errors pass through", () => {
    expect(() =>
      keptWithin(cohort, null, () => {
        throw new RangeError("x");
      }),
    ).toThrow(RangeError);
  });
});
