/**
 * The kubernetes-job preset (issue 12) against values computed by hand from the lines of the
 * library's source quoted in the block: un-jittered values, exact bounds at the first attempt
 * and past the cap, the default retry count, the stopping rule, refusals in the library's own
 * terms, and sampled delays inside the bounds.
 */
import { describe, expect, it } from "vitest";
import { model, delays } from "../support/presets.js";

describe("kubernetes-job (pkg/controller/job/backoff_utils.go, job_controller.go)", () => {
  // backoffDuration := defaultBackoff; for i := 1; i < failuresCount; i++ { backoffDuration *= 2; if >= max { max; break } }
  it("10, 20, 40, 80, 160, 320 s for the default backoffLimit 6; 600 s (MaxJobPodFailureBackOff) from failure 7", () => {
    expect(delays("kubernetes-job", {}, [1, 2, 3, 4, 5, 6, 7, 12])).toEqual([10000, 20000, 40000, 80000, 160000, 320000, 600000, 600000]);
    expect(model("kubernetes-job").retries).toBe(6);
    expect(model("kubernetes-job").capReachedAt()).toBe(7);
  });

  it("the docs' six minutes, as a cap: 320 s, then 360 s", () => {
    expect(delays("kubernetes-job", { capMs: 360_000 }, [6, 7, 8])).toEqual([320000, 360000, 360000]);
  });

  it("refuses a max below the base, naming the controller's constants", () => {
    expect(() => model("kubernetes-job", { capMs: 5000 })).toThrow(/^MaxJobPodFailureBackOff \(5,000 ms\) must be at least DefaultJobPodFailureBackOff \(10,000 ms\)$/);
    expect(() => model("kubernetes-job", { retries: 2 ** 31 })).toThrow(/^spec.backoffLimit is an int32/);
  });
});
