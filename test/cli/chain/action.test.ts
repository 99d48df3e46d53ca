import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";

// `backoff chain`, through run(argv, io). The figures are worked by hand in the comments; the
// calculator's `attempts` counts retries (fixed:attempts=2 makes 3 tries).

const lines = (text: string) => text.trimEnd().split("\n");

async function chain(args: readonly string[], options: Parameters<typeof runCli>[1] = {}) {
  const result = await runCli(["chain", ...args], options);
  expect(result.stderr, result.stderr).toBe("");
  expect(result.code).toBe(0);
  return result.stdout;
}

const FIVE = Array.from({ length: 5 }, () => "fixed:attempts=2");

describe("backoff chain: what reaches the backend", () => {
  it("five layers of fixed:attempts=2 report 243 calls at the bottom, and say that they count tries", async () => {
    const out = await chain(FIVE);
    // 3 tries a layer: 3, 9, 27, 81, 243 calls sent down.
    expect(out).toContain("243 calls reach the backend for each call at the top when every call fails: 3 × 3 × 3 × 3 × 3 tries.");
    expect(out).toContain("Counted in tries, 1 + retries: a layer that retries 2 times makes 3 tries.");
    expect(out).toContain("More than one layer retries (layers 1, 2, 3, 4, 5)");
  });

  it("piped or saved (not a terminal, no COLUMNS), the table is whole, as every command writes to a pipe (issue 39, item 5)", async () => {
    const out = await chain(["bullmq", "sidekiq", "envoy", "--rps", "100"]);
    expect(out).not.toContain("Left out");
    // Every column, each under its full head (the short ones are #, retr., gives up).
    expect(lines(out)[1]!.split("│").map((head) => head.trim()).filter(Boolean)).toEqual(["layer", "policy", "tries", "retries", "calls", "budget", "budgeted", "gives up after"]);
    // A terminal of 80 columns still gets the table fitted to it.
    expect(await chain(["bullmq", "sidekiq", "envoy", "--rps", "100"], { isTTY: true, columns: 80 })).toContain("Left out to fit 80 columns: budget.");
  });

  it("CSV: one row per layer and a last row marked total; the give-up time composes up from --attempt-time", async () => {
    // Waits of 1 s (fixed's default base). Bottom: 3 × 100 ms + 2 × 1 s = 2.3 s; above it
    // 3 × 2.3 s + 2 s = 8.9 s; the top 3 × 8.9 s + 2 s = 28.7 s.
    expect(lines(await chain(["fixed:attempts=2", "fixed:attempts=2", "fixed:attempts=2", "--attempt-time", "100ms", "--format", "csv"]))).toEqual([
      "layer,policy,tries,retries,worst_case_calls,expected_calls,budget,budget_limited_calls,full_bucket_retries,per_try_timeout_ms,give_up_ms,give_up_min_ms,give_up_max_ms,failure,retried",
      "1,fixed:attempts=2,3,2,3,3,,3,,,28700,28700,28700,,",
      "2,fixed:attempts=2,3,2,9,9,,9,,,8900,8900,8900,,",
      "3,fixed:attempts=2,3,2,27,27,,27,,,2300,2300,2300,,",
      "total,,,,27,27,,27,,,28700,28700,28700,,",
    ]);
  });

  it("--failure-rate 0.5 on two layers of 3 tries: 1.140625 and 1.99609375 expected (worst case 3 and 9)", async () => {
    // Bottom: 1 + 0.5 + 0.25 = 1.75 tries, failing with 0.125; top: 1 + 0.125 + 0.015625 = 1.140625;
    // at the backend 1.140625 × 1.75 = 1.99609375.
    const csv = lines(await chain(["fixed:attempts=2", "fixed:attempts=2", "--failure-rate", "50%", "--format", "csv"]));
    expect(csv.map((line) => line.split(",").slice(4, 6).join(","))).toEqual(["worst_case_calls,expected_calls", "3,1.140625", "9,1.99609375", "9,1.99609375"]);
  });

  it("an Envoy budget of 20% at a full outage: 1 + 200/801 calls per call at 1,000 rps, the floor of 3 at 10 rps, all at 1 rps", async () => {
    // Tries of 1 s, waits of 1 ms, 2 retries. Per call, S retries let through hold S × 1.001 s of
    // retry slot beside (1 + S) × 1 s of active requests: 1.001 S ≤ 0.2 (1 + S) → S = 200/801,
    // 1001/801 = 1.24968789 calls. At 10 rps the floor: 10 × S × 1.001 ≤ 3 → S = 3/10.01,
    // 1.2997003 (above the percentage's 1.2497). At 1 rps 2 retries in flight at most: all 3 tries.
    const total = async (rps: string) => lines(await chain(["fixed:base=1ms,attempts=2@envoy", "--rps", rps, "--attempt-time", "1s", "--format", "csv"])).at(-1)!.split(",")[7];
    expect(await total("1000")).toBe("1.24968789");
    expect(await total("10")).toBe("1.2997003");
    expect(await total("1")).toBe("3");
  });

  it("aws-sdk over istio over resilience4j: 3 × 3 × 3 = 27; the SDK's retry quota is on by default and binds at a full outage", async () => {
    const json = JSON.parse(await chain(["aws-sdk", "istio", "resilience4j", "--format", "json"]));
    expect(json.layers.map((layer: { tries: number }) => layer.tries)).toEqual([3, 3, 3]);
    expect(json.total.worst_case_calls).toBe(27);
    // The quota: 500 tokens, 14 a retry (@smithy/core 3.41.1): 35 retries from a full bucket, none in
    // steady state when nothing succeeds; so the SDK makes 1 try and the backend sees 1 × 3 × 3 = 9.
    expect(json.layers[0].budget).toMatchObject({ kind: "aws-quota", tokens: 500, cost: 14, by_default: true, binds: true, full_bucket_retries: 35, grant: 0 });
    expect(json.total.budget_limited_calls).toBe(9);
    expect(json.verdicts).toEqual([
      { kind: "stacked-retries", layers: [1, 2, 3] },
      { kind: "budget-binds", layer: 1, tries_per_call_without: 3, tries_per_call_with: 1 },
    ]);
  });

  it("contour has Envoy's max_retries breaker by default, as envoy does (Contour writes no circuit_breakers): 1 + 3/1012 at 1,000 rps", async () => {
    // One retry of 1 s tries after a wait of U{0..24} ms (mean 12 ms): each retry holds a slot 1.012 s, so 3 slots at
    // 1,000 retries asked for a second let through 3 / 1012 of them: 1 + 3/1012 = 1.0029644268… calls.
    for (const preset of ["contour", "envoy"]) {
      const total = lines(await chain([preset, "--rps", "1000", "--attempt-time", "1s", "--format", "csv"])).at(-1)!.split(",");
      expect([total[4], total[7]]).toEqual(["2", "1.002964427"]);
      const json = JSON.parse(await chain([preset, "--rps", "1000", "--attempt-time", "1s", "--format", "json"]));
      expect(json.layers[0].budget).toMatchObject({ kind: "envoy-max-retries", max_retries: 3, by_default: true });
    }
  });

  it('"@none" turns a default budget off; "@envoy" adds Envoy\'s retry budget', async () => {
    // istio (2 retries) over one try at the bottom, 1 s each, no rps floor issue at 1,000 rps:
    // 0.25 retries per call (Envoy counts the retries' own requests as active): 1.25 calls per call.
    const json = JSON.parse(await chain(["aws-sdk@none", "istio@envoy", "--rps", "1000", "--attempt-time", "1s", "--format", "json"]));
    expect(json.layers[0].budget).toBeNull();
    expect(json.layers[1].budget).toMatchObject({ kind: "envoy-budget", budget_percent: 20, min_retry_concurrency: 3, binds: true });
    expect(json.layers[1].budget_limited_calls / json.layers[0].budget_limited_calls).toBeGreaterThan(1.2);
  });

  it("says which input a budget needs when it is missing", async () => {
    const out = await chain(["istio@envoy"]);
    expect(out).toContain("Layer 1: Envoy retry budget (20% of active requests, at least 3 retries in flight): its steady state needs --attempt-time.");
  });

  it("reads a config's chain: SPECs, objects with a per-try timeout and a budget, and a named policy", async () => {
    const dir = tempFiles({
      "chain.json": JSON.stringify({
        chain: [{ name: "mesh", spec: "fixed:attempts=2", "per-try-timeout": "2s" }, { policy: "db" }],
        policies: { db: { strategy: "fixed", base: "1s", attempts: 2 } },
        "attempt-time": "100ms",
      }),
    });
    // db: 3 × 100 ms + 2 s = 2.3 s; mesh: tries cut at 2 s: 3 × 2 s + 2 s = 8 s.
    const csv = lines(await chain(["--config", join(dir, "chain.json"), "--format", "csv"]));
    expect(csv[1]).toBe("1,mesh,3,2,3,3,,3,,2000,8000,8000,8000,,");
    expect(csv[2]).toBe("2,db,3,2,9,9,,9,,,2300,2300,2300,,");
  });

  it("fits 60 columns: columns left out are named, the summary wraps", async () => {
    const out = await chain(["aws-sdk", "istio@envoy", "resilience4j", "--rps", "100", "--attempt-time", "50ms"], { isTTY: true, columns: 60, env: { NO_COLOR: "1" } });
    for (const line of lines(out)) expect(line.length, line).toBeLessThanOrEqual(60);
    const wide = await chain(["aws-sdk", "istio@envoy", "resilience4j", "--rps", "100", "--attempt-time", "50ms"], { isTTY: true, columns: 80, env: { NO_COLOR: "1" } });
    for (const line of lines(wide)) expect(line.length, line).toBeLessThanOrEqual(80);
  });
});

