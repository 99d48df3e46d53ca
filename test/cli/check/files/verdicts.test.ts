import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFigures as figures } from "../../../support/check-figures.js";
import { runCli } from "../../../support/cli.js";
import { tempDir } from "../../../support/files.js";

// Verdicts for the policies of the fixture tree, against figures worked out by hand from
// the formulas of the presets they map to (issue 12 for envoy, istio, step-functions,
// argo, kubernetes-job and kafka; resilience4j's IntervalFunction).
const TREE = "test/fixtures/policies";

describe("Step Functions: IntervalSeconds × BackoffRate^(a−1), at most MaxDelaySeconds; FULL jitter in [0, that]", () => {
  it("order.asl.json: retriers of plain, Parallel-branch and Map item-processor states", async () => {
    const { code, byName, disabled } = await figures(`${TREE}/step-functions/order.asl.json`, "--max-total", "2m");
    expect(byName).toEqual({
      // 2, 4, 8, 16, 32, 64 s = 126 s: above 2 min, so exit 1.
      "ValidateOrder [Lambda.ServiceException, Lambda.TooManyRequestsException]": { retries: 6, worst: 126_000, best: 126_000, largest: 64_000 },
      // 1, 1.5, 2.25 s (MaxDelaySeconds 5 not reached), full jitter: 0 to 4.75 s.
      ChargeCard: { retries: 3, worst: 4_750, best: 0, largest: 2_250 },
      // The defaults: 1 s, rate 2, 3 attempts: 1 + 2 + 4 s.
      ReserveItem: { retries: 3, worst: 7_000, best: 7_000, largest: 4_000 },
    });
    expect(disabled).toEqual(["ValidateOrder [States.Timeout]"]);
    expect(code).toBe(1);
  });
  it("legacy Iterator and CloudFormation/SAM definitions", async () => {
    // 30, 90, 270, 810 s.
    expect((await figures(`${TREE}/step-functions/legacy-map.asl.yaml`)).byName).toEqual({ Transcode: { retries: 4, worst: 1_200_000, best: 1_200_000, largest: 810_000 } });
    expect((await figures(`${TREE}/cloudformation`)).byName).toEqual({
      // 60, 120, 240 s.
      "NightlyExport/Export": { retries: 3, worst: 420_000, best: 420_000, largest: 240_000 },
      // 5, 10 s.
      "PaymentStateMachine/Charge": { retries: 2, worst: 15_000, best: 15_000, largest: 10_000 },
      // 10, 20, 40, then MaxDelaySeconds 60 twice.
      "RefundStateMachine/Refund": { retries: 5, worst: 190_000, best: 190_000, largest: 60_000 },
    });
  });
});

describe("Kubernetes Job: min(10 s × 2^(a−1), the controller's maximum), backoffLimit retries (default 6)", () => {
  it("jobs.yaml: a Job, a CronJob and a Job with the default limit", async () => {
    expect((await figures(`${TREE}/kubernetes/jobs.yaml`)).byName).toEqual({
      pi: { retries: 4, worst: 150_000, best: 150_000, largest: 80_000 },
      hello: { retries: 2, worst: 30_000, best: 30_000, largest: 20_000 },
      // 10 … 320 s: below the cap whether it is 6 min (the docs) or 10 min.
      migrate: { retries: 6, worst: 630_000, best: 630_000, largest: 320_000 },
    });
  });
});

describe("Argo: duration × factor^(a−1), at most cap", () => {
  it("cron-workflow.yaml: 30 s × 2^(a−1) under a 5 min cap, 3 retries", async () => {
    expect((await figures(`${TREE}/argo/cron-workflow.yaml`)).byName).toEqual({ "nightly-report/report": { retries: 3, worst: 210_000, best: 210_000, largest: 120_000 } });
  });
});

