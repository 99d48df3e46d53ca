import { describe, expect, it } from "vitest";
import { NO_RETRIES } from "../../../../src/core/herd/capacity/retry-policy.js";
import { type CapacitySetup, checkCapacitySetup } from "../../../../src/core/herd/capacity/setup.js";

const good: CapacitySetup = {
  rps: 10,
  arrivals: "poisson",
  server: { concurrency: 1, serviceMs: 1, queue: 0 },
  timeoutMs: 1000,
  outage: { startMs: 0, endMs: 10, kind: "stall" },
  durationMs: 1000,
  windowMs: 100,
  retry: NO_RETRIES,
  limits: [],
};

describe("checkCapacitySetup", () => {
  it("accepts a setup and refuses each bad value with one sentence", () => {
    expect(() => checkCapacitySetup(good)).not.toThrow();
    expect(() => checkCapacitySetup({ ...good, rps: 0 })).toThrow("rps must be positive, got 0");
    expect(() => checkCapacitySetup({ ...good, windowMs: Number.NaN })).toThrow(/window/);
    expect(() => checkCapacitySetup({ ...good, server: { ...good.server, concurrency: 1.5 } })).toThrow(/concurrency/);
    expect(() => checkCapacitySetup({ ...good, server: { ...good.server, queue: -1 } })).toThrow(/queue/);
    expect(() => checkCapacitySetup({ ...good, outage: { startMs: 10, endMs: 10, kind: "errors" } })).toThrow(/START < END/);
    expect(() => checkCapacitySetup({ ...good, timeoutMs: Infinity })).toThrow(/stall/);
    expect(() => checkCapacitySetup({ ...good, durationMs: 1e12, windowMs: 1 })).toThrow(/windows/);
  });
});
