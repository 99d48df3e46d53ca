import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CHAIN_RULES, POLICY_RULES } from "../../../../src/core/check-report/rules.js";
import { fingerprint } from "../../../../src/core/check-report/finding.js";
import { chainCheckSarif, filesReportSarif, renderer } from "../../../../src/format/formats/check/sarif.js";
import { ROOT } from "../../../support/paths.js";
import { CHAIN_DETAIL, CHAIN_STACKED, CHAIN_WHO, RETRY_JSON, chainOutput, filesReport, placedChain, renderedText } from "../../../support/check-outputs.js";
import { layer } from "../../../support/chain.js";
import { plainContext } from "../../../support/herd-reports.js";
import { validateSarif } from "../../../support/sarif.js";

// src/format/formats/check/sarif.ts: check's report as SARIF 2.1.0, checked against the OASIS
// schema (test/fixtures/sarif-schema-2.1.0.json). The policies of test/fixtures/policies/backoff/retry.json
// under --max-total 1m (figures in test/support/check-outputs.ts): email breaks it at attempt 6.
// Paths relative to the repository's root, which code scanning knows as %SRCROOT%.
const at = (uri: string, startLine: number, startColumn: number) => ({ physicalLocation: { artifactLocation: { uri, uriBaseId: "%SRCROOT%" }, region: { startLine, startColumn } } });
const context = { ...plainContext(), version: "9.8.7", repository: "https://github.com/acme/backoff" };
/** A release of backoff: its version, and a repository (the CLI gives package.json's, src/cli/shared/version.ts). */
const release = (version: string) => ({ version, repository: "https://github.com/acme/backoff" });

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
      // The finding's identity (finding.ts: rule, file, policy), hashed as GitLab's fingerprint is.
      partialFingerprints: { "backoffFindingIdentity/v1": fingerprint("max-total\u0000backoff/retry.json\u0000email") },
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
    expect(text).toBe(chainCheckSarif(chain, release("9.8.7")));
    expect(validateSarif(JSON.parse(text))).toEqual([]);
  });
});

describe("chainCheckSarif", () => {
  it("a valid SARIF 2.1.0 log: the two rules, an error for the broken limit and a warning, both at the chain key", () => {
    const doc = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 10 }), release("9.9.9")));
    expect(validateSarif(doc)).toEqual([]);
    const run = doc.runs[0];
    expect(run.tool.driver).toMatchObject({ name: "backoff", version: "9.9.9", semanticVersion: "9.9.9" });
    expect(run.tool.driver.rules.map((r: { id: string; name: string; defaultConfiguration: { level: string } }) => [r.id, r.name, r.defaultConfiguration.level])).toEqual([
      ["max-amplification", "MaxAmplification", "error"],
      ["stacked-retries", "StackedRetries", "warning"],
    ]);
    expect(run.invocations).toEqual([{ executionSuccessful: true, exitCode: 1, toolExecutionNotifications: [] }]);
    const chainAt = [at("deploy/chain.json", 2, 3)];
    const chainPrint = (rule: string) => ({ "backoffFindingIdentity/v1": fingerprint(`${rule}\u0000deploy/chain.json\u0000chain`) });
    expect(run.results).toEqual([
      { ruleId: "max-amplification", ruleIndex: 0, level: "error", message: { text: `${CHAIN_WHO}: max-amplification 10 broken: ${CHAIN_DETAIL}` }, locations: chainAt, partialFingerprints: chainPrint("max-amplification") },
      { ruleId: "stacked-retries", ruleIndex: 1, level: "warning", message: { text: `${CHAIN_WHO}: stacked-retries: ${CHAIN_STACKED}` }, locations: chainAt, partialFingerprints: chainPrint("stacked-retries") },
    ]);
  });

  it("a limit that holds is no result; --strict makes the warning an error; one retrying layer gives none", () => {
    const strict = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 27 }, true), release("1.0.0"))).runs[0];
    expect(strict.results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([["stacked-retries", "error"]]);
    expect(strict.invocations[0].exitCode).toBe(1);
    const single = JSON.parse(chainCheckSarif(placedChain({ maxAmplification: 4 }, true, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })]), release("1.0.0"))).runs[0];
    expect(single.results).toEqual([]);
    expect(single.invocations[0].exitCode).toBe(0);
  });
});

