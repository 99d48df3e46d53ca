/**
 * The traefik preset against values worked out by hand from Traefik's source (v3.7.9,
 * master at fd5a576d): pkg/middlewares/retry/retry.go newBackOff builds cenkalti's
 * NewExponentialBackOff (RandomizationFactor 0.5, MaxInterval 60 s, MaxElapsedTime 15 min)
 * with InitialInterval = initialInterval and Multiplier = math.Pow(2, 1/float64(attempts-1)),
 * and ServeHTTP makes attempts tries in all. The same waits run by cenkalti/backoff itself:
 * against-cenkalti.test.ts.
 */
import { describe, expect, it } from "vitest";
import { assertSamplesInBounds } from "../support/samples.js";
import { model, delays } from "../support/presets.js";

describe("traefik (pkg/middlewares/retry/retry.go newBackOff, cenkalti/backoff v4.3.0)", () => {
  it("the docs' example, attempts 4 and initialInterval 100ms: 3 retries of 100, 125.992104, 158.740103 ms", () => {
    // Multiplier 2^(1/3) = 1.2599210498948732: 1e8 × it = 125,992,104.98… ns, truncated; × it again 158,740,103.9… → 158,740,103.
    // Totals 100, 225.992104 → 226, 384.732207 → 385 ms: the waits shown are their steps.
    expect(delays("traefik", {}, [1, 2, 3])).toEqual([100, 126, 159]);
    const m = model("traefik");
    expect(m.retries).toBe(3);
    expect(m.stop).toBeNull();
    expect(m.parameters).toEqual({ attempts: 4, initialInterval: 100, Multiplier: 2 ** (1 / 3), RandomizationFactor: 0.5, MaxInterval: 60_000, MaxElapsedTime: 900_000 });
  });

  it("attempts 5, initialInterval 250ms: Multiplier 2^(1/4), 250, 297.301778, 353.553389, 420.448205 ms", () => {
    // Totals 250, 547.301778 → 547, 900.855167 → 901, 1,321.303372 → 1,321.
    expect(delays("traefik", { baseMs: 250, retries: 4 }, [1, 2, 3, 4])).toEqual([250, 297, 354, 420]);
  });

  it("cenkalti's ±50 %: 50,000,000 + r × 100,000,001 ns at the first retry", () => {
    const m = model("traefik");
    expect(m.jittered).toBe(true);
    expect(m.bounds(1)).toEqual({ minMs: 50, maxMs: 150 });
    assertSamplesInBounds(m, 3);
  });

  it("attempts 1 is no retry; MaxElapsedTime 15 min ends a long series first", () => {
    expect(model("traefik", { retries: 0 }).retries).toBe(0);
    // initialInterval 40 s, attempts 31: 40, 40.935, 41.892 … 59.244 s (18 intervals, 882.55 s in all), then
    // MaxInterval 60 s: the 19th would end at 942.55 s, past 900 s, so without jitter attempt 18 is the last.
    const m = model("traefik", { baseMs: 40_000, retries: 30 });
    expect(m.stop!.lastAttempt).toBe(18);
    expect(m.stop!.reason).toMatch(/^traefik's retry middleware \(cenkalti's ExponentialBackOff\) stops when elapsed \+ next > MaxElapsedTime \(15 min\)/);
  });
});

describe("traefik: the jitter against MaxInterval", () => {
  it("a wait stays below 3 × initialInterval: up to 20 s it never passes the 60 s MaxInterval", () => {
    expect(model("traefik").mayExceedCap).toBe(false);
    expect(model("traefik", { baseMs: 20_000 }).mayExceedCap).toBe(false);
    // 25 s, attempts 4: the third interval is 25 × 2^(2/3) = 39.69 s, its highest draw 59.53 s; with more attempts
    // the intervals come nearer 50 s and 1.5 × that passes 60 s.
    expect(model("traefik", { baseMs: 25_000 }).mayExceedCap).toBe(true);
  });
});
