import { describe, expect, it } from "vitest";
import { CircuitBreaker } from "../../../../../src/core/herd/capacity/limits/circuit-breaker.js";

const breaker = () => new CircuitBreaker({ failureRatio: 0.5, windowMs: 1000, minimumCalls: 4, breakMs: 100 });

describe("a circuit breaker", () => {
  it("stays closed below the minimum calls, opens at the ratio, refuses until the break ends", () => {
    const b = breaker();
    b.outcome(0, false, false, 0);
    b.outcome(1, false, false, 1);
    b.outcome(2, false, false, 2);
    expect(b.admit(3)).toBe(true); // 3 calls < 4
    b.outcome(3, true, false, 3); // 3 failures of 4 ≥ 50%: open until 103
    expect([b.admit(50), b.isOpen(50), b.opened]).toEqual([false, true, 1]);
    expect(b.admit(103)).toBe(true); // the probe
    expect(b.admit(104)).toBe(false); // others wait for the probe
  });
  it("the probe's success closes it with fresh counts; its failure opens it again; older calls are ignored", () => {
    const b = breaker();
    for (let t = 0; t < 4; t++) b.outcome(t, false, false, t);
    expect(b.admit(103)).toBe(true);
    b.outcome(104, false, false, 2); // sent before the probe: ignored
    expect(b.admit(105)).toBe(false);
    b.outcome(110, false, false, 103); // the probe failed: open to 210
    expect([b.admit(200), b.admit(210)]).toEqual([false, true]);
    b.outcome(220, true, false, 210); // closed, counts cleared
    b.outcome(221, false, false, 221);
    expect(b.admit(222)).toBe(true);
    expect(b.opened).toBe(2);
  });
  it("refuses parameters that make no breaker", () => {
    expect(() => new CircuitBreaker({ failureRatio: 0, windowMs: 1, minimumCalls: 1, breakMs: 1 })).toThrow(/ratio/);
    expect(() => new CircuitBreaker({ failureRatio: 0.5, windowMs: 1, minimumCalls: 0, breakMs: 1 })).toThrow(/minimum/);
  });

  it("as counts (the flow model): opens at the ratio, refuses all, lets one probe through, whose fate settles it", () => {
    const b = breaker();
    b.flowOutcome(0, 2, 0, 0, 1); // 3 calls < 4
    expect(b.flowAdmit(1, 10)).toBe(10);
    b.flowOutcome(2, 0, 0, 0, 1); // 2 of 4 failed: open until 102
    expect([b.flowAdmit(50, 10), b.isOpen(50), b.opened]).toEqual([0, true, 1]);
    expect(b.flowAdmit(102, 10)).toBe(1); // the probe
    b.flowFirstSent(102, false, 110); // it fails at 110
    expect(b.flowAdmit(105, 10)).toBe(0);
    b.flowOutcome(108, 5, 0, 0, 0); // other outcomes are not the probe's: ignored
    expect(b.flowAdmit(110, 10)).toBe(0); // open again, until 210
    expect(b.flowAdmit(210, 0.5)).toBe(0.5); // a probe (half a call, as counts go)
    b.flowFirstSent(210, true, 211);
    expect(b.flowAdmit(211, 10)).toBe(10); // closed, with fresh counts
    b.flowOutcome(212, 0, 0, 0, 3);
    expect(b.flowAdmit(213, 10)).toBe(10);
  });
});
