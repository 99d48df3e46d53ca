/**
 * urllib3 (Python) and go-retryablehttp (Go) held against their presets by running
 * the libraries themselves: Debian's python3-urllib3 (1.26) and any python3 with
 * urllib3 2.x, and golang-github-hashicorp-go-retryablehttp-dev built in GOPATH mode
 * (GO111MODULE=off, GOPATH=/usr/share/gocode: no module download). Where a toolchain
 * is missing the tests are skipped with the reason printed; under CI they fail instead
 * (.ci/run installs the packages).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.js";
import { tempDir } from "../support/files.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { model } from "../support/presets.js";

const IN_CI = Boolean(process.env["CI"]) && process.env["CI"] !== "false";

/** Round half up, the presets' whole-ms convention for fractional library values. */
function wholeMs(x: number): number {
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** A missing toolchain: a failing test under CI, else a skipped one whose reason is printed. */
function unavailable(what: string, reason: string): void {
  if (IN_CI) {
    it(`${what} is installed (CI)`, () => {
      throw new Error(`${reason}; .ci/run installs it`);
    });
    return;
  }
  console.warn(`skipped ${what}: ${reason}`);
  it.skip(`${what} (skipped: ${reason})`, () => undefined);
}

// ---------------------------------------------------------------- urllib3

/** Each case: Retry(total, backoff_factor[, backoff_max, backoff_jitter]), then get_backoff_time() after 1..attempts increments. */
interface Urllib3Case {
  readonly factor: number;
  readonly max: number;
  readonly jitter: number;
  readonly draw: number | null;
  readonly attempts: number;
}

const URLLIB3_SCRIPT = `
import json, random, sys
import urllib3
from urllib3.util.retry import Retry
from urllib3.exceptions import ConnectTimeoutError
v2 = int(urllib3.__version__.split(".")[0]) >= 2
cases = json.loads(sys.stdin.read())
out = {"version": urllib3.__version__, "total": Retry().total, "DEFAULT_total": Retry.DEFAULT.total, "cases": []}
for c in cases:
    if c["jitter"] and not v2:
        out["cases"].append(None)
        continue
    kw = dict(total=c["attempts"] + 5, backoff_factor=c["factor"])
    if v2:
        kw["backoff_max"] = c["max"]
        kw["backoff_jitter"] = c["jitter"]
    else:
        Retry.DEFAULT_BACKOFF_MAX = c["max"]  # a class attribute in 1.26
    if c["draw"] is not None:
        random.random = (lambda x: (lambda: x))(c["draw"])
    r = Retry(**kw)
    values = []
    for a in range(c["attempts"]):
        r = r.increment(method="GET", url="/", error=ConnectTimeoutError())
        values.append(r.get_backoff_time())
    out["cases"].append(values)
# Retry-After: what Retry.sleep(response) sleeps after each increment, time.sleep recorded instead of slept.
from urllib3.response import HTTPResponse
import urllib3.util.retry as retry_module
slept = []
retry_module.time.sleep = lambda s: slept.append(s)
out["retry_after_max"] = getattr(Retry, "DEFAULT_RETRY_AFTER_MAX", None)
out["retry_after"] = []
for c in json.loads(sys.argv[1]):
    if c["retry_after_max"] is not None and out["retry_after_max"] is None:
        out["retry_after"].append(None)
        continue
    kw = dict(total=len(c["headers"]) + 5, backoff_factor=0.5)
    if c["retry_after_max"] is not None:
        kw["retry_after_max"] = c["retry_after_max"]
    r = Retry(**kw)
    values = []
    for header in c["headers"]:
        response = HTTPResponse(body=b"", headers={} if header is None else {"Retry-After": header}, status=503, preload_content=False)
        r = r.increment(method="GET", url="/", response=response)
        del slept[:]
        r.sleep(response)
        values.append(slept[0] if slept else 0)
    out["retry_after"].append(values)
print(json.dumps(out))
`;

/** Retry-After cases: the header each failure carries (null: none), and retry_after_max when set (2.6.3 and later only). */
const URLLIB3_RETRY_AFTER_CASES: readonly { readonly headers: readonly (string | null)[]; readonly retry_after_max: number | null }[] = [
  { headers: ["3", "3", "3", "3", "3"], retry_after_max: null },
  { headers: [null, "7", "7", null, null], retry_after_max: null },
  { headers: ["0", "0", "0", "0"], retry_after_max: null },
  { headers: ["30000", "30000"], retry_after_max: null },
  { headers: ["30", null, "5"], retry_after_max: 10 },
];

/** Every python3 here that imports urllib3, once per interpreter. */
function pythonsWithUrllib3(): string[] {
  const seen = new Map<string, string>();
  for (const candidate of ["python3", "/usr/bin/python3"]) {
    const probe = spawnSync(candidate, ["-c", "import sys, urllib3; print(sys.executable, urllib3.__version__)"], { encoding: "utf8" });
    if (probe.status === 0) seen.set(probe.stdout.trim(), candidate);
  }
  return [...seen.values()];
}

const URLLIB3_CASES: readonly Urllib3Case[] = [
  { factor: 0.5, max: 120, jitter: 0, draw: null, attempts: 12 },
  { factor: 0.1, max: 120, jitter: 0, draw: null, attempts: 14 },
  { factor: 0.3, max: 10, jitter: 0, draw: null, attempts: 10 },
  { factor: 1.7, max: 120, jitter: 0, draw: null, attempts: 10 },
  { factor: 0.5, max: 120, jitter: 0.5, draw: 0, attempts: 12 },
  { factor: 0.5, max: 120, jitter: 0.5, draw: 1 - 2 ** -53, attempts: 12 },
  { factor: 0.25, max: 30, jitter: 1.3, draw: 0, attempts: 10 },
  { factor: 0.25, max: 30, jitter: 1.3, draw: 1 - 2 ** -53, attempts: 10 },
];

describe("urllib3 (Retry.get_backoff_time run by python3)", () => {
  const pythons = pythonsWithUrllib3();
  if (pythons.length === 0) {
    unavailable("python3 with urllib3", "no python3 here imports urllib3 (Debian: apt-get install python3-urllib3)");
    return;
  }
  for (const python of pythons) {
    const run = spawnSync(python, ["-c", URLLIB3_SCRIPT, JSON.stringify(URLLIB3_RETRY_AFTER_CASES)], { input: JSON.stringify(URLLIB3_CASES), encoding: "utf8" });
    const result = JSON.parse(run.status === 0 ? run.stdout : "null") as {
      version: string;
      total: number;
      DEFAULT_total: number;
      cases: (number[] | null)[];
      retry_after_max: number | null;
      retry_after: (number[] | null)[];
    } | null;

    it(`${python}: runs (urllib3 ${result?.version ?? "?"})`, () => {
      expect([run.status, run.stderr]).toEqual([0, ""]);
    });
    if (result === null) continue;

    it(`${python}: Retry() allows total=10, Retry.DEFAULT 3; the preset's default is Retry()'s`, () => {
      expect([result.total, result.DEFAULT_total]).toEqual([10, 3]);
      expect(model("urllib3").retries).toBe(result.total);
    });

    it(`${python}: every get_backoff_time equals the preset's delay, and the extreme draws its bounds (urllib3 ${result.version})`, () => {
      let compared = 0;
      URLLIB3_CASES.forEach((c, i) => {
        const values = result.cases[i];
        if (values === null || values === undefined) return; // 1.26 has no backoff_jitter
        const m = model("urllib3", { baseMs: c.factor * 1000, capMs: c.max * 1000, ...(c.jitter === 0 ? {} : { jitter: String(c.jitter) }) });
        values.forEach((seconds, index) => {
          const a = index + 1;
          const ms = wholeMs(seconds * 1000);
          if (c.draw === null) expect(m.delay(a).delayMs).toBe(ms);
          else if (c.draw === 0) expect(m.bounds(a).minMs).toBe(ms);
          else expect(m.bounds(a).maxMs).toBe(ms);
          compared++;
        });
      });
      expect(compared).toBeGreaterThanOrEqual(46);
    });

    it(`${python}: Retry.sleep with a Retry-After sleeps what the preset waits (urllib3 ${result.version})`, () => {
      const [every, some, zero, long, capped] = result.retry_after;
      // 3 s before every retry: 3 s each, the backoff (0, 1, 2, 4, 8 s) set aside.
      const m = (header: { ms: number; attempts: { first: number; last: number } | null }, maxRetryAfterMs?: number) =>
        model("urllib3", { retryAfter: header, ...(maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs }) });
      const waits = (values: number[], header: Parameters<typeof m>[0], maxRetryAfterMs?: number) => {
        const built = m(header, maxRetryAfterMs);
        return values.map((_, i) => built.delay(i + 1).delayMs);
      };
      expect(every).toEqual([3, 3, 3, 3, 3]);
      expect(every!.map((s) => s * 1000)).toEqual(waits(every!, { ms: 3000, attempts: null }));
      // 7 s before retries 2..3: the backoff 0 s, then 7, 7, then the backoff again (4 s, 8 s: the error count kept growing).
      expect(some).toEqual([0, 7, 7, 4, 8]);
      expect(some!.map((s) => s * 1000)).toEqual(waits(some!, { ms: 7000, attempts: { first: 2, last: 3 } }));
      // Retry-After: 0 is falsy in sleep_for_retry: the backoff 0, 1, 2, 4 s.
      expect(zero).toEqual([0, 1, 2, 4]);
      expect(zero!.map((s) => s * 1000)).toEqual(waits(zero!, { ms: 0, attempts: null }));
      if (result.retry_after_max === null) {
        // Before 2.6.3 (Debian's 1.26): no retry_after_max, so 30,000 s is slept as sent.
        expect(long).toEqual([30_000, 30_000]);
        expect(capped).toBeNull();
      } else {
        // 2.6.3 and later: Retry.DEFAULT_RETRY_AFTER_MAX = 21600 s (6 h), the preset's default.
        expect(result.retry_after_max).toBe(21_600);
        expect(long).toEqual([21_600, 21_600]);
        expect(long!.map((s) => s * 1000)).toEqual(waits(long!, { ms: 30_000_000, attempts: null }));
        // retry_after_max=10: 30 s is cut to 10, 5 s stands, and retry 2 (no header) backs off 1 s.
        expect(capped).toEqual([10, 1, 5]);
        const built = m({ ms: 30_000, attempts: { first: 1, last: 1 } }, 10_000);
        expect([built.delay(1).delayMs, built.delay(2).delayMs]).toEqual([10_000, 1000]);
        expect(m({ ms: 5000, attempts: { first: 3, last: 3 } }, 10_000).delay(3).delayMs).toBe(5000);
      }
    });
  }
});