describe("backoff chain: a layer's name from a file cannot forge output (issue 38, item 4)", () => {
  // A name with an escape sequence, a line that would be a GitHub workflow command, a control character, CSV and Markdown delimiters.
  const dir = () =>
    tempFiles({
      "chain.json": JSON.stringify({ chain: [{ spec: "fixed:attempts=2", name: "a\u001b[31mred\n::warning file=x::forged" }, { spec: "fixed:attempts=2", name: 'ctl\u0001,"q|p' }] }),
    });
  const escaped = ["a\\x1b[31mred\\n::warning file=x::forged", 'ctl\\x01,"q|p'];

  it("table, CSV, TSV and Markdown write its control characters as escapes; no line begins with ::", async () => {
    const config = join(dir(), "chain.json");
    for (const format of ["table", "csv", "tsv", "markdown"]) {
      const out = await chain(["--config", config, "--format", format], { env: { GITHUB_ACTIONS: "true" }, columns: 200 });
      // No control character but the line ends and TSV's tabs.
      expect(out, format).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      for (const line of lines(out)) expect(line.startsWith("::"), line).toBe(false);
    }
    const csv = lines(await chain(["--config", config, "--format", "csv"]));
    // Fixed 1 s waits: 3 tries a layer, 2 s to give up at the bottom, 3 × 0 + 2 s + 3 × 2 s = 8 s at the top.
    expect(csv.slice(1, 3)).toEqual([`1,${escaped[0]},3,2,3,3,,3,,,8000,8000,8000,,`, `2,"${escaped[1]!.replace(/"/g, '""')}",3,2,9,9,,9,,,2000,2000,2000,,`]);
    expect(lines(await chain(["--config", config, "--format", "markdown"]))[3]).toBe(`| 2 | ${escaped[1]!.replace("|", "\\|")} | 3 | 2 | 9 | 9 | 2 s |`);
    // JSON escapes them itself: the name comes back as it was.
    expect(JSON.parse(await chain(["--config", config, "--format", "json"])).layers[0].policy).toBe("a\u001b[31mred\n::warning file=x::forged");
  });
});

