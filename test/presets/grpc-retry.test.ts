/**
 * grpc-retry against @grpc/grpc-js 1.14.7 itself (RetryingCall.getNextRetryBackoffMs and
 * its maxAttempts limit, run with Math.random stubbed), and against values worked out by
 * hand from A6 (initialBackoff × random(0.8, 1.2), then min(initialBackoff ×
 * backoffMultiplier^(n−1), maxBackoff) × random(0.8, 1.2)) and, for --jitter full, from
 * grpc-go before 1.69 (stream.go): dur = time.Duration(rand.Int63n(int64(cur))).
 */
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { runCli } from "../support/cli.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { R_MAX, stubMathRandom } from "../support/random.js";

const require = createRequire(import.meta.url);
const { RetryingCall } = require("@grpc/grpc-js/build/src/retrying-call.js") as {
  RetryingCall: new (...args: unknown[]) => { maxAttempts: number; getNextRetryBackoffMs(): number };
};

function model(overrides: PresetOverrides = {}) {
  return findPreset("grpc-retry")!.build(overrides);
}

/** Round half up, the presets' whole-ms convention. */
function wholeMs(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

interface Policy {
  readonly maxAttempts: number;
  readonly initialBackoff: string;
  readonly maxBackoff: string;
  readonly backoffMultiplier: number;
}

/** A RetryingCall as grpc-js builds one for a method whose service config has this retryPolicy (the constructor reads only the channel's options). */
function retryingCall(policy: Policy, options: Record<string, number> = {}) {
  const callConfig = { methodConfig: { name: [], retryPolicy: { ...policy, retryableStatusCodes: [14] } } };
  return new RetryingCall({ getOptions: () => options }, callConfig, "/helloworld.Greeter/SayHello", "localhost", null, Infinity, 1, null, undefined);
}

/** The library's waits for retries 1..n, in ms. */
function libraryWaits(policy: Policy, n: number): number[] {
  const call = retryingCall(policy);
  return Array.from({ length: n }, () => call.getNextRetryBackoffMs());
}

const A6_EXAMPLE: Policy = { maxAttempts: 4, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2 };
const CASES: ReadonlyArray<[Policy, PresetOverrides]> = [
  [A6_EXAMPLE, {}],
  [{ maxAttempts: 5, initialBackoff: "0.25s", maxBackoff: "2s", backoffMultiplier: 3 }, { baseMs: 250, capMs: 2000, factor: 3 }],
  [{ maxAttempts: 5, initialBackoff: "0.5s", maxBackoff: "3s", backoffMultiplier: 1.5 }, { baseMs: 500, capMs: 3000, factor: 1.5 }],
  // maxBackoff below initialBackoff is valid: the first wait is initialBackoff's (A6, grpc-js), the others maxBackoff's.
  [{ maxAttempts: 3, initialBackoff: "2s", maxBackoff: "0.5s", backoffMultiplier: 2 }, { baseMs: 2000, capMs: 500, factor: 2 }],
];

afterEach(() => vi.restoreAllMocks());

describe("grpc-retry against @grpc/grpc-js 1.14.7 (RetryingCall.getNextRetryBackoffMs, Math.random stubbed)", () => {
  it("with every draw 0.5 (factor 1.0) the library's waits are the preset's delays", () => {
    for (const [policy, overrides] of CASES) {
      stubMathRandom(0.5);
      const m = model(overrides);
      expect(libraryWaits(policy, 12).map(wholeMs)).toEqual(Array.from({ length: 12 }, (_, i) => m.delay(i + 1).delayMs));
    }
  });

  it("the library's lowest and highest draws (0 and 1 − 2^-52) give the preset's bounds", () => {
    for (const [policy, overrides] of CASES) {
      const m = model(overrides);
      stubMathRandom(0);
      const low = libraryWaits(policy, 12).map(wholeMs);
      stubMathRandom(R_MAX);
      const high = libraryWaits(policy, 12).map(wholeMs);
      expect(low.map((value, i) => [value, high[i]])).toEqual(low.map((_, i) => [m.bounds(i + 1).minMs, m.bounds(i + 1).maxMs]));
    }
  });

  it("maxAttempts counts the first try and is capped at 5 (DEFAULT_MAX_ATTEMPTS_LIMIT) unless the channel raises it", () => {
    expect(retryingCall(A6_EXAMPLE).maxAttempts).toBe(4);
    expect(retryingCall({ ...A6_EXAMPLE, maxAttempts: 10 }).maxAttempts).toBe(5);
    expect(retryingCall({ ...A6_EXAMPLE, maxAttempts: 10 }, { "grpc-node.retry_max_attempts_limit": 8 }).maxAttempts).toBe(8);
    expect(model().retries).toBe(3);
  });
});

describe("grpc-retry by hand (A6's example: maxAttempts 4, 0.1s, 1s, ×2)", () => {
  it("100, 200, 400 ms, ±20 %: 80–120, 160–240, 320–480; the cap 1 s first reached at attempt 5", () => {
    const m = model();
    expect([1, 2, 3, 4, 5, 6].map((a) => m.delay(a).delayMs)).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect([1, 2, 3].map((a) => m.bounds(a))).toEqual([
      { minMs: 80, maxMs: 120 },
      { minMs: 160, maxMs: 240 },
      { minMs: 320, maxMs: 480 },
    ]);
    // Past the cap: 1 s × [0.8, 1.2), the top (1 − 2^-52) × 0.39999999999999997 + 0.8 = 1.1999999999999997, × 1000 = 1200 ms rounded.
    expect(m.bounds(7)).toEqual({ minMs: 800, maxMs: 1200 });
    expect(m.meanMs(3)).toBe(400);
    expect(m.capReachedAt()).toBe(5);
    expect(m.mayExceedCap).toBe(true);
  });

  it("--jitter full is grpc-go before 1.69: rand.Int63n(int64(cur)), 0 to cur − 1 ns, mean (cur − 1) / 2 ns", () => {
    const m = model({ jitter: "full" });
    // cur = 1e8 ns: the top is 99,999,999 ns, 100 ms rounded half up; the mean 49,999,999.5 ns.
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 100 });
    expect(m.meanMs(1)).toBeCloseTo(49.9999995, 9);
    expect(m.bounds(9)).toEqual({ minMs: 0, maxMs: 1000 });
    expect(m.mayExceedCap).toBe(false);
  });

  it("grpc-retry@1.68 is grpc-go before 1.69.0 (issue 39, item 4): full jitter by default, the same figures as --jitter full", () => {
    const variant = findPreset("grpc-retry@1.68")!;
    expect(variant.name).toBe("grpc-retry@1.68");
    const m = variant.build({});
    // cur = 1e8 ns at attempt 1, 4e8 at attempt 3: tops of 99,999,999 and 399,999,999 ns, 100 and 400 ms rounded half up.
    expect([m.bounds(1), m.bounds(3)]).toEqual([
      { minMs: 0, maxMs: 100 },
      { minMs: 0, maxMs: 400 },
    ]);
    expect(m.meanMs(1)).toBeCloseTo(49.9999995, 9);
    // The user's --jitter still wins over the release's default: 0.2 is 1.69's [0.8, 1.2) × 100 ms.
    expect(variant.build({ jitter: "0.2" }).bounds(1)).toEqual({ minMs: 80, maxMs: 120 });
    expect(variant.quirks[0]).toMatch(/^grpc-go before 1\.69\.0 .*: each wait was full jitter/);
  });

  it("maxBackoff below initialBackoff: 2 s × [0.8, 1.2) first, then 0.5 s × [0.8, 1.2) (A6; grpc-go caps the first too, said in a note)", () => {
    const m = model({ baseMs: 2000, capMs: 500 });
    expect([1, 2, 3].map((a) => [m.delay(a).delayMs, m.bounds(a).minMs, m.bounds(a).maxMs])).toEqual([
      [2000, 1600, 2400],
      [500, 400, 600],
      [500, 400, 600],
    ]);
    expect(m.capReachedAt()).toBe(2);
    expect(m.notes.join("\n")).toContain("grpc-go caps it at maxBackoff too");
  });

  it("more than 4 retries is said to need a raised client limit; sampled waits stay within the bounds", () => {
    expect(model({ retries: 6 }).notes.join("\n")).toContain("6 retries is maxAttempts 7; clients treat more than 5 as 5");
    expect(model({ retries: 4 }).notes.join("\n")).not.toContain("clients treat");
    assertSamplesInBounds(model({ retries: 4 }), 40, 40);
    assertSamplesInBounds(model({ retries: 4, jitter: "full" }), 40, 40);
  });

  it("gRPC always jitters: --jitter none is refused in its terms", async () => {
    const result = await runCli(["--preset", "grpc-retry", "--jitter", "none"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --preset grpc-retry: --jitter is gRPC\'s retry jitter, one of 0.2, full, union, java, go, js, core, got "none"\n');
  });
});

// Issue 41, item 2: `backoff presets grpc-retry` shows the library's default conditions.
// grpc/proposal A6-client-retries.md: retryableStatusCodes is required and non-empty (no default); A6's example retries UNAVAILABLE only.
describe("grpc-retry's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets grpc-retry, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "grpc-retry"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on gRPC UNAVAILABLE (A6's example retryableStatusCodes, a required key with no default: UNAVAILABLE)");
    const json = await runCli(["presets", "grpc-retry", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "A6's example retryableStatusCodes, a required key with no default", default: false, words: ["UNAVAILABLE"], conditions: ["gRPC UNAVAILABLE"], overload: [], everything: false });
  });
});
