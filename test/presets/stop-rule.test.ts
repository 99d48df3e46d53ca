/**
 * The stopping rule (src/presets/stop-rule.ts) by hand from each preset's declared stopping
 * and retry count, and what it is for: one preset model for every command (issue 11): the schedule, check, solve and simulate
 * take the same retry count from the library's stopping rule and agree on its totals.
 * A few figures are also worked out by hand from the libraries' sources.
 */
import { describe, expect, it } from "vitest";
import { PRESETS, findPreset } from "../../src/presets/registry.js";
import { mostRetries, stopRuleOf, stopRuleText, type StopRule } from "../../src/presets/stop-rule.js";
import { runCli } from "../support/cli.js";
import { memoryStdin } from "../support/io.js";

async function json(...argv: string[]) {
  const { code, stdout, stderr } = await runCli(argv, { env: { NO_COLOR: "1" } });
  return { code, stderr, doc: code === 0 || code === 1 ? JSON.parse(stdout) : null };
}

describe("stopRuleOf, mostRetries, stopRuleText", () => {
  const rule = (name: string, overrides = {}) => {
    const preset = findPreset(name)!;
    const found = stopRuleOf(preset, preset.build(overrides));
    return { found, most: mostRetries(found), text: stopRuleText(preset, found) };
  };

  it("a count: the library's own words at its default (sidekiq.ts stopping \"retry: 25\"), the count itself otherwise", () => {
    expect(rule("sidekiq")).toEqual({ found: { kind: "count", retries: 25, text: "retry: 25" }, most: 25, text: "sidekiq stops after 25 retries (retry: 25)" });
    expect(rule("celery").text).toBe("celery stops after 3 retries (max_retries 3)");
    expect(rule("sidekiq", { retries: 3 })).toEqual({ found: { kind: "count", retries: 3, text: "3 retries" }, most: 3, text: "sidekiq stops after 3 retries" });
    expect(rule("sidekiq", { retries: 1 })).toEqual({ found: { kind: "count", retries: 1, text: "1 retry" }, most: 1, text: "sidekiq stops after 1 retry" });
    // envoy declares no stopping words: its default of 1 (num_retries) is worded as the count.
    expect(rule("envoy").text).toBe("envoy stops after 1 retry");
  });

  it("no retry: bullmq's attempts 1", () => {
    expect(rule("bullmq")).toEqual({ found: { kind: "count", retries: 0, text: "attempts: 1, no retries" }, most: 0, text: "bullmq makes no retry (attempts: 1, no retries)" });
  });

  it("forever: tenacity's stop_never, no count", () => {
    expect(rule("tenacity")).toEqual({ found: { kind: "forever", text: "stop_never" }, most: null, text: "tenacity retries forever (stop_never)" });
  });

  it("by elapsed time: sidekiq retry_for 40 min makes 7 to 8 retries (worked in sidekiq.test.ts); one count when the draws cannot move it", () => {
    const { found, most, text } = rule("sidekiq", { maxElapsedMs: 2_400_000 });
    expect([found.kind, found.kind === "elapsed" && found.retries, found.kind === "elapsed" && found.text, most]).toEqual(["elapsed", null, "retry_for (40 min)", 8]);
    expect(text).toBe("sidekiq stops by retry_for (40 min) after 7 to 8 retries, as the jitter falls");
    const sidekiq = findPreset("sidekiq")!;
    const fixed = (count: number): StopRule => ({
      kind: "elapsed",
      stop: { limit: "a limit", limitMs: 60_000, lastAttempt: count, fewest: count, most: count, reason: "" },
      retries: null,
      text: "a limit",
    });
    expect(stopRuleText(sidekiq, fixed(3))).toBe("sidekiq stops by a limit after 3 retries");
    expect(stopRuleText(sidekiq, fixed(1))).toBe("sidekiq stops by a limit after 1 retry");
    expect(mostRetries(fixed(3))).toBe(3);
  });
});

