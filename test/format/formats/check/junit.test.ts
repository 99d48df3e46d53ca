import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { chainCheckJunit, renderer } from "../../../../src/format/formats/check/junit.js";
import { CHAIN_DETAIL, CHAIN_WHO, RETRY_JSON, chainOutput, filesReport, placedChain, renderedText } from "../../../support/check-outputs.js";
import { layer } from "../../../support/chain.js";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";
import { validateJunit } from "../../../support/junit.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/junit.ts: check's report as JUnit XML, valid against Jenkins'
// junit-10.xsd (test/fixtures/junit-10.xsd, with xmllint: test/support/junit.ts). The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email breaks max-total at attempt 6 (2 min 1 s in
// all) and waits 30 s at most, from attempt 6; webhook's 2, 4, …, 10 s make 30 s, the largest 10 s at attempt 5.
const SUITE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites name="backoff check" tests="4" failures="1" errors="0">',
  '  <testsuite name="backoff/retry.json" tests="4" failures="1" errors="0" skipped="0" file="backoff/retry.json">',
  '    <testcase classname="backoff/retry.json" name="email (backoff config): max-total 1 min">',
  '      <failure type="max-total" message="max-total broken: worst case 2 min 1 s (first over the limit at attempt 6)">backoff/retry.json:4:5: max-total broken: worst case 2 min 1 s (first over the limit at attempt 6)</failure>',
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="email (backoff config): max-delay 30 s">',
  "      <system-out>backoff/retry.json:4:5: worst delay 30 s (attempt 6)</system-out>",
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="webhook (backoff config): max-total 1 min">',
  "      <system-out>backoff/retry.json:5:5: worst case 30 s</system-out>",
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="webhook (backoff config): max-delay 30 s">',
  "      <system-out>backoff/retry.json:5:5: worst delay 10 s (attempt 5)</system-out>",
  "    </testcase>",
  "  </testsuite>",
  "</testsuites>",
  "",
].join("\n");

describe("check --format junit's renderer", () => {
  it("places findings at lines of files: check --config's policies come to it as a files report", () => {
    expect(renderer.atLines).toBe(true);
  });

  it("check PATH: a testsuite per file, a testcase per limit, a failure where it breaks", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const text = await renderedText(renderer.render(report, plainContext()));
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toBe(SUITE);
    expect(validateJunit(text)).toEqual([]);
  });

  it("a chain: the chain check's document", async () => {
    const chain = chainOutput();
    const text = await renderedText(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckJunit(chain));
    expect(XMLValidator.validate(text)).toBe(true);
    expect(validateJunit(text)).toEqual([]);
  });
});

// check --format junit, end to end through run(argv, io). The policy: exponential from 1 s,
// 8 retries, no cap: delays 1, 2, 4, …, 128 s; 255 s in all. --max-total 1m is first broken
// at attempt 6 (1 + 2 + 4 + 8 + 16 + 32 = 63 s); --max-delay 2m at attempt 8 (128 s); no-cap warns.
const { write } = useTempCwd("junit");
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) });

interface Case {
  classname: string;
  name: string;
  failure?: { type: string; message: string; "#text": string };
  skipped?: { type: string; message: string; "#text": string };
  "system-out"?: string;
}

async function junit(args: string[]) {
  const result = await runCli(["check", ...args, "--format", "junit"]);
  expect(XMLValidator.validate(result.stdout)).toBe(true);
  expect(validateJunit(result.stdout)).toEqual([]);
  const doc = parser.parse(result.stdout) as { testsuites: { tests: string; failures: string; errors: string; testsuite: Array<{ name: string; tests: string; failures: string; skipped: string; file: string; testcase: Case[] }> } };
  return { code: result.code, stderr: result.stderr, doc: doc.testsuites };
}

