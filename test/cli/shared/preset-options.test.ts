import { describe, expect, it } from "vitest";
import { buildPreset, checkSeedHasJitter, nearPresetText, presetNamed, presetOffers, presetOverrides, presetRange } from "../../../src/cli/shared/preset-options.js";
import { PRESETS, findPreset, presetNames } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";
import { parseCsvNumbers as csv } from "../../support/csv.js";

// src/cli/shared/preset-options.ts: --preset and its overrides read into the library's model. The
// runCli tests at the end were folded in from test/cli/schedule/preset.test.ts (four) and
// retry-after-presets.test.ts (--max-retry-after).

function backoff(...argv: string[]) {
  return runCli(argv, { env: { NO_COLOR: "1" } });
}

const preset = (name: string) => findPreset(name)!;
const BULLMQ_OFFERS =
  "--strategy (backoff.type: exponential (default) or fixed), --base (backoff.delay (ms)), --jitter (backoff.jitter, a fraction from 0 to 1 (downward)), --attempts (attempts − 1 (attempts counts the first try))";

describe("nearPresetText and presetNamed", () => {
  it("the preset meant when one is near, else every name", () => {
    expect(nearPresetText("bulmq")).toBe(`; did you mean "bullmq"? (backoff presets lists all ${PRESETS.length})`);
    expect(nearPresetText("qqqqqqqqqqqq")).toBe(`; the presets are ${presetNames().join(", ")}`);
  });

  it("finds a name in any case with spaces around it; refuses one it does not know, naming the option", () => {
    expect(presetNamed(" BullMQ ", "--preset").name).toBe("bullmq");
    expect(() => presetNamed("", "--preset")).toThrow(`--preset has no preset ""; the presets are ${presetNames().join(", ")}`);
  });
});

describe("presetOffers", () => {
  it("whether the library has a counterpart of the option: polly's MaxDelay and cockatiel's maxDelay are --cap; bullmq and sidekiq have none", () => {
    expect(["polly", "cockatiel", "bullmq", "sidekiq"].map((name) => presetOffers(preset(name), "capMs"))).toEqual([true, true, false, false]);
    // bullmq offers --strategy, --base, --jitter and --attempts (BULLMQ_OFFERS), no --max-elapsed; p-retry's maxRetryTime is one.
    expect((["strategy", "baseMs", "jitter", "retries", "maxElapsedMs"] as const).map((name) => presetOffers(preset("bullmq"), name))).toEqual([true, true, true, true, false]);
    expect(presetOffers(preset("p-retry"), "maxElapsedMs")).toBe(true);
  });

  it("is what presetOverrides refuses by: --cap under bullmq has no counterpart", () => {
    expect(() => presetOverrides(preset("bullmq"), { cap: "10s" })).toThrow(`--cap has no counterpart in bullmq; it offers ${BULLMQ_OFFERS}`);
    expect(presetOverrides(preset("polly"), { cap: "10s" }).overrides).toEqual({ capMs: 10_000 });
  });
});

describe("presetOverrides", () => {
  it("maps exactly the values given onto the library's parameters; --attempts is its retry count", () => {
    expect(presetOverrides(preset("bullmq"), { base: "2s", jitter: "0.5", attempts: "3" })).toEqual({ overrides: { baseMs: 2000, jitter: "0.5", retries: 3 }, range: { first: 1, last: 3 } });
    expect(presetOverrides(preset("p-retry"), { maxElapsed: "10s", retryAfter: "3s" })).toEqual({ overrides: { maxElapsedMs: 10_000, retryAfter: { ms: 3000, attempts: null } }, range: null });
    // A library whose retries are "the range only" (grpc-js's connection backoff never gives up) takes --attempts as the range alone.
    expect(presetOverrides(preset("grpc-js"), { attempts: "2..5" })).toEqual({ overrides: {}, range: { first: 2, last: 5 } });
  });

  it("refuses --step, which no library has, naming what the library offers", () => {
    expect(() => presetOverrides(preset("bullmq"), { step: "1s" })).toThrow(`--step has no counterpart in bullmq; it offers ${BULLMQ_OFFERS}`);
  });

  it("--jitter none: nothing to turn off in a library without jitter; refused for one that always jitters", () => {
    expect(presetOverrides(preset("node-retry"), { jitter: "none" })).toEqual({ overrides: { jitter: "none" }, range: null });
    const awsOffers = "--base (the strategy's baseDelay (new StandardRetryStrategy({ baseDelay }); throttling errors use 1000 ms)), --attempts (maxAttempts − 1 (maxAttempts counts the first try))";
    expect(() => presetOverrides(preset("aws-sdk"), { jitter: "none" })).toThrow(`--jitter none: aws-sdk always jitters and has no setting to turn it off; it offers ${awsOffers}`);
    expect(() => presetOverrides(preset("aws-sdk"), { jitter: "full" })).toThrow(`--jitter has no counterpart in aws-sdk; it offers ${awsOffers}`);
  });

  it("a calculator-wide rule broken under a preset is said with the library's parameter; a fraction must be exact", () => {
    expect(() => presetOverrides(preset("node-retry"), { factor: "0.5" })).toThrow(`--preset node-retry: --factor is node-retry's factor; it must be at least 1 (1 keeps the delay constant), got "0.5"`);
    expect(() => presetOverrides(preset("bullmq"), { jitter: "0.1000000000000000000001" })).toThrow(
      '--jitter has more digits than can be computed exactly (15 significant digits at most), got "0.1000000000000000000001"',
    );
  });
});

