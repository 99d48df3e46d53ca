/**
 * The dapr and traefik presets held against cenkalti/backoff itself: Debian's
 * golang-github-cenkalti-backoff-dev (4.1.3, whose exponential.go NextBackOff,
 * incrementCurrentInterval, getRandomValueFromInterval and tries.go are those of the
 * v4.3.0 Dapr links: v4.1.3..v4.3.0 only adds options and RetryWithData), built in GOPATH
 * mode (GO111MODULE=off, GOPATH=/usr/share/gocode: no module download). The Go program
 * builds the back-off as dapr/kit retry.Config.NewBackOff does from Dapr's DefaultConfig
 * and a Resiliency's fields, or as Traefik's retry middleware newBackOff does from attempts
 * and initialInterval, and walks NextBackOff on a clock it moves by each wait (calls
 * taking no time), until Stop (Traefik: at most attempts − 1 waits, its last try ending
 * the loop). Without the toolchain the tests are skipped with the reason
 * printed; under CI they fail instead (.ci/run installs the package).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/paths.js";
import { tempDir } from "../support/files.js";
import { model } from "../support/presets.js";
import type { PresetOverrides } from "../../src/presets/types.js";

const IN_CI = Boolean(process.env["CI"]) && process.env["CI"] !== "false";

/** The cases, in the program's order: Dapr's policy, maxInterval (ns), maxRetries, and whether jitter is kept. */
const CASES = [
  { policy: "exponential", maxInterval: 60e9, maxRetries: -1, rf: 0 },
  { policy: "exponential", maxInterval: 15e9, maxRetries: -1, rf: 0 },
  { policy: "exponential", maxInterval: 1e9, maxRetries: -1, rf: 0 },
  { policy: "exponential", maxInterval: 60e9, maxRetries: 3, rf: 0 },
  { policy: "constant", duration: 5e9, maxRetries: 3, rf: 0 },
  { policy: "constant", duration: 5e9, maxRetries: -1, rf: 0 },
] as const;

/** Traefik's cases: attempts and initialInterval (ns). */
const TRAEFIK_CASES = [
  { attempts: 4, initial: 100e6 },
  { attempts: 5, initial: 250e6 },
  { attempts: 2, initial: 1e9 },
  { attempts: 31, initial: 40e9 },
  { attempts: 10, initial: 1.5e6 },
] as const;

const GO_PROGRAM = `package main

import (
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"time"

	backoff "github.com/cenkalti/backoff"
)

type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

type spec struct {
	Policy      string
	Duration    int64
	MaxInterval int64
	MaxRetries  int64
	Rf          float32
	Attempts    int
	Initial     int64
}

// dapr/kit retry.Config.NewBackOff, the fields as decodePolicies leaves them (DefaultConfig, then the Resiliency's).
func newBackOff(s spec, c backoff.Clock) backoff.BackOff {
	var b backoff.BackOff
	switch s.Policy {
	case "constant":
		b = backoff.NewConstantBackOff(time.Duration(s.Duration))
	case "traefik":
		// pkg/middlewares/retry/retry.go newBackOff (attempts >= 2, initialInterval > 0).
		eb := backoff.NewExponentialBackOff()
		eb.InitialInterval = time.Duration(s.Initial)
		eb.Multiplier = math.Pow(2, 1/float64(s.Attempts-1))
		eb.RandomizationFactor = float64(s.Rf)
		eb.Clock = c
		return eb
	case "exponential":
		eb := backoff.NewExponentialBackOff()
		eb.InitialInterval = backoff.DefaultInitialInterval
		eb.RandomizationFactor = float64(s.Rf)
		eb.Multiplier = float64(float32(backoff.DefaultMultiplier))
		eb.MaxInterval = time.Duration(s.MaxInterval)
		eb.MaxElapsedTime = backoff.DefaultMaxElapsedTime
		eb.Clock = c
		b = eb
	}
	if s.MaxRetries >= 0 {
		b = backoff.WithMaxRetries(b, uint64(s.MaxRetries))
	}
	return b
}

// One run as backoff.RetryNotify makes it: Reset, then NextBackOff after each failure until Stop.
func run(s spec, limit int) []int64 {
	c := &clock{now: time.Unix(0, 0)}
	b := newBackOff(s, c)
	b.Reset()
	waits := []int64{}
	for len(waits) < limit {
		next := b.NextBackOff()
		if next == backoff.Stop {
			break
		}
		waits = append(waits, int64(next))
		c.now = c.now.Add(next)
	}
	return waits
}

func main() {
	var input struct {
		Dapr    []spec
		Traefik []spec
	}
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		panic(err)
	}
	specs := input.Dapr
	out := map[string]interface{}{
		"defaults": []float64{float64(backoff.DefaultInitialInterval), backoff.DefaultRandomizationFactor, backoff.DefaultMultiplier, float64(backoff.DefaultMaxInterval), float64(backoff.DefaultMaxElapsedTime)},
	}
	var plain [][]int64
	for _, s := range specs {
		plain = append(plain, run(s, 2000))
	}
	out["plain"] = plain
	// Dapr's own exponential policy (RandomizationFactor 0.5): many runs with a fixed seed.
	rand.Seed(24)
	var jittered [][]int64
	for i := 0; i < 400; i++ {
		jittered = append(jittered, run(spec{Policy: "exponential", MaxInterval: int64(60 * time.Second), MaxRetries: -1, Rf: 0.5}, 1000))
	}
	out["jittered"] = jittered
	// Traefik: the waits before retries 1 .. attempts-1 (the last try returns nil: no NextBackOff after it).
	var traefik [][]int64
	for _, s := range input.Traefik {
		traefik = append(traefik, run(s, s.Attempts-1))
	}
	out["traefik"] = traefik
	var multipliers []float64
	for attempts := 2; attempts <= 60; attempts++ {
		multipliers = append(multipliers, math.Pow(2, 1/float64(attempts-1)))
	}
	out["multipliers"] = multipliers
	var traefikJittered [][]int64
	for i := 0; i < 400; i++ {
		traefikJittered = append(traefikJittered, run(spec{Policy: "traefik", Attempts: 31, Initial: int64(40 * time.Second), Rf: 0.5}, 30))
	}
	out["traefikJittered"] = traefikJittered
	json.NewEncoder(os.Stdout).Encode(out)
}
`;

