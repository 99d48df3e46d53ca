import { describe, expect, it } from "vitest";
import { type Finding, findingFails, findingIdentity, findingsExitCode, fingerprint } from "../../../src/core/check-report/finding.js";

// src/core/check-report/finding.ts: how a finding counts, and what makes it the same one from run to run.
const finding = (partial: Partial<Finding>): Finding => ({
  rule: "max-total",
  kind: "limit",
  level: "error",
  location: { file: "deploy/retry.json", line: 4, column: 5 },
  policy: { name: "email", system: "backoff", systemLabel: "backoff config" },
  message: "worst case 2 min 1 s (first over the limit at attempt 6)",
  ...partial,
});

describe("findingFails and findingsExitCode", () => {
  it("an error fails; a warning under strictness only; a note never", () => {
    const levels = ["error", "warning", "note"] as const;
    expect(levels.map((level) => [findingFails({ level }, false), findingFails({ level }, true)])).toEqual([
      [true, true],
      [false, true],
      [false, false],
    ]);
    expect([findingsExitCode([], true), findingsExitCode([{ level: "note" }, { level: "warning" }], false), findingsExitCode([{ level: "note" }, { level: "warning" }], true)]).toEqual([0, 0, 1]);
  });
});

describe("findingIdentity", () => {
  it("the rule, the file and the policy's name, NUL-separated: not the line, so a policy moved in its file keeps it", () => {
    expect(findingIdentity(finding({}))).toBe("max-total\u0000deploy/retry.json\u0000email");
    expect(findingIdentity(finding({ location: { file: "deploy/retry.json", line: 40, column: 1 } }))).toBe(findingIdentity(finding({})));
  });

  it("a file's finding by its message; a retry limit by who sets it and its kind", () => {
    expect(findingIdentity(finding({ rule: "skipped", kind: "skipped", policy: null, message: "larger than 10 MB" }))).toBe("skipped\u0000deploy/retry.json\u0000larger than 10 MB");
    const limit = { file: "dr.yaml", line: 9, column: 9, system: "istio", systemLabel: "Istio", source: "DestinationRule reviews-cb", kind: "max-retries", value: 3, text: "at most 3 …" } as const;
    expect(findingIdentity(finding({ rule: "retry-limit", kind: "retry-limit", policy: null, location: { file: "dr.yaml", line: 9, column: 9 }, retryLimit: { limit, governs: [] } }))).toBe(
      "retry-limit\u0000dr.yaml\u0000DestinationRule reviews-cb\u0000max-retries",
    );
  });
});

describe("fingerprint", () => {
  it("its first half is 64-bit FNV-1a", () => {
    // The published FNV-1a 64 test vectors (Fowler, Noll, Vo): "" → cbf29ce484222325, "a" → af63dc4c8601ec8c.
    expect(fingerprint("").slice(0, 16)).toBe("cbf29ce484222325");
    expect(fingerprint("a").slice(0, 16)).toBe("af63dc4c8601ec8c");
    expect(fingerprint("a")).toHaveLength(32);
  });
});
