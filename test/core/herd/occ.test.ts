import { describe, expect, it } from "vitest";
import type { RandomSource } from "../../../src/core/model.js";
import { type OccExperiment, OccSimulator, type OccSummary, OccTooLongError, occRuns, simulateOcc, simulateOccPoints } from "../../../src/core/herd/occ.js";
import { OCC_MODES, type OccMode } from "../../../src/core/herd/occ-backoff.js";
import { replayRandom, seededRandom } from "../../support/random.js";

const experiment = (clients: number, mode: OccMode, sdMs = 2): OccExperiment => ({ clients, network: { meanMs: 10, sdMs }, backoff: { mode, baseMs: 10, capMs: 2000 } });

/** Each write as the server handled it: client, read and write times, outcome, reply time. */
function trace(setup: OccExperiment, random: RandomSource): { run: ReturnType<OccSimulator["run"]>; writes: string[] } {
  const writes: string[] = [];
  const run = new OccSimulator(setup, random).run((client, readMs, writeMs, ok, replyMs) => writes.push(`c${client} read ${readMs} write ${writeMs} ${ok ? "ok" : "fail"} reply ${replyMs}`));
  return { run, writes };
}

describe("worked by hand", () => {
  it("one client: no contention, one call, four network delays (pinned draws)", () => {
    // Fractions 0.75, 0.5, 0.9, 0.5 over and over: (0.75, 0.5) → normals 1.6651… and 0; (0.9, 0.5) → u = 0.8, v = 0,
    // s = 0.64, normals 0.8·√(−2 ln 0.64 / 0.64) and 0. The delays are read, read's reply, write, write's reply.
    const z1 = 0.5 * Math.sqrt((-2 * Math.log(0.25)) / 0.25);
    const z2 = 0.8 * Math.sqrt((-2 * Math.log(0.64)) / 0.64);
    const delays = [10 + 2 * z1, 10, 10 + 2 * z2, 10];
    const { run, writes } = trace(experiment(1, "full"), replayRandom([0.75, 0.5, 0.9, 0.5], []));
    expect(run.calls).toBe(1);
    expect(run.events).toBe(4);
    expect(run.completionMs).toBeCloseTo(delays[0]! + delays[1]! + delays[2]! + delays[3]!, 10);
    expect(writes).toEqual([`c0 read ${delays[0]} write ${delays[0]! + delays[1]! + delays[2]!} ok reply ${delays[0]! + delays[1]! + delays[2]! + delays[3]!}`]);
  });

  it("one client, any mode and seed, sd 0: 40 ms and one call", () => {
    for (const mode of OCC_MODES) expect(new OccSimulator(experiment(1, mode, 0), seededRandom(5)).run()).toEqual({ calls: 1, completionMs: 40, events: 4 });
  });

  it("two clients with fixed 10 ms delays, exponential: the exact interleaving", () => {
    // Both read version 0 at 10 ms; c0's write (sent first) lands first at 30 and succeeds, c1's fails.
    // c1 hears at 40, waits one network delay plus expo(1) = 10 ms: its read lands at 60, its write at 80.
    const { run, writes } = trace(experiment(2, "none", 0), seededRandom(1));
    expect(writes).toEqual(["c0 read 10 write 30 ok reply 40", "c1 read 10 write 30 fail reply 40", "c1 read 60 write 80 ok reply 90"]);
    expect(run).toEqual({ calls: 3, completionMs: 90, events: 12 });
  });

  it("three clients with fixed 10 ms delays, exponential: each write, in the order the server takes them", () => {
    // Fixed 10 ms delays. Round 1: c0 succeeds at 30; c1 and c2 fail and read again at 60.
    // Round 2: c1 succeeds at 80 (read at 60); c2 fails, waits 10 + expo(2) = 30 after its reply at 90: read at 120.
    expect(trace(experiment(3, "none", 0), seededRandom(1)).writes).toEqual([
      "c0 read 10 write 30 ok reply 40",
      "c1 read 10 write 30 fail reply 40",
      "c2 read 10 write 30 fail reply 40",
      "c1 read 60 write 80 ok reply 90",
      "c2 read 60 write 80 fail reply 90",
      "c2 read 120 write 140 ok reply 150",
    ]);
  });

  it("N clients in lock-step without backoff: one success per round, N(N+1)/2 calls, 40·N ms", () => {
    // Round k: the N − k + 1 clients left write; the first succeeds; a round is read, reply, write, reply = 40 ms.
    for (let n = 1; n <= 6; n++) expect(new OccSimulator(experiment(n, "no-backoff", 0), seededRandom(1)).run()).toEqual({ calls: (n * (n + 1)) / 2, completionMs: 40 * n, events: 2 * n * (n + 1) });
  });

  it("three clients in lock-step with exponential backoff: rounds end at 40, 90, 150 ms", () => {
    // Round 2 starts at 40 + 10 + expo(1) = 60 and ends 30 ms later at 90; round 3 at 90 + 10 + expo(2) = 120, ends 150.
    expect(new OccSimulator(experiment(3, "none", 0), seededRandom(1)).run()).toEqual({ calls: 6, completionMs: 150, events: 24 });
  });
});

