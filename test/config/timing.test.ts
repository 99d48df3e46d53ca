import { describe, expect, it } from "vitest";
import { timingFromValues } from "../../src/config/timing.js";

describe("timingFromValues", () => {
  it("null without either option: the schedule stays as it was", () => {
    expect(timingFromValues({ base: "1s" })).toBeNull();
  });

  it("whole ms, the try time 0 when only the deadline is given and the deadline null when only the try time is", () => {
    expect(timingFromValues({ deadline: "30s" })).toEqual({ attemptTimeMs: 0, deadlineMs: 30_000 });
    expect(timingFromValues({ attemptTime: "2s" })).toEqual({ attemptTimeMs: 2000, deadlineMs: null });
    expect(timingFromValues({ attemptTime: "0" })).toEqual({ attemptTimeMs: 0, deadlineMs: null });
  });

  it("refuses a fraction of a millisecond and a zero deadline, naming the flag", () => {
    expect(() => timingFromValues({ deadline: "1.5ms" })).toThrow('--deadline must be a whole number of milliseconds, as every start is, got "1.5ms"');
    expect(() => timingFromValues({ deadline: "0" })).toThrow(/^--deadline /);
  });
});
