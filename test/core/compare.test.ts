import { describe, expect, it } from "vitest";
import { type ComparedPolicy, compareByAttempt, compareSpan, compareSummary, comparedRows, givesUpAt, policyTotal } from "../../src/core/compare.js";
import type { Policy } from "../../src/core/policy.js";
import { policyModel } from "../../src/core/policy-model.js";

// Worked by hand: fixed 2 s waits 2 s at every attempt (total 2a s); exponential from 1 s doubles
// (total (2^a − 1) s).
const fixed: Policy = { strategy: "fixed", baseMs: 2000, capMs: null, factor: 2, stepMs: 2000 };
const exponential: Policy = { strategy: "exponential", baseMs: 1000, capMs: null, factor: 2, stepMs: 1000 };
const model = (policy: Policy) => policyModel(policy);

function policy(name: string, shape: Policy, range: ComparedPolicy["range"], stop: ComparedPolicy["stop"]): ComparedPolicy {
  return { name, model: model(shape), range, stop };
}

describe("compare: verdicts by each policy's stopping rule, not by the rows shown", () => {
  const none = policy("none", exponential, null, { kind: "count", retries: 0, words: "attempts: 1" });
  const three = policy("three", fixed, { first: 1, last: 3 }, { kind: "count", retries: 3, words: null });
  const forever = policy("forever", exponential, { first: 1, last: 5 }, { kind: "forever", words: null });

  it("a count gives up after its last retry's wait; forever never does", () => {
    expect(policyTotal(three)).toEqual({ policy: three, givesUp: true, lastAttempt: 3, fewest: 3, most: 3, totalMs: 6000, totalMinMs: 6000, totalMaxMs: 6000, pastShown: false });
    expect(policyTotal(none)).toMatchObject({ givesUp: true, lastAttempt: 0, totalMs: 0, pastShown: false });
    expect(policyTotal(forever)).toEqual({ policy: forever, givesUp: false });
  });

  it("a stop past the rows shown is counted to the stop (5 retries, 3 shown: 10 s, past the rows)", () => {
    const past = policy("past", fixed, { first: 1, last: 3 }, { kind: "count", retries: 5, words: null });
    expect(policyTotal(past)).toMatchObject({ lastAttempt: 5, totalMs: 10_000, pastShown: true });
    expect(givesUpAt(past)).toBeNull();
  });

  it("who gives up first, who never does; the forever policy waits longest, though its shown rows total less", () => {
    const summary = compareSummary([none, three, forever]);
    expect(summary.givesUpFirst.map((total) => total.policy.name)).toEqual(["none"]);
    expect(summary.neverGivesUp.map((total) => total.policy.name)).toEqual(["forever"]);
    expect(summary.waitsLongest.map((total) => total.policy.name)).toEqual(["forever"]);
    const counted = compareSummary([three, policy("five", exponential, { first: 1, last: 5 }, { kind: "count", retries: 5, words: null })]);
    // 6 s against 31 s.
    expect(counted.givesUpFirst.map((total) => total.policy.name)).toEqual(["three"]);
    expect(counted.waitsLongest.map((total) => total.policy.name)).toEqual(["five"]);
    expect(compareSummary([forever]).givesUpFirst).toEqual([]);
  });

  it("rows: none for a policy without retries; side by side, null past a policy's range; the gave-up attempt", () => {
    expect(Array.from(comparedRows(none))).toEqual([]);
    expect(compareSpan([none])).toBeNull();
    expect(compareSpan([none, three, forever])).toEqual({ first: 1, last: 5 });
    const across = Array.from(compareByAttempt([none, three, forever]));
    expect(across.map((line) => line.rows.map((row) => row?.cumulativeMs ?? null))).toEqual([
      [null, 2000, 1000],
      [null, 4000, 3000],
      [null, 6000, 7000],
      [null, null, 15_000],
      [null, null, 31_000],
    ]);
    expect([givesUpAt(none), givesUpAt(three), givesUpAt(forever)]).toEqual([1, 4, null]);
    expect(givesUpAt(policy("elapsed", fixed, { first: 1, last: 4 }, { kind: "elapsed", lastAttempt: 4, fewest: 4, most: 4, words: "limit" }))).toBe(5);
    expect(givesUpAt(policy("jittered", fixed, { first: 1, last: 4 }, { kind: "elapsed", lastAttempt: 4, fewest: 3, most: 6, words: "limit" }))).toBeNull();
  });
});
