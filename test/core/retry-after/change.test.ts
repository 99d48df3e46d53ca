import { describe, expect, it } from "vitest";
import { raisedChange, replacedChange } from "../../../src/core/retry-after/change.js";

describe("what a Retry-After did to a wait", () => {
  it("raised to at least the header: every draw below it changes, none at or above it", () => {
    expect(raisedChange({ minMs: 1000, maxMs: 1000 }, 3000)).toBe("yes");
    expect(raisedChange({ minMs: 4000, maxMs: 4000 }, 3000)).toBe("no");
    expect(raisedChange({ minMs: 3000, maxMs: 3000 }, 3000)).toBe("no");
    expect(raisedChange({ minMs: 0, maxMs: 4000 }, 3000)).toBe("in some runs");
    expect(raisedChange({ minMs: 0, maxMs: 2999 }, 3000)).toBe("yes");
  });

  it("replaced by a wait: unchanged only where the draw was exactly it", () => {
    expect(replacedChange({ minMs: 3000, maxMs: 3000 }, 3000)).toBe("no");
    expect(replacedChange({ minMs: 8000, maxMs: 8000 }, 3000)).toBe("yes");
    expect(replacedChange({ minMs: 1000, maxMs: 1100 }, 3000)).toBe("yes");
    expect(replacedChange({ minMs: 1000, maxMs: 5000 }, 3000)).toBe("in some runs");
  });
});