describe("Istio and Envoy: an integer uniform in [0, min(B × 2^(a−1), 10 B) − 1] ms", () => {
  it("virtual-service.yaml: 25 ms base; perTryTimeout 2 s is the attempt time", async () => {
    expect((await figures(`${TREE}/istio/virtual-service.yaml`)).byName).toEqual({
      // 24 + 49 + 99 ms of waits, and 4 tries × 2 s; at best 0 ms (tries that fail at once, waits of 0 ms), 8 s with the tries.
      "ratings/ratings-v1": { retries: 3, worst: 8_172, best: 0, bestWithTries: 8_000, largest: 99 },
      // The mesh default: 2 retries, 24 + 49 ms.
      "ratings/http[1] (mesh default)": { retries: 2, worst: 73, best: 0, largest: 49 },
    });
  });
  it("envoy.yaml: 100 ms base, 1 s max, 3 retries, per_try_timeout 2 s", async () => {
    // 99 + 199 + 399 ms and 4 × 2 s; at best 0 ms, 4 × 2 s with the tries.
    expect((await figures(`${TREE}/envoy/envoy.yaml`)).byName).toEqual({ 'backend / prefix "/api"': { retries: 3, worst: 8_697, best: 0, bestWithTries: 8_000, largest: 399 } });
  });
});

describe("Kafka: min((long)(U[0.8, 1.2) × b × 2^min(a−1, log2(M/b))), M)", () => {
  it("a client file: 100 ms base, 800 ms max, 4 retries", async () => {
    const dir = tempDir("kafka");
    writeFileSync(join(dir, "client.properties"), "retry.backoff.ms=100\nretry.backoff.max.ms=800\nretries=4\n");
    // Terms 100, 200, 400, 800 ms: [80, 119], [160, 239], [320, 479], [640, 800] after the cap.
    expect((await figures(join(dir, "client.properties"))).byName).toEqual({ "client.properties": { retries: 4, worst: 1_637, best: 1_200, largest: 800 } });
  });
});

describe("resilience4j: IntervalFunction as Spring's properties configure it", () => {
  it("application.yml: baseConfig, kebab-case, randomized waits and a profile", async () => {
    const dir = tempDir("r4j");
    // The fixture without its Kafka section (checked with the Kafka presets above), the rest unchanged.
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(`${TREE}/spring/application.yml`, "utf8").replace(/  kafka:\n(?: {4}.*\n)+/, "");
    writeFileSync(join(dir, "application.yml"), text);
    expect((await figures(join(dir, "application.yml"))).byName).toEqual({
      // ofExponentialBackoff(500 ms, 2): 500, 1000, 2000, 4000 ms.
      backendA: { retries: 4, worst: 7_500, best: 7_500, largest: 4_000 },
      // ofRandomized(1 s, 0.25): randomize draws (long)(750 + r × (500 + 1)), r in [0, 1): 750 to 1251 (750 + (1 − 2^-53) × 501 rounds to 1251).
      backendB: { retries: 3, worst: 3_753, best: 2_250, largest: 1_251 },
      // configs.default: 3 attempts, a fixed 100 ms.
      "configs.default": { retries: 2, worst: 200, best: 200, largest: 100 },
      // The prod profile's maxAttempts 8: 500 × (2^7 − 1) ms.
      "backendA [profile prod]": { retries: 7, worst: 63_500, best: 63_500, largest: 32_000 },
    });
  });
  it("application.properties: kebab-case keys with a max wait", async () => {
    // ofExponentialBackoff(2 s, 2, 10 s): 2, 4, 8 s.
    expect((await figures(`${TREE}/spring/application.properties`)).byName["paymentGateway"]).toEqual({ retries: 3, worst: 14_000, best: 14_000, largest: 8_000 });
  });
});

describe("the whole fixture tree", () => {
  it("checks every policy: exit 0 without limits, 1 with a limit some policy breaks", async () => {
    expect((await runCli(["check", TREE])).code).toBe(0);
    expect((await runCli(["check", TREE, "--max-total", "10m"])).code).toBe(1);
  });
});

