import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";

// `backoff check --config FILE` with a "chain": aws-sdk (3 tries) over istio (2 retries: 3
// tries) over resilience4j (maxAttempts 3) sends 3 × 3 × 3 = 27 calls to the backend.

const STACK = { chain: ["aws-sdk", "istio", "resilience4j"] };

describe("check --config with a chain section", () => {
  it("--max-amplification 10 fails (exit 1) on the 27× stack", async () => {
    const dir = tempFiles({ "chain.json": JSON.stringify(STACK) });
    const result = await runCli(["check", "--config", join(dir, "chain.json"), "--max-amplification", "10"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("✗ max-amplification 10: 27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)");
    expect(result.stdout).toContain("⚠ stacked-retries: layers 1, 2, 3 all retry");
  });

  it('holds at 27, from the file\'s "assert"; the stacked-retries warning fails only under --strict', async () => {
    const dir = tempFiles({ "chain.json": JSON.stringify({ ...STACK, assert: { "max-amplification": 27 } }) });
    const file = join(dir, "chain.json");
    expect((await runCli(["check", "--config", file])).code).toBe(0);
    const strict = await runCli(["check", "--config", file, "--strict", "--format", "json"]);
    expect(strict.code).toBe(1);
    const json = JSON.parse(strict.stdout);
    expect(json.assertions).toEqual([{ limit: "max-amplification", limit_value: 27, actual: 27, ok: true }]);
    expect(json.warnings).toEqual([{ lint: "stacked-retries", layers: [1, 2, 3] }]);
  });

  it("one retrying layer: no warning", async () => {
    const dir = tempFiles({ "chain.json": JSON.stringify({ chain: ["fixed:attempts=0", "fixed:attempts=3"] }) });
    const result = await runCli(["check", "--config", join(dir, "chain.json"), "--max-amplification", "4", "--strict"]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain("stacked-retries");
  });

  it("refuses --max-amplification without a chain, and a policy's flags with one", async () => {
    const plain = await runCli(["check", "--base", "1s", "--max-amplification", "3"]);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^error: --max-amplification checks a chain/);
    const dir = tempFiles({ "chain.json": JSON.stringify(STACK) });
    const mixed = await runCli(["check", "--config", join(dir, "chain.json"), "--base", "1s"]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/holds a chain; the flags for one policy \(--base\) do not apply to it/);
  });

  it("SARIF, JUnit and GitLab report the chain's findings at its \"chain\" key, with the exit code of the text report", async () => {
    // The "chain" key is on line 3, column 3.
    const dir = tempFiles({ "chain.json": '{\n  "rps": 100,\n  "chain": ["aws-sdk", "istio", "resilience4j"]\n}\n' });
    const args = ["check", "--config", join(dir, "chain.json"), "--max-amplification", "10", "--format"];
    const sarif = await runCli([...args, "sarif"]);
    expect(sarif.code).toBe(1);
    const run = JSON.parse(sarif.stdout).runs[0];
    expect(run.results.map((r: { ruleId: string; level: string; locations: { physicalLocation: { region: object } }[] }) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.region])).toEqual([
      ["max-amplification", "error", { startLine: 3, startColumn: 3 }],
      ["stacked-retries", "warning", { startLine: 3, startColumn: 3 }],
    ]);
    expect(run.results[0].message.text).toBe("chain (aws-sdk, istio, resilience4j): max-amplification 10 broken: 27 calls reach the backend per call at the top when every call fails (3 × 3 × 3 tries)");
    const junit = await runCli([...args, "junit"]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="backoff check" tests="2" failures="1" errors="0">');
    expect(junit.stdout).toContain('<failure type="max-amplification" message="max-amplification broken: 27 calls reach the backend');
    expect(junit.stdout).toContain('name="chain (aws-sdk, istio, resilience4j): stacked-retries">\n      <skipped type="warning" message="warning: stacked-retries:');
    const gitlab = await runCli([...args, "gitlab"]);
    expect(gitlab.code).toBe(1);
    expect(JSON.parse(gitlab.stdout).map((i: { check_name: string; severity: string; location: { lines: { begin: number } } }) => [i.check_name, i.severity, i.location.lines.begin])).toEqual([
      ["max-amplification", "major", 3],
      ["stacked-retries", "minor", 3],
    ]);
    // The limit holds at 27: exit 0, the warning alone (a failure under --strict).
    const held = await runCli(["check", "--config", join(dir, "chain.json"), "--max-amplification", "27", "--format", "gitlab"]);
    expect(held.code).toBe(0);
    expect(JSON.parse(held.stdout).map((i: { check_name: string }) => i.check_name)).toEqual(["stacked-retries"]);
    const strict = await runCli(["check", "--config", join(dir, "chain.json"), "--max-amplification", "27", "--strict", "--format", "junit"]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('<failure type="stacked-retries"');
  });

  it("places a bad layer at its file:line:column", async () => {
    const dir = tempFiles({ "chain.json": '{"chain": [\n  "istio",\n  {"spec": "fixed"}\n]}' });
    const result = await runCli(["check", "--config", join(dir, "chain.json")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("chain.json:3:12: chain \"fixed\": how many retries does it make?");
  });
});
