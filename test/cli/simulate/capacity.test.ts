import { describe, expect, it } from "vitest";
import { MAX_FLOW_STEPS, checkCapacityWork, checkFlowWork } from "../../../src/cli/simulate/capacity.js";
import { runCli } from "../../support/cli.js";
import { parseCsv } from "../../support/csv.js";

const capacity = (...args: string[]) => runCli(["simulate", "--model", "capacity", ...args]);

// The storm of docs/simulate.md: 500 requests/s into 1,000 calls/s, a 10 s stall, 3 retries with full jitter.
const STORM = ["--outage", "10s..20s", "--base", "100ms", "--cap", "1s", "--jitter", "full", "--attempts", "3"];

describe("backoff simulate --model capacity", () => {
  it("worked by hand: no retries, evenly spaced: calls = arrivals, all answered", async () => {
    // 10 requests/s for 2 s: arrivals at 0, 100, …, 1900 ms; 10 per 1 s window, each answered 1 ms later.
    const { code, stdout } = await capacity("--rps", "10", "--arrivals", "uniform", "--duration", "2s", "--attempts", "0", "--format", "csv");
    expect(code).toBe(0);
    const rows = parseCsv(stdout);
    expect(rows.map((r) => [r["start_ms"], r["arrivals"], r["calls"], r["succeeded"], r["failed"]])).toEqual([
      ["0", "10", "10", "10", "0"],
      ["1000", "10", "10", "10", "0"],
    ]);
  });

  it("worked by hand: an outage of errors over the whole run, 3 retries 10 ms apart: 4 calls per request", async () => {
    const { stdout } = await capacity("--rps", "10", "--arrivals", "uniform", "--duration", "1s", "--outage", "0..1s", "--outage-kind", "errors", "--strategy", "fixed", "--base", "10ms", "--attempts", "3", "--format", "json");
    const json = JSON.parse(stdout);
    expect(json.totals).toMatchObject({ arrivals: 10, calls: 40, retries: 30, outage_failures: 40, gave_up: 10 });
    expect(json.recovery).toEqual({ kind: "outage-to-end" });
  });

  it("JSON keeps one shape whatever the number of --compare items: a variants array for one too, keys in snake_case (issue 39, item 6)", async () => {
    // The errors case above as the one variant of --compare: the same totals, under variants[0].
    const args = ["--rps", "10", "--arrivals", "uniform", "--duration", "1s", "--outage", "0..1s", "--outage-kind", "errors", "--strategy", "fixed", "--base", "10ms", "--attempts", "3", "--format", "json"];
    const one = JSON.parse((await capacity(...args, "--compare", "none")).stdout);
    expect(Object.keys(one)).toEqual(["model", "setup", "variants"]);
    expect(one.variants).toHaveLength(1);
    expect(one.variants[0].totals).toMatchObject({ arrivals: 10, calls: 40, retries: 30, outage_failures: 40, gave_up: 10 });
    const two = JSON.parse((await capacity(...args, "--compare", "none,no-retries")).stdout);
    expect(Object.keys(two)).toEqual(["model", "setup", "variants"]);
    expect(Object.keys(two.variants[1])).toEqual(Object.keys(one.variants[0]));
    const metastable = JSON.parse((await capacity(...STORM, "--duration", "30s", "--format", "json")).stdout).recovery;
    for (const key of Object.keys(metastable)) expect(key, key).toMatch(/^[a-z_]+$/);
  });

  it("the storm outlasts its stall without a limit and drains with a 10% budget", async () => {
    const plain = await capacity(...STORM, "--no-color");
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain("Metastable: 40 s after the stall ended, retries still keep the server failing, though the arrivals alone (500/s) are 50% of its capacity.");
    const budget = await capacity(...STORM, "--retry-budget", "10%", "--no-color");
    expect(budget.stdout).toMatch(/Recovered \d s after the stall ended/);
    expect(budget.stdout).toContain("Limits: retry budget 10%.");
  });

  it("--compare: each variant on the same arrivals, one row each", async () => {
    const { stdout } = await capacity(...STORM, "--compare", "none,budget=10%,quota,throttling=10/0.1,breaker=50%/5s,no-retries,budget=20%+breaker", "--format", "csv");
    const rows = parseCsv(stdout);
    expect(rows.map((r) => r["variant"])).toEqual([
      "no-limit",
      "retry-budget-10%",
      "AWS-retry-quota",
      "gRPC-retry-throttling-10/0.1",
      "circuit-breaker-50%",
      "no-retries",
      "retry-budget-20%-+-circuit-breaker-50%",
    ]);
    expect(new Set(rows.map((r) => r["arrivals"])).size).toBe(1);
    expect(rows[0]!["recovery"]).toBe("metastable");
    for (const row of rows.slice(1)) expect(row["recovery"]).toBe("recovered");
    expect(rows[5]!["retries"]).toBe("0");
  });

  it("--compare-jitter: the calculator's five modes, on the same arrivals", async () => {
    const rows = parseCsv((await capacity(...STORM.slice(0, 6), "--compare-jitter", "--duration", "30s", "--format", "csv")).stdout);
    expect(rows.map((r) => r["variant"])).toEqual(["jitter-none", "jitter-0.2", "jitter-full", "jitter-equal", "jitter-decorrelated"]);
  });

  it("a preset's own retries", async () => {
    const { code, stdout } = await capacity("--outage", "10s..20s", "--preset", "aws-sdk", "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).setup.retries).toMatch(/^aws-sdk/);
  });

  it("the table fits 80 and 60 columns; SVG draws the timeline", async () => {
    for (const columns of [80, 60]) {
      const { stdout } = await runCli(["simulate", "--model", "capacity", ...STORM, "--window", "5s"], { isTTY: true, columns });
      for (const line of stdout.trimEnd().split("\n")) expect([...line.replace(/\x1b\[[0-9;]*m/g, "")].length, line).toBeLessThanOrEqual(columns);
    }
    const svg = await capacity(...STORM, "--format", "svg");
    expect(svg.stdout).toContain('<rect class="band"');
    expect(svg.stdout.match(/<polyline class="series"/g)).toHaveLength(4);
  });

  it("SVG with --compare: each variant's calls and answers over time on the same arrivals, its verdict in the legend", async () => {
    const { code, stdout } = await capacity(...STORM, "--compare", "none,budget=10%", "--format", "svg");
    expect(code).toBe(0);
    // Calls: two variants and the arrivals; answered: two variants.
    expect(stdout.match(/<polyline class="series"/g)).toHaveLength(5);
    expect(stdout).toContain(">no limit (metastable)</text>");
    expect(stdout).toMatch(/>retry budget 10% \(recovered, \d s drain\)<\/text>/);
    expect(stdout.match(/<rect class="band"/g)).toHaveLength(2);
  });

  it("bad values and other models' options: one line, exit 2", async () => {
    const cases: [string[], string][] = [
      [["--rps", "0"], "error: --rps must be a positive rate of requests per second such as 500, got \"0\"\n"],
      [["--outage", "20s..10s"], "error: --outage must end after it starts, got \"20s..10s\"\n"],
      [["--outage", "10s"], "error: --outage must be START..END such as 10s..20s, got \"10s\"\n"],
      [["--outage-kind", "errors"], "error: --outage-kind needs --outage START..END\n"],
      [["--outage", "1s..2s", "--timeout", "none"], "error: --outage-kind stall fails calls only by the client's timeout: give --timeout, or --outage-kind errors\n"],
      [["--arrivals", "bursty"], "error: --arrivals must be poisson or uniform, got \"bursty\"\n"],
      [["--retry-budget", "ten"], "error: --retry-budget must be a percentage such as 10%, got \"ten\"\n"],
      [["--retry-throttling", "10/2"], "error: --retry-throttling's token ratio must be at most 1 with up to 3 decimals (gRFC A6), got \"2\"\n"],
      [["--compare", "none,magic"], "error: --compare items are none, no-retries, budget=R%, quota, throttling and breaker (limits joined by +), got \"magic\"\n"],
      [["--compare", "none", "--retry-budget", "10%"], "error: --compare names the limits of each variant; leave out --retry-budget, --retry-quota, --retry-throttling and --circuit-breaker\n"],
      [["--clients", "5"], "error: --clients does not apply to --model capacity\n"],
      [["--runs", "5"], "error: --runs does not apply to --model capacity\n"],
      [["--duration", "100m", "--window", "1ms"], "error: a table of 6,000,000 windows is too long to read; use --format csv or tsv (which stream), or a longer --window\n"],
      [["--duration", "1000m", "--window", "1ms", "--format", "csv"], "error: --duration over --window makes 60,000,000 windows, more than 10,000,000; give a longer --window\n"],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await capacity(...args);
      expect([code, stdout, stderr], args.join(" ")).toEqual([2, "", message]);
    }
  });
});

describe("the work is counted before a run starts (issue 38)", () => {
  it("requests × (1 + retries) per variant, at most 16,000,000 calls", () => {
    // 1,000 requests/s for 4,000 s: 4,000,000 requests, 4 calls each at worst: exactly the limit.
    expect(() => checkCapacityWork(1000, 4_000_000, [3])).not.toThrow();
    expect(() => checkCapacityWork(1000, 4_000_001, [3])).toThrow(
      "--rps × --duration makes 4,000,001 requests, up to 16,000,004 calls if every try fails, more than 16,000,000; lower --rps, --duration or --attempts",
    );
    // Two variants, one without retries: 3,200,000 × (4 + 1) = 16,000,000.
    expect(() => checkCapacityWork(800, 4_000_000, [3, 0])).not.toThrow();
    expect(() => checkCapacityWork(800, 4_000_002, [3, 0])).toThrow(/3,200,002 requests, up to 16,000,010 calls if every try fails over 2 variants/);
  });

  it("the documented maximum --rps over a minute, and over ten days, is refused at once", async () => {
    for (const [duration, requests, calls] of [[[], "600,000,000", "2,400,000,000"], [["--duration", "10d"], "8,640,000,000,000", "34,560,000,000,000"]] as const) {
      const { code, stderr } = await runCli(["simulate", "--model", "capacity", "--rps", "10000000", ...duration]);
      expect([code, stderr]).toEqual([2, `error: --rps × --duration makes ${requests} requests, up to ${calls} calls if every try fails, more than 16,000,000; lower --rps, --duration or --attempts, or add --expected (expected counts, whose cost follows the simulated time, not the calls)\n`]);
    }
  });

  it("issue 40's storm, refused sampled, points to --expected, which answers it; a preset's sampled jitter is not pointed there", async () => {
    // 10,000 requests/s for 10 min: 6,000,000 requests, 4 calls each at worst.
    const storm = ["--rps", "10000", "--capacity", "20000", "--concurrency", "20", "--duration", "10m", "--window", "10s", "--base", "100ms", "--cap", "1s", "--jitter", "full", "--attempts", "3", "--outage", "1m..2m"];
    expect(await capacity(...storm)).toEqual({ code: 2, stdout: "", stderr: "error: --rps × --duration makes 6,000,000 requests, up to 24,000,000 calls if every try fails, more than 16,000,000; lower --rps, --duration or --attempts, or add --expected (expected counts, whose cost follows the simulated time, not the calls)\n" });
    expect((await capacity(...storm, "--expected", "--format", "csv")).code).toBe(0);
    const preset = await capacity("--rps", "10000", "--duration", "10m", "--preset", "aws-sdk");
    expect(preset.stderr).toMatch(/; lower --rps, --duration or --attempts\n$/);
  });
});

describe("backoff simulate --model capacity --expected: expected counts (the flow model)", () => {
  it("worked by hand: an outage of errors over the whole run, 3 retries 10 ms apart: 4 calls per request, no seed", async () => {
    const { code, stdout } = await capacity("--rps", "10", "--arrivals", "uniform", "--duration", "1s", "--outage", "0..1s", "--outage-kind", "errors", "--strategy", "fixed", "--base", "10ms", "--attempts", "3", "--format", "json", "--expected");
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.setup.method).toBe("expected");
    expect(json.setup.seed).toBeUndefined();
    expect(json.totals).toMatchObject({ arrivals: 10, calls: 40, retries: 30, outage_failures: 40, gave_up: 10 });
  });

  it("says it is an expectation; the storm stays metastable and a 10% budget drains it", async () => {
    const { stdout } = await capacity(...STORM, "--compare", "none,budget=10%", "--expected", "--no-color");
    expect(stdout).toContain("expected counts (a flow model: the mean over runs, rounded to whole calls; no sampling).");
    expect(stdout).toContain("no limit: Metastable: 40 s after the stall ended");
    expect(stdout).toContain("retry budget 10%: Recovered 4 s after the stall ended");
  });

  it("streams whole counts as CSV; the documented maximum rate answers (10,000,000 requests/s over the default minute)", async () => {
    const rows = parseCsv((await capacity("--rps", "10000000", "--expected", "--format", "csv")).stdout);
    expect(rows).toHaveLength(60);
    // 10 M arrivals a second into 1,000 calls/s: the server full (1 served, 2,000 waiting) after each millisecond's
    // arrivals, one call fewer once that millisecond's call has finished. Each second it takes 1,000 calls, each of which
    // waits 2 s and times out; every other call is rejected, so each request makes all 4 of its calls.
    expect(rows.at(-1)).toMatchObject({ arrivals: "10000000", calls: "40000000", timed_out: "1000", in_server: "2000" });
  });

  it("refuses a preset (its own jitter is sampled), a seed (nothing is drawn), and more steps than it takes in about 10 s", async () => {
    expect((await capacity("--preset", "polly", "--expected")).stderr).toBe(
      "error: --expected takes the calculator's policy (--base, --cap, --jitter, …); under --preset the library's own jitter is sampled: leave out --expected\n",
    );
    expect((await capacity("--seed", "7", "--expected")).stderr).toBe("error: --expected draws nothing, so it takes no --seed\n");
    // 7 kinds of call (first tries, 3 retries after an error or a timeout) for 10 min: 4,200,000 steps; 1,000 retries for 100 days are too many.
    expect(() => checkFlowWork(600_000, [3])).not.toThrow();
    expect(() => checkFlowWork(100 * 86_400_000, [1000])).toThrow(`more than ${MAX_FLOW_STEPS.toLocaleString("en-US")}`);
    expect((await capacity("--expected", "--duration", "100d", "--attempts", "1000", "--window", "1h")).code).toBe(2);
    // 3 h with waits up to 1 h and a 1 h timeout: 7 kinds of call each keep 2^22 bins of retries and of timeouts ahead.
    expect((await capacity("--expected", "--duration", "3h", "--window", "1m", "--cap", "1h", "--jitter", "full", "--timeout", "1h")).stderr).toMatch(
      /^error: --expected would keep [\d,]+ milliseconds of counts ahead .*, more than 33,554,432; lower --cap, --timeout, --queue, the stall or --duration\n$/,
    );
  });
});
