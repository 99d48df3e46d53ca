import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";
import { ROOT } from "../../../support/paths.js";
import { validateSarif } from "../../../support/sarif.js";

// `check PATH` reads the timeouts beside the policies (issue 25): the fixtures of
// test/fixtures/deadlines/, one colliding and one comfortable per shape, copied into a
// directory of their own (reports name paths relative to it). Every figure by hand below.
const { write } = useTempCwd("deadlines");
const fixture = (path: string) => write(path, readFileSync(`${ROOT}test/fixtures/deadlines/${path}`, "utf8"));

// Istio, colliding (istio/colliding.yaml): timeout 2s (line 13:5), attempts 3, perTryTimeout 1s
// (16:7), backoff Envoy's 25 ms: waits 0–24, 0–49, 0–99 ms. Retry a starts at a × 1 s + the waits:
// retry 1 at 1,000–1,024 ms (before 2 s, cut short by it), retry 2 at 2,000 ms at the earliest, so
// retries 2 and 3 never fire; every run gives up at the deadline, 2 s. The policy is the route's
// `retries` key, 14:5.
const ISTIO_COLLIDING =
  "reviews/v1 (Istio VirtualService): retries 2–3 can never fire: the deadline (2 s) ends first; the last retry that fires is 1, giving up at 2 s; " +
  "each try runs up to 1 s (deadline: timeout at line 13:5; try time: perTryTimeout at line 16:7)";
// Istio, comfortable: timeout 10s, 3 retries of tries of 2 s: retry 3 starts by 6 s + 172 ms and its
// try ends by 8,172 ms, within 10 s: all fire; the latest give-up is 8,172 ms.
// Envoy, colliding (envoy/colliding.yaml): timeout 1s (16:19), 3 retries, per_try_timeout 0.4s
// (20:21), base 0.1s: waits 0–99, 0–199, 0–399 ms. Retry 1 starts at 400–499 ms (every run),
// retry 2 at 800–1,098 ms (some runs only), retry 3 at 1,200 ms at the earliest: never.
const ENVOY_COLLIDING =
  'backend / prefix "/api" (Envoy): retry 3 can never fire: the deadline (1 s) ends first; the last retry that fires in every run is 1, in some runs 2, giving up at 1 s; ' +
  "each try runs up to 400 ms (deadline: timeout at line 16:19; try time: per_try_timeout at line 20:21)";
// Envoy, comfortable: no timeout, so Envoy's 15 s; 2 retries of tries of 2 s: retry 2 ends by
// 6 s + 24 + 49 ms = 6,073 ms.

// What the Istio routes retry on without retryOn (issue 41): Istio's default (istio/istio
// pilot/pkg/networking/core/route/retry/retry.go at 126806ab, defaultPolicy), whose 503 is an
// overload signal, and no DestinationRule retryBudget governs them: retries-overload, beside
// the deadline's findings these tests are about (the Envoy routes retry 5xx, 503 among them).
const ISTIO_DEFAULT_ON = "    retries on 503, connection failures, gRPC UNAVAILABLE, gRPC CANCELLED (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503)";
const ISTIO_OVERLOAD =
  "retries 503 (Istio's default: connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes 503) and no retry budget governs it: a service that answers this is overloaded, " +
  "and each retry adds to its load (4 times the traffic at worst); retry 502, 504 and connection failures only (retries.retryOn of the route, such as connect-failure,refused-stream,502,504), " +
  "or add a retry budget (trafficPolicy.retryBudget of a DestinationRule for the route's host)";
/** The findings of the deadline, the conditions' aside. */
const deadlineOnly = <T extends { lint?: string; ruleId?: string }>(items: readonly T[]): T[] => items.filter((w) => (w.lint ?? w.ruleId) !== "retries-overload");

