import { describe, expect, it } from "vitest";
import { chainCheckSarif } from "../../../../src/format/chain-check.js";
import { renderer } from "../../../../src/format/formats/check/sarif.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport, renderedParts } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";
import { validateSarif } from "../../../support/sarif.js";

// src/format/formats/check/sarif.ts: check's report as SARIF 2.1.0, checked against the OASIS
// schema (test/fixtures/sarif-schema-2.1.0.json). The policies of test/fixtures/policies/backoff/retry.json
// under --max-total 1m (figures in test/support/check-outputs.ts): email breaks it at attempt 6.
// Paths relative to the repository's root, which code scanning knows as %SRCROOT%.
const at = (uri: string, startLine: number, startColumn: number) => ({ physicalLocation: { artifactLocation: { uri, uriBaseId: "%SRCROOT%" }, region: { startLine, startColumn } } });
const context = { ...plainContext(), version: "9.8.7" };

describe("check --format sarif's renderer", () => {
  it("check PATH: a result per broken limit at the policy's line and column, the tool's version from the context; annotations on stderr", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(filesOutput(report, ["::error …"]), context));
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
    expect(stderr).toEqual(["::error …"]);
  });

  it("a finding about the deadline points at the timeouts it read (relatedLocations); --strict makes it an error", async () => {
    // test/fixtures/deadlines/istio/colliding.yaml: the route's retries at 14:5, timeout 2s at 13:5, perTryTimeout 1s at 16:7;
    // retry 2 would start at 2 × 1 s at the earliest, when the 2 s deadline ends: retries 2–3 never fire (test/cli/check/files/deadlines.test.ts).
    const report = filesReport(["istio/colliding.yaml"], {}, true, "deadlines");
    const doc = JSON.parse((await renderedParts(renderer.render(filesOutput(report), context))).text);
    expect(validateSarif(doc)).toEqual([]);
    const [result] = doc.runs[0].results;
    expect([result.ruleId, result.level, result.locations]).toEqual(["unreachable-retries", "error", [at("istio/colliding.yaml", 14, 5)]]);
    expect(result.relatedLocations).toEqual([
      { id: 0, ...at("istio/colliding.yaml", 13, 5), message: { text: "the deadline: timeout" } },
      { id: 1, ...at("istio/colliding.yaml", 16, 7), message: { text: "the try time: perTryTimeout" } },
    ]);
  });

  it("check --config FILE: the same results, from the config file's lines; no annotations beside them", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(configOutput(report, ["::error …"]), context));
    const doc = JSON.parse(text);
    expect(validateSarif(doc)).toEqual([]);
    expect(doc.runs[0].results.map((r: { ruleId: string; locations: unknown }) => [r.ruleId, r.locations])).toEqual([["max-total", [at("backoff/retry.json", 4, 5)]]]);
    expect(stderr).toBeUndefined();
  });

  it("a chain: the chain check's document, valid", async () => {
    const chain = chainOutput();
    const { text } = await renderedParts(renderer.renderChain!(chain, context));
    expect(text).toBe(chainCheckSarif(chain, "9.8.7"));
    expect(validateSarif(JSON.parse(text))).toEqual([]);
  });
});
