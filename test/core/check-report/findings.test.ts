import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/core/check.js";
import { invalidFinding, lenientFinding, policyFindings, retryLimitFinding, skippedFinding } from "../../../src/core/check-report/findings.js";
import type { FilePolicyReport } from "../../../src/core/check-report/policy.js";

// src/core/check-report/findings.ts: what of a scan is a finding, with its rule, level, place and words.
const result: CheckResult = {
  assertions: [
    { limit: "max-total", limitValue: 60_000, actual: 121_000, ok: false, attempt: 6 },
    { limit: "max-delay", limitValue: 30_000, actual: 30_000, ok: true, attempt: 6 },
  ],
  warnings: [{ lint: "no-jitter", clients: 50 }],
  bestTotalMs: 121_000,
  worstTotalMs: 121_000,
  worstDelayMs: 30_000,
  worstDelayAttempt: 6,
};
const policy: FilePolicyReport = {
  file: "backoff/retry.json",
  line: 4,
  column: 5,
  system: "backoff",
  systemLabel: "backoff config",
  name: "email",
  preset: null,
  options: {},
  attempts: 8,
  attemptTimeMs: 0,
  jittered: false,
  note: null,
  result,
};
const at = { file: "backoff/retry.json", line: 4, column: 5 };
const ref = { name: "email", system: "backoff", systemLabel: "backoff config", index: 2, count: { retries: 8 } };

describe("policyFindings", () => {
  it("each broken limit (an error), then each lint (a warning), at the policy's place; a limit that holds is none", () => {
    expect(policyFindings(policy, 2)).toEqual([
      { rule: "max-total", kind: "limit", level: "error", location: at, policy: ref, message: "worst case 2 min 1 s (first over the limit at attempt 6)", limit: "max-total 1 min" },
      { rule: "no-jitter", kind: "lint", level: "warning", location: at, policy: ref, message: "no jitter, with 50 clients: clients that fail together retry together, in bursts; add jitter" },
    ]);
  });

  it("a lint raised to an error is an error; a limit the file cannot decide is a note saying why", () => {
    const raised = policyFindings({ ...policy, result: { ...result, errorLints: ["no-jitter"] } }, 0);
    expect(raised.map((f) => [f.rule, f.level])).toEqual([
      ["max-total", "error"],
      ["no-jitter", "error"],
    ]);
    const unknown: CheckResult = { ...result, warnings: [], waitsUnknown: true, assertions: [{ limit: "max-total", limitValue: 60_000, actual: null, ok: true, attempt: null, computable: false }] };
    const [note] = policyFindings({ ...policy, result: unknown, note: "waits decided by com.example.Backoff" }, 0);
    expect([note!.kind, note!.level, note!.message, note!.limit]).toEqual(["not-computable", "note", "waits decided by com.example.Backoff", "max-total 1 min"]);
  });

  it("a finding about the deadline carries the timeouts it rests on", () => {
    const unreachable: CheckResult = {
      ...result,
      assertions: [],
      warnings: [
        {
          lint: "unreachable-retries",
          attemptTimeMs: 1000,
          deadlineMs: 2000,
          summary: { retries: 3, neverFrom: 2, neverBy: "deadline", lastInEveryRun: 1, lastInSomeRun: 1, cutShort: null, firstTryCutShort: false, giveUp: { plainMs: 2000, minMs: 2000, maxMs: 2000, meanMs: 2000 } },
        },
      ],
    };
    const timeouts = [{ role: "deadline", field: "timeout", line: 13, column: 5 }] as const;
    const [finding] = policyFindings({ ...policy, result: unreachable, timeouts }, 0);
    expect(finding!.timeouts).toEqual(timeouts);
    expect(finding!.message).toBe("retries 2–3 can never fire: the deadline (2 s) ends first; the last retry that fires is 1, giving up at 2 s; each try runs up to 1 s");
  });
});

describe("the findings of what is not a checked policy", () => {
  it("an invalid policy is an error, a skip a warning, a lenient read and a retry limit notes", () => {
    const invalid = invalidFinding({ file: "sf.json", line: 10, column: 9, system: "step-functions", systemLabel: "AWS Step Functions", name: "Retry #1", reason: "MaxAttempts must be a whole number" });
    expect(invalid).toEqual({
      rule: "invalid-policy",
      kind: "invalid-policy",
      level: "error",
      location: { file: "sf.json", line: 10, column: 9 },
      policy: { name: "Retry #1", system: "step-functions", systemLabel: "AWS Step Functions" },
      message: "MaxAttempts must be a whole number",
    });
    const skip = { file: "big.yaml", line: null, column: null, reason: "larger than 10 MB (10485761 bytes)" };
    expect([skippedFinding(skip).rule, skippedFinding(skip).level, lenientFinding(skip).rule, lenientFinding(skip).level]).toEqual(["skipped", "warning", "read-leniently", "note"]);
    const limit = { file: "dr.yaml", line: 9, column: 9, system: "istio", systemLabel: "Istio", source: "DestinationRule reviews-cb", kind: "max-retries", value: 3, text: "at most 3 concurrent retries to reviews" } as const;
    const found = retryLimitFinding({ limit, governs: [] });
    expect([found.rule, found.level, found.location, found.message]).toEqual(["retry-limit", "note", { file: "dr.yaml", line: 9, column: 9 }, "DestinationRule reviews-cb (Istio): retry limit: at most 3 concurrent retries to reviews; governs no policy found"]);
  });
});
