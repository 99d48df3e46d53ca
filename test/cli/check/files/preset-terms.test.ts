import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// A policy found in a file is checked as `check --preset` checks the same library: the
// library's own stopping rule and the same lints (issue 11: "a preset means the same in
// every command"); but its advice names the key to edit in the file, where --preset names
// the flag and the library's parameter (issue 22: a flag is refused beside PATH).
// Figures worked out by hand in the comments.
const { write } = useTempCwd("preset-terms");

interface JsonPolicy {
  readonly name: string;
  readonly retries: number;
  readonly note: string | null;
  readonly warnings: readonly { lint: string; message: string }[];
}
const policiesOf = (stdout: string): JsonPolicy[] => (JSON.parse(stdout) as { policies: JsonPolicy[] }).policies;

describe("check PATH speaks each system's language", () => {
  it("a Step Functions retrier without MaxDelaySeconds is told to set MaxDelaySeconds in the retrier; check --preset names --cap", async () => {
    // IntervalSeconds 1, BackoffRate 2, MaxAttempts 3: waits 1, 2, 4 s; no cap.
    write(
      "flow.asl.json",
      JSON.stringify({ StartAt: "Charge", States: { Charge: { Type: "Task", Resource: "arn:aws:states:::lambda:invoke", Retry: [{ ErrorEquals: ["States.ALL"], IntervalSeconds: 1, BackoffRate: 2, MaxAttempts: 3 }], End: true } } }),
    );
    const grows = "the delays of step-functions grow without a cap: attempt 3 waits 4 s";
    const file = await runCli(["check", "flow.asl.json"]);
    expect(file.stdout).toContain(`    ⚠ no-cap: ${grows}; set its cap: MaxDelaySeconds in the retrier (whole seconds, at least IntervalSeconds)\n`);
    expect(file.stdout).not.toContain("--cap");
    const flags = await runCli(["check", "--preset", "step-functions", "--base", "1s", "--factor", "2", "--attempts", "3"]);
    expect(flags.stdout).toContain(`⚠ no-cap: ${grows}; set its cap: --cap, the library's MaxDelaySeconds (whole seconds, at least IntervalSeconds)\n`);
  });

  it("BullMQ job options have no cap: the lever is the job's attempts", async () => {
    // attempts 5 = 4 retries of exponential 1 s: 1, 2, 4, 8 s.
    write("email-job.json", '{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000}}\n');
    const { stdout } = await runCli(["check", "email-job.json"]);
    expect(stdout).toContain("    ⚠ no-cap: the delays of bullmq grow without a cap: attempt 4 waits 8 s; bullmq has no cap; bound its retries with attempts in the job options (counts the first try)\n");
  });

  it("a resilience4j instance is told to set exponentialMaxWaitDuration, not the interval function's maxIntervalMillis", async () => {
    // maxAttempts 4 = 3 retries; exponential from 1 s by the default multiplier 1.5
    // (IntervalFunction.DEFAULT_MULTIPLIER): 1, 1.5, 2.25 s; no exponentialMaxWaitDuration.
    write("application.yml", "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 4\n        waitDuration: 1s\n        enableExponentialBackoff: true\n");
    const { stdout } = await runCli(["check", "application.yml"]);
    expect(stdout).toContain("    ⚠ no-cap: the delays of resilience4j grow without a cap: attempt 3 waits 2.3 s; set its cap: exponentialMaxWaitDuration of the instance, with exponentialBackoffMultiplier beside it (resilience4j reads the max only then)\n");
  });

  it("an Argo template without backoff.cap is told to set it in its retryStrategy", async () => {
    // limit 3, duration 10s, factor 3: 10, 30, 90 s.
    write(
      "wf.yaml",
      "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: w\nspec:\n  entrypoint: main\n  templates:\n  - name: main\n    retryStrategy:\n      limit: 3\n      backoff:\n        duration: 10s\n        factor: 3\n    container:\n      image: alpine\n",
    );
    const { stdout } = await runCli(["check", "wf.yaml"]);
    expect(stdout).toContain("    ⚠ no-cap: the delays of argo grow without a cap: attempt 3 waits 1 min 30 s; set its cap: backoff.cap in the retryStrategy (Argo v3.7.0+)\n");
  });

  it("a fixed resilience4j wait draws no no-cap warning", async () => {
    // maxAttempts 3 = 2 retries of a fixed 1 s: nothing grows (IOException only: no retries-everything warning either).
    write("application.yml", "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n        waitDuration: 1s\n        retryExceptions: java.io.IOException\n");
    const { stdout, code } = await runCli(["check", "application.yml", "--format", "json"]);
    expect(code).toBe(0);
    expect(policiesOf(stdout).map((p) => [p.name, p.retries, p.warnings])).toEqual([["svc", 2, []]]);
  });

  it("a Kafka producer is checked over as many retries as check --preset kafka: the most any run makes before delivery.timeout.ms", async () => {
    write("producer.properties", "retry.backoff.ms=100\nretry.backoff.max.ms=1000\ndelivery.timeout.ms=30000\n");
    // KIP-580: U[0.8, 1.2) × 100 × 2^min(a − 1, log2(1000/100) ≈ 3.32), at most 1000 ms; a retry is
    // made while the batch's age stays below 30,000 ms.
    // All draws high: 120 + 240 + 480 + 960 = 1,800, then 1,000 each: 1,800 + 28 × 1,000 = 29,800, so 32.
    // All draws low: 80 + 160 + 320 + 640 = 1,200, then 800 each (0.8 × 1,000): 1,200 + 35 × 800 = 29,200
    //   (36 × 800 would reach 30,000 exactly, which expires the batch), so 39.
    const file = policiesOf((await runCli(["check", "producer.properties", "--format", "json"])).stdout);
    const flags = JSON.parse((await runCli(["check", "--preset", "kafka", "--base", "100ms", "--cap", "1s", "--max-elapsed", "30s", "--format", "json"])).stdout) as {
      policies: { retries: number; stopping: string }[];
    };
    const rule = "kafka stops by delivery.timeout.ms (30,000 ms) after 32 to 39 retries, as the jitter falls";
    expect(file.map((p) => [p.retries, p.note])).toEqual([[39, rule]]);
    expect(flags.policies.map((p) => [p.retries, p.stopping])).toEqual([[39, rule]]);
  });
});
