/**
 * axios-retry 4.5.0 and got 14.6.6 (devDependencies) held against their presets: the
 * library's own delay function at its extreme draws (Math.random stubbed at 0 and at
 * 1 − 2^-52) gives exactly the preset's bounds, thousands of real draws fall inside
 * them, and a real request against a local server that always answers 503 shows the
 * library's own attempt numbering and default retry count.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import axios from "axios";
import axiosRetry, { exponentialDelay, linearDelay } from "axios-retry";
import got, { calculateRetryDelay } from "got";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { R_MAX } from "../support/random.js";

const DRAWS = 3000;

function model(name: string, overrides: PresetOverrides = {}) {
  return findPreset(name)!.build(overrides);
}

/** Round half up, the presets' whole-ms convention for fractional library values. */
function wholeMs(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

function stubRandom(value: number) {
  vi.spyOn(Math, "random").mockReturnValue(value);
}

let server: Server;
let url = "";
let requests = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++;
    response.statusCode = 503;
    response.end("unavailable");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("axios-retry 4.5.0", () => {
  it("exponentialDelay at the extreme draws is exactly the preset's bounds", () => {
    for (const factor of [100, 333, 7, 1.5]) {
      const m = model("axios-retry", { baseMs: factor });
      for (let a = 1; a <= 20; a++) {
        stubRandom(0);
        const low = exponentialDelay(a, undefined, factor);
        stubRandom(R_MAX);
        const high = exponentialDelay(a, undefined, factor);
        expect(m.bounds(a)).toEqual({ minMs: wholeMs(low), maxMs: wholeMs(high) });
        expect(m.delay(a).delayMs).toBe(wholeMs(low));
      }
    }
  });

  it("linearDelay(delayFactor) is the linear preset", () => {
    const m = model("axios-retry", { strategy: "linear", baseMs: 250 });
    for (let a = 1; a <= 10; a++) expect(m.delay(a).delayMs).toBe(linearDelay(250)(a, undefined));
  });

  it("thousands of real draws fall inside the bounds", () => {
    const m = model("axios-retry");
    for (let i = 0; i < DRAWS; i++) {
      const a = 1 + (i % 12);
      const value = wholeMs(exponentialDelay(a, undefined, 100));
      const { minMs, maxMs } = m.bounds(a);
      expect(value >= minMs && value <= maxMs).toBe(true);
    }
  });

  it("a real request: retryCount 1, 2, 3 reaches retryDelay (the default 3 retries), so 200, 400, 800 ms at the low draw", async () => {
    const client = axios.create();
    const counts: number[] = [];
    const computed: number[] = [];
    axiosRetry(client, {
      retryDelay: (count, error) => {
        counts.push(count);
        stubRandom(0);
        computed.push(exponentialDelay(count, error, 100));
        vi.restoreAllMocks();
        return 1; // keep the test fast: the value under test is `computed`
      },
    });
    requests = 0;
    await expect(client.get(url)).rejects.toThrow(/503/);
    expect(requests).toBe(4);
    expect(counts).toEqual([1, 2, 3]);
    const m = model("axios-retry");
    expect(computed).toEqual([1, 2, 3].map((a) => m.delay(a).delayMs));
    expect(m.retries).toBe(counts.length);
  });
});

describe("got 14.6.6", () => {
  const retryOptions = (backoffLimit: number, noise: number) => ({
    limit: 2,
    methods: ["GET"],
    statusCodes: [503],
    errorCodes: [],
    backoffLimit,
    noise,
    maxRetryAfter: undefined,
    calculateDelay: () => 0,
    enforceRetryRules: true,
  });
  // calculateRetryDelay only reads these fields of the error.
  const error = { name: "HTTPError", code: "ERR_NON_2XX_3XX_RESPONSE", options: { method: "GET" }, response: { statusCode: 503 } };
  const delayOf = (attemptCount: number, backoffLimit: number, noise: number) =>
    calculateRetryDelay({
      attemptCount,
      retryOptions: { ...retryOptions(backoffLimit, noise), limit: 100 } as never,
      error: error as never,
      retryAfter: undefined,
      computedValue: Number.POSITIVE_INFINITY,
    });

  it("a 413 retries when it carries a Retry-After and not without one, as the quirk says (issue 23: it said a 413 never retries)", () => {
    const payloadTooLarge = { ...error, response: { statusCode: 413 } };
    const options = { ...retryOptions(Infinity, 0), statusCodes: [413, 503] } as never;
    const delay = (retryAfter: number | undefined) =>
      calculateRetryDelay({ attemptCount: 1, retryOptions: options, error: payloadTooLarge as never, retryAfter, computedValue: Number.POSITIVE_INFINITY });
    // calculate-retry-delay.js: `if (retryAfter) { … return retryAfter; } if (error.response.statusCode === 413) return 0;`
    expect([delay(2500), delay(undefined)]).toEqual([2500, 0]);
    const quirk = findPreset("got")!.quirks.find((line) => line.includes("413"));
    expect(quirk).toContain("a 413 retries only when it carries a Retry-After (calculate-retry-delay.js returns that wait), and without one it returns 0: no retry.");
  });

  it("calculateRetryDelay at the extreme draws is exactly the preset's bounds", () => {
    for (const [backoffLimit, noise] of [[Infinity, 100], [3000, 100], [5500, -50], [Infinity, 37.5], [2500, 0]] as const) {
      const overrides: PresetOverrides = { ...(backoffLimit === Infinity ? {} : { capMs: backoffLimit }), jitter: String(noise) };
      const m = model("got", overrides);
      for (let a = 1; a <= 20; a++) {
        stubRandom(0);
        const low = delayOf(a, backoffLimit, noise);
        stubRandom(R_MAX);
        const high = delayOf(a, backoffLimit, noise);
        const [minMs, maxMs] = [wholeMs(low), wholeMs(high)].sort((x, y) => x - y);
        expect(m.bounds(a)).toEqual({ minMs, maxMs });
        expect(m.delay(a).delayMs).toBe(wholeMs(low));
      }
    }
  });

  it("thousands of real draws fall inside the bounds", () => {
    const m = model("got", { capMs: 3000 });
    for (let i = 0; i < DRAWS; i++) {
      const a = 1 + (i % 8);
      const value = wholeMs(delayOf(a, 3000, 100));
      const { minMs, maxMs } = m.bounds(a);
      expect(value >= minMs && value <= maxMs).toBe(true);
    }
  });

  it("a real request: got computes 1000 and 2000 ms (low draw) for its default 2 retries, then 0", async () => {
    const computed: number[] = [];
    const attempts: number[] = [];
    requests = 0;
    stubRandom(0);
    await expect(
      got(url, {
        retry: {
          calculateDelay: ({ attemptCount, computedValue }) => {
            attempts.push(attemptCount);
            computed.push(computedValue);
            return computedValue === 0 ? 0 : 1; // keep the test fast: the value under test is computedValue
          },
        },
      }),
    ).rejects.toThrow(/503/);
    expect(requests).toBe(3);
    expect(attempts).toEqual([1, 2, 3]);
    const m = model("got");
    expect(computed).toEqual([m.delay(1).delayMs, m.delay(2).delayMs, 0]);
    expect(m.retries).toBe(2);
  });

  it("got's own options check refuses a noise past 100 ms, as the preset does", () => {
    expect(() => got.extend({ retry: { noise: 150 } })).toThrow(/maximum acceptable retry noise is \+\/- 100ms, got 150/);
    expect(() => model("got", { jitter: "150" })).toThrow(/retry.noise/);
  });
});
