/**
 * The kubernetes preset against values computed by hand from the library's own formula (the
 * source file is named in the describe title): its exact bounds at the first attempt and one
 * past its cap, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import type { PresetOverrides } from "../../src/presets/types.js";
import { model } from "../support/presets.js";

const delays = (name: string, overrides: PresetOverrides, attempts: number[]) => attempts.map((a) => model(name, overrides).delay(a).delayMs);

describe("kubernetes (client-go util/flowcontrol/backoff.go, kubelet doBackOff)", () => {
  it("0 on the first crash, then min(10 s × 2^(a−2), 300 s)", () => {
    expect(delays("kubernetes", {}, [1, 2, 3, 4, 7])).toEqual([0, 10_000, 20_000, 40_000, 300_000]);
    const m = model("kubernetes");
    expect(m.bounds(1)).toEqual({ minMs: 0, maxMs: 0 });
    expect(m.capReachedAt()).toBe(7); // 10 × 2^5 = 320 ≥ 300
    expect(m.bounds(8)).toEqual({ minMs: 300_000, maxMs: 300_000 });
    expect(m.jittered).toBe(false);
  });

  it("a max below the initial 10 s lowers the initial to it (kubelet.go newCrashLoopBackOff)", () => {
    // if boMax < boInitial { boInitial = boMax }: --cap 5s gives 0, 5 s, 5 s, …
    expect(delays("kubernetes", { capMs: 5000 }, [1, 2, 3, 4])).toEqual([0, 5000, 5000, 5000]);
    expect(delays("kubernetes", { baseMs: 2000, capMs: 1000 }, [1, 2, 3])).toEqual([0, 1000, 1000]);
  });
});

// Issue 41, item 2: `backoff presets kubernetes` shows the library's default conditions.
// kubernetes pkg/kubelet/container/helpers.go ShouldContainerBeRestarted: an exited container restarts unless restartPolicy Never, or OnFailure with exit 0.
describe("kubernetes's default conditions (issue 41, item 2)", () => {
  it("the 'retries on' line of backoff presets kubernetes, and retry_on in its JSON", async () => {
    const text = await runCli(["presets", "kubernetes"], { env: { NO_COLOR: "1" } });
    expect(text.stdout.split("\n")).toContain("retries on every error (the kubelet's CrashLoopBackOff: restartPolicy Always (every exit), OnFailure (a non-zero exit))");
    const json = await runCli(["presets", "kubernetes", "--format", "json"]);
    expect(JSON.parse(json.stdout).retry_on).toEqual({ from: "the kubelet's CrashLoopBackOff", default: true, words: ["restartPolicy Always (every exit)", "OnFailure (a non-zero exit)"], conditions: ["every error"], overload: [], everything: true });
  });
});