describe("GitHub Actions retry steps: fixed waits, the action's timeout as the try time, the step's timeout-minutes as the deadline", () => {
  const WORKFLOWS = `${TREE}/github-actions/.github/workflows`;
  it("ci.yml (nick-fields/retry): 4 tries of 5 min 30 s apart; the defaults' 10 s between tries of 50 s", async () => {
    const { code, byName } = await figures(`${WORKFLOWS}/ci.yml`, "--max-total", "20m");
    expect(byName).toEqual({
      // max_attempts 4: 3 retries of 30 s; 4 tries × 300 s + 90 s = 1,290 s, but the step's timeout-minutes 15 ends every run at 900 s, within 20 min.
      // At best the waits alone, 3 × 30 s = 90 s (tries that fail at once); with the tries the 900 s of the step's timeout.
      "test/Install dependencies": { retries: 3, worst: 900_000, best: 90_000, bestWithTries: 900_000, largest: 30_000 },
      // max_attempts 3 (default): 2 retries of 10 s (default); timeout 45 s polled every 10 s: tries of 50 s; 3 × 50 + 20 = 170 s.
      // At best the waits alone, 2 × 10 s = 20 s.
      "e2e/Smoke test": { retries: 2, worst: 170_000, best: 20_000, bestWithTries: 170_000, largest: 10_000 },
    });
    expect(code).toBe(0);
    // The step's timeout-minutes 15: retry 2 starts at 2 × 300 + 60 = 660 s, retry 3 would start at 990 s, past 900 s.
    const doc = JSON.parse((await runCli(["check", `${WORKFLOWS}/ci.yml`, "--format", "json"])).stdout);
    expect(doc.policies[0].warnings).toEqual([
      { lint: "unreachable-retries", message: "retry 3 can never fire: the deadline (15 min) ends first; the last retry that fires is 2, giving up at 15 min; each try runs up to 5 min" },
      // retry_on left out is any: every failure (nick-fields/retry v4.0.0 src/index.ts, issue 41).
      {
        lint: "retries-everything",
        message:
          "retries every error (the action's default retry_on: any), permanent failures too: a request that cannot succeed is tried 4 times; retry only the errors that are transient (retry_on (timeout) or retry_on_exit_code in the step's with)",
      },
    ]);
    expect(doc.exit_code).toBe(0);
  });
  it("release.yml (wretry.action): 4 retries 15 s apart under time_out 600 s; a step without attempt_delay retries at once", async () => {
    const { code, byName } = await figures(`${WORKFLOWS}/release.yml`, "--max-total", "1m");
    expect(byName).toEqual({
      "publish/Publish to npm": { retries: 4, worst: 60_000, best: 60_000, largest: 15_000 },
      "publish/Log in to GHCR": { retries: 1, worst: 0, best: 0, largest: 0 },
    });
    expect(code).toBe(0);
  });
  it("look-alikes report nothing: a workflow without a retry step, another action with max_attempts", async () => {
    const result = await runCli(["check", `${WORKFLOWS}/lint.yml`, `${WORKFLOWS}/docs.yml`, "--any-file"]);
    expect(result).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 2 files\n", stderr: "" });
  });
});

