import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { valuesWithConfig } from "../../../src/cli/schedule/config.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { memoryIo } from "../../support/io.js";

// src/cli/schedule/config.ts: the schedule's values with a config file under them. The
// runCli tests were folded in from test/cli/shared/config.test.ts ("the schedule command with --config").

describe("valuesWithConfig", () => {
  const dir = tempFiles({
    "one.json": JSON.stringify({ base: "2s", cap: "1m", attempts: 5, clients: 100, assert: { "max-total": "20s", "attempt-time": "2s", deadline: "30s" } }),
    "two.json": JSON.stringify({ policies: { a: { base: 1 }, b: { base: 2, jitter: "full", cap: "1s" } } }),
  });

  it("the file's policy, then the flags given over it; the file's limits and try times are check's and left out", async () => {
    // assert's max-total, attempt-time and deadline go (ASSERT_KEYS); clients is no assert key and stays; --attempts 3 wins over 5.
    expect(await valuesWithConfig(join(dir, "one.json"), undefined, { attempts: "3" }, memoryIo())).toEqual({ base: "2s", cap: "1m", attempts: "3", clients: "100" });
    // --attempt-time on the command line still applies.
    expect(await valuesWithConfig(join(dir, "one.json"), undefined, { attemptTime: "1s" }, memoryIo())).toEqual({ base: "2s", cap: "1m", attempts: "5", clients: "100", attemptTime: "1s" });
  });

  it("the policy --policy names, when the file holds several", async () => {
    expect(await valuesWithConfig(join(dir, "two.json"), "b", { base: "5" }, memoryIo())).toEqual({ base: "5", jitter: "full", cap: "1s" });
  });

  it("refuses to choose among several, and a name the file does not hold, naming them", async () => {
    await expect(valuesWithConfig(join(dir, "two.json"), undefined, {}, memoryIo())).rejects.toThrow(`${join(dir, "two.json")} holds 2 policies ("a", "b"); choose one with --policy <name>`);
    await expect(valuesWithConfig(join(dir, "two.json"), "c", {}, memoryIo())).rejects.toThrow(`--policy "c" is not in ${join(dir, "two.json")}; it has "a", "b"`);
  });
});

describe("the schedule command with --config", () => {
  it("takes the policy from the file, with flags overriding it", async () => {
    const dir = tempFiles({ "p.json": '{"strategy": "linear", "base": "2s", "step": 500, "attempts": 3}' });
    // linear: 2000, 2000 + 500 = 2500, 3000; cumulative 2000, 4500, 7500. Linear comparison = the same.
    const fromFile = await runCli(["--config", join(dir, "p.json"), "--format", "csv"]);
    expect(fromFile.stdout.trim().split("\n").slice(1)).toEqual(["1,2000,2000,2000,2000,2000", "2,2500,2500,4500,2500,4500", "3,3000,3000,7500,3000,7500"]);
    // --base 1s on the command line wins: 1000, 1500.
    const overridden = await runCli(["--config", join(dir, "p.json"), "--base", "1s", "--attempts", "2", "--format", "csv"]);
    expect(overridden.stdout.trim().split("\n").slice(1)).toEqual(["1,1000,1000,1000,1000,1000", "2,1500,1500,2500,1500,2500"]);
  });

  it("needs --policy when the file holds several, and reads jitter from the file", async () => {
    const dir = tempFiles({ "p.json": '{"policies": {"a": {"base": 1}, "b": {"base": 2}}}', "j.json": '{"base": "1s", "jitter": 0.5}' });
    const several = await runCli(["--config", join(dir, "p.json")]);
    expect(several.code).toBe(2);
    expect(several.stderr).toBe(`error: ${join(dir, "p.json")} holds 2 policies ("a", "b"); choose one with --policy <name>\n`);
    const chosen = await runCli(["--config", join(dir, "p.json"), "--policy", "b", "--attempts", "1", "--format", "csv"]);
    expect(chosen.stdout.trim().split("\n")[1]).toBe("1,2,2,2,2,2");
    // base 1 s, jitter 0.5: attempt 1 ranges over [1000 × 0.5, 1000 × 1.5] = [500, 1500], mean 1000.
    const jitter = await runCli(["--config", join(dir, "j.json"), "--attempts", "1", "--format", "csv"]);
    expect(jitter.code).toBe(0);
    expect(jitter.stdout.trim().split("\n")).toEqual([
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms,min_ms,max_ms,mean_ms,cumulative_min_ms,cumulative_max_ms",
      "1,1000,1000,1000,1000,1000,500,1500,1000,500,1500",
    ]);
  });
});
