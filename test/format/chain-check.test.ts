import { describe, expect, it } from "vitest";
import { analyseChain } from "../../src/core/chain/chain.js";
import { checkChain } from "../../src/core/chain/check.js";
import { chainCheckGitlab, chainCheckJson, chainCheckJunit, chainCheckLines, chainCheckSarif, type PlacedChainCheck } from "../../src/format/chain-check.js";
import { fingerprint } from "../../src/format/check-gitlab.js";
import { layer } from "../support/chain.js";
import { validateSarif } from "../support/sarif.js";

// The chain check's reports. The stack of the issue: aws-sdk (3 tries) over istio (2 retries,
// 3 tries) over resilience4j (3 tries): 3 × 3 × 3 = 27 calls at the backend per call at the top
// when every call fails. Layers of 2 retries stand for them (the figures need only the tries).

const STACK = [layer(2, { name: "aws-sdk" }), layer(2, { name: "istio" }), layer(2, { name: "resilience4j" })];
const report = analyseChain(STACK, { attemptMs: null, failureRate: 1, rps: null });

function placed(limits: { maxAmplification?: number }, strict = false, stack = STACK): PlacedChainCheck {
  const chainReport = stack === STACK ? report : analyseChain(stack, { attemptMs: null, failureRate: 1, rps: null });
  const result = checkChain(chainReport, limits);
  const broken = result.assertions.some((a) => !a.ok);
  return { name: "deploy/chain.json", line: 2, column: 3, report: chainReport, result, strict, exitCode: broken || (strict && result.warnings.length > 0) ? 1 : 0 };
}

const DETAIL = "27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)";
const STACKED = "layers 1, 2, 3 all retry; the AWS Builders' Library advises retrying at a single point in the stack";
const WHO = "chain (aws-sdk, istio, resilience4j)";

describe("chainCheckLines: the text report", () => {
  it("a broken limit, the warning, the verdict", () => {
    const c = placed({ maxAmplification: 10 });
    expect(chainCheckLines(c.name, c.report, c.result, false)).toEqual([
      "deploy/chain.json: a chain of 3 layers, outermost first: aws-sdk, istio, resilience4j",
      `  ✗ max-amplification 10: ${DETAIL}`,
      `  ⚠ stacked-retries: ${STACKED}`,
      "✗ the limit is broken; 1 warning",
    ]);
  });

  it("a limit that holds (27 ≤ 27.5: the count is whole), no limit, and --strict", () => {
    const held = placed({ maxAmplification: 27.5 });
    expect(chainCheckLines(held.name, held.report, held.result, false).slice(1)).toEqual([`  ✓ max-amplification 27.5: ${DETAIL}`, `  ⚠ stacked-retries: ${STACKED}`, "✓ the limit holds; 1 warning"]);
    const none = placed({}, true);
    expect(chainCheckLines(none.name, none.report, none.result, true).slice(1)).toEqual([
      '  no limits given (--max-amplification or "assert" in the config)',
      `  ⚠ stacked-retries: ${STACKED}`,
      "✗ no limits checked, but 1 warning fails under --strict",
    ]);
  });
});

describe("chainCheckJson", () => {
  it("the layers, the assertion with its actual count, the warning's layers counted from 1", () => {
    const c = placed({ maxAmplification: 10 });
    expect(JSON.parse(chainCheckJson(c.name, c.report, c.result, c.exitCode))).toEqual({
      file: "deploy/chain.json",
      chain: [
        { layer: 1, policy: "aws-sdk", tries: 3, retries: 2, worst_case_calls: 3 },
        { layer: 2, policy: "istio", tries: 3, retries: 2, worst_case_calls: 9 },
        { layer: 3, policy: "resilience4j", tries: 3, retries: 2, worst_case_calls: 27 },
      ],
      assertions: [{ limit: "max-amplification", limit_value: 10, actual: 27, ok: false }],
      warnings: [{ lint: "stacked-retries", layers: [1, 2, 3] }],
      exit_code: 1,
    });
  });
});