/** Go's build cache kept under node_modules/.cache, as the go-retryablehttp test keeps it. */
const GO_BUILD_CACHE = join(ROOT, "node_modules", ".cache", "go-build");

function goEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env, GO111MODULE: "off", GOPATH: "/usr/share/gocode", GOFLAGS: "", GOCACHE: GO_BUILD_CACHE, CGO_ENABLED: "0" };
}

/** Round half up, the presets' whole-ms convention. */
const wholeMs = (ns: number) => Math.floor(ns / 1e6 + 0.5);

describe("dapr's and traefik's back-off run by cenkalti/backoff (Go)", () => {
  const env = goEnvironment();
  const list = spawnSync("go", ["list", "github.com/cenkalti/backoff"], { env, encoding: "utf8" });
  if (list.error || list.status !== 0) {
    const reason = list.error ? "no go toolchain (Debian: apt-get install golang-go)" : "github.com/cenkalti/backoff is not under /usr/share/gocode (Debian: apt-get install golang-github-cenkalti-backoff-dev)";
    if (IN_CI) {
      it("go with cenkalti/backoff is installed (CI)", () => {
        throw new Error(`${reason}; .ci/run installs it`);
      });
    } else {
      console.warn(`skipped go with cenkalti/backoff: ${reason}`);
      it.skip(`go with cenkalti/backoff (skipped: ${reason})`, () => undefined);
    }
    return;
  }
  const dir = tempDir("go");
  writeFileSync(join(dir, "main.go"), GO_PROGRAM);
  let ran: ReturnType<typeof spawnSync> | null = null;
  const result = () => {
    const specs = CASES.map((c) => ({ Policy: c.policy, Duration: "duration" in c ? c.duration : 0, MaxInterval: "maxInterval" in c ? c.maxInterval : 0, MaxRetries: c.maxRetries, Rf: c.rf }));
    const traefik = TRAEFIK_CASES.map((c) => ({ Policy: "traefik", Attempts: c.attempts, Initial: c.initial, Rf: 0 }));
    ran ??= spawnSync("go", ["run", "main.go"], { cwd: dir, env, encoding: "utf8", timeout: 120_000, input: JSON.stringify({ Dapr: specs, Traefik: traefik }) });
    if (ran.status !== 0) throw new Error(`go run main.go failed (${ran.status ?? ran.signal}): ${String(ran.stderr)}`);
    return JSON.parse(String(ran.stdout)) as { defaults: number[]; plain: number[][]; jittered: number[][]; traefik: number[][]; multipliers: number[]; traefikJittered: number[][] };
  };

  it("builds and runs; cenkalti's defaults are those dapr/kit's DefaultConfig copies", { timeout: 130_000 }, () => {
    // 500 ms, 0.5, 1.5, 60 s, 15 min.
    expect(result().defaults).toEqual([500e6, 0.5, 1.5, 60e9, 900e9]);
  });

  const overridesOf = (c: (typeof CASES)[number]): PresetOverrides => ({
    strategy: c.policy === "constant" ? "fixed" : "exponential",
    ...("duration" in c ? { baseMs: c.duration / 1e6 } : {}),
    ...("maxInterval" in c ? { capMs: c.maxInterval / 1e6 } : {}),
    ...(c.maxRetries >= 0 ? { retries: c.maxRetries } : {}),
  });

  it("the intervals (RandomizationFactor 0: the jitter's centres) and where each run stops", { timeout: 130_000 }, () => {
    const { plain } = result();
    CASES.forEach((c, i) => {
      const m = model("dapr", overridesOf(c));
      const waits = plain[i]!;
      // The count: Stop from MaxElapsedTime (exponential, no jitter: the stop's last attempt), from WithMaxRetries, or none in 2000.
      const expectedCount = m.stop !== null ? m.stop.lastAttempt : (m.retries ?? 2000);
      expect(waits.length, JSON.stringify(c)).toBe(expectedCount);
      // Each total of Go's ns, rounded half up, is the total of the model's whole-ms waits.
      let goTotal = 0;
      let modelTotal = 0;
      waits.forEach((ns, index) => {
        goTotal += ns;
        modelTotal += m.delay(index + 1).delayMs;
        expect(modelTotal, `${JSON.stringify(c)} attempt ${index + 1}`).toBe(wholeMs(goTotal));
      });
    });
    // By hand: 24 retries under 15 min (60 s cap), 66 under a 15 s cap, 900 under 1 s (500 + 750 + 898 × 1000 ms ≤ 900 s).
    expect(plain.map((w) => w.length)).toEqual([24, 66, 900, 3, 3, 2000]);
  });

  it("Dapr's jittered exponential policy: every wait inside the model's bounds, every run's count between its fewest and most", { timeout: 130_000 }, () => {
    const m = model("dapr", { strategy: "exponential" });
    const { fewest, most } = m.stop!;
    for (const waits of result().jittered) {
      expect(waits.length).toBeGreaterThanOrEqual(fewest);
      expect(waits.length).toBeLessThanOrEqual(most);
      waits.forEach((ns, index) => {
        const { minMs, maxMs } = m.bounds(index + 1);
        expect(ns / 1e6).toBeGreaterThanOrEqual(minMs);
        expect(ns / 1e6).toBeLessThanOrEqual(maxMs);
      });
    }
  });

  it("traefik: Go's math.Pow(2, 1/(attempts − 1)) is the preset's Multiplier for attempts 2 to 60, to one unit in the last place", { timeout: 130_000 }, () => {
    // Go's Pow is Exp(y × Log(2)) by its own (amd64: assembly) Exp and Log, not always the double nearest 2^y
    // as JavaScript's Math.pow: on this machine attempts 4 and 28 differ by one ulp (2^-52 below 2), which moves
    // an interval by under 10^-6 ns per second of it; the waits in ns compared below are the same.
    result().multipliers.forEach((multiplier, index) => {
      const ours = model("traefik", { retries: index + 1 }).parameters["Multiplier"] as number;
      expect(Math.abs(ours - multiplier), `attempts ${index + 2}`).toBeLessThanOrEqual(Number.EPSILON);
    });
  });

  it("traefik: the intervals (RandomizationFactor 0) and the count, attempts − 1 or where MaxElapsedTime ends it", { timeout: 130_000 }, () => {
    const { traefik } = result();
    TRAEFIK_CASES.forEach((c, i) => {
      const m = model("traefik", { baseMs: c.initial / 1e6, retries: c.attempts - 1 });
      const waits = traefik[i]!;
      expect(waits.length, JSON.stringify(c)).toBe(m.stop !== null ? m.stop.lastAttempt : c.attempts - 1);
      let goTotal = 0;
      let modelTotal = 0;
      waits.forEach((ns, index) => {
        goTotal += ns;
        modelTotal += m.delay(index + 1).delayMs;
        expect(modelTotal, `${JSON.stringify(c)} attempt ${index + 1}`).toBe(wholeMs(goTotal));
      });
    });
    // By hand: 100, 125.992104, 158.740103 ms; attempts 31 at 40 s: 18 retries within 15 min (traefik.test.ts).
    expect(traefik[0]).toEqual([100_000_000, 125_992_104, 158_740_103]);
    expect(traefik.map((w) => w.length)).toEqual([3, 4, 1, 18, 9]);
  });

  it("traefik's jittered back-off: every wait inside the model's bounds, every run's count between its fewest and most", { timeout: 130_000 }, () => {
    const m = model("traefik", { baseMs: 40_000, retries: 30 });
    const { fewest, most } = m.stop!;
    for (const waits of result().traefikJittered) {
      expect(waits.length).toBeGreaterThanOrEqual(fewest);
      expect(waits.length).toBeLessThanOrEqual(most);
      waits.forEach((ns, index) => {
        const { minMs, maxMs } = m.bounds(index + 1);
        expect(ns / 1e6).toBeGreaterThanOrEqual(minMs);
        expect(ns / 1e6).toBeLessThanOrEqual(maxMs);
      });
    }
  });
});
