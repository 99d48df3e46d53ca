import { describe, expect, it } from "vitest";
import { MAX_PRESET_CLIENTS, libraryClient } from "../../../src/cli/simulate/preset-simulation.js";
import type { PresetModel } from "../../../src/presets/types.js";
import { findPreset } from "../../../src/presets/registry.js";
import { runCli } from "../../support/cli.js";

const json = async (...args: string[]) => JSON.parse((await runCli(["simulate", ...args, "--format", "json"])).stdout);

describe("libraryClient", () => {
  it("a library's own client when it has one; else a run of its sampler that gives up after the last attempt", () => {
    const own = () => () => 7;
    expect(libraryClient({ client: own } as unknown as PresetModel, 3)).toBe(own);
    const sampled = libraryClient({ sampler: () => (attempt: number) => attempt * 100 } as unknown as PresetModel, 2);
    const run = sampled({ integer: (min) => min, fraction: () => 0.5 });
    expect([run(1), run(2), run(3)]).toEqual([100, 200, null]);
  });
});

describe("backoff simulate --preset", () => {
  it("bullmq's 2 retries (attempts: 3) of 1 s and 2 s: every client at 1 s, then at 3 s, no jitter", async () => {
    const doc = await json("--preset", "bullmq", "--clients", "4", "--attempts", "2");
    expect(doc.preset).toEqual({ preset: "bullmq", library: "bullmq 6.7.0", parameters: { type: "exponential", delay: 1000, jitter: 0, attempts: 3 }, jittered: false, stopping: "bullmq stops after 2 retries" });
    expect(doc.rows.map((row: { latest_ms: number; unjittered_latest_ms: number }) => [row.latest_ms, row.unjittered_latest_ms])).toEqual([
      [1000, 1000],
      [3000, 3000],
    ]);
    expect(doc.summary.jittered).toEqual({ calls: 12, retries: 8, peak_load: 4, completion_ms: 3000, figures: "exact" });
  });

  it("a library that retries forever is simulated over its default attempts, and says so", async () => {
    const grpc = findPreset("grpc")!;
    const doc = await json("--preset", "grpc", "--clients", "2");
    expect(doc.cohort.attempts).toBe(grpc.defaultAttempts);
    expect(doc.preset.stopping).toBe(`grpc retries forever (connection backoff never gives up); simulated over ${grpc.defaultAttempts} retries (--attempts to change)`);
    expect((await json("--preset", "grpc", "--clients", "2", "--attempts", "3")).preset.stopping).toBe("grpc retries forever (connection backoff never gives up); simulated over 3 retries");
  });

  it("refuses what it cannot simulate, one line each", async () => {
    const refused = async (...args: string[]) => (await runCli(["simulate", ...args])).stderr;
    expect(await refused("--preset", "bullmq")).toBe("error: --preset bullmq: bullmq makes no retry (attempts: 1, no retries), so no client retries; give --attempts N\n");
    expect(await refused("--preset", "bullmq", "--compare-jitter")).toBe("error: --compare-jitter runs the calculator's jitter modes; under --preset the library's own jitter is simulated (set it with --jitter)\n");
    expect(MAX_PRESET_CLIENTS).toBe(1_000_000);
    expect(await refused("--preset", "sidekiq", "--clients", "1000001")).toBe("error: --clients under --preset must be at most 1,000,000 (each client carries the library's own state), got 1,000,001\n");
  });
});
