import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { chainCheckJunit } from "../../../../src/format/chain-check.js";
import { renderer } from "../../../../src/format/formats/check/junit.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport, renderedParts } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/junit.ts: check's report as JUnit XML. The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email breaks max-total at attempt 6 (2 min 1 s in
// all) and waits 30 s at most, from attempt 6; webhook's 2, 4, …, 10 s make 30 s, the largest 10 s at attempt 5.
const SUITE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<testsuites name="backoff check" tests="4" failures="1" errors="0" skipped="0">',
  '  <testsuite name="backoff/retry.json" tests="4" failures="1" errors="0" skipped="0">',
  '    <testcase classname="backoff/retry.json" name="email (backoff config): max-total 1 min" file="backoff/retry.json" line="4">',
  '      <failure type="max-total" message="max-total broken: worst case 2 min 1 s (first over the limit at attempt 6)">max-total broken: worst case 2 min 1 s (first over the limit at attempt 6)</failure>',
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="email (backoff config): max-delay 30 s" file="backoff/retry.json" line="4">',
  "      <system-out>worst delay 30 s (attempt 6)</system-out>",
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="webhook (backoff config): max-total 1 min" file="backoff/retry.json" line="5">',
  "      <system-out>worst case 30 s</system-out>",
  "    </testcase>",
  '    <testcase classname="backoff/retry.json" name="webhook (backoff config): max-delay 30 s" file="backoff/retry.json" line="5">',
  "      <system-out>worst delay 10 s (attempt 5)</system-out>",
  "    </testcase>",
  "  </testsuite>",
  "</testsuites>",
  "",
].join("\n");

describe("check --format junit's renderer", () => {
  it("check PATH: a testsuite per file, a testcase per limit, a failure where it breaks; annotations on stderr", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(filesOutput(report, ["::error …"]), plainContext()));
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toBe(SUITE);
    expect(stderr).toEqual(["::error …"]);
  });

  it("check --config FILE: the same document, from the config file's lines; no annotations beside them", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(configOutput(report, ["::error …"]), plainContext()));
    expect(text).toBe(SUITE);
    expect(stderr).toBeUndefined();
  });

  it("a chain: the chain check's document", async () => {
    const chain = chainOutput();
    const { text } = await renderedParts(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckJunit(chain));
    expect(XMLValidator.validate(text)).toBe(true);
  });
});