describe.each(PRESETS.map((preset) => [preset.name, preset] as const))("%s: schedule, check, solve and simulate agree", (name, preset) => {
  const rule = stopRuleOf(preset, preset.build({}));
  // The retries every command counts: the library's count, the most any run makes before its time limit, or none.
  const retries = rule.kind === "count" ? rule.retries : rule.kind === "elapsed" ? rule.stop.most : null;
  // The rows the schedule shows: the count, where it stops without jitter, or the default range.
  const shown = rule.kind === "elapsed" ? rule.stop.lastAttempt : rule.kind === "count" && rule.retries > 0 ? rule.retries : preset.defaultAttempts;

  it("on the count and the totals", async () => {
    const schedule = await json("--preset", name, "--format", "json");
    expect(schedule.code).toBe(0);
    const rows = schedule.doc.rows as Record<string, number>[];
    expect(rows).toHaveLength(shown);
    const last = rows.at(-1)!;
    // Without jitter the JSON has no range columns: the total's bounds are the total.
    const lastMax = last["cumulative_max_ms"] ?? last["cumulative_ms"]!;

    const check = await json("check", "--preset", name, "--max-total", "1ms", "--format", "json");
    // Fails unless it makes no retry, or its retries wait nothing at all (wretry's default attempt_delay 0).
    expect(check.code).toBe(retries === 0 || (rule.kind === "count" && lastMax === 0) ? 0 : 1);
    const policy = check.doc.policies[0];
    expect(policy.retries).toBe(retries);
    if (rule.kind === "count" && retries! > 0) expect(policy.worst_total_ms).toBe(lastMax);
    if (rule.kind === "elapsed") {
      // Runs past the rows (low draws) may total more, never past the library's own limit.
      expect(policy.worst_total_ms).toBeGreaterThanOrEqual(lastMax);
      expect(policy.worst_total_ms).toBeLessThanOrEqual(rule.stop.limitMs);
    }
    if (rule.kind === "forever") {
      expect(policy.worst_total_ms).toBeNull();
      expect(policy.assertions[0].message).toMatch(new RegExp(`no bound: ${name} retries forever`));
    }

    const simulated = retries ?? preset.defaultAttempts;
    const simulate = await json("simulate", "--preset", name, "--clients", "40", "--format", "json");
    if (simulated === 0) {
      expect(simulate.code).toBe(2);
    } else if (simulated <= 1000) {
      expect(simulate.code).toBe(0);
      expect(simulate.doc.cohort.attempts).toBe(simulated);
      // All 40 clients start at 0 and every retry fails: the un-jittered run ends at the schedule's own total.
      expect(simulate.doc.summary.unjittered.completion_ms).toBe(last["cumulative_ms"]);
      if (policy.worst_total_ms !== null) expect(simulate.doc.summary.jittered.completion_ms).toBeLessThanOrEqual(policy.worst_total_ms);
    }

    // (Retries that wait nothing, wretry's default, fit any total: no count to solve for.)
    if (rule.kind !== "forever" && retries! > 0 && policy.worst_total_ms > 0 && "retries" in preset.parameters) {
      // The most retries whose worst case fits check's worst total is the library's own count.
      const solve = await json("solve", "--preset", name, "--total", `${policy.worst_total_ms}ms`, "--format", "json");
      expect(solve.code).toBe(0);
      // (A library that cannot make one more retry, lambda-async's MaximumRetryAttempts 2, refuses the count: its own count is the most.)
      const more = (await json("check", "--preset", name, "--attempts", String(retries! + 1), "--format", "json")).doc;
      if (rule.kind === "elapsed" || more === null || policy.worst_total_ms < more.policies[0].worst_total_ms) {
        expect(solve.doc.value).toBe(retries);
      }
    }
  });
});