// ---------------------------------------------------------------- go-retryablehttp

const GO_PROGRAM = `package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type pair struct{ Min, Max time.Duration }

func main() {
	out := map[string]interface{}{}
	c := retryablehttp.NewClient()
	out["defaults"] = []int64{int64(c.RetryWaitMin), int64(c.RetryWaitMax), int64(c.RetryMax)}

	var exponential [][]int64
	for _, p := range []pair{{time.Second, 30 * time.Second}, {350 * time.Millisecond, 20 * time.Second}, {1500 * time.Microsecond, time.Second}, {2 * time.Second, time.Second}} {
		var row []int64
		for n := 0; n < 40; n++ {
			row = append(row, int64(retryablehttp.DefaultBackoff(p.Min, p.Max, n, nil)))
		}
		exponential = append(exponential, row)
	}
	out["exponential"] = exponential

	var flat []int64
	for n := 0; n < 6; n++ {
		flat = append(flat, int64(retryablehttp.LinearJitterBackoff(5*time.Second, time.Second, n, nil)))
	}
	out["linearFlat"] = flat

	var draws [][]int64
	for n := 0; n < 5; n++ {
		var row []int64
		for i := 0; i < 600; i++ {
			row = append(row, int64(retryablehttp.LinearJitterBackoff(time.Second, 30*time.Second, n, nil)))
		}
		draws = append(draws, row)
	}
	out["linearDraws"] = draws

	var requests int32
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&requests, 1)
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer server.Close()
	client := retryablehttp.NewClient()
	client.Logger = nil
	var attemptNums []int
	client.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
		attemptNums = append(attemptNums, attemptNum)
		return 0
	}
	resp, err := client.Get(server.URL)
	if err == nil {
		resp.Body.Close()
	}
	out["loop"] = map[string]interface{}{"requests": atomic.LoadInt32(&requests), "attemptNums": attemptNums, "failed": err != nil}

	// Retry-After: DefaultBackoff on a 429 or 503 carrying it, and on a 500 (not read); LinearJitterBackoff (never read).
	withHeader := func(status int, value string) *http.Response {
		return &http.Response{StatusCode: status, Header: http.Header{"Retry-After": []string{value}}}
	}
	var retryAfter [][]int64
	for _, c := range []struct {
		status     int
		value      string
		min, max   time.Duration
		linear     bool
	}{{429, "3600", time.Second, 3 * time.Second, false}, {503, "0", time.Second, 30 * time.Second, false}, {503, "7", time.Second, 30 * time.Second, false}, {500, "7", time.Second, 30 * time.Second, false}, {429, "7", 5 * time.Second, time.Second, true}} {
		var row []int64
		for n := 0; n < 4; n++ {
			if c.linear {
				row = append(row, int64(retryablehttp.LinearJitterBackoff(c.min, c.max, n, withHeader(c.status, c.value))))
			} else {
				row = append(row, int64(retryablehttp.DefaultBackoff(c.min, c.max, n, withHeader(c.status, c.value))))
			}
		}
		retryAfter = append(retryAfter, row)
	}
	out["retryAfter"] = retryAfter

	// Client.Do against a 429 server sending Retry-After: 2 on its second and third answers: what DefaultBackoff returns each time.
	var limited int32
	limitedServer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := atomic.AddInt32(&limited, 1)
		if n == 2 || n == 3 {
			w.Header().Set("Retry-After", "2")
		}
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer limitedServer.Close()
	limitedClient := retryablehttp.NewClient()
	limitedClient.Logger = nil
	var waits []int64
	limitedClient.Backoff = func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
		waits = append(waits, int64(retryablehttp.DefaultBackoff(min, max, attemptNum, resp)))
		return 0
	}
	limitedResp, limitedErr := limitedClient.Get(limitedServer.URL)
	if limitedErr == nil {
		limitedResp.Body.Close()
	}
	out["limitedLoop"] = map[string]interface{}{"requests": atomic.LoadInt32(&limited), "waits": waits}
	json.NewEncoder(os.Stdout).Encode(out)
}
`;