describe("runs stream and repeat", () => {
  it("a seed reproduces the runs; the summary is their mean and spread", () => {
    const runs = [...occRuns(experiment(20, "full"), 5, seededRandom(9))];
    expect([...occRuns(experiment(20, "full"), 5, seededRandom(9))]).toEqual(runs);
    const summary = simulateOcc(experiment(20, "full"), 5, seededRandom(9));
    const mean = runs.reduce((sum, run) => sum + run.calls, 0) / 5;
    expect(summary.calls.mean).toBeCloseTo(mean, 10);
    expect(summary.calls.min).toBe(Math.min(...runs.map((run) => run.calls)));
    expect(summary.events).toBe(runs.reduce((sum, run) => sum + run.events, 0));
    // Every run: each client writes at least once, and four messages per write.
    for (const run of runs) {
      expect(run.calls).toBeGreaterThanOrEqual(20);
      expect(run.events).toBe(4 * run.calls);
    }
  });

  it("refuses what is not an experiment", () => {
    expect(() => new OccSimulator(experiment(0, "full"), seededRandom(1))).toThrow(/clients/);
    expect(() => new OccSimulator({ ...experiment(2, "full"), backoff: { mode: "full", baseMs: 10, capMs: 5 } }, seededRandom(1))).toThrow(/cap/);
    expect(() => [...occRuns(experiment(2, "full"), 0, seededRandom(1))]).toThrow(/runs/);
  });
});

/** The five modes at one client count, `runs` runs each, each mode on its own stream of seed 27. */
function modes(clients: number, runs: number): Record<OccMode, OccSummary> {
  return Object.fromEntries(OCC_MODES.map((mode, i) => [mode, simulateOcc(experiment(clients, mode), runs, seededRandom(27, clients * 8 + i))])) as Record<OccMode, OccSummary>;
}