describe("the rules' help, as code scanning shows it", () => {
  type SarifRule = { id: string; fullDescription: { text: string }; help: { text: string; markdown: string }; helpUri: string };
  const rulesOf = (text: string): SarifRule[] => JSON.parse(text).runs[0].tool.driver.rules;
  const files = rulesOf(filesReportSarif(filesReport([RETRY_JSON], { maxTotal: "1m" }), release("1.2.3")));
  const chain = rulesOf(chainCheckSarif(placedChain({ maxAmplification: 10 }), release("1.2.3")));

  it("every rule has help.text and help.markdown: what it checks, why, how to fix it, and its documentation at the release", () => {
    expect(files.map((r) => r.id)).toEqual(POLICY_RULES.map((r) => r.id));
    expect(chain.map((r) => r.id)).toEqual(CHAIN_RULES.map((r) => r.id));
    for (const [rule, sarif] of [...POLICY_RULES.map((r, i) => [r, files[i]!] as const), ...CHAIN_RULES.map((r, i) => [r, chain[i]!] as const)]) {
      const url = `https://github.com/acme/backoff/blob/v1.2.3/${rule.doc}`;
      expect(sarif.helpUri, rule.id).toBe(url);
      expect(sarif.help.text, rule.id).toBe(`${rule.help}\n\nWhy: ${rule.why}\n\nHow to fix: ${rule.fix}\n\nDocumentation: ${url}`);
      expect(sarif.help.markdown, rule.id).toBe(`${rule.help}\n\n**Why.** ${rule.why}\n\n**How to fix.** ${rule.fix}\n\n[Documentation](${url})`);
      expect([rule.why, rule.fix].every((text) => text.length > 20 && text.endsWith(".")), rule.id).toBe(true);
    }
    // no-cap, by hand:
    expect(files.find((r) => r.id === "no-cap")!.help.text).toBe(
      "Exponential backoff without a cap: the delays grow without limit.\n\nWhy: Each failure doubles the wait: through a long outage clients end up waiting hours between tries, and recover long after the service does.\n\nHow to fix: Set a cap (the longest delay), typically tens of seconds.\n\nDocumentation: https://github.com/acme/backoff/blob/v1.2.3/docs/check.md#warnings",
    );
  });

  it("each documentation link names a page of docs/ and one of its headings (GitHub's anchors: lower case, punctuation dropped, spaces to -)", () => {
    const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
    for (const rule of [...POLICY_RULES, ...CHAIN_RULES]) {
      const [page, section] = rule.doc.split("#") as [string, string];
      expect(existsSync(join(ROOT, page)), rule.doc).toBe(true);
      const headings = readFileSync(join(ROOT, page), "utf8").split("\n").filter((line) => /^#{1,6} /.test(line)).map((line) => anchor(line.replace(/^#+ /, "")));
      expect(headings, rule.doc).toContain(section);
    }
  });
});

describe("URIs from the repository's root (%SRCROOT%), whatever the working directory", () => {
  const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
  const runOf = (text: string) => JSON.parse(text).runs[0];

  it("the root is originalUriBaseIds' %SRCROOT%; a file named from a subfolder is named from the root", () => {
    // The check ran in /repo/test: backoff/retry.json there is test/backoff/retry.json from the root.
    const run = runOf(filesReportSarif(report, release("1.0.0"), { uri: "file:///repo/", cwd: "test/" }));
    expect(validateSarif({ version: "2.1.0", runs: [run] })).toEqual([]);
    expect(run.originalUriBaseIds).toEqual({ "%SRCROOT%": { uri: "file:///repo/", description: { text: "The repository's root." } } });
    expect(run.results[0].locations).toEqual([at("test/backoff/retry.json", 4, 5)]);
    expect(run.results[0].partialFingerprints).toEqual({ "backoffFindingIdentity/v1": fingerprint("max-total\u0000test/backoff/retry.json\u0000email") });
  });

  it("the same finding from the root and from a subfolder: the same URI and fingerprint", () => {
    // From /repo/deploy, the file is ../test/backoff/retry.json.
    const moved = { ...report, findings: report.findings.map((f) => ({ ...f, location: { ...f.location, file: `../test/${f.location.file}` } })) };
    const fromDeploy = runOf(filesReportSarif(moved, release("1.0.0"), { uri: "file:///repo/", cwd: "deploy/" })).results[0];
    const fromTest = runOf(filesReportSarif(report, release("1.0.0"), { uri: "file:///repo/", cwd: "test/" })).results[0];
    expect([fromDeploy.locations, fromDeploy.partialFingerprints]).toEqual([fromTest.locations, fromTest.partialFingerprints]);
  });

  it("a file outside the repository: an absolute file URI, no base; a name with a space percent-encoded", () => {
    const outside = { ...report, findings: report.findings.map((f) => ({ ...f, location: { ...f.location, file: "../../other dir/retry.json" } })) };
    const run = runOf(filesReportSarif(outside, release("1.0.0"), { uri: "file:///home/me/repo/", cwd: "sub/" }));
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: "file:///home/me/other%20dir/retry.json" });
    expect(validateSarif({ version: "2.1.0", runs: [run] })).toEqual([]);
  });

  it("no root known (a renderer called on its own): the working directory stands for it", () => {
    expect(runOf(filesReportSarif(report, release("1.0.0"))).originalUriBaseIds).toEqual({ "%SRCROOT%": { description: { text: "The directory the check ran in." } } });
  });
});
