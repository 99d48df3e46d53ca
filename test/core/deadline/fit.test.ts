import { describe, expect, it } from "vitest";
import { retriesWithin } from "../../../src/core/deadline/fit.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { tableModel } from "./waits.js";

describe("retriesWithin", () => {
  it("the issue's example: 4 retries fit 30 s with 2 s tries (retry 4 ends at 25 s, retry 5 would start at 41 s)", () => {
    const fit = retriesWithin({ waits: policyModel(normalizePolicy({ baseMs: 1000 })), retries: 10, attemptTimeMs: 2000, deadlineMs: 30_000, stop: null });
    expect(fit).toMatchObject({ ok: true, retries: 4, last: { startMs: 23_000, fires: "yes" }, next: { startMs: 41_000, fires: "no" } });
  });

  it("a retry cut short does not fit: fixed 5 s, 3 s tries, deadline 18 s leaves 1 (retry 2 starts at 16 s, ends at 19 s)", () => {
    const fit = retriesWithin({ waits: policyModel(normalizePolicy({ strategy: "fixed", baseMs: 5000 })), retries: null, attemptTimeMs: 3000, deadlineMs: 18_000, stop: null });
    expect(fit).toMatchObject({ ok: true, retries: 1, next: { startMs: 16_000, fires: "cut short" } });
  });

  it("under jitter the worst run decides: Envoy's 0–24 ms first wait with 1 s tries and a 2 s timeout leaves none", () => {
    const fit = retriesWithin({ waits: tableModel([[12, 0, 24], [25, 0, 49]]), retries: 2, attemptTimeMs: 1000, deadlineMs: 2000, stop: null });
    expect(fit).toMatchObject({ ok: true, retries: 0, last: null, next: { attempt: 1, fires: "cut short in some runs" } });
  });

  it("waits of 0 and tries of no time: every retry starts at 0, so any number fits", () => {
    expect(retriesWithin({ waits: tableModel([[0, 0, 0]]), retries: null, attemptTimeMs: 0, deadlineMs: 1000, stop: null })).toEqual({ ok: false, why: "starts-stay-at-zero" });
  });
});
