import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/cli/shared/config-schema.js";
import { lineColumn, lineLocator } from "../../../src/config/read/json.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";

// Issue 16, item 9: policy line numbers in time linear in the file's size.

/** About 84,000 small policies, one per line (the comma leads the next), in under 1 MB (the file). */
function manyPolicies(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `"${i.toString(36)}":{}`);
  return `{"policies":{\n${lines.join("\n,")}\n}}\n`;
}

describe("config line numbers (item 9)", () => {
  it("lineLocator agrees with a scan from the start for every offset (\\n, \\r\\n and \\r line ends)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "\n", "\r", "\r\n", " ", "é"), { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        const locate = lineLocator(text);
        for (let offset = 0; offset <= text.length + 1; offset++) expect(locate(offset)).toEqual(lineColumn(text, offset));
      }),
      { numRuns: 300, seed: 9 },
    );
  });

  it("each policy's line is where its name is: policy i of the big file is on line i + 2", () => {
    const config = parseConfig(manyPolicies(1000), "many.json");
    expect(config.policies.map((p) => p.line)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
  });

  it("84,000 policies (under 1 MB): --policy and check answer in seconds, not the 50 s of a rescan per policy", { timeout: 60_000 }, async () => {
    const text = manyPolicies(84_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const dir = tempFiles({ "many.json": text });
    const one = await runCli(["--config", `${dir}/many.json`, "--policy", "5", "--attempts", "2", "--format", "csv"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n");
    const all = await runCli(["check", "--config", `${dir}/many.json`, "--format", "json"]);
    expect(all.code).toBe(0);
    const report = JSON.parse(all.stdout);
    expect(report.policies).toHaveLength(84_000);
    expect(report.policies[83_999].name).toBe((83_999).toString(36));
  });
});
