import { describe, expect, it } from "vitest";
import { checkWalk } from "../../../src/cli/shared/walk.js";
import { jitteredPolicyModel } from "../../../src/core/jitter/index.js";
import { normalizePolicy } from "../../../src/core/policy.js";
import { policyModel } from "../../../src/core/policy-model.js";
import { run } from "../../../src/cli/run.js";
import { memoryIo } from "../../support/io.js";

// src/cli/shared/walk.ts: a range whose totals would be added up one attempt at a time past
// 10,000,000 attempts (core/limits.ts MAX_WALKED_ATTEMPTS) is refused before anything is written.

const FAR = { first: 20_000_001, last: 20_000_002 };
const exponential = normalizePolicy({ baseMs: 1000 });
const full = { kind: "full" } as const;

describe("checkWalk", () => {
  it("an un-jittered schedule has closed-form totals: any range passes", () => {
    expect(() => checkWalk({ model: policyModel(exponential), range: FAR, seed: null }, true)).not.toThrow();
  });

  it("a jittered schedule without a cap never stops changing: a --cap is advised, or only a nearer range where --cap is refused", () => {
    const model = jitteredPolicyModel(exponential, full);
    const range = "--attempts reaches attempt 20,000,001, but with jitter or a preset the totals are added up attempt by attempt, up to 10,000,000; ";
    expect(() => checkWalk({ model, range: FAR, seed: null }, false)).toThrow(`${range}give a --cap (the delays then stop changing) or a range within 10,000,000`);
    expect(() => checkWalk({ model, range: FAR, seed: null }, false, false)).toThrow(`${range}give a range within 10,000,000`);
  });

  it("a jittered schedule capped early is steady from there (1 s doubling reaches a 10 s cap at attempt 5): any range passes", () => {
    expect(() => checkWalk({ model: jitteredPolicyModel(normalizePolicy({ baseMs: 1000, capMs: 10_000 }), full), range: FAR, seed: null }, true)).not.toThrow();
  });

  it("the attempt reached is the first row's, or the last one's for a format that reads the last row first", () => {
    const model = jitteredPolicyModel(exponential, full);
    const range = { first: 1, last: 10_000_001 };
    expect(() => checkWalk({ model, range, seed: null }, false)).not.toThrow();
    expect(() => checkWalk({ model, range, seed: null }, true)).toThrow(/^--attempts reaches attempt 10,000,001, /);
  });

  it("a seed draws from attempt 1: the range starts at 10,000,000 at the latest, even without jitter's walk", () => {
    const model = policyModel(exponential);
    expect(() => checkWalk({ model, range: { first: 10_000_001, last: 10_000_001 }, seed: 7 }, false)).toThrow(
      "--seed draws the sequence from attempt 1, so --attempts must start at most at 10,000,000 with it, got 10,000,001",
    );
    expect(() => checkWalk({ model, range: { first: 10_000_000, last: 10_000_000 }, seed: 7 }, false)).not.toThrow();
  });
});

// Issue 23, item 6: advice never suggests what the same command refuses.
describe("a range past the attempts added up one by one: the advice is accepted", () => {
  const far = ["--attempts", "20000000..20000001"];

  it("sidekiq has no cap, so only a nearer range is suggested", async () => {
    const io = memoryIo();
    expect(await run(["--preset", "sidekiq", ...far], io)).toBe(2);
    expect(io.stderr.text).toBe(
      "error: --attempts reaches attempt 20,000,001, but with jitter or a preset the totals are added up attempt by attempt, up to 10,000,000; give a range within 10,000,000\n",
    );
    // The cap the old message suggested is refused by the preset:
    const refused = memoryIo();
    expect(await run(["--preset", "sidekiq", "--cap", "1h"], refused)).toBe(2);
    expect(refused.stderr.text).toMatch(/^error: --cap has no counterpart in sidekiq/);
    expect(await run(["--preset", "sidekiq", "--attempts", "9999999..10000000", "--format", "csv"], memoryIo())).toBe(0);
  });

  it("the calculator's own jittered schedule is told to give a --cap, and one is accepted", async () => {
    const io = memoryIo();
    expect(await run(["--jitter", "equal", "--cap", "1h", "--factor", "1.0000001", ...far], io)).toBe(2);
    expect(io.stderr.text).toContain("; give a lower --cap (the delays reach 3,600,000 ms only after attempt 10,000,000) or a range within 10,000,000\n");
    expect(await run(["--jitter", "equal", "--cap", "1001ms", "--factor", "1.0000001", ...far, "--format", "csv"], memoryIo())).toBe(0);
  });
});
