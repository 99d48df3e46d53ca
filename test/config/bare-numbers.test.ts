import { describe, expect, it } from "vitest";
import { asRead, bareLimitWarnings, capBelowBaseMessage, isBareNumber } from "../../src/config/bare-numbers.js";
import { run } from "../../src/cli/run.js";
import { memoryIo } from "../support/io.js";

describe("bare numbers are milliseconds, and the messages they cause say so (issue 23, item 10)", () => {
  it("tells a bare number from a duration with a unit", () => {
    expect(["30", "0.5", " 30 "].map(isBareNumber)).toEqual([true, true, true]);
    expect(["30s", "30ms", "1m30s", "", "-3", "1e3"].map(isBareNumber)).toEqual([false, false, false, false, false, false]);
    expect(asRead("30")).toBe("30, read as 30 ms");
    expect(asRead("30s")).toBe("30s");
  });

  it("a cap below the base suggests seconds only where they would be accepted", () => {
    expect(capBelowBaseMessage("30", "1s", 1000)).toBe("--cap (30, read as 30 ms) must be at least --base (1s); did you mean 30s?");
    // 0.5 s is still below a 1 s base: no suggestion that would be refused in turn.
    expect(capBelowBaseMessage("0.5", "1s", 1000)).toBe("--cap (0.5, read as 0.5 ms) must be at least --base (1s)");
    expect(capBelowBaseMessage("500ms", "1s", 1000)).toBe("--cap (500ms) must be at least --base (1s)");
  });

  it("the schedule's error is that message, exit 2", async () => {
    const io = memoryIo();
    expect(await run(["--cap", "30"], io)).toBe(2);
    expect(io.stderr.text).toBe("error: --cap (30, read as 30 ms) must be at least --base (1s); did you mean 30s?\n");
  });

  it("the suggested command is accepted", async () => {
    expect(await run(["--cap", "30s", "--format", "csv"], memoryIo())).toBe(0);
  });

  it("solve says the same", async () => {
    const io = memoryIo();
    expect(await run(["solve", "--total", "1m", "--base", "2s", "--cap", "30"], io)).toBe(2);
    expect(io.stderr.text).toBe("error: --cap (30, read as 30 ms) must be at least --base (2s); did you mean 30s?\n");
  });

  it("warns about limits below 1 s given as bare numbers, once each", () => {
    expect(bareLimitWarnings({ maxTotal: "5", minFirst: "2000", maxDelay: "30s", maxAttempts: "5" })).toEqual([
      "warning: --max-total 5 is read as 5 ms (a number without a unit is milliseconds); for seconds write --max-total 5s",
    ]);
    expect(bareLimitWarnings({})).toEqual([]);
  });

  it("check --max-total 5 warns on stderr and still checks against 5 ms", async () => {
    const io = memoryIo();
    // 1 s doubling over 3 retries waits 1 + 2 + 4 = 7 s: over 5 ms, exit 1.
    expect(await run(["check", "--base", "1s", "--attempts", "3", "--max-total", "5"], io)).toBe(1);
    expect(io.stderr.text).toBe("warning: --max-total 5 is read as 5 ms (a number without a unit is milliseconds); for seconds write --max-total 5s\n");
  });
});
