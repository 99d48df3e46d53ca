import { describe, expect, it } from "vitest";
import { chainCheckSarif, renderer } from "../../../../src/format/formats/check/sarif.js";
import { CHAIN_DETAIL, CHAIN_STACKED, CHAIN_WHO, RETRY_JSON, chainOutput, filesReport, placedChain, renderedText } from "../../../support/check-outputs.js";
import { layer } from "../../../support/chain.js";
import { plainContext } from "../../../support/herd-reports.js";
import { validateSarif } from "../../../support/sarif.js";

// src/format/formats/check/sarif.ts: check's report as SARIF 2.1.0, checked against the OASIS
// schema (test/fixtures/sarif-schema-2.1.0.json). The policies of test/fixtures/policies/backoff/retry.json
// under --max-total 1m (figures in test/support/check-outputs.ts): email breaks it at attempt 6.
// Paths relative to the repository's root, which code scanning knows as %SRCROOT%.
const at = (uri: string, startLine: number, startColumn: number) => ({ physicalLocation: { artifactLocation: { uri, uriBaseId: "%SRCROOT%" }, region: { startLine, startColumn } } });
const context = { ...plainContext(), version: "9.8.7" };

describe("check --format sarif's renderer", () => {
  it("places findings at lines of files: check --config's policies come to it as a files report", () => {
    expect(renderer.atLines).toBe(true);
  });

  it("check PATH: a result per broken limit at the policy's line and column, the tool's version from the context", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const text = await renderedText(renderer.render(report, context));
    const doc = JSON.parse(text);
    expect(validateSarif(doc)).toEqual([]);
    const [run] = doc.runs;
    expect([run.tool.driver.name, run.tool.driver.version, run.tool.driver.semanticVersion]).toEqual(["backoff", "9.8.7", "9.8.7"]);
    expect(run.results).toHaveLength(1);
    const [result] = run.results;
    expect({ ...result, ruleIndex: undefined }).toEqual({
      ruleId: "max-total",
      ruleIndex: undefined,
      level: "error",
      message: { text: "email (backoff config): max-total broken: worst case 2 min 1 s (first over the limit at attempt 6)" },
      locations: [at("backoff/retry.json", 4, 5)],
      // The count, as the JSON report gives it: 8 retries.
      properties: { retries: 8 },
    });
    expect(run.tool.driver.rules[result.ruleIndex].id).toBe("max-total");
  });

  it("a finding about the deadline points at the timeouts it read (relatedLocations); --strict makes it an error", async () => {
    // test/fixtures/deadlines/istio/colliding.yaml: the route's retries at 14:5, timeout 2s at 13:5, perTryTimeout 1s at 16:7;
    // retry 2 would start at 2 × 1 s at the earliest, when the 2 s deadline ends: retries 2–3 never fire (test/cli/check/files/deadlines.test.ts).
    const report = filesReport(["istio/colliding.yaml"], {}, true, "deadlines");
    const doc = JSON.parse(await renderedText(renderer.render(report, context)));
    expect(validateSarif(doc)).toEqual([]);
    const [result] = doc.runs[0].results;
    expect([result.ruleId, result.level, result.locations]).toEqual(["unreachable-retries", "error", [at("istio/colliding.yaml", 14, 5)]]);
    expect(result.relatedLocations).toEqual([
      { id: 0, ...at("istio/colliding.yaml", 13, 5), message: { text: "the deadline: timeout" } },
      { id: 1, ...at("istio/colliding.yaml", 16, 7), message: { text: "the try time: perTryTimeout" } },
    ]);
  });

  it("a chain: the chain check's document, valid", async () => {
    const chain = chainOutput();
    const text = await renderedText(renderer.renderChain!(chain, context));
    expect(text).toBe(chainCheckSarif(chain, "9.8.7"));
    expect(validateSarif(JSON.parse(text))).toEqual([]);
  });
});

describe("chainCheckSarif", () => {
  it("a valid SARIF 2.1.0 log: the two rules, an error for the broken limit and a warning, both at the chain key", () => {
    const doc = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 10 }), "9.9.9"));
    expect(validateSarif(doc)).toEqual([]);
    const run = doc.runs[0];
    expect(run.tool.driver).toMatchObject({ name: "backoff", version: "9.9.9", semanticVersion: "9.9.9" });
    expect(run.tool.driver.rules.map((r: { id: string; name: string; defaultConfiguration: { level: string } }) => [r.id, r.name, r.defaultConfiguration.level])).toEqual([
      ["max-amplification", "MaxAmplification", "error"],
      ["stacked-retries", "StackedRetries", "warning"],
    ]);
    expect(run.invocations).toEqual([{ executionSuccessful: true, exitCode: 1, toolExecutionNotifications: [] }]);
    const chainAt = [at("deploy/chain.json", 2, 3)];
    expect(run.results).toEqual([
      { ruleId: "max-amplification", ruleIndex: 0, level: "error", message: { text: `${CHAIN_WHO}: max-amplification 10 broken: ${CHAIN_DETAIL}` }, locations: chainAt },
      { ruleId: "stacked-retries", ruleIndex: 1, level: "warning", message: { text: `${CHAIN_WHO}: stacked-retries: ${CHAIN_STACKED}` }, locations: chainAt },
    ]);
  });

  it("a limit that holds is no result; --strict makes the warning an error; one retrying layer gives none", () => {
    const strict = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 27 }, true), "1.0.0")).runs[0];
    expect(strict.results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([["stacked-retries", "error"]]);
    expect(strict.invocations[0].exitCode).toBe(1);
    const single = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 4 }, true, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })]), "1.0.0")).runs[0];
    expect(single.results).toEqual([]);
    expect(single.invocations[0].exitCode).toBe(0);
  });
});
