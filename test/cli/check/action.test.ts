import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { memoryStdin } from "../../support/io.js";

// The policy used throughout: exponential, base 1 s, factor 2, cap 30 s, 8 attempts.
// Delays 1, 2, 4, 8, 16, 30, 30, 30 s; cumulative 1, 3, 7, 15, 31, 61, 91, 121 s (2 min 1 s).
const POLICY = ["check", "--base", "1s", "--cap", "30s", "--attempts", "8"];

describe("backoff check: each limit passing (exit 0) and failing (exit 1)", () => {
  const cases: [flag: string, passing: string, failing: string, passLine: string, failLine: string][] = [
    ["--max-total", "121s", "1m", "✓ max-total 2 min 1 s: worst case 2 min 1 s", "✗ max-total 1 min: worst case 2 min 1 s (first over the limit at attempt 6)"],
    ["--min-total", "2m", "3m", "✓ min-total 2 min: best case 2 min 1 s", "✗ min-total 3 min: best case 2 min 1 s, giving up after attempt 8, the last"],
    ["--max-delay", "30s", "10s", "✓ max-delay 30 s: worst delay 30 s (attempt 6)", "✗ max-delay 10 s: worst delay 30 s (first over the limit at attempt 5)"],
    ["--min-first", "1s", "1.5s", "✓ min-first 1 s: shortest first delay 1 s", "✗ min-first 1.5 s: shortest first delay 1 s (attempt 1)"],
    ["--max-first", "1s", "500ms", "✓ max-first 1 s: longest first delay 1 s", "✗ max-first 500 ms: longest first delay 1 s (attempt 1)"],
    ["--max-attempts", "8", "5", "✓ max-attempts 8: 8 retries", "✗ max-attempts 5: 8 retries (retry 6 is beyond the limit)"],
  ];
  for (const [flag, passing, failing, passLine, failLine] of cases) {
    it(`${flag} ${passing} holds, ${flag} ${failing} is broken`, async () => {
      const pass = await runCli([...POLICY, flag, passing]);
      expect(pass).toEqual({ code: 0, stdout: `${passLine}\n✓ the limit holds\n`, stderr: "" });
      const fail = await runCli([...POLICY, flag, failing]);
      expect(fail).toEqual({ code: 1, stdout: `${failLine}\n✗ 1 of 1 limit broken\n`, stderr: "" });
    });
  }

  it("--attempt-time adds (attempts + 1) tries to the totals", async () => {
    // 121 s + 9 tries × 2 s = 139 s = 2 min 19 s; over 2 min 10 s first after attempt 8:
    // total(7) = 91 + 8 × 2 = 107 s, total(8) = 139 s.
    const result = await runCli([...POLICY, "--attempt-time", "2s", "--max-total", "130s"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("✗ max-total 2 min 10 s: worst case 2 min 19 s, with 9 tries × 2 s (first over the limit at attempt 8)\n✗ 1 of 1 limit broken\n");
  });

  it("invalid input is exit 2 with one line on stderr and nothing on stdout", async () => {
    expect(await runCli([...POLICY, "--max-total", "soon"])).toEqual({
      code: 2, stdout: "", stderr: 'error: --max-total must be a duration such as 250, 250ms, 1.5s, 2m or 1h, got "soon"\n',
    });
    expect(await runCli([...POLICY, "--max-attempts", "2.5"])).toEqual({ code: 2, stdout: "", stderr: 'error: --max-attempts must be a whole number such as 5, got "2.5"\n' });
    expect(await runCli(["check", "--attempts", "3..8"])).toEqual({
      code: 2, stdout: "", stderr: 'error: --attempts for check is a count of retries such as 8, not a range, got "3..8"\n',
    });
    expect((await runCli(["check", "--format", "xml"])).code).toBe(2);
  });
});

describe("backoff check: warnings and --strict", () => {
  it("reports a warning with exit 0, and exit 1 under --strict", async () => {
    // No cap: attempt 10 waits 1 s × 2^9 = 512 s = 8 min 32 s.
    const warn = "⚠ no-cap: exponential backoff without a cap: attempt 10 waits 8 min 32 s and the delays grow without limit; set a cap";
    const plain = await runCli(["check", "--base", "1s", "--attempts", "10", "--max-total", "1h"]);
    // Total 1 + 2 + … + 512 s = 1023 s = 17 min 3 s.
    expect(plain).toEqual({ code: 0, stdout: `✓ max-total 1 h: worst case 17 min 3 s\n${warn}\n✓ the limit holds; 1 warning\n`, stderr: "" });
    const strict = await runCli(["check", "--base", "1s", "--attempts", "10", "--max-total", "1h", "--strict"]);
    expect(strict).toEqual({ code: 1, stdout: `✓ max-total 1 h: worst case 17 min 3 s\n${warn}\n✗ the limit holds, but 1 warning fails under --strict\n`, stderr: "" });
  });

  it("each lint through the CLI", async () => {
    const lintsOf = async (args: string[]) => (await runCli(["check", ...args])).stdout.split("\n").filter((l) => l.startsWith("⚠")).map((l) => l.split(":")[0]);
    expect(await lintsOf(["--base", "1s", "--cap", "2s", "--attempts", "4"])).toEqual(["⚠ early-cap"]);
    expect(await lintsOf(["--base", "1s", "--cap", "1m", "--attempts", "4", "--clients", "50"])).toEqual(["⚠ no-jitter"]);
    expect(await lintsOf(["--strategy", "fixed", "--base", "1h", "--attempts", "25"])).toEqual(["⚠ over-a-day"]);
    expect(await lintsOf(["--base", "1s", "--attempts", "5"])).toEqual(["⚠ no-cap"]);
  });

  it("speaks a preset's language: its own cap parameter, or its real lever where it has no cap", async () => {
    // sidekiq has no cap: retry 25 (count 24) waits at most 24⁴ + 15 + 10 × 25 − 1 = 332,040 s ≈ 3 d 20 h.
    const sidekiq = (await runCli(["check", "--preset", "sidekiq"])).stdout;
    expect(sidekiq).toContain("⚠ no-cap: the delays of sidekiq grow without a cap: attempt 25 waits 3 d 20 h; sidekiq has no cap; bound its retries with --attempts, the library's sidekiq_options retry: N");
    expect(sidekiq).not.toContain("set a cap");
    // Step Functions without MaxDelaySeconds: 1, 2, 4 s.
    const states = (await runCli(["check", "--preset", "step-functions"])).stdout;
    expect(states).toContain("⚠ no-cap: the delays of step-functions grow without a cap: attempt 3 waits 4 s; set its cap: --cap, the library's MaxDelaySeconds (whole seconds, at least IntervalSeconds)");
    // A fixed wait grows nothing: multiplier 1 without jitter waits 500 ms twice, and draws no no-cap warning.
    expect(await runCli(["check", "--preset", "resilience4j", "--factor", "1", "--jitter", "none", "--max-total", "1s"])).toEqual({
      code: 0,
      stdout: "resilience4j stops after 2 retries (RetryConfig maxAttempts 3).\n✓ max-total 1 s: worst case 1 s\n✓ the limit holds\n",
      stderr: "",
    });
  });
});

describe("backoff check --config", () => {
  const file = [
    "{",
    '  "assert": { "max-total": "5m" },',
    '  "policies": {',
    '    "email": { "base": "1s", "cap": "30s", "attempts": 8, "assert": { "max-delay": "10s" } },',
    '    "webhook": { "base": 500, "factor": 3, "cap": "1h", "attempts": 10 }',
    "  }",
    "}",
  ].join("\n");
  // webhook: 0.5 × 3^(a−1) s: 0.5, 1.5, 4.5, 13.5, 40.5, 121.5, 364.5 → cumulative 0.5, 2, 6.5, 20, 60.5, 182, 546.5 s:
  // over 5 min (300 s) first at attempt 7. Attempts 8..10: 1093.5 s, 3280.5 s, then 9841.5 s capped at 3600 s;
  // total 546.5 + 1093.5 + 3280.5 + 3600 = 8520.5 s = 8,520,500 ms (every delay a whole ms) = 2 h 22 min (8520.5 s / 60 = 142.0 min).

  it("checks every policy, names each, and exits 1 when one breaks a limit", async () => {
    const dir = tempFiles({ "retry.json": file });
    const result = await runCli(["check", "--config", join(dir, "retry.json")]);
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")).toEqual([
      "email (8 retries):",
      "  ✓ max-total 5 min: worst case 2 min 1 s",
      "  ✗ max-delay 10 s: worst delay 30 s (first over the limit at attempt 5)",
      "webhook (10 retries):",
      "  ✗ max-total 5 min: worst case 2 h 22 min (first over the limit at attempt 7)",
      "✗ 2 of 3 limits broken",
      "",
    ]);
  });

  it("reads a seed as the schedule does, under a preset too (it changes no check, but a bad one is refused)", async () => {
    for (const config of ['{"preset": "bullmq", "seed": -1}', '{"seed": "x"}']) {
      const result = await runCli(["check", "--config", "-"], { stdin: memoryStdin([config]) });
      expect(result.code, config).toBe(2);
      expect(result.stderr).toMatch(/^error: --seed must be a whole number from 0 to 9007199254740991, got "(-1|x)"\n$/);
    }
  });

  it("flags override the file; --policy picks one", async () => {
    const dir = tempFiles({ "retry.json": file });
    // --max-delay 30s replaces the file's 10 s for email.
    const result = await runCli(["check", "--config", join(dir, "retry.json"), "--policy", "email", "--max-delay", "30s"]);
    expect(result).toEqual({ code: 0, stdout: "email (8 retries):\n  ✓ max-total 5 min: worst case 2 min 1 s\n  ✓ max-delay 30 s: worst delay 30 s (attempt 6)\n✓ all 2 limits hold\n", stderr: "" });
  });

  it("--format json carries the same figures", async () => {
    const dir = tempFiles({ "retry.json": file });
    const result = await runCli(["check", "--config", join(dir, "retry.json"), "--format", "json", "--policy", "webhook"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      ok: false,
      exit_code: 1,
      policies: [
        {
          name: "webhook",
          retries: 10,
          attempt_time_ms: 0,
          best_total_ms: 8_520_500,
          worst_total_ms: 8_520_500,
          worst_delay_ms: 3_600_000,
          assertions: [
            { limit: "max-total", ok: false, limit_ms: 300_000, actual_ms: 8_520_500, attempt: 7, message: "✗ max-total 5 min: worst case 2 h 22 min (first over the limit at attempt 7)" },
          ],
          warnings: [],
        },
      ],
    });
  });

  it("prints GitHub annotations naming the file and the policy's line when GITHUB_ACTIONS=true", async () => {
    const dir = tempFiles({ "retry.json": file });
    const path = join(dir, "retry.json");
    const result = await runCli(["check", "--config", path, "--clients", "100"], { env: { GITHUB_ACTIONS: "true" } });
    const annotations = result.stdout.split("\n").filter((l) => l.startsWith("::"));
    const props = `file=${path.replace(/:/g, "%3A").replace(/,/g, "%2C")}`;
    // Each policy at its key, after four spaces: column 5, as check PATH gives it.
    expect(annotations).toEqual([
      `::error ${props},line=4,col=5,title=backoff check::email: max-delay 10 s broken: worst delay 30 s (first over the limit at attempt 5)`,
      `::warning ${props},line=4,col=5,title=backoff check::email: no-jitter: no jitter, with 100 clients: clients that fail together retry together, in bursts; add jitter`,
      `::error ${props},line=5,col=5,title=backoff check::webhook: max-total 5 min broken: worst case 2 h 22 min (first over the limit at attempt 7)`,
      `::warning ${props},line=5,col=5,title=backoff check::webhook: no-jitter: no jitter, with 100 clients: clients that fail together retry together, in bursts; add jitter`,
    ]);
    // Without GITHUB_ACTIONS, none.
    expect((await runCli(["check", "--config", path])).stdout).not.toContain("::");
  });

  it("reads a BullMQ job's options with BullMQ's meaning: 5 attempts are 4 retries, jitter downward", async () => {
    // bullmq backoffs.ts: round(2^(n−1) × 1000) = 1000, 2000, 4000, 8000 for the 4 retries: 15,000 ms in all.
    // With jitter 0.5 each delay is floor(r × D × 0.5 + D × 0.5) with r < 1: at most D − 1, so 14,996 ms.
    const dir = tempFiles({
      "job.json": '{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}',
      "jittered.json": '{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000, "jitter": 0.5}}',
    });
    expect((await runCli(["check", "--config", join(dir, "job.json"), "--max-total", "15s", "--max-attempts", "4"])).code).toBe(0);
    const over = await runCli(["check", "--config", join(dir, "job.json"), "--max-total", "14999ms"]);
    expect(over.code).toBe(1);
    expect(over.stdout).toContain("✗ max-total 15 s: worst case 15 s (first over the limit at attempt 4)".replace("max-total 15 s", "max-total 15 s"));
    expect((await runCli(["check", "--config", join(dir, "jittered.json"), "--max-total", "14996ms"])).code).toBe(0);
    expect((await runCli(["check", "--config", join(dir, "jittered.json"), "--max-total", "14995ms"])).code).toBe(1);
  });

  it("malformed files are exit 2 with file, line and column", async () => {
    const dir = tempFiles({ "bad.json": '{\n  "base": "1s",\n  "cap": "30s",\n}\n' });
    expect(await runCli(["check", "--config", join(dir, "bad.json")])).toEqual({ code: 2, stdout: "", stderr: `error: ${join(dir, "bad.json")}:4:1: trailing comma before '}'\n` });
  });
});