/** Go's build cache kept under node_modules/.cache (as Go means it: reused by later runs), not in the temporary directory. */
const GO_BUILD_CACHE = join(ROOT, "node_modules", ".cache", "go-build");

function goEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, GO111MODULE: "off", GOPATH: "/usr/share/gocode", GOFLAGS: "", GOCACHE: GO_BUILD_CACHE, CGO_ENABLED: "0" };
}

describe("go-retryablehttp (DefaultBackoff, LinearJitterBackoff and Client.Do run by Go)", () => {
  const env = goEnvironment();
  const list = spawnSync("go", ["list", "github.com/hashicorp/go-retryablehttp"], { env, encoding: "utf8" });
  if (list.error || list.status !== 0) {
    const reason = list.error ? "no go toolchain (Debian: apt-get install golang-go)" : "github.com/hashicorp/go-retryablehttp is not under /usr/share/gocode (Debian: apt-get install golang-github-hashicorp-go-retryablehttp-dev)";
    unavailable("go with go-retryablehttp", reason);
    return;
  }
  const dir = tempDir("go");
  writeFileSync(join(dir, "main.go"), GO_PROGRAM);
  let run: ReturnType<typeof spawnSync> | null = null;
  const result = () => {
    run ??= spawnSync("go", ["run", "main.go"], { cwd: dir, env, encoding: "utf8", timeout: 120_000 });
    if (run.status !== 0) throw new Error(`go run main.go failed (${run.status ?? run.signal}): ${String(run.stderr)}`);
    return JSON.parse(String(run.stdout)) as {
      defaults: [number, number, number];
      exponential: number[][];
      linearFlat: number[];
      linearDraws: number[][];
      loop: { requests: number; attemptNums: number[]; failed: boolean };
      retryAfter: number[][];
      limitedLoop: { requests: number; waits: number[] };
    };
  };

  it("builds and runs", { timeout: 130_000 }, () => {
    result();
    expect(run!.status).toBe(0);
  });

  it("NewClient's defaults are the preset's: RetryWaitMin 1 s, RetryWaitMax 30 s, RetryMax 4", () => {
    const [min, max, retryMax] = result().defaults;
    const parameters = model("go-retryablehttp").parameters;
    expect([min / 1e6, max / 1e6, retryMax]).toEqual([parameters["RetryWaitMin"], parameters["RetryWaitMax"], parameters["RetryMax"]]);
    expect(model("go-retryablehttp").retries).toBe(retryMax);
  });

  it("DefaultBackoff(min, max, a − 1) equals the preset's delay at attempt a", () => {
    const pairs: [number, number][] = [[1000, 30_000], [350, 20_000], [1.5, 1000], [2000, 1000]];
    result().exponential.forEach((row, i) => {
      const [baseMs, capMs] = pairs[i]!;
      const m = model("go-retryablehttp", { baseMs, capMs });
      expect(row.map((ns, n) => [n + 1, wholeMs(ns / 1e6)])).toEqual(row.map((_, n) => [n + 1, m.delay(n + 1).delayMs]));
    });
  });

  it("LinearJitterBackoff: a × RetryWaitMin when RetryWaitMax ≤ RetryWaitMin; real draws inside the bounds otherwise", () => {
    const flat = model("go-retryablehttp", { strategy: "linear", baseMs: 5000, capMs: 1000 });
    expect(result().linearFlat.map((ns) => wholeMs(ns / 1e6))).toEqual([1, 2, 3, 4, 5, 6].map((a) => flat.delay(a).delayMs));
    const m = model("go-retryablehttp", { strategy: "linear" });
    result().linearDraws.forEach((row, n) => {
      const { minMs, maxMs } = m.bounds(n + 1);
      for (const ns of row) {
        const ms = wholeMs(ns / 1e6);
        expect(ms >= minMs && ms <= maxMs).toBe(true);
      }
      // 600 draws spread over most of [a × 1 s, a × 30 s]
      expect(Math.max(...row) - Math.min(...row)).toBeGreaterThan((n + 1) * 25e9);
    });
  });

  it("Client.Do against a 503 server: Backoff gets attemptNum 0..3 and 5 requests are made (RetryMax 4)", () => {
    const { loop } = result();
    expect(loop).toEqual({ requests: 5, attemptNums: [0, 1, 2, 3], failed: true });
  });

  it("Retry-After: DefaultBackoff waits a 429's 3600 s over a 3 s RetryWaitMax (#295), a 503's 0 s and 7 s as sent, a 500's not at all; LinearJitterBackoff never reads it", () => {
    const [uncapped, zero, seven, notRead, linear] = result().retryAfter.map((row) => row.map((ns) => wholeMs(ns / 1e6)));
    const waits = (overrides: PresetOverrides) => {
      const m = model("go-retryablehttp", overrides);
      return [1, 2, 3, 4].map((a) => m.delay(a).delayMs);
    };
    expect(uncapped).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(uncapped).toEqual(waits({ capMs: 3000, retryAfter: { ms: 3_600_000, attempts: null } }));
    expect(zero).toEqual([0, 0, 0, 0]);
    expect(zero).toEqual(waits({ retryAfter: { ms: 0, attempts: null } }));
    expect(seven).toEqual(waits({ retryAfter: { ms: 7000, attempts: null } }));
    // The preset models the 429 and 503 answers that carry it; a 500's Retry-After leaves DefaultBackoff's own 1, 2, 4, 8 s.
    expect(notRead).toEqual(waits({}));
    const flat: PresetOverrides = { strategy: "linear", baseMs: 5000, capMs: 1000 };
    expect(linear).toEqual(waits(flat));
    expect(model("go-retryablehttp", { ...flat, retryAfter: { ms: 7000, attempts: null } }).retryAfter!.change(1)).toBe("ignored");
  });

  it("Client.Do against a 429 server sending Retry-After: 2 on answers 2 and 3: DefaultBackoff returns 1, 2, 2, 8 s, the preset's waits", () => {
    const { limitedLoop } = result();
    expect(limitedLoop.requests).toBe(5);
    const m = model("go-retryablehttp", { retryAfter: { ms: 2000, attempts: { first: 2, last: 3 } } });
    expect(limitedLoop.waits.map((ns) => wholeMs(ns / 1e6))).toEqual([1000, 2000, 2000, 8000]);
    expect(limitedLoop.waits.map((ns) => wholeMs(ns / 1e6))).toEqual([1, 2, 3, 4].map((a) => m.delay(a).delayMs));
  });
});
