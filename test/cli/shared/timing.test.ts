import { describe, expect, it } from "vitest";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { policyDeadline, timingFromValues } from "../../../src/cli/shared/timing.js";

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

describe("policyDeadline", () => {
  it("the calculator's policy makes exactly the retries shown, with no stop of its own", () => {
    const model = policyModel(normalizePolicy({ baseMs: 1000 }));
    const view = policyDeadline({ attemptTimeMs: 2000, deadlineMs: 30_000 }, model, { first: 1, last: 10 });
    expect(view?.input).toEqual({ waits: model, retries: 10, attemptTimeMs: 2000, deadlineMs: 30_000, stop: null });
    expect(view?.context).toEqual({ attemptTimeMs: 2000, deadlineMs: 30_000, stopText: null, lastShown: 10 });
    expect(policyDeadline(null, model, { first: 1, last: 10 })).toBeNull();
  });
});