// Issue 22, "one word for one thing": a count is given as retries, with the tries beside it
// where the library counts tries, the same in --config and PATH, text and JSON. resilience4j's
// maxAttempts counts the first call (RetryConfig: "the maximum number of attempts (including the
// initial call)"), so maxAttempts 3 is 2 retries, 3 tries; its default wait is 500 ms fixed, the
// preset's is the interval function's 500 ms × 1.5 (src/presets/resilience4j.ts).
describe("retries, and tries where the system counts tries", () => {
  it("--config and PATH give the same keys: retries, and tries beside them", async () => {
    const dir = tempFiles({
      "r4j.json": '{"policies": {"svc": {"preset": "resilience4j", "attempts": 2}}}\n',
      "application.yml": "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n",
    });
    const config = await runCli(["check", "--config", join(dir, "r4j.json")]);
    expect(config.stdout.split("\n").slice(0, 2)).toEqual(["svc (2 retries, 3 tries):", "  resilience4j stops after 2 retries (RetryConfig maxAttempts 3)."]);
    // The config's own key, not --cap: the policy is edited in the file.
    expect(config.stdout).toContain("  ⚠ no-cap: the delays of resilience4j grow without a cap: attempt 2 waits 750 ms; set its cap: cap in the config\n");
    const configJson = JSON.parse((await runCli(["check", "--config", join(dir, "r4j.json"), "--format", "json"])).stdout);
    const path = await runCli(["check", join(dir, "application.yml")]);
    expect(path.stdout.split("\n")[2]).toBe("    2 retries (3 tries): worst-case total 1 s, best case 1 s, largest delay 500 ms (attempt 1), no jitter");
    const pathJson = JSON.parse((await runCli(["check", join(dir, "application.yml"), "--format", "json"])).stdout);
    const counts = (p: Record<string, unknown>) => ({ retries: p["retries"], tries: p["tries"], attempts: p["attempts"] });
    expect(configJson.policies.map(counts)).toEqual([{ retries: 2, tries: 3, attempts: undefined }]);
    expect(pathJson.policies.map(counts)).toEqual([{ retries: 2, tries: 3, attempts: undefined }]);
  });
});

