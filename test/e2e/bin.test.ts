import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { spawnBin } from "../support/bin.js";
import { ROOT as root } from "../support/paths.js";

// These run the built package (the global setup builds it before any test), the way a user runs it.
const env = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined };

function backoff(args: string[]) {
  return spawnBin(args, { env });
}

describe("bin/backoff.js", () => {
  it("prints the schedule table with exit 0", () => {
    const { code, stdout, stderr } = backoff(["--base", "100", "--cap", "10s", "--attempts", "5"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain("Total wait after attempt 5: 3.1 s (3,100 ms)");
    expect(stdout).not.toMatch(/\u001b\[/); // a pipe gets no colour
  });

  it("bad input: exit 2, one line on stderr, no stack trace", () => {
    const { code, stdout, stderr } = backoff(["--base", "-5"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe('error: --base must be a positive duration, got "-5"\n');
  });

  it("exports the same delay function for programs to import", () => {
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", 'import { delayMs, scheduleRows } from "./dist/index.js"; console.log(delayMs({ baseMs: 100, capMs: 10000 }, 20), typeof scheduleRows)'], {
      cwd: root,
      encoding: "utf8",
    });
    expect(out).toBe("10000 function\n");
  });
});
