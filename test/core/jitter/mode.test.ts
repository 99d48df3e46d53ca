/** The jitter modes' names and descriptions (src/core/jitter/mode.ts). */
import { describe, expect, it } from "vitest";
import { type Jitter, NO_JITTER, jitterDescription, jitterName } from "../../../src/core/jitter/mode.js";

const modes: Jitter[] = [NO_JITTER, { kind: "proportional", fraction: 0.2 }, { kind: "full" }, { kind: "equal" }, { kind: "decorrelated" }];

describe("jitter modes", () => {
  it("NO_JITTER is none", () => {
    expect(NO_JITTER).toEqual({ kind: "none" });
  });

  it("the name the CLI reads and prints: a proportional mode by its fraction as written", () => {
    expect(modes.map(jitterName)).toEqual(["none", "0.2", "full", "equal", "decorrelated"]);
    expect(jitterName({ kind: "proportional", fraction: 0.125 })).toBe("0.125");
  });

  it("one line on what each draws", () => {
    expect(modes.map(jitterDescription)).toEqual([
      "none",
      "±20% (uniform over [d·(1−0.2), d·(1+0.2)], clamped to the cap)",
      "full (uniform over [0, d])",
      "equal (d/2 + uniform over [0, d/2])",
      "decorrelated (min(cap, uniform(base, previous × 3)))",
    ]);
    expect(jitterDescription({ kind: "proportional", fraction: 0.125 })).toBe("±12.5% (uniform over [d·(1−0.125), d·(1+0.125)], clamped to the cap)");
  });
});