describe("backoff check --config: a policy's errors and a chain's limit", () => {
  it("a bad value in one of the file's policies names the policy and the file", async () => {
    const dir = tempFiles({ "retry.json": '{"policies": {"email": {"base": "1s", "cap": "500ms", "attempts": 3}}}\n' });
    const path = join(dir, "retry.json");
    expect(await runCli(["check", "--config", path])).toEqual({ code: 2, stdout: "", stderr: `error: policy "email" in ${path}: --cap (500ms) must be at least --base (1s)\n` });
  });

  it("--max-amplification without a config's chain: one line", async () => {
    expect(await runCli(["check", "--base", "1s", "--max-amplification", "3"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: --max-amplification checks a chain: give --config FILE with a "chain" section (a single policy sends at most its attempts + 1 tries; --max-attempts bounds that)\n',
    });
  });

  it("a config read from standard input: its annotations name no file", async () => {
    // 1 s doubling, 2 retries, no cap: 1 s then 2 s, so attempt 2 waits 2 s; the no-cap warning fails under --strict.
    const result = await runCli(["check", "--config", "-", "--strict"], { stdin: memoryStdin(['{"policies": {"a": {"base": "1s", "attempts": 2}}}']), env: { GITHUB_ACTIONS: "true" } });
    expect(result.code).toBe(1);
    expect(result.stdout.split("\n")[0]).toBe("::error title=backoff check::a: no-cap: exponential backoff without a cap: attempt 2 waits 2 s and the delays grow without limit; set a cap");
  });
});
