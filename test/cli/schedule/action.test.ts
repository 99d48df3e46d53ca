import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runScheduleCommand } from "../../../src/cli/schedule/action.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { memoryIo } from "../../support/io.js";

// src/cli/schedule/action.ts: `backoff [options]`, the flags alone or under a config file's policy.

const CSV_HEADER = "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms";

describe("runScheduleCommand", () => {
  it("without --config: the schedule of the flags given", async () => {
    const io = memoryIo();
    // base 100 ms, factor 2: 100, 200 (total 300); the linear comparison 100, 200 (step = base).
    expect(await runScheduleCommand({ base: "100", attempts: "2" }, { format: "csv", color: false }, io)).toBe(0);
    expect([io.stdout.text, io.stderr.text]).toEqual([`${CSV_HEADER}\n1,100,100,100,100,100\n2,200,200,300,200,300\n`, ""]);
  });

  it("with --config: the file's policy, the flags over it", async () => {
    const dir = tempFiles({ "retry.json": '{"policies": {"email": {"strategy": "fixed", "base": "3s", "attempts": 5}, "sms": {"base": 1}}}' });
    const io = memoryIo();
    // fixed 3 s, --attempts 2 over the file's 5: 3000, 3000 (total 6000); linear from 3000 by 3000: 3000, 6000 (total 9000).
    expect(await runScheduleCommand({ attempts: "2" }, { format: "csv", color: false, config: join(dir, "retry.json"), policy: "email" }, io)).toBe(0);
    expect(io.stdout.text).toBe(`${CSV_HEADER}\n1,3000,3000,3000,3000,3000\n2,3000,3000,6000,6000,9000\n`);
  });

  it("--policy without --config is refused: the names are in the file", async () => {
    await expect(runScheduleCommand({}, { format: "table", color: false, policy: "email" }, memoryIo())).rejects.toThrow('--policy "email" needs --config, which holds the named policies');
    expect(await runCli(["--policy", "email"])).toEqual({ code: 2, stdout: "", stderr: 'error: --policy "email" needs --config, which holds the named policies\n' });
  });
});
