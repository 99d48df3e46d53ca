/**
 * axios-retry 4.5.0 and got 14.6.6 (devDependencies) held against their presets (got 14.6.6 against got@14, the
 * releases before 16.1.0; the newest, got 16.2.0, is held by hand in got.test.ts): the
 * library's own delay function at its extreme draws (Math.random stubbed at 0 and at
 * 1 − 2^-52) gives exactly the preset's bounds, thousands of real draws fall inside
 * them, and a real request against a local server that always answers 503 shows the
 * library's own attempt numbering and default retry count.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import axios, { type AxiosError } from "axios";
import axiosRetry, { exponentialDelay, linearDelay } from "axios-retry";
import got, { calculateRetryDelay } from "got";
import { findPreset } from "../../src/presets/registry.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { R_MAX } from "../support/random.js";
import { model } from "../support/presets.js";

const DRAWS = 3000;

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

  it("the default retryCondition retries a network error on any method, a 503 only on an idempotent one, as the preset's words say (issue 39)", () => {
    // axios-retry 4.5.0 src/index.ts: isNetworkOrIdempotentRequestError = isNetworkError(error) || isIdempotentRequestError(error);
    // isNetworkError: no response, a code, not ERR_CANCELED/ECONNABORTED, and isRetryAllowed(error) (ECONNRESET allowed).
    const reset = { code: "ECONNRESET", config: { method: "post" } } as unknown as AxiosError;
    const unavailable = { code: "ERR_BAD_RESPONSE", config: { method: "post" }, response: { status: 503 } } as unknown as AxiosError;
    expect(axiosRetry.isNetworkOrIdempotentRequestError(reset)).toBe(true);
    expect(axiosRetry.isNetworkOrIdempotentRequestError(unavailable)).toBe(false);
    expect(axiosRetry.isNetworkOrIdempotentRequestError({ ...unavailable, config: { method: "put" } } as unknown as AxiosError)).toBe(true);
    expect(findPreset("axios-retry")!.conditions!.words).toEqual(["isNetworkOrIdempotentRequestError", "isNetworkError on any method"]);
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
    const quirk = findPreset("got@14")!.quirks.find((line) => line.includes("413"));
    expect(quirk).toContain("a 413 retries only when it carries a Retry-After (calculate-retry-delay.js returns that wait), and without one it returns 0: no retry.");
  });

  it("calculateRetryDelay at the extreme draws is exactly the preset's bounds", () => {
    for (const [backoffLimit, noise] of [[Infinity, 100], [3000, 100], [5500, -50], [Infinity, 37.5], [2500, 0]] as const) {
      const overrides: PresetOverrides = { ...(backoffLimit === Infinity ? {} : { capMs: backoffLimit }), jitter: String(noise) };
      const m = model("got@14", overrides);
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
    const m = model("got@14", { capMs: 3000 });
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
    const m = model("got@14");
    expect(computed).toEqual([m.delay(1).delayMs, m.delay(2).delayMs, 0]);
    expect(m.retries).toBe(2);
  });

  it("got's own options check refuses a noise past 100 ms, as the preset does", () => {
    expect(() => got.extend({ retry: { noise: 150 } })).toThrow(/maximum acceptable retry noise is \+\/- 100ms, got 150/);
    expect(() => model("got@14", { jitter: "150" })).toThrow(/retry.noise/);
  });
});

describe("Retry-After through real requests (a local server answering 503 with the header on chosen requests)", () => {
  let rateLimited: Server;
  let limitedUrl = "";
  let served = 0;
  /** The Retry-After value the n-th response carries (1 = the first), or null for none. */
  let headerFor: (n: number) => string | null = () => null;

  beforeAll(async () => {
    rateLimited = createServer((_request, response) => {
      served++;
      const header = headerFor(served);
      if (header !== null) response.setHeader("Retry-After", header);
      response.statusCode = 503;
      response.end("slow down");
    });
    await new Promise<void>((resolve) => rateLimited.listen(0, "127.0.0.1", resolve));
    limitedUrl = `http://127.0.0.1:${(rateLimited.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => rateLimited.close(() => resolve()));
  });

  /** What got computes before each retry (computedValue), with retry.limit `limit` and these options. */
  async function gotComputes(limit: number, header: (n: number) => string | null, retry: Record<string, unknown> = {}): Promise<number[]> {
    served = 0;
    headerFor = header;
    const computed: number[] = [];
    stubRandom(0);
    await expect(
      got(limitedUrl, {
        retry: {
          limit,
          ...retry,
          calculateDelay: ({ computedValue }) => {
            computed.push(computedValue);
            return computedValue === 0 ? 0 : 1; // keep the test fast: the value under test is computedValue
          },
        },
      }),
    ).rejects.toThrow(/503/);
    vi.restoreAllMocks();
    return computed;
  }

  it("got: Retry-After 3 replaces the computed delay at every retry (no noise), as the preset's waits", async () => {
    const computed = await gotComputes(4, () => "3");
    const m = model("got@14", { retries: 4, retryAfter: { ms: 3000, attempts: null } });
    // Four retries wait 3000 ms each, then attemptCount 5 > limit: 0.
    expect(computed).toEqual([3000, 3000, 3000, 3000, 0]);
    expect(computed.slice(0, 4)).toEqual([1, 2, 3, 4].map((a) => m.bounds(a).maxMs));
    expect([1, 4].map((a) => m.bounds(a).minMs)).toEqual([3000, 3000]);
  });

  it("got: the header on the failures before retries 2..3 only; the others are the computed 1000 × 2^(a−1) (low draw)", async () => {
    const computed = await gotComputes(4, (n) => (n === 2 || n === 3 ? "5" : null));
    const m = model("got@14", { retries: 4, retryAfter: { ms: 5000, attempts: { first: 2, last: 3 } } });
    expect(computed).toEqual([1000, 5000, 5000, 8000, 0]);
    expect(computed.slice(0, 4)).toEqual([1, 2, 3, 4].map((a) => m.bounds(a).minMs));
  });

  it("got: Retry-After 0 leaves the computed delay (`if (retryAfter)` is false for 0)", async () => {
    const computed = await gotComputes(2, () => "0");
    const m = model("got@14", { retryAfter: { ms: 0, attempts: null } });
    expect(computed).toEqual([1000, 2000, 0]);
    expect([1, 2].map((a) => m.bounds(a).minMs)).toEqual([1000, 2000]);
    expect([1, 2].map((a) => m.retryAfter!.change(a))).toEqual(["no", "no"]);
  });

  it("got: a Retry-After longer than maxRetryAfter gives up (computedValue 0 at once: no retry); one equal to it is waited", async () => {
    expect(await gotComputes(3, () => "10", { maxRetryAfter: 5000 })).toEqual([0]);
    expect(model("got@14", { retryAfter: { ms: 10_000, attempts: null }, maxRetryAfterMs: 5000 }).retryAfter!.givesUpAt).toBe(1);
    expect(await gotComputes(2, () => "5", { maxRetryAfter: 5000 })).toEqual([5000, 5000, 0]);
    expect(model("got@14", { retryAfter: { ms: 5000, attempts: null }, maxRetryAfterMs: 5000 }).retryAfter!.givesUpAt).toBeNull();
    // Only from the second failure on: the first retry is made, the second is not.
    expect(await gotComputes(3, (n) => (n >= 2 ? "10" : null), { maxRetryAfter: 5000 })).toEqual([1000, 0]);
    expect(model("got@14", { retryAfter: { ms: 10_000, attempts: { first: 2, last: 3 } }, maxRetryAfterMs: 5000 }).retryAfter!.givesUpAt).toBe(2);
  });

  /** What axios-retry's delay function returns before each retry, for the response the server sent, at a stubbed draw. */
  async function axiosDelays(header: (n: number) => string | null, draw: number, delayOf: (count: number, error: AxiosError) => number): Promise<number[]> {
    served = 0;
    headerFor = header;
    const client = axios.create();
    const delays: number[] = [];
    axiosRetry(client, {
      retryDelay: (count, error) => {
        stubRandom(draw);
        delays.push(delayOf(count, error));
        vi.restoreAllMocks();
        return 1;
      },
    });
    await expect(client.get(limitedUrl)).rejects.toThrow(/503/);
    return delays;
  }

  it("axios-retry: exponentialDelay raises 200, 400, 800 ms to the 1 s header before the jitter; the extreme draws are the preset's bounds", async () => {
    const m = model("axios-retry", { retryAfter: { ms: 1000, attempts: null } });
    const low = await axiosDelays(() => "1", 0, (count, error) => exponentialDelay(count, error, 100));
    const high = await axiosDelays(() => "1", R_MAX, (count, error) => exponentialDelay(count, error, 100));
    expect(low).toEqual([1000, 1000, 1000]);
    expect(low.map(wholeMs)).toEqual([1, 2, 3].map((a) => m.bounds(a).minMs));
    expect(high.map(wholeMs)).toEqual([1, 2, 3].map((a) => m.bounds(a).maxMs));
    // max(2^a × 100, 1000) × 1.2 at the top draw
    expect(high.map(wholeMs)).toEqual([1200, 1200, 1200]);
  });

  it("axios-retry: a 0.5 s header before retry 2 only leaves 200 and 800 ms, raises 400 ms to 500", async () => {
    const m = model("axios-retry", { retryAfter: { ms: 500, attempts: { first: 2, last: 2 } } });
    const low = await axiosDelays((n) => (n === 2 ? "0.5" : null), 0, (count, error) => exponentialDelay(count, error, 100));
    expect(low).toEqual([200, 500, 800]);
    expect(low).toEqual([1, 2, 3].map((a) => m.bounds(a).minMs));
  });

  it("axios-retry: linearDelay waits max(a × delayFactor, Retry-After)", async () => {
    const m = model("axios-retry", { strategy: "linear", baseMs: 250, retryAfter: { ms: 600, attempts: null } });
    const delays = await axiosDelays(() => "0.6", 0, (count, error) => linearDelay(250)(count, error));
    expect(delays).toEqual([600, 600, 750]);
    expect(delays).toEqual([1, 2, 3].map((a) => m.delay(a).delayMs));
  });
});

// Issue 41: the default conditions the got preset shows are got's own defaults (Options().retry).
describe("got's default conditions, against got itself", () => {
  it("status codes and methods as got's Options hold them", async () => {
    const { Options } = await import("got");
    const retry = new Options().retry;
    const preset = findPreset("got@14")!.conditions!;
    expect(preset.conditions.filter((c) => c.kind === "status").map((c) => (c as { code: number }).code)).toEqual(retry.statusCodes);
    expect(preset.methods).toEqual(retry.methods);
    expect(preset.words[1]).toBe(`errorCodes ${retry.errorCodes!.join(", ")}`);
  });
});