describe("buildPreset", () => {
  it("a value the library itself rejects is one usage line naming the preset", () => {
    expect(() => buildPreset(preset("node-retry"), { baseMs: 5000, capMs: 1000 })).toThrow('--preset node-retry: node-retry throws "minTimeout is greater than maxTimeout" (--base 5000 ms > --cap 1000 ms)');
  });
});

describe("presetRange", () => {
  const pRetry = preset("p-retry");
  const tenSeconds = buildPreset(pRetry, { maxElapsedMs: 10_000 });
  // p-retry, maxRetryTime 10 s: waits 1, 2, 4 s (7 s), then the 8 s wait cut to 3 s: attempt 4 is the last retried.
  const stop = "p-retry gives up once maxRetryTime (10 s) has elapsed, and cuts the last wait to the time left: attempt 4 is the last one retried.";

  it("without --attempts: the library's count, or where its elapsed-time stop ends the retries", () => {
    expect(presetRange(preset("node-retry"), buildPreset(preset("node-retry"), {}), null)).toEqual({ range: { first: 1, last: 10 }, cut: false });
    expect(presetRange(pRetry, tenSeconds, null)).toEqual({ range: { first: 1, last: 4 }, cut: true });
  });

  it("a range past the stop ends at it; one inside it stands; one starting after it is refused", () => {
    expect(presetRange(pRetry, tenSeconds, { first: 2, last: 8 })).toEqual({ range: { first: 2, last: 4 }, cut: true });
    expect(presetRange(pRetry, tenSeconds, { first: 1, last: 3 })).toEqual({ range: { first: 1, last: 3 }, cut: false });
    expect(() => presetRange(pRetry, tenSeconds, { first: 5, last: 8 })).toThrow(`--attempts 5..8 starts after the last retry of p-retry: ${stop}`);
  });
});

describe("checkSeedHasJitter", () => {
  it("--seed needs jitter to sample, pointing at the library's own jitter setting", () => {
    const nodeRetry = preset("node-retry");
    expect(() => checkSeedHasJitter(nodeRetry, buildPreset(nodeRetry, {}), "1")).toThrow("--seed draws a sample of the jitter, but node-retry has none with these parameters; give --jitter (randomize (on or off))");
    expect(() => checkSeedHasJitter(nodeRetry, buildPreset(nodeRetry, {}), undefined)).not.toThrow();
    expect(() => checkSeedHasJitter(preset("aws-sdk"), buildPreset(preset("aws-sdk"), {}), "1")).not.toThrow();
    const grpc = preset("grpc");
    expect(() => checkSeedHasJitter(grpc, buildPreset(grpc, { jitter: "0" }), "1")).toThrow("--seed draws a sample of the jitter, but grpc has none with these parameters; give --jitter (JITTER (Jitter), from 0 to below 1)");
  });
});

describe("--preset and its overrides, through the schedule", () => {
  it("refuses an override the library does not have, naming what it offers", async () => {
    const { code, stdout, stderr } = await backoff("--preset", "sidekiq", "--base", "3s");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe("error: --base has no counterpart in sidekiq; it offers --attempts (sidekiq_options retry: N), --max-elapsed (retry_for (7.1.3+, whole seconds; from 8.1.0 it replaces retry))\n");
    const bull = await backoff("--preset", "bullmq", "--cap", "10s");
    expect(bull.stderr).toMatch(/^error: --cap has no counterpart in bullmq; it offers --strategy \(backoff.type: exponential \(default\) or fixed\), --base \(backoff.delay \(ms\)\), --jitter/);
    expect((await backoff("--preset", "aws-sdk", "--step", "1s")).code).toBe(2);
  });

  it("passes --jitter to the library's own parser", async () => {
    const bad = await backoff("--preset", "bullmq", "--jitter", "full");
    expect([bad.code, bad.stderr]).toEqual([2, 'error: --preset bullmq: --jitter is BullMQ\'s backoff.jitter, a number from 0 to 1, got "full"\n']);
    expect((await backoff("--preset", "exponential-backoff", "--jitter", "full", "--format", "csv")).code).toBe(0);
  });

  it("suggests the closest name for an unknown preset", async () => {
    const { code, stderr } = await backoff("--preset", "bulmq");
    expect(code).toBe(2);
    expect(stderr).toBe(`error: --preset has no preset "bulmq"; did you mean "bullmq"? (backoff presets lists all ${PRESETS.length})\n`);
  });

  it("polly reads --strategy as its BackoffType", async () => {
    const rows = csv((await backoff("--preset", "polly", "--strategy", "linear", "--format", "csv")).stdout);
    expect(rows.map((r) => r.delay_ms)).toEqual([2000, 4000, 6000]);
    expect((await backoff("--preset", "bullmq", "--strategy", "linear")).code).toBe(2);
  });

  it("--max-retry-after only where the library has such a limit", async () => {
    const { code, stderr } = await runCli(["--preset", "polly", "--max-retry-after", "5s"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --max-retry-after has no counterpart in polly; it offers /);
  });
});
