/** src/presets/kit/whole-units.ts: a duration as a whole number of the library's unit, by hand. */
import { describe, expect, it } from "vitest";
import { PresetParameterError } from "../../../src/presets/errors.js";
import { wholeUnits } from "../../../src/presets/kit/whole-units.js";

describe("wholeUnits", () => {
  it("whole ms, or whole seconds with a unit of 1000", () => {
    expect(wholeUnits("baseMs", "lib.delay", 1500)).toBe(1500);
    expect(wholeUnits("baseMs", "lib.countdown", 3000, 1000)).toBe(3);
  });

  it("refuses a fraction of the unit, naming the library's parameter", () => {
    expect(() => wholeUnits("baseMs", "lib.delay", 1.5)).toThrow("baseMs is lib.delay, a whole number of milliseconds, got 1.5 ms");
    expect(() => wholeUnits("capMs", "lib.max", 1500, 1000)).toThrow("capMs is lib.max, a whole number of seconds, got 1500 ms");
    expect(() => wholeUnits("capMs", "lib.max", 1500, 1000)).toThrow(PresetParameterError);
  });
});
