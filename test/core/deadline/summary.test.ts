import { describe, expect, it } from "vitest";
import type { DeadlineInput } from "../../../src/core/deadline/input.js";
import { deadlineSummary } from "../../../src/core/deadline/summary.js";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { tableModel } from "./waits.js";

const input = (partial: Partial<DeadlineInput> & Pick<DeadlineInput, "waits">): DeadlineInput => ({
  retries: null,
  attemptTimeMs: 0,
  deadlineMs: null,
  stop: null,
  ...partial,
});

describe("deadlineSummary", () => {
  it("the issue's example: retries 5–10 never fire, the last that fires is 4, giving up at the deadline", () => {
    // Retry 4 starts at 23 s and ends at 25 s; retry 5 would start at 41 s. Try 11 would end at 1043 + 2 = 1045 s: the deadline comes first.
    const s = deadlineSummary(input({ waits: policyModel(normalizePolicy({ baseMs: 1000 })), retries: 10, attemptTimeMs: 2000, deadlineMs: 30_000 }));
    expect(s).toEqual({
      retries: 10,
      neverFrom: 5,
      neverBy: "deadline",
      lastInEveryRun: 4,
      lastInSomeRun: 4,
      cutShort: null,
      firstTryCutShort: false,
      giveUp: { plainMs: 30_000, minMs: 30_000, maxMs: 30_000, meanMs: 30_000 },
    });
  });

  it("the Istio route (timeout 2 s, perTryTimeout 1 s, attempts 3): retries 2–3 never fire, retry 1 is cut short in some runs", () => {
    const waits = tableModel([
      [24, 0, 24],
      [49, 0, 49],
      [99, 0, 99],
    ]);
    const s = deadlineSummary(input({ waits, retries: 3, attemptTimeMs: 1000, deadlineMs: 2000 }));
    expect(s).toMatchObject({ neverFrom: 2, neverBy: "deadline", lastInEveryRun: 1, lastInSomeRun: 1, cutShort: { first: 1, last: 1 } });
    // Every run is still trying at 2 s (the fourth try would end at 4 s at the earliest).
    expect(s.giveUp).toEqual({ plainMs: 2000, minMs: 2000, maxMs: 2000, meanMs: 2000 });
  });

  it("without a deadline the give-up time is the end of the last try: 3 retries of 1 s with 2 s tries end at 3 + 4 × 2 = 11 s", () => {
    const s = deadlineSummary(input({ waits: policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 })), retries: 3, attemptTimeMs: 2000 }));
    expect(s).toMatchObject({ neverFrom: null, neverBy: null, lastInEveryRun: 3, lastInSomeRun: 3, cutShort: null });
    expect(s.giveUp).toEqual({ plainMs: 11_000, minMs: 11_000, maxMs: 11_000, meanMs: 11_000 });
  });

  it("full jitter under a 5 s deadline: retry 1 always, 2 and 3 in some runs, cut short in some; give-up from 4 s to 5 s", () => {
    // All-low run: tries end at 1, 2, 3, 4 s (every wait 0): gives up at 4 s. All-high run: retry 2 at 5 s never fires, so 5 s.
    const waits = jitteredPolicyModel(normalizePolicy({ baseMs: 1000 }), { kind: "full" });
    const s = deadlineSummary(input({ waits, retries: 3, attemptTimeMs: 1000, deadlineMs: 5000 }));
    expect(s).toMatchObject({ neverFrom: null, lastInEveryRun: 1, lastInSomeRun: 3, cutShort: { first: 2, last: 3 } });
    // The all-high run ends try 4 at 3 + 7 + 1 = 11 s, past the deadline; the mean of min(D, ·) is not known exactly.
    expect(s.giveUp).toEqual({ plainMs: 5000, minMs: 4000, maxMs: 5000, meanMs: null });
  });

  it("a first try longer than the deadline: nothing fires", () => {
    const s = deadlineSummary(input({ waits: policyModel(normalizePolicy({ baseMs: 100 })), retries: 3, attemptTimeMs: 5000, deadlineMs: 2000 }));
    expect(s).toMatchObject({ neverFrom: 1, lastInEveryRun: 0, lastInSomeRun: 0, firstTryCutShort: true });
    expect(s.giveUp!.maxMs).toBe(2000);
  });

  it("retrying forever under a deadline: the first retry that never fires is searched for", () => {
    // Fixed 1 s, no try time, deadline 10.5 s: retry a starts at a s; retry 11 at 11 s is the first past it.
    const s = deadlineSummary(input({ waits: policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 })), retries: null, deadlineMs: 10_500 }));
    expect(s).toMatchObject({ neverFrom: 11, neverBy: "deadline", lastInSomeRun: 10 });
    expect(s.giveUp).toEqual({ plainMs: 10_500, minMs: 10_500, maxMs: 10_500, meanMs: 10_500 });
  });

  it("retrying forever with only a try time: nothing ends it", () => {
    const s = deadlineSummary(input({ waits: policyModel(normalizePolicy({ strategy: "fixed", baseMs: 1000 })), retries: null, attemptTimeMs: 100 }));
    expect(s).toMatchObject({ neverFrom: null, lastInSomeRun: null, lastInEveryRun: null, giveUp: null });
  });

  it("a library's stop first: the retries past it are ended by the stop, not the deadline", () => {
    // fits within 4 s, 1 s waits, 0.5 s tries: retries start at 1.5 and 3 s, retry 3 (4.5 s) is declined; try 3 ends at 3.5 s.
    const s = deadlineSummary(input({ waits: tableModel([[1000, 1000, 1000]]), attemptTimeMs: 500, deadlineMs: 10_000, stop: { rule: "fits", limitMs: 4000, from: "first-try" } }));
    expect(s).toMatchObject({ neverFrom: 3, neverBy: "stop", lastInEveryRun: 2, lastInSomeRun: 2 });
    expect(s.giveUp).toEqual({ plainMs: 3500, minMs: 3500, maxMs: 3500, meanMs: 3500 });
  });
});
