import { describe, expect, it } from "vitest";
import { spawnBin as backoff, spawnBinWithOpenStdin } from "../support/bin.js";
import { tempFiles } from "../support/files.js";

// The built binary (the global setup builds it before any test), run the way a CI job runs it,
// in a clean environment: no colour settings or CI variables from the machine running the tests.

// base 2 s, factor 2, cap 1 min, 6 attempts: 2, 4, 8, 16, 32, 60 s → 122 s = 2 min 2 s.
// With each try taking 5 s: 122 + 7 × 5 = 157 s = 2 min 37 s.
const CONFIG = JSON.stringify(
  {
    strategy: "exponential",
    base: "2s",
    cap: "1m",
    attempts: 6,
    assert: { "max-total": "150s", "max-delay": "1m", "attempt-time": "5s" },
  },
  null,
  2,
);

describe("end to end: backoff check in CI", () => {
  it("fails the job (exit 1) with an annotation on the config file when a limit breaks", () => {
    const dir = tempFiles({ "retry.json": CONFIG });
    const result = backoff(["check", "--config", "retry.json"], { cwd: dir, env: { GITHUB_ACTIONS: "true" } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    // total(5) = 62 + 6 × 5 = 92 s; total(6) = 122 + 7 × 5 = 157 s > 150 s: broken at attempt 6.
    expect(result.stdout.split("\n")).toEqual([
      "::error file=retry.json,line=1,col=1,title=backoff check::max-total 2 min 30 s broken: worst case 2 min 37 s, with 7 tries × 5 s (first over the limit at attempt 6)",
      "✗ max-total 2 min 30 s: worst case 2 min 37 s, with 7 tries × 5 s (first over the limit at attempt 6)",
      "✓ max-delay 1 min: worst delay 1 min (attempt 6)",
      "✗ 1 of 2 limits broken",
      "",
    ]);
  });

  it("passes (exit 0) when a flag raises the limit, reading the config from standard input", () => {
    const dir = tempFiles({});
    const result = backoff(["check", "--config", "-", "--max-total", "3m"], { cwd: dir, input: CONFIG });
    expect(result).toEqual({
      code: 0,
      stdout: "✓ max-total 3 min: worst case 2 min 37 s, with 7 tries × 5 s\n✓ max-delay 1 min: worst delay 1 min (attempt 6)\n✓ all 2 limits hold\n",
      stderr: "",
    });
  });

  it("invalid config: exit 2, one line on stderr, nothing on stdout", () => {
    const dir = tempFiles({ "retry.json": '{"base": "2s", "atempts": 6}' });
    expect(backoff(["check", "--config", "retry.json"], { cwd: dir })).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: retry.json:1:16: unknown key "atempts" in the top level; did you mean "attempts"?\n',
    });
    expect(backoff(["check", "--config", "missing.json"], { cwd: dir })).toEqual({ code: 2, stdout: "", stderr: 'error: --config cannot read "missing.json": no such file or directory\n' });
  });

  it("does not read standard input unless --config - asks for it, even when it stays open", async () => {
    const dir = tempFiles({});
    // stdin is a pipe that this test never closes; the command must end on its own.
    const { code, stdout } = await spawnBinWithOpenStdin(["check", "--base", "1s", "--cap", "1m", "--attempts", "3", "--max-total", "1m"], { cwd: dir });
    // 1 + 2 + 4 = 7 s.
    expect({ code, stdout }).toEqual({ code: 0, stdout: "✓ max-total 1 min: worst case 7 s\n✓ the limit holds\n" });
  });
});