describe("the paper's claims at 100 clients, 100 runs per mode (seed 27)", () => {
  const at100 = modes(100, 100);

  it("jitter more than halves the calls", () => {
    // "In the case with 100 contending clients, we've reduced our call count by more than half."
    for (const jittered of ["full", "equal"] as const) {
      expect(at100[jittered].calls.mean).toBeLessThan(0.5 * at100.none.calls.mean);
      expect(at100[jittered].calls.mean).toBeLessThan(0.5 * at100["no-backoff"].calls.mean);
    }
  });

  it("full and equal do about the same work (within 5%), decorrelated more than either", () => {
    const { full, equal, decorrelated } = at100;
    expect(Math.abs(full.calls.mean - equal.calls.mean)).toBeLessThan(0.05 * full.calls.mean);
    expect(decorrelated.calls.mean).toBeGreaterThan(1.1 * Math.max(full.calls.mean, equal.calls.mean));
  });

  it("exponential without jitter is much slower than every jittered mode (more than 5×), and no backoff the fastest", () => {
    for (const jittered of ["full", "equal", "decorrelated"] as const) expect(at100.none.completionMs.mean).toBeGreaterThan(5 * at100[jittered].completionMs.mean);
    // Equal "takes much longer" than full: here by more than 20%.
    expect(at100.equal.completionMs.mean).toBeGreaterThan(1.2 * at100.full.completionMs.mean);
    for (const mode of ["none", "full", "equal", "decorrelated"] as const) expect(at100["no-backoff"].completionMs.mean).toBeLessThan(at100[mode].completionMs.mean);
  });

  /**
   * The AWS simulator itself (aws-samples/aws-arch-backoff-simulator at 66cb169,
   * src/backoff_simulator.py, run here under Python 3.11 with `xrange` read as `range`),
   * driven through its own setup_sim and run_sim: 1,000 runs per mode at 100 clients,
   * random.seed(2), keeping each run's calls and time (the script itself prints only the
   * means). Mean and sample sd per mode: [calls mean, calls sd, time mean, time sd].
   */
  const AWS_100: Record<OccMode, readonly [number, number, number, number]> = {
    none: [1855.7, 60.55, 63460.84, 3905.75], // "Exponential"
    decorrelated: [1003.89, 28.03, 4596.23, 710.14], // "Decorr"
    equal: [812.21, 7.95, 6616.13, 646.2], // "EqualJitter"
    full: [795.88, 6.82, 4902.87, 523.15], // "FullJitter"
    "no-backoff": [2424.91, 31.71, 2028.95, 42.41], // "None"
  };

  it("agrees with the AWS simulator's means within 4 standard errors of the difference", () => {
    for (const mode of OCC_MODES) {
      const [callsMean, callsSd, timeMean, timeSd] = AWS_100[mode];
      const ours = at100[mode];
      // SE of a difference of two means: √(sd₁²/n₁ + sd₂²/n₂); the sds are the simulator's own run-to-run spread.
      const callsSe = Math.sqrt(ours.calls.sd ** 2 / 100 + callsSd ** 2 / 1000);
      const timeSe = Math.sqrt(ours.completionMs.sd ** 2 / 100 + timeSd ** 2 / 1000);
      expect(Math.abs(ours.calls.mean - callsMean), `${mode} calls`).toBeLessThan(4 * callsSe);
      expect(Math.abs(ours.completionMs.mean - timeMean), `${mode} time`).toBeLessThan(4 * timeSe);
      // And the spread itself: within 30% of the simulator's.
      expect(ours.calls.sd / callsSd, `${mode} calls sd`).toBeGreaterThan(0.7);
      expect(ours.calls.sd / callsSd, `${mode} calls sd`).toBeLessThan(1.3);
    }
  });
});

describe("agrees with the AWS simulator across client counts", () => {
  /**
   * As above, 100 runs per mode and client count, random.seed(3) (the published script's
   * own sweep is 10..190 clients in steps of 10 at 100 runs): [calls mean, sd, time mean, sd].
   */
  const AWS_SWEEP: Record<number, Record<OccMode, readonly [number, number, number, number]>> = {
    10: { none: [50.34, 4.25, 3311.4, 1321.17], decorrelated: [37.78, 2.2, 420.48, 74.43], equal: [42.47, 2.37, 726.6, 186.61], full: [39.04, 2.1, 469.94, 117.91], "no-backoff": [50.85, 4.0, 380.27, 33.21] },
    50: { none: [626.38, 30.65, 36931.24, 3372.55], decorrelated: [374.92, 12.8, 2280.25, 502.52], equal: [346.92, 5.82, 4269.32, 593.01], full: [332.5, 4.86, 2873.83, 581.51], "no-backoff": [689.65, 17.11, 1134.81, 39.57] },
    150: { none: [3557.49, 107.06, 85811.69, 4068.57], decorrelated: [1752.92, 43.9, 6420.43, 677.78], equal: [1325.11, 10.76, 8417.98, 625.27], full: [1319.82, 10.18, 6387.98, 521.22], "no-backoff": [5141.25, 47.81, 2874.87, 44.33] },
  };
  for (const [clients, reference] of Object.entries(AWS_SWEEP)) {
    it(`${clients} clients, 30 runs per mode: means within 4 standard errors`, () => {
      const ours = modes(Number(clients), 30);
      for (const mode of OCC_MODES) {
        const [callsMean, callsSd, timeMean, timeSd] = reference[mode];
        const callsSe = Math.sqrt(ours[mode].calls.sd ** 2 / 30 + callsSd ** 2 / 100);
        const timeSe = Math.sqrt(ours[mode].completionMs.sd ** 2 / 30 + timeSd ** 2 / 100);
        expect(Math.abs(ours[mode].calls.mean - callsMean), `${mode} calls`).toBeLessThan(4 * callsSe);
        expect(Math.abs(ours[mode].completionMs.mean - timeMean), `${mode} time`).toBeLessThan(4 * timeSe);
      }
    });
  }
});