describe("AWS Lambda asynchronous invocation: AWS's documented 1 min and 2 min, the event age as the deadline, the function's Timeout as the try time", () => {
  it("sam-template.yaml and cloudformation.json: the waits, and retries the event's age leaves unfired", async () => {
    const { code, byName, disabled } = await figures(`${TREE}/lambda`, "--max-total", "10m");
    expect(byName).toEqual({
      // MaximumRetryAttempts 1: one wait of 60 s; 2 tries × 300 s (the function's Timeout 300): 660 s > 10 min: exit 1.
      // At best the wait alone, 60 s (tries that fail at once).
      ReportAsyncConfig: { retries: 1, worst: 660_000, best: 60_000, bestWithTries: 660_000, largest: 60_000 },
      // The defaults: 60 + 120 s; FunctionName is a name, not a Ref: no try time.
      AuditAsyncConfig: { retries: 2, worst: 180_000, best: 180_000, largest: 120_000 },
      // 3 tries × 120 s + 60 + 120 s = 540 s, but MaximumEventAgeInSeconds 150 ends every run at 150 s: the waits
      // alone, 180 s, pass it too, so the best case is 150 s with tries that fail at once or not.
      "OrderProcessor (EventInvokeConfig)": { retries: 2, worst: 150_000, best: 150_000, bestWithTries: 150_000, largest: 120_000 },
    });
    expect(disabled).toEqual(["Notifier (EventInvokeConfig)"]);
    expect(code).toBe(1);
    // OrderProcessor: retry 1 would start at 120 + 60 = 180 s, past MaximumEventAgeInSeconds 150: neither retry fires.
    const doc = JSON.parse((await runCli(["check", `${TREE}/lambda/sam-template.yaml`, "--format", "json"])).stdout);
    expect(doc.policies[0].warnings).toEqual([
      { lint: "unreachable-retries", message: "retries 1–2 can never fire: the deadline (2 min 30 s) ends first; no retry fires, giving up at 2 min 30 s; each try runs up to 2 min" },
      // Lambda retries every function error (invocation-async-error-handling.html, issue 41), but nothing in the
      // template chooses the errors, so no retries-everything warning (core/check-report/condition-findings.ts).
    ]);
    expect(doc.skipped.map((s: { line: number; column: number }) => `${s.line}:${s.column}`)).toEqual(["45:36"]);
  });
  it("functions-only.yaml, a template without EventInvokeConfig, reports nothing", async () => {
    expect(await runCli(["check", `${TREE}/lambda/functions-only.yaml`, "--any-file"])).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file\n", stderr: "" });
  });
});

describe("retry limits beside the policies: named in every report, the schedule unchanged", () => {
  it("Envoy's cluster circuit breakers and an Istio DestinationRule's maxRetries and retryBudget, in text, JSON and SARIF", async () => {
    const paths = [`${TREE}/envoy/breakers.yaml`, `${TREE}/istio/reviews.yaml`];
    const { byName } = await figures(paths[0]!);
    // cart: 2 retries of Envoy's 25 ms back-off, 0–24 + 0–49 ms; search: 3 retries, 0–24, 0–49, 0–99 ms and 4 tries of 1 s.
    expect(byName).toEqual({
      'shop / prefix "/cart" [cluster cart: circuit breaker max_retries 5]': { retries: 2, worst: 73, best: 0, largest: 49 },
      // At best 0 ms (tries that fail at once, waits of 0 ms); 4 s with the tries.
      'shop / prefix "/search" [cluster search: retry_budget budget_percent 10.0, min_retry_concurrency 3]': { retries: 3, worst: 4_172, best: 0, bestWithTries: 4_000, largest: 99 },
    });
    const text = await runCli(["check", ...paths]);
    expect(text.stdout).toContain("  ✓ reviews/primary [DestinationRule reviews-limits: connectionPool.http.maxRetries 10; retryBudget percent 25, minRetryConcurrency 3] (Istio VirtualService, line 14:5)\n");
    const sarif = JSON.parse((await runCli(["check", ...paths, "--max-total", "1ms", "--format", "sarif"])).stdout);
    const messages: string[] = sarif.runs[0].results.map((r: { message: { text: string } }) => r.message.text);
    expect(messages.some((m) => m.includes("[cluster cart: circuit breaker max_retries 5]"))).toBe(true);
    expect(messages.some((m) => m.includes("[DestinationRule reviews-limits: connectionPool.http.maxRetries 10; retryBudget percent 25, minRetryConcurrency 3]"))).toBe(true);
  });
  it("a DestinationRule with only load balancing, and no VirtualService, reports nothing", async () => {
    expect(await runCli(["check", `${TREE}/istio/load-balancing.yaml`, "--any-file"])).toEqual({ code: 0, stdout: "✓ no limits given (--max-total, --max-delay, …), no retry policy found in 1 file\n", stderr: "" });
  });
});