describe("figures by hand from the sources", () => {
  it("sidekiq: 25 retries, worst case Σ (count⁴ + 15 + 10(count + 1) − 1) s, the same in every command", async () => {
    // job_retry.rb: delay = count**4 + 15; jitter = rand(10 * (count + 1)), count = 0..24
    let worst = 0;
    for (let count = 0; count < 25; count++) worst += (count ** 4 + 15 + 10 * (count + 1) - 1) * 1000;
    const check = await json("check", "--preset", "sidekiq", "--max-total", "1d", "--format", "json");
    expect([check.code, check.doc.policies[0].retries, check.doc.policies[0].worst_total_ms]).toEqual([1, 25, worst]);
    expect((await json("--preset", "sidekiq", "--format", "json")).doc.rows.at(-1).cumulative_max_ms).toBe(worst);
    // A config file means the same.
    const { stdout } = await runCli(["check", "--config", "-"], { stdin: memoryStdin(['{"preset": "sidekiq", "assert": {"max-total": "1d"}}']) });
    expect(stdout).toMatch(/^sidekiq stops after 25 retries \(retry: 25\)\.\n✗ max-total 1 d: worst case 20 d 11 h \(first over the limit at attempt 14\)/);
  });

  it("aws-sdk: 2 retries (maxAttempts 3), at most 49 + 99 = 148 ms", async () => {
    const check = await json("check", "--preset", "aws-sdk", "--max-total", "1s", "--format", "json");
    expect([check.code, check.doc.policies[0].retries, check.doc.policies[0].worst_total_ms]).toEqual([0, 2, 148]);
  });

  it("cenkalti: rows to 24 (no jitter), runs of 19 to 39 retries, never past 15 min", async () => {
    const schedule = await json("--preset", "cenkalti", "--format", "json");
    expect(schedule.doc.policy.stop).toMatchObject({ last_attempt: 24, fewest: 19, most: 39, limit_ms: 900_000 });
    const check = await json("check", "--preset", "cenkalti", "--max-total", "15m", "--format", "json");
    expect([check.code, check.doc.policies[0].retries, check.doc.policies[0].worst_total_ms]).toEqual([0, 39, 900_000]);
    // --max-elapsed overrides it in check, as a flag and as a config key.
    const shorter = await json("check", "--preset", "cenkalti", "--max-elapsed", "1m", "--max-total", "1m", "--format", "json");
    expect(shorter.doc.policies[0].worst_total_ms).toBe(60_000);
    const { stdout } = await runCli(["check", "--config", "-", "--format", "json"], { stdin: memoryStdin(['{"preset": "cenkalti", "max-elapsed": "1m", "assert": {"max-total": "1m"}}']) });
    expect(JSON.parse(stdout).policies[0].worst_total_ms).toBe(60_000);
  });

  it("p-retry --max-elapsed 10s --jitter on: no total past 10 s, min ≤ mean ≤ max on every row", async () => {
    const { stdout } = await runCli(["--preset", "p-retry", "--max-elapsed", "10s", "--jitter", "on", "--format", "json"]);
    const rows = JSON.parse(stdout).rows as Record<string, number>[];
    // 1000 + 2000 + 4000, then 3000 cut to the time left: 4 retries without randomize.
    expect(rows.map((r) => r["delay_ms"])).toEqual([1000, 2000, 4000, 3000]);
    for (const row of rows) {
      expect(row["min_ms"]! <= row["mean_ms"]! && row["mean_ms"]! <= row["max_ms"]!).toBe(true);
      expect(row["cumulative_max_ms"]).toBeLessThanOrEqual(10_000);
    }
    expect(rows[3]!["mean_ms"]).toBeLessThan(rows[3]!["max_ms"]!);
    // The means against 400,000 runs of p-retry's own rule, written out here: wait = round((1 + r) × d),
    // cut to maxRetryTime − elapsed, and no retry once nothing is left (index.js onAttemptFailure). A row's
    // mean is over the runs that make that retry (a run that has stopped waits no 0 ms).
    // mulberry32, a small generator of its own: independent of the code under test.
    let seed = 12345;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const sums = [0, 0, 0, 0];
    const made = [0, 0, 0, 0];
    const runs = 400_000;
    for (let run = 0; run < runs; run++) {
      let elapsed = 0;
      for (let a = 1; a <= 4 && elapsed < 10_000; a++) {
        const wait = Math.min(Math.round((1 + random()) * 1000 * 2 ** (a - 1)), 10_000 - elapsed);
        elapsed += wait;
        sums[a - 1] = sums[a - 1]! + wait;
        made[a - 1] = made[a - 1]! + 1;
      }
    }
    // Every run makes retries 1 to 3 (the lowest sum before the third is 3000 ms, the highest 6000 ms: within 10 s); some stop before the fourth.
    expect(made.slice(0, 3)).toEqual([runs, runs, runs]);
    expect(made[3]).toBeLessThan(runs);
    expect(rows.map((row) => row["runs_stopped"])).toEqual(["none", "none", "none", "some"]);
    rows.forEach((row, i) => expect(Math.abs(row["mean_ms"]! - sums[i]! / made[i]!)).toBeLessThan(0.01 * Math.max(row["mean_ms"]!, 100)));
  });
});
