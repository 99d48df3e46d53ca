/**
 * The got preset (issue 12) against values computed by hand from the lines of the library's
 * source quoted in the block: un-jittered values, exact bounds at the first attempt and past
 * the cap, the default retry count, the stopping rule, refusals in the library's own terms,
 * and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { findPreset } from "../../src/presets/registry.js";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays, bounds } from "../support/presets.js";

describe("got (source/core/calculate-retry-delay.ts)", () => {
  // Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + Math.random() * retryOptions.noise
  it("1000, 2000 ms + up to 100 ms noise, for the default 2 retries", () => {
    expect(delays("got", {}, [1, 2, 3])).toEqual([1000, 2000, 4000]);
    expect(model("got").retries).toBe(2);
    expect(bounds("got", {}, 1)).toEqual({ minMs: 1000, maxMs: 1100 });
    expect(model("got").meanMs(1)).toBeCloseTo(1050, 9);
    expect(model("got").capMs).toBeNull();
  });

  it("noise is added after backoffLimit: 3000–3100 ms past a 3 s limit", () => {
    const m = model("got", { capMs: 3000 });
    expect([1, 2, 3, 4].map((a) => m.delay(a).delayMs)).toEqual([1000, 2000, 3000, 3000]);
    expect(m.capReachedAt()).toBe(3);
    expect(m.bounds(4)).toEqual({ minMs: 3000, maxMs: 3100 });
    expect(m.mayExceedCap).toBe(true);
    assertSamplesInBounds(m, 6);
  });

  it("a negative noise subtracts: [950, 1000] with noise −50", () => {
    expect(bounds("got", { jitter: "-50" }, 1)).toEqual({ minMs: 950, maxMs: 1000 });
    assertSamplesInBounds(model("got", { jitter: "-50" }), 6);
  });

  it("refuses a noise past ±100 ms, as got's options check does", () => {
    expect(() => model("got", { jitter: "150" })).toThrow(/^retry.noise is a number of ms from -100 to 100/);
    expect(Object.keys(findPreset("got")!.parameters)).toEqual(["capMs", "jitter", "retries", "maxRetryAfterMs"]);
  });
});

// got 16.2.0 (the newest; 16.1.0 computes the same), read in the npm tarballs of got 16.0.0, 16.1.0 and 16.2.0:
//   calculate-retry-delay.js: return Math.max(1, Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + noise);
//     and with a Retry-After: return retryAfter > computedValue ? 0 : Math.max(1, retryAfter);
//   index.js: if (backoff && backoff <= 2_147_483_647) { …wait, retry… }: a longer wait ends the retries.
// got@14 (14.x, 15.x and 16.0.0) has neither; got 14.6.6 itself is run in against-http-clients.test.ts.
describe("got 16.2.0 against got@14 (issue 39, item 4)", () => {
  it("every wait is at least 1 ms: backoffLimit 0 and noise 0 retry after 1 ms, which got@14 refuses (its 0 is no retry)", () => {
    expect(delays("got", { capMs: 0, jitter: "0" }, [1, 2])).toEqual([1, 1]);
    expect(() => model("got@14", { capMs: 0, jitter: "0" })).toThrow(/^retry.backoffLimit \(0 ms\) plus a noise of 0 ms can fall below 1 ms/);
  });

  it("backoffLimit 30 ms with noise −100: waits max(1, 30 − 100r), 1 to 30 ms, mean 5.205 ms", () => {
    // x = 30 − 100r is uniform on (−70, 30]; shown as max(1, round half up(x)) = floor(max(1, x + ½)), y = x + ½ on (−69.5, 30.5]:
    // P(y < 1) = 70.5/100 gives 1 ms; ∫ from 1 to 30.5 of floor(y) dy = (1 + … + 29) + 30 × 0.5 = 450, over 100: 4.5. Mean 0.705 + 4.5 = 5.205.
    const m = model("got", { capMs: 30, jitter: "-100" });
    expect(m.bounds(1)).toEqual({ minMs: 1, maxMs: 30 });
    expect(m.meanMs(1)).toBeCloseTo(5.205, 12);
    assertSamplesInBounds(m, 4);
    expect(() => model("got@14", { capMs: 30, jitter: "-100" })).toThrow(/can fall below 1 ms/);
  });

  it("a wait past 2,147,483,647 ms ends the retries: 22 retries are made (1000 × 2^21 = 2,097,152,000 ms), a 23rd is refused; got@14 shows it with a note", () => {
    expect(model("got", { retries: 22 }).delay(22).delayMs).toBe(2_097_152_000);
    expect(() => model("got", { retries: 23 })).toThrow(
      "got 16.1+ makes no retry whose wait passes 2,147,483,647 ms (Node's timer limit): retry 23 would wait at least 4,194,304,000 ms, so got stops after 22",
    );
    const old = model("got@14", { retries: 23 });
    expect(old.delay(23).delayMs).toBe(4_194_304_000);
    expect(old.notes).toContain(
      "got@14: from retry 23 got hands setTimeout more than 2,147,483,647 ms, which Node fires after 1 ms (a TimeoutOverflowWarning); the rows show the delay got computes. got 16.1+ gives up there instead.",
    );
  });

  it("a Retry-After of 0 retries after 1 ms (Math.max(1, retryAfter)); got@14 keeps its computed 1000 and 2000 ms", () => {
    const header = { retryAfter: { ms: 0, attempts: null } };
    expect(delays("got", header, [1, 2])).toEqual([1, 1]);
    expect(delays("got@14", header, [1, 2])).toEqual([1000, 2000]);
  });

  it("QUERY is retried from 16.0.0; got@14 retries the six methods of 14.6.6", () => {
    expect(findPreset("got")!.conditions!.methods).toEqual(["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE", "QUERY"]);
    expect(findPreset("got@14")!.conditions!.methods).toEqual(["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"]);
  });

  it("the default schedule is the same in both: 1000, 2000 ms, 1000–1100 ms at retry 1", () => {
    for (const name of ["got", "got@14"]) {
      expect(delays(name, {}, [1, 2])).toEqual([1000, 2000]);
      expect(bounds(name, {}, 1)).toEqual({ minMs: 1000, maxMs: 1100 });
    }
  });
});