describe("backoff chain: bad input is one line and exit 2", () => {
  const cases: Array<[string, readonly string[], string]> = [
    ["no layer", [], "error: chain needs its layers, outermost first"],
    ["a strategy without a count", ["fixed"], 'error: chain "fixed": how many retries does it make? write attempts=N'],
    ["a policy that never stops", ["grpc"], 'error: chain "grpc": grpc retries forever'],
    ["an unknown budget", ["istio@envy"], 'error: chain "istio@envy": no budget "envy"; did you mean envoy?'],
    ["gRPC throttling without its values", ["istio@grpc"], "error: chain \"istio@grpc\": grpc needs max-tokens and token-ratio"],
    ["a failure rate above 1", ["istio", "--failure-rate", "1.5"], "error: --failure-rate must be at most 1 (100%)"],
    ["a rate of 0", ["istio", "--rps", "0"], "error: --rps must be more than 0"],
    ["SPECs and a config together", ["istio", "--config", "x.json"], "error: chain takes its layers as SPECs or from --config's \"chain\", not both"],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const result = await runCli(["chain", ...args]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr.split("\n").filter((line) => line !== "")).toHaveLength(1);
      expect(result.stderr.startsWith(message), result.stderr).toBe(true);
    });
  }
});

// Issue 41, item 5: what the failing tries fail with. A layer whose conditions do not retry the
// failure makes one try and passes it up (core/chain/failure.ts, chain.ts). Istio's default
// (istio/istio pilot/pkg/networking/core/route/retry/retry.go at 126806ab, the istio preset:
// connect-failure, refused-stream, unavailable, cancelled, retriable-status-codes with 503) over a
// layer that retries connection failures only (retry-on=connection), each 2 retries, 3 tries.
describe("backoff chain --failure: 503s against connection resets", () => {
  const LAYERS = ["istio", "fixed:attempts=2,retry-on=connection"];
  const figures = async (failure: string) => {
    const doc = JSON.parse(await chain([...LAYERS, "--failure", failure, "--failure-rate", "50%", "--format", "json"]));
    return {
      failure: doc.failure,
      layers: doc.layers.map((l: { tries: number; retries: number; worst_case_calls: number; expected_calls: number; retried: unknown }) => [l.tries, l.retries, l.worst_case_calls, l.expected_calls, l.retried]),
      total: [doc.total.worst_case_calls, doc.total.expected_calls],
    };
  };

  it("503: Istio retries it, the bottom layer does not: 3 × 1 = 3 calls at worst, 1.75 expected at 50%", async () => {
    // The bottom makes 1 try, failing with 0.5; Istio's 3 tries: 1 + 0.5 + 0.5² = 1.75 tries per call,
    // each one call at the backend: 1.75.
    expect(await figures("503")).toEqual({
      failure: { name: "503", text: "503 Service Unavailable" },
      layers: [
        [3, 2, 3, 1.75, { retried: "yes", by: "503" }],
        [1, 0, 3, 1.75, { retried: "no", policy_retries: 2 }],
      ],
      total: [3, 1.75],
    });
  });

  it("connection resets: both retry: 3 × 3 = 9 calls at worst, 1.99609375 expected at 50%", async () => {
    // The bottom: 1 + 0.5 + 0.25 = 1.75 tries a call, failing with 0.5³ = 0.125; Istio: 1 + 0.125 +
    // 0.125² = 1.140625 tries; at the backend 1.140625 × 1.75 = 1.99609375 ("reset" is connection).
    expect(await figures("reset")).toEqual({
      failure: { name: "connection", text: "connection failures" },
      layers: [
        [3, 2, 3, 1.140625, { retried: "yes", by: "connection failures" }],
        [3, 2, 9, 1.99609375, { retried: "yes", by: "connection failures" }],
      ],
      total: [9, 1.99609375],
    });
  });

  it("the text says which layer retries it; CSV ends each layer's row with the failure and whether it is retried", async () => {
    const text = await chain([...LAYERS, "--failure", "overload"]);
    expect(text).toContain("3 calls reach the backend for each call at the top when every call fails with 503 Service Unavailable: 3 × 1 tries.\n");
    expect(text).toContain("With 503 Service Unavailable at the bottom: layer 1 retries it (503); layer 2 does not (it retries on connection failures): one try, passing it up.\n");
    expect(text).toContain("Only layer 1 retries: a single retry point.\n");
    const csv = lines(await chain([...LAYERS, "--failure", "503", "--format", "csv"])).map((row) => row.split(",").slice(-2).join(","));
    expect(csv).toEqual(["failure,retried", "503,yes", "503,no", "503,"]);
  });

  it("a layer whose conditions are not known is counted as retrying (the larger figure); retry-on=none retries nothing", async () => {
    const doc = JSON.parse(await chain(["fixed:attempts=2", "fixed:attempts=1,retry-on=none", "--failure", "503", "--format", "json"]));
    expect(doc.layers.map((l: { tries: number; retried: unknown }) => [l.tries, l.retried])).toEqual([
      [3, { retried: "assumed", why: "what it retries on is not known" }],
      [1, { retried: "no", policy_retries: 1 }],
    ]);
    expect(doc.total.worst_case_calls).toBe(3);
  });

  it("a failure or a retry-on word chain does not know: exit 2, the words it takes named", async () => {
    expect(await runCli(["chain", "istio", "--failure", "404"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: --failure takes 503 (overload), 429 (throttled), 500, 502, 504, connection (reset), timeout, unavailable, resource-exhausted; got \"404\"\n",
    });
    expect((await runCli(["chain", "fixed:attempts=2,retry-on=conection"])).stderr).toBe(
      'error: chain "fixed:attempts=2,retry-on=conection": retry-on takes 503, 429, 500, 502, 504, connection, timeout, unavailable, resource-exhausted, 5xx, every, none; got "conection"\n',
    );
  });

  it("a config's {\"policy\": \"FILE#NAME\"} layer retries on what its file says: the incident's route, fixed, does not retry 503", async () => {
    // scaleapi/llm-engine #866's VirtualService after the fix: retryOn connect-failure,unavailable,502,504
    // (numbers replace Istio's default 503: retry.go parseRetryOn), attempts 3.
    const dir = tempFiles({
      "vs.yaml":
        "apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: {name: llm-engine}\nspec:\n  hosts: [llm-engine]\n  http:\n  - name: default\n    route:\n    - destination: {host: llm-engine}\n    retries: {attempts: 3, retryOn: 'connect-failure,unavailable,502,504'}\n",
      "chain.json": JSON.stringify({ chain: ["fixed:attempts=2", { policy: "vs.yaml#llm-engine/default", name: "mesh" }] }),
    });
    const run = async (failure: string) => JSON.parse(await chain(["--config", join(dir, "chain.json"), "--failure", failure, "--format", "json"]));
    // 503: the mesh passes it up (1 try), the top layer (conditions not known) retries: 3 × 1 = 3.
    const overload = await run("503");
    expect(overload.layers.map((l: { tries: number; retried: { retried: string } }) => [l.tries, l.retried.retried])).toEqual([[3, "assumed"], [1, "no"]]);
    expect(overload.total.worst_case_calls).toBe(3);
    // 502: the mesh retries it 3 times, 4 tries: 3 × 4 = 12.
    const gateway = await run("502");
    expect(gateway.layers[1].retried).toEqual({ retried: "yes", by: "502" });
    expect(gateway.total.worst_case_calls).toBe(12);
  });
});