describe("check --format junit", () => {
  it("a testcase per limit and per warning, failures for the broken limits, the warning skipped with its text (visible in every reader)", async () => {
    write("retry.json", '{"base": "1s", "attempts": 8}\n');
    const { code, doc, stderr } = await junit(["retry.json", "--max-total", "1m", "--max-delay", "2m"]);
    expect([code, stderr]).toEqual([1, ""]);
    expect([doc.tests, doc.failures, doc.errors]).toEqual(["3", "2", "0"]);
    expect(doc.testsuite.map((s) => [s.name, s.tests, s.failures, s.skipped, s.file])).toEqual([["retry.json", "3", "2", "1", "retry.json"]]);
    const cases = doc.testsuite[0]!.testcase;
    expect(cases.map((c) => [c.classname, c.name])).toEqual([
      ["retry.json", "retry.json (backoff config): max-total 1 min"],
      ["retry.json", "retry.json (backoff config): max-delay 2 min"],
      ["retry.json", "retry.json (backoff config): no-cap"],
    ]);
    // The single policy's place: the file's opening brace, 1:1.
    expect(cases[0]!.failure).toEqual({ type: "max-total", message: "max-total broken: worst case 4 min 15 s (first over the limit at attempt 6)", "#text": "retry.json:1:1: max-total broken: worst case 4 min 15 s (first over the limit at attempt 6)" });
    expect(cases[1]!.failure?.message).toBe("max-delay broken: worst delay 2 min 8 s (first over the limit at attempt 8)");
    expect(cases[2]!.failure).toBeUndefined();
    const warning = "warning: no-cap: exponential backoff without a cap: attempt 8 waits 2 min 8 s and the delays grow without limit; set a cap";
    expect(cases[2]!.skipped).toEqual({ type: "warning", message: warning, "#text": `retry.json:1:1: ${warning}` });
  });

  it("one identity per testcase: two policies of one name in a file are numbered, in order", async () => {
    // Two Step Functions states named alike cannot be; two YAML documents of one Job name can: the second is " #2".
    write("jobs.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sync\nspec:\n  backoffLimit: 3\n---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: sync\nspec:\n  backoffLimit: 9\n");
    const { doc } = await junit(["jobs.yaml", "--max-attempts", "5"]);
    const names = doc.testsuite[0]!.testcase.map((c) => c.name);
    expect(new Set(names.map((n) => n)).size).toBe(names.length);
    expect(names.filter((n) => n.includes("max-attempts"))).toEqual(["sync (Kubernetes Job): max-attempts 5", "sync (Kubernetes Job): max-attempts 5 #2"]);
    // Each Job also warns retries-everything (no podFailurePolicy, issue 41): the second max-attempts case is found by name.
    expect(doc.testsuite[0]!.testcase.find((c) => c.name === "sync (Kubernetes Job): max-attempts 5 #2")!.failure?.type).toBe("max-attempts");
  });

  it("--strict makes the warning a failure; --config gives the same report, the same columns; markup in names is escaped", async () => {
    write("retry.json", '{"policies": {"a<b>&\\"c\\"": {"base": "1s", "attempts": 8}}}\n');
    const strict = await junit(["retry.json", "--max-total", "1m", "--strict"]);
    expect([strict.code, strict.doc.tests, strict.doc.failures]).toEqual([1, "2", "2"]);
    // The policy's key, after '{"policies": {': column 15.
    expect(strict.doc.testsuite[0]!.testcase.map((c) => [c.name, c.failure?.type, c.failure?.["#text"].split(": ")[0]])).toEqual([
      ['a<b>&"c" (backoff config): max-total 1 min', "max-total", "retry.json:1:15"],
      ['a<b>&"c" (backoff config): no-cap', "no-cap", "retry.json:1:15"],
    ]);
    expect((await junit(["--config", "retry.json", "--max-total", "1m", "--strict"])).doc).toEqual(strict.doc);
  });

  it("flags alone have no file to point at: one line, exit 2", async () => {
    expect(await runCli(["check", "--base", "1s", "--format", "junit"])).toEqual({ code: 2, stdout: "", stderr: "error: --format junit points at lines of files: give the policies as a PATH (backoff check retry.json) or with --config FILE\n" });
  });
});

describe("chainCheckJunit", () => {
  it("one testsuite for the file: the limit's testcase fails, the warning is skipped with its text", () => {
    expect(chainCheckJunit(placedChain({ maxAmplification: 10 })).split("\n")).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="backoff check" tests="2" failures="1" errors="0">',
      '  <testsuite name="deploy/chain.json" tests="2" failures="1" errors="0" skipped="1" file="deploy/chain.json">',
      `    <testcase classname="deploy/chain.json" name="${CHAIN_WHO}: max-amplification 10">`,
      `      <failure type="max-amplification" message="max-amplification broken: ${CHAIN_DETAIL}">deploy/chain.json:2:3: max-amplification broken: ${CHAIN_DETAIL}</failure>`,
      "    </testcase>",
      `    <testcase classname="deploy/chain.json" name="${CHAIN_WHO}: stacked-retries">`,
      '      <skipped type="warning" message="warning: stacked-retries: layers 1, 2, 3 all retry; the AWS Builders&apos; Library advises retrying at a single point in the stack">deploy/chain.json:2:3: warning: stacked-retries: layers 1, 2, 3 all retry; the AWS Builders&apos; Library advises retrying at a single point in the stack</skipped>',
      "    </testcase>",
      "  </testsuite>",
      "</testsuites>",
      "",
    ]);
  });

  it("a limit that holds passes with its detail; --strict fails the warning; no limit and no warning is one passing case", () => {
    const strict = chainCheckJunit(placedChain({ maxAmplification: 27 }, true));
    expect(strict).toContain('<testsuites name="backoff check" tests="2" failures="1" errors="0">');
    expect(strict).toContain(`      <system-out>deploy/chain.json:2:3: ${CHAIN_DETAIL}</system-out>`);
    expect(strict).toContain(`      <failure type="stacked-retries" message="stacked-retries: layers 1, 2, 3 all retry; the AWS Builders&apos; Library`);
    const quiet = chainCheckJunit(placedChain({}, false, [layer(0, { name: "sdk" }), layer(3, { name: "mesh" })]));
    expect(quiet.split("\n").slice(2, 5)).toEqual([
      '  <testsuite name="deploy/chain.json" tests="1" failures="0" errors="0" skipped="0" file="deploy/chain.json">',
      '    <testcase classname="deploy/chain.json" name="chain (sdk, mesh)">',
      "      <system-out>deploy/chain.json:2:3: no limits given</system-out>",
    ]);
  });
});