describe("simulateOccPoints: every point's runs in turn", () => {
  it("gives each point what simulateOcc gives it alone (each draws from its own source)", () => {
    const points = OCC_MODES.flatMap((mode, i) => [10, 30].map((clients) => ({ clients, mode, stream: clients * 8 + i })));
    const together = simulateOccPoints(
      points.map((p) => ({ experiment: experiment(p.clients, p.mode), random: seededRandom(5, p.stream) })),
      7,
    );
    expect(together).toEqual(points.map((p) => simulateOcc(experiment(p.clients, p.mode), 7, seededRandom(5, p.stream))));
    expect(() => simulateOccPoints([], 0)).toThrow("runs must be a whole number from 1, got 0");
  });
});

describe("a budget of messages, counted as the runs go", () => {
  // Lock-step without backoff (sd 0): N(N+1)/2 writes a run, four messages each: 10 clients 55 writes, 220 messages.
  const lockStep = (clients: number) => ({ experiment: experiment(clients, "no-backoff", 0), random: seededRandom(1) });
  const stopped = (run: () => unknown): OccTooLongError => {
    try {
      run();
    } catch (error) {
      if (error instanceof OccTooLongError) return error;
      throw error;
    }
    throw new Error("the runs were not stopped");
  };

  it("a run within its writes ends as without a budget; one write more than allowed stops it", () => {
    expect(new OccSimulator(lockStep(10).experiment, seededRandom(1)).run(undefined, 55)).toEqual({ calls: 55, completionMs: 400, events: 220 });
    expect(stopped(() => new OccSimulator(lockStep(10).experiment, seededRandom(1)).run(undefined, 54))).toMatchObject({ maxEvents: 216, point: 0, run: 1 });
  });

  it("every point's runs share the budget: 3 runs of 10 clients and 3 of 5 (60 messages each) take 3 × 280 = 840", () => {
    const points = () => [lockStep(10), lockStep(5)];
    const whole = simulateOccPoints(points(), 3, 840);
    expect(whole.map((s) => [s.calls.mean, s.events])).toEqual([[55, 660], [15, 180]]);
    // 839: run 3 of 10 clients starts with 280 spent twice over and 279 left, 69 writes, more than its 55; so it ends,
    // and run 3 of 5 clients has 59 left, 14 writes, fewer than its 15.
    expect(stopped(() => simulateOccPoints(points(), 3, 839))).toMatchObject({ maxEvents: 839, point: 1, run: 3 });
    // 500: run 2 of 10 clients has 500 − 280 = 220 left, exactly its 55 writes; run 2 of 5 clients has none.
    expect(stopped(() => simulateOccPoints(points(), 3, 500))).toMatchObject({ maxEvents: 500, point: 1, run: 2 });
    expect(() => simulateOccPoints(points(), 3, -1)).toThrow("maxEvents must be 0 or more, got -1");
  });
});
