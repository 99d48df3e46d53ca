import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../src/config/recognise.js";
import { retriesEverything, retryOnText } from "../../src/core/conditions/condition.js";

// taskforcesh/bullmq v6.2.0 (c06b51cd): JobsOptions (src/types/job-options.ts), BaseJobOptions
// (src/interfaces/base-job-options.ts), BackoffOptions (type, delay, jitter); Job.shouldRetryJob
// (src/classes/job.ts:696-699) retries every error but UnrecoverableError while attempts are left.
describe("BullMQ job options (config/bullmq-options.ts): keys BullMQ does not define (issue 36)", () => {
  const read = (text: string, named = false) => recogniseFile({ name: "job.json", text, kind: "json", named });
  const keys = (text: string, named = false) => read(text, named).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.system}: ${u.message}`);
  it("atempts: an unknown key at its place, scanning or named; no second finding for the attempts it leaves missing", () => {
    // Line 2 '  "atempts": 5,': the key's quote at column 3.
    const text = '{\n  "atempts": 5,\n  "backoff": { "type": "exponential", "delay": 1000 }\n}\n';
    for (const named of [false, true]) {
      expect(keys(text, named)).toEqual(['2:3: bullmq: unknown key "atempts" in BullMQ job options; did you mean "attempts"? BullMQ then makes a single try and never retries']);
      expect([read(text, named).policies, read(text, named).invalid]).toEqual([[], []]);
    }
  });
  it("backoff.dealy and removeOnComplet: the policy is read without them", () => {
    // Line 3: '  "backoff": { "type": "fixed", "dealy": 1000 },' — "dealy" at column 33.
    const text = '{\n  "attempts": 3,\n  "backoff": { "type": "fixed", "dealy": 1000 },\n  "removeOnComplet": true\n}\n';
    expect(keys(text)).toEqual([
      '4:3: bullmq: unknown key "removeOnComplet" in BullMQ job options; did you mean "removeOnComplete"? BullMQ keeps its default for it (the retries are not affected)',
      '3:33: bullmq: unknown key "dealy" in BullMQ\'s backoff; did you mean "delay"? BullMQ has no delay to wait (the retries are not spaced)',
    ]);
    const good = '{\n  "attempts": 3,\n  "backoff": { "type": "fixed", "delay": 1000 },\n  "removeOnComplete": true,\n  "repeatJobKey": "nightly"\n}\n';
    expect(read(good).policies.map((p) => [p.system, p.options])).toEqual([["bullmq", { preset: "bullmq", strategy: "fixed", base: "1000", attempts: "2" }]]);
    expect(keys(good)).toEqual([]);
  });
  it("in backoff's policies: the policy whose attempts is misspelt is left out, the others read", () => {
    // Line 2 '  "a": {"atempts": 3, "backoff": 1000},': the key's quote after '  "a": {' (8 characters), column 9.
    const text = '{"policies": {\n  "a": {"atempts": 3, "backoff": 1000},\n  "b": {"attempts": 3, "backoff": 1000}\n}}\n';
    expect(keys(text)).toEqual(['2:9: bullmq: unknown key "atempts" in BullMQ job options; did you mean "attempts"? BullMQ then makes a single try and never retries']);
    expect(read(text).policies.map((p) => [p.system, p.name, p.options.attempts])).toEqual([["bullmq", "b", "2"]]);
    expect(read(text).invalid).toEqual([]);
  });
  it("while scanning, a file whose other keys are far from BullMQ's is not taken for job options", () => {
    expect(read('{"name": "x", "backoff": {"type": "fixed", "delay": 5}, "attempts": 2}').policies).toEqual([]);
  });
  it("zero findings on the fixture", () => {
    expect(keys(readFileSync("test/fixtures/policies/bullmq/email-job.json", "utf8"))).toEqual([]);
  });
});

describe("BullMQ: what a job retries on (issue 41)", () => {
  it("every thrown error but UnrecoverableError, which is retrying everything", () => {
    const [policy] = recogniseFile({ name: "job.json", text: '{"attempts": 3, "backoff": 1000}', kind: "json", named: false }).policies;
    expect(retryOnText(policy!.conditions!)).toBe("retries on every error but UnrecoverableError (BullMQ's default: every thrown error)");
    expect(retriesEverything(policy!.conditions!)).toBe(true);
  });
});