describe("chainCheckSarif", () => {
  it("a valid SARIF 2.1.0 log: the two rules, an error for the broken limit and a warning, both at the chain key", () => {
    const doc = JSON.parse(chainCheckSarif(placed({ maxAmplification: 10 }), "9.9.9"));
    expect(validateSarif(doc)).toEqual([]);
    const run = doc.runs[0];
    expect(run.tool.driver).toMatchObject({ name: "backoff", version: "9.9.9", semanticVersion: "9.9.9" });
    expect(run.tool.driver.rules.map((r: { id: string; name: string; defaultConfiguration: { level: string } }) => [r.id, r.name, r.defaultConfiguration.level])).toEqual([
      ["max-amplification", "MaxAmplification", "error"],
      ["stacked-retries", "StackedRetries", "warning"],
    ]);
    expect(run.invocations).toEqual([{ executionSuccessful: true, exitCode: 1, toolExecutionNotifications: [] }]);
    const at = [{ physicalLocation: { artifactLocation: { uri: "deploy/chain.json", uriBaseId: "%SRCROOT%" }, region: { startLine: 2, startColumn: 3 } } }];
    expect(run.results).toEqual([
      { ruleId: "max-amplification", ruleIndex: 0, level: "error", message: { text: `${WHO}: max-amplification 10 broken: ${DETAIL}` }, locations: at },
      { ruleId: "stacked-retries", ruleIndex: 1, level: "warning", message: { text: `${WHO}: stacked-retries: ${STACKED}` }, locations: at },
    ]);
  });

  it("a limit that holds is no result; --strict makes the warning an error; one retrying layer gives none", () => {
    const strict = JSON.parse(chainCheckSarif(placed({ maxAmplification: 27 }, true), "1.0.0")).runs[0];
    expect(strict.results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([["stacked-retries", "error"]]);
    expect(strict.invocations[0].exitCode).toBe(1);
    const single = JSON.parse(chainCheckSarif(placed({ maxAmplification: 4 }, true, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })]), "1.0.0")).runs[0];
    expect(single.results).toEqual([]);
    expect(single.invocations[0].exitCode).toBe(0);
  });
});

describe("chainCheckJunit", () => {
  it("one testsuite for the file: the limit's testcase fails, the warning passes with its text in system-out", () => {
    expect(chainCheckJunit(placed({ maxAmplification: 10 })).split("\n")).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="backoff check" tests="2" failures="1" errors="0" skipped="0">',
      '  <testsuite name="deploy/chain.json" tests="2" failures="1" errors="0" skipped="0">',
      `    <testcase classname="deploy/chain.json" name="${WHO}: max-amplification 10" file="deploy/chain.json" line="2">`,
      `      <failure type="max-amplification" message="max-amplification broken: ${DETAIL}">max-amplification broken: ${DETAIL}</failure>`,
      "    </testcase>",
      `    <testcase classname="deploy/chain.json" name="${WHO}: stacked-retries" file="deploy/chain.json" line="2">`,
      "      <system-out>warning: stacked-retries: layers 1, 2, 3 all retry; the AWS Builders&apos; Library advises retrying at a single point in the stack</system-out>",
      "    </testcase>",
      "  </testsuite>",
      "</testsuites>",
      "",
    ]);
  });

  it("a limit that holds passes with its detail; --strict fails the warning; no limit and no warning is one passing case", () => {
    const strict = chainCheckJunit(placed({ maxAmplification: 27 }, true));
    expect(strict).toContain('<testsuites name="backoff check" tests="2" failures="1" errors="0" skipped="0">');
    expect(strict).toContain(`      <system-out>${DETAIL}</system-out>`);
    expect(strict).toContain(`      <failure type="stacked-retries" message="stacked-retries: layers 1, 2, 3 all retry; the AWS Builders&apos; Library`);
    const quiet = chainCheckJunit(placed({}, false, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })]));
    expect(quiet.split("\n").slice(2, 5)).toEqual([
      '  <testsuite name="deploy/chain.json" tests="1" failures="0" errors="0" skipped="0">',
      '    <testcase classname="deploy/chain.json" name="chain (sdk, mesh)" file="deploy/chain.json" line="2">',
      "      <system-out>no limits given</system-out>",
    ]);
  });
});

describe("chainCheckGitlab", () => {
  it("an issue for the broken limit (major) and for the warning (minor), at the chain key's line, fingerprinted by rule, file and chain", () => {
    expect(JSON.parse(chainCheckGitlab(placed({ maxAmplification: 10 })))).toEqual([
      {
        description: `${WHO}: max-amplification 10 broken: ${DETAIL}`,
        check_name: "max-amplification",
        fingerprint: fingerprint("max-amplification\u0000deploy/chain.json\u0000chain"),
        severity: "major",
        location: { path: "deploy/chain.json", lines: { begin: 2 } },
      },
      {
        description: `${WHO}: stacked-retries: ${STACKED}`,
        check_name: "stacked-retries",
        fingerprint: fingerprint("stacked-retries\u0000deploy/chain.json\u0000chain"),
        severity: "minor",
        location: { path: "deploy/chain.json", lines: { begin: 2 } },
      },
    ]);
  });

  it("--strict makes the warning major; a limit that holds is no issue", () => {
    expect(JSON.parse(chainCheckGitlab(placed({ maxAmplification: 27 }, true))).map((i: { check_name: string; severity: string }) => [i.check_name, i.severity])).toEqual([["stacked-retries", "major"]]);
  });
});