describe("check PATH against the timeouts beside the policies", () => {
  it("Istio: the done case, two retries that cannot fire, named at the route's policy with its timeout beside it", async () => {
    fixture("istio/colliding.yaml");
    const text = await runCli(["check", "istio/colliding.yaml"]);
    expect(text.code).toBe(0);
    expect(text.stdout.split("\n")).toEqual([
      "istio/colliding.yaml",
      "  ✓ reviews/v1 (Istio VirtualService, line 14:5)",
      // The schedule alone: 4 tries × 1 s + 24 + 49 + 99 ms = 4,172 ms at worst; the 2 s timeout ends every run first. At best
      // 0 ms (tries that fail at once, waits of 0 ms); 4 s with tries of 1 s, which the timeout ends at 2 s.
      "    3 retries: worst-case total 2 s (timeout at line 13:5 ends every run; the schedule alone: 4.2 s, with 4 tries × 1 s), best case 0 ms (tries that fail at once; 2 s when each of the 4 tries takes 1 s, cut short by timeout at line 13:5), largest delay 99 ms (attempt 3), jittered",
      ISTIO_DEFAULT_ON,
      `    ⚠ unreachable-retries: ${ISTIO_COLLIDING.slice("reviews/v1 (Istio VirtualService): ".length)}`,
      `    ⚠ retries-overload: ${ISTIO_OVERLOAD}`,
      "✓ no limits given (--max-total, --max-delay, …), 1 policy in 1 file; 2 warnings",
      "",
    ]);
    expect((await runCli(["check", "istio/colliding.yaml", "--strict"])).code).toBe(1);

    const json = await runCli(["check", "istio/colliding.yaml", "--format", "json"]);
    const policy = JSON.parse(json.stdout).policies[0];
    expect(policy.line).toBe(14);
    expect(policy.column).toBe(5);
    expect(policy.deadline_ms).toBe(2000);
    expect(policy.attempt_time_ms).toBe(1000);
    expect(policy.timeouts).toEqual([
      { role: "deadline", field: "timeout", line: 13, column: 5 },
      { role: "attempt-time", field: "perTryTimeout", line: 16, column: 7 },
    ]);
    expect(deadlineOnly(policy.warnings)).toEqual([{ lint: "unreachable-retries", message: ISTIO_COLLIDING.slice("reviews/v1 (Istio VirtualService): ".length, ISTIO_COLLIDING.indexOf(" (deadline:")) }]);

    const sarif = await runCli(["check", "istio/colliding.yaml", "--format", "sarif"]);
    const doc = JSON.parse(sarif.stdout);
    validateSarif(doc);
    const [result] = doc.runs[0].results;
    expect(result.ruleId).toBe("unreachable-retries");
    expect(result.level).toBe("warning");
    expect(result.message.text).toBe(ISTIO_COLLIDING);
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 14, startColumn: 5 });
    expect(result.relatedLocations.map((l: { physicalLocation: { region: unknown }; message: { text: string } }) => [l.physicalLocation.region, l.message.text])).toEqual([
      [{ startLine: 13, startColumn: 5 }, "the deadline: timeout"],
      [{ startLine: 16, startColumn: 7 }, "the try time: perTryTimeout"],
    ]);
  });

  it("Istio: a comfortable timeout raises nothing; --max-give-up is the latest give-up time", async () => {
    fixture("istio/comfortable.yaml");
    const ok = await runCli(["check", "istio/comfortable.yaml", "--max-give-up", "8172ms", "--format", "json"]);
    expect(ok.code).toBe(0);
    const policy = JSON.parse(ok.stdout).policies[0];
    expect(deadlineOnly(policy.warnings)).toEqual([]);
    expect(policy.assertions).toEqual([{ limit: "max-give-up", ok: true, limit_ms: 8172, actual_ms: 8172, attempt: null, message: "✓ max-give-up 8.2 s: gives up by 8.2 s at the latest, tries of 2 s" }]);
    const broken = await runCli(["check", "istio/comfortable.yaml", "--max-give-up", "8171ms", "--format", "json"]);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).policies[0].assertions[0]).toMatchObject({ ok: false, actual_ms: 8172 });
  });

  it("Envoy: the route timeout, and Envoy's 15 s when it is left out", async () => {
    fixture("envoy/colliding.yaml");
    fixture("envoy/comfortable.yaml");
    const sarif = await runCli(["check", "envoy", "--format", "sarif"]);
    expect(sarif.code).toBe(0);
    const doc = JSON.parse(sarif.stdout);
    validateSarif(doc);
    expect(deadlineOnly(doc.runs[0].results as { ruleId: string; message: { text: string }; locations: { physicalLocation: { region: unknown } }[] }[]).map((r: { message: { text: string }; locations: { physicalLocation: { region: unknown } }[] }) => [r.message.text, r.locations[0]!.physicalLocation.region])).toEqual([
      [ENVOY_COLLIDING, { startLine: 17, startColumn: 19 }],
    ]);
    const json = await runCli(["check", "envoy/comfortable.yaml", "--max-give-up", "6073ms", "--format", "json"]);
    expect(json.code).toBe(0);
    const policy = JSON.parse(json.stdout).policies[0];
    expect(policy.deadline_ms).toBe(15000);
    expect(policy.timeouts).toEqual([
      { role: "deadline", field: "Envoy's default route timeout (15 s)", line: null, column: null, assumed: true, source: "Envoy's default route timeout (15 s)" },
      { role: "attempt-time", field: "per_try_timeout", line: 19, column: 21 },
    ]);
    expect(deadlineOnly(policy.warnings)).toEqual([]);
    expect(policy.assertions[0]).toMatchObject({ limit: "max-give-up", ok: true, actual_ms: 6073 });
  });

  it("Envoy Gateway and Contour: Envoy's 15 s when the policy or route sets no timeout, and the latest give-up within it", async () => {
    for (const [path, giveUp, tryTime] of [
      ["envoy-gateway/comfortable.yaml", 3073, { role: "attempt-time", field: "perRetry.timeout", line: 14, column: 7 }],
      ["contour/comfortable.yaml", 12172, { role: "attempt-time", field: "perTryTimeout", line: 17, column: 7 }],
    ] as const) {
      fixture(path);
      const ok = await runCli(["check", path, "--max-give-up", `${giveUp}ms`, "--format", "json"]);
      expect(ok.code).toBe(0);
      const policy = JSON.parse(ok.stdout).policies[0];
      expect(policy.deadline_ms).toBe(15000);
      expect(policy.timeouts).toEqual([{ role: "deadline", field: "Envoy's default route timeout (15 s)", line: null, column: null, assumed: true, source: "Envoy's default route timeout (15 s)" }, tryTime]);
      expect(deadlineOnly(policy.warnings)).toEqual([]);
      expect(policy.assertions[0]).toMatchObject({ limit: "max-give-up", ok: true, actual_ms: giveUp });
      expect((await runCli(["check", path, "--max-give-up", `${giveUp - 1}ms`])).code).toBe(1);
    }
  });

  it("resilience4j: the time limiter of the same name times each try; with --max-give-up and --deadline", async () => {
    // maxAttempts 4, a fixed 2 s, tries of 1.5 s (timeoutDuration at 11:9): retries start at 3.5, 7 and 10.5 s; the
    // last try ends at 4 × 1.5 + 3 × 2 = 12 s. The policy is the instance's name key, 5:7.
    fixture("resilience4j/application.yml");
    const json = await runCli(["check", "resilience4j/application.yml", "--max-give-up", "12s", "--format", "json"]);
    expect(json.code).toBe(0);
    const policy = JSON.parse(json.stdout).policies[0];
    expect([policy.line, policy.column, policy.attempt_time_ms, "deadline_ms" in policy]).toEqual([5, 7, 1500, false]);
    expect(policy.timeouts).toEqual([{ role: "attempt-time", field: "resilience4j.timelimiter.instances.inventory.timeoutDuration", line: 11, column: 9 }]);
    expect(policy.assertions[0]).toMatchObject({ limit: "max-give-up", ok: true, actual_ms: 12000 });
    expect((await runCli(["check", "resilience4j/application.yml", "--max-give-up", "11999ms"])).code).toBe(1);
    // A 10 s deadline: retry 3 (10.5 s) never starts. No retryExceptions: every exception is retried (line 3).
    const text = await runCli(["check", "resilience4j/application.yml", "--deadline", "10s"]);
    expect(text.stdout.split("\n")[3]).toBe("    retries on every error (no retryExceptions: RetryConfig's default)");
    expect(text.stdout.split("\n")[4]).toBe(
      "    ⚠ unreachable-retries: retry 3 can never fire: the deadline (10 s) ends first; the last retry that fires is 2, giving up at 10 s; each try runs up to 1.5 s (try time: resilience4j.timelimiter.instances.inventory.timeoutDuration at line 11:9)",
    );
  });

  it("Kafka: a producer's request.timeout.ms times each try, delivery.timeout.ms ends it (the preset's limit, counted with the tries)", async () => {
    // request.timeout.ms 30000 (3:1), delivery.timeout.ms 120000: retries start by 30,119, 60,358 and 90,837 ms; retry 4
    // would start at 121,200 ms at the earliest: 3 retries, and the batch expires at 120 s in every run.
    fixture("kafka/producer.properties");
    const json = await runCli(["check", "kafka/producer.properties", "--max-give-up", "2m", "--format", "json"]);
    expect(json.code).toBe(0);
    const policy = JSON.parse(json.stdout).policies[0];
    expect([policy.retries, policy.attempt_time_ms]).toEqual([3, 30000]);
    expect(policy.timeouts).toEqual([{ role: "attempt-time", field: "request.timeout.ms", line: 3, column: 1 }]);
    expect(policy.assertions[0]).toMatchObject({ limit: "max-give-up", ok: true, actual_ms: 120000 });
    expect(policy.warnings).toEqual([]);
    expect((await runCli(["check", "kafka/producer.properties", "--max-give-up", "119999ms"])).code).toBe(1);
  });

  it("unreachable-retries is an error with --unreachable-retries error; --deadline replaces the file's timeout", async () => {
    fixture("istio/colliding.yaml");
    const erred = await runCli(["check", "istio/colliding.yaml", "--unreachable-retries", "error", "--format", "sarif"]);
    expect(erred.code).toBe(1);
    expect(JSON.parse(erred.stdout).runs[0].results[0].level).toBe("error");
    // 10 s: retry 3 starts by 3 s + 172 ms and ends by 4,172 ms.
    const later = await runCli(["check", "istio/colliding.yaml", "--deadline", "10s", "--format", "json"]);
    const policy = JSON.parse(later.stdout).policies[0];
    expect(policy.deadline_ms).toBe(10000);
    expect(policy.timeouts).toEqual([{ role: "attempt-time", field: "perTryTimeout", line: 16, column: 7 }]);
    expect(policy.warnings).toEqual([{ lint: "retries-overload", message: ISTIO_OVERLOAD }]);
    const bad = await runCli(["check", "istio/colliding.yaml", "--unreachable-retries", "fatal"]);
    expect([bad.code, bad.stderr]).toEqual([2, 'error: --unreachable-retries must be warning or error, got "fatal"\n']);
  });

  it("a preset that stops by elapsed time: its limit counted with the tries' time, the deadline beside it", async () => {
    // sidekiq retry_for 60 s: its first wait is 15–24 s, so a 1 s deadline leaves every retry unfired; every run gives
    // up at 1 s. The lint names the deadline, not the library's own limit.
    const short = await runCli(["check", "--preset", "sidekiq", "--max-elapsed", "60s", "--deadline", "1s", "--max-give-up", "5s", "--format", "json"]);
    expect(short.code).toBe(0);
    const [policy] = JSON.parse(short.stdout).policies;
    expect(policy.assertions).toEqual([{ limit: "max-give-up", ok: true, limit_ms: 5000, actual_ms: 1000, attempt: null, message: "✓ max-give-up 5 s: gives up by 1 s at the latest" }]);
    expect(policy.warnings.map((w: { lint: string }) => w.lint)).toEqual(["unreachable-retries", "no-cap"]);
    // kafka with tries of 30 s (request.timeout.ms): retries start by 30,119, 60,358 and 90,837 ms, retry 4 at 121,200 ms
    // at the earliest, past delivery.timeout.ms: 3 retries checked; the batch expires at 120 s in every run, the third
    // try cut. The library's own limit ends the retries: no unreachable-retries.
    const kafka = await runCli(["check", "--preset", "kafka", "--attempt-time", "30s", "--max-give-up", "2m", "--format", "json"]);
    expect(kafka.code).toBe(0);
    const [producer] = JSON.parse(kafka.stdout).policies;
    expect(producer.retries).toBe(3);
    expect(producer.stopping).toBe("kafka stops by delivery.timeout.ms (120,000 ms) after 122 to 152 retries, as the jitter falls; with tries of 30 s, delivery.timeout.ms (120,000 ms) allows at most 3 retries");
    expect(producer.assertions[0]).toMatchObject({ limit: "max-give-up", ok: true, actual_ms: 120000 });
    expect(producer.warnings).toEqual([]);
    expect((await runCli(["check", "--preset", "kafka", "--attempt-time", "30s", "--max-give-up", "119999ms"])).code).toBe(1);
  });

  // Each shape's colliding and comfortable fixture: the finding's sentence and places (text report), the exit code.
  // Step Functions: waits 2, 4, 8, 16 s (IntervalSeconds 2, BackoffRate 2), tries of 20 s (the Task's
  // TimeoutSeconds, 8:7): retries start at 22, 46, 74, 112 s; the machine's 60 s (3:3) leaves 3–4 unfired,
  // retry 2 (46–66 s) cut short. At 300 s every one fires: the last try ends at 5 × 20 + 30 = 130 s.
  // gRPC: maxAttempts 5 (4 retries), initialBackoff 0.2s doubling to 1s, grpc-retry's ±20 %: waits 160–240,
  // 320–480, 640–960, 800–1,200 ms; tries of 100 ms (--attempt-time, gRPC has none): retry 1 at 260–340 ms,
  // retry 2 at 680 ms at the earliest, past the 0.5s timeout (5:7). At 10s the last try ends by 3.42 s.
  // Kubernetes Job: waits 10, 20, 40, 80, 160, 320 s, pods of 60 s (the pod's activeDeadlineSeconds, 10:7):
  // retries start at 70, 150, 250, 390 s…; the Job's 300 s (7:3) leaves 4–6 unfired. At 1,200 s the last
  // pod ends at 7 × 60 + 630 = 1,050 s.
  // Argo: waits 10, 20, 40, 80 s, pods of 30 s (the template's activeDeadlineSeconds, 10:5): retries start at
  // 40, 90, 160, 250 s; the workflow's 120 s (7:3) leaves 3–4 unfired, retry 2 ends at 120 s, in time.
  // Envoy Gateway: requestTimeout 2s (13:7), numRetries 4, perRetry.timeout 500ms (17:7), baseInterval 100ms
  // (maxInterval 1s): Envoy's waits 0–99, 0–199, 0–399, 0–799 ms. Retry a starts at a × 500 ms + the waits:
  // retry 1 at 500–599, retry 2 at 1,000–1,298 (ends by 1,798: every run), retry 3 at 1,500–2,197 (before 2 s in
  // some runs only), retry 4 at 2,000 at the earliest: never. The policy is the retry key, 14:3.
  // Envoy Gateway, comfortable: no requestTimeout, so Envoy's 15 s; 2 retries of 1 s tries, Envoy's 25 ms base:
  // retry 2 ends by 3 s + 24 + 49 ms = 3,073 ms.
  // Contour: timeoutPolicy.response 1s (16:7), count 3, perTryTimeout 400ms (19:7), Envoy's 25 ms base: waits
  // 0–24, 0–49, 0–99 ms; retry 1 at 400–424 ms, retry 2 at 800–873 (its try cut at 1 s), retry 3 at 1,200 at the
  // earliest: never. The policy is the retryPolicy key, 17:5.
  // Contour, comfortable: no timeoutPolicy, so Envoy's 15 s; 3 retries of 3 s tries: retry 3 ends by
  // 4 × 3 s + 24 + 49 + 99 ms = 12,172 ms.
  it.each([
    ["envoy-gateway/colliding.yaml", [], "checkout (Envoy Gateway BackendTrafficPolicy, line 14:3)", "retry 4 can never fire: the deadline (2 s) ends first; the last retry that fires in every run is 2, in some runs 3, giving up at 2 s; each try runs up to 500 ms (deadline: timeout.http.requestTimeout at line 13:7; try time: perRetry.timeout at line 17:7)"],
    ["envoy-gateway/comfortable.yaml", [], "checkout (Envoy Gateway BackendTrafficPolicy, line 11:3)", null],
    ["contour/colliding.yaml", [], "storefront/routes[0] (prefix /api) (Contour HTTPProxy, line 17:5)", "retry 3 can never fire: the deadline (1 s) ends first; the last retry that fires is 2, giving up at 1 s; each try runs up to 400 ms (deadline: timeoutPolicy.response at line 16:7; try time: perTryTimeout at line 19:7)"],
    ["contour/comfortable.yaml", [], "storefront/routes[0] (prefix /api) (Contour HTTPProxy, line 15:5)", null],
    ["step-functions/colliding.asl.json", [], "Charge (AWS Step Functions, line 10:9)", "retries 3–4 can never fire: the deadline (1 min) ends first; the last retry that fires is 2, giving up at 1 min; each try runs up to 20 s (deadline: the state machine's TimeoutSeconds at line 3:3; try time: the Task's TimeoutSeconds at line 8:7)"],
    ["step-functions/comfortable.asl.json", [], "Charge (AWS Step Functions, line 10:9)", null],
    // Every client's bounds (issue 36, item 5): grpc-java may wait 0 ms, so retries at 100, 200, 300, 400 ms fire in some runs.
    // Every client draws ±20 % at its newest release (grpc-java since 1.71), so the bounds of all are one client's.
    ["grpc/colliding.json", ["--attempt-time", "100ms"], "shop.Orders (gRPC service config, line 6:7)", "retries 2–4 can never fire: the deadline (500 ms) ends first; the last retry that fires is 1, giving up at 500 ms; each try runs up to 100 ms (deadline: timeout at line 5:7)"],
    ["grpc/colliding.json", ["--attempt-time", "100ms", "--grpc-client", "go"], "shop.Orders (gRPC service config, line 6:7)", "retries 2–4 can never fire: the deadline (500 ms) ends first; the last retry that fires is 1, giving up at 500 ms; each try runs up to 100 ms (deadline: timeout at line 5:7)"],
    ["grpc/comfortable.json", ["--attempt-time", "100ms"], "shop.Orders (gRPC service config, line 6:7)", null],
    ["kubernetes/colliding.yaml", [], "import (Kubernetes Job, line 6:3)", "retries 4–6 can never fire: the deadline (5 min) ends first; the last retry that fires is 3, giving up at 5 min; each try runs up to 1 min (deadline: the Job's activeDeadlineSeconds at line 7:3; try time: the pod's activeDeadlineSeconds at line 10:7)"],
    ["kubernetes/comfortable.yaml", [], "import (Kubernetes Job, line 6:3)", null],
    ["argo/colliding.yaml", [], "etl/load (Argo Workflows, line 11:5)", "retries 3–4 can never fire: the deadline (2 min) ends first; the last retry that fires is 2, giving up at 2 min; each try runs up to 30 s (deadline: the workflow's activeDeadlineSeconds at line 7:3; try time: the template's activeDeadlineSeconds at line 10:5)"],
    ["argo/comfortable.yaml", [], "etl/load (Argo Workflows, line 11:5)", null],
  ] as const)("%s", async (path, flags, heading, finding) => {
    fixture(path);
    const result = await runCli(["check", path, ...flags]);
    expect(result.code).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[1]).toBe(`  ✓ ${heading}`);
    expect(lines.filter((line) => line.startsWith("    ⚠ unreachable-retries: "))).toEqual(finding === null ? [] : [`    ⚠ unreachable-retries: ${finding}`]);
    expect((await runCli(["check", path, ...flags, "--unreachable-retries", "error"])).code).toBe(finding === null ? 0 : 1);
  });
});
