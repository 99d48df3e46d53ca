import { Chalk } from "chalk";
import { describe, expect, it } from "vitest";
import { chainCheckLines } from "../../../../src/format/chain-check.js";
import { PLAIN } from "../../../../src/format/check-report.js";
import { renderer } from "../../../../src/format/formats/check/table.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport, renderedParts } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/table.ts: check's report for people. The policies of
// test/fixtures/policies/backoff/retry.json under --max-total 1m and the file's max-delay 30 s
// (figures in test/support/check-outputs.ts): email 1, 2, 4, 8, 16, 30, 30, 30 s, 2 min 1 s in
// all, over 1 min at attempt 6; webhook 2, 4, 6, 8, 10 s, 30 s in all.
const CONFIG_LINES = [
  "email (8 retries):",
  "  ✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)",
  "  ✓ max-delay 30 s: worst delay 30 s (attempt 6)",
  "webhook (5 retries):",
  "  ✓ max-total 1 min: worst case 30 s",
  "  ✓ max-delay 30 s: worst delay 10 s (attempt 5)",
  "✗ 1 of 4 limits broken",
];
const FILES_LINES = [
  "backoff/retry.json",
  "  ✗ email (backoff config, line 4:5)",
  "    8 retries: worst-case total 2 min 1 s, best case 2 min 1 s, largest delay 30 s (attempt 6), no jitter",
  "    ✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)",
  "    ✓ max-delay 30 s: worst delay 30 s (attempt 6)",
  "  ✓ webhook (backoff config, line 5:5)",
  "    5 retries: worst-case total 30 s, best case 30 s, largest delay 10 s (attempt 5), no jitter",
  "    ✓ max-total 1 min: worst case 30 s",
  "    ✓ max-delay 30 s: worst delay 10 s (attempt 5)",
  "✗ 1 of 4 limits broken, 2 policies in 1 file",
];
/** ANSI colour codes removed. */
const uncoloured = (text: string) => text.replace(/\u001b\[\d+m/g, "");

describe("check's table renderer", () => {
  it("check --config FILE: a block per policy, then the verdict; the annotations first, on stdout", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(configOutput(report, ["::error title=backoff check::…"]), plainContext()));
    expect(text).toBe(`${["::error title=backoff check::…", ...CONFIG_LINES].join("\n")}\n`);
    expect(stderr).toBeUndefined();
  });

  it("check PATH: grouped by file, the failing policy first, then the summary", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text } = await renderedParts(renderer.render(filesOutput(report), plainContext()));
    expect(text).toBe(`${FILES_LINES.join("\n")}\n`);
  });

  it("in colour on an output that takes it: red for the broken limit, green for those that hold; the same words", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const colored = { ...plainContext(), colored: true, paint: async () => new Chalk({ level: 1 }) };
    const { text } = await renderedParts(renderer.render(filesOutput(report), colored));
    expect(uncoloured(text)).toBe(`${FILES_LINES.join("\n")}\n`);
    // chalk level 1: red is ESC[31m, green ESC[32m.
    expect(text).toContain("\u001b[31m");
    expect(text).toContain("\u001b[32m");
    // Without colour, chalk is never asked for.
    let asked = false;
    await renderer.render(filesOutput(report), { ...plainContext(), paint: async () => ((asked = true), new Chalk({ level: 1 })) });
    expect(asked).toBe(false);
  });

  it("a chain: the chain check's lines", async () => {
    const chain = chainOutput();
    const { text } = await renderedParts(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(`${chainCheckLines(chain.name, chain.report, chain.result, chain.strict, PLAIN, null).join("\n")}\n`);
    // One limit: said as "the limit", as check says "✓ the limit holds" of one.
    expect(text.split("\n").at(-2)).toBe("✗ the limit is broken; 1 warning");
  });
});
