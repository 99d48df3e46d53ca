import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";

// Issue 16, items 14 and 15: no exponent notation anywhere, and one reader per kind of
// value, for flags and config files alike.

const EXPONENT = /\d[eE][-+]?\d/;

describe("no exponent notation (item 14)", () => {
  it("--jitter 0.00000000000000000001 is printed as written, in JSON and in the table", async () => {
    const json = await runCli(["--jitter", "0.00000000000000000001", "--attempts", "1", "--format", "json"]);
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('"jitter":"0.00000000000000000001"');
    const table = await runCli(["--jitter", "0.00000000000000000001", "--attempts", "1"]);
    expect(table.stdout).toContain("d·(1−0.00000000000000000001)");
    // ±j as a percentage: 10^-20 × 100 = 10^-18.
    expect(table.stdout).toContain("±0.000000000000000001%");
    for (const text of [json.stdout, table.stdout]) expect(text).not.toMatch(EXPONENT);
  });

  it("solve says its tolerance and tiny roots without exponents, in text and JSON", async () => {
    const text = await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s"]);
    expect(text.stdout).toContain("a relative tolerance of 10^-12;");
    const json = await runCli(["solve", "--attempts", "5", "--total", "1h", "--base", "1s", "--format", "json"]);
    expect(json.stdout).toContain('"tolerance": 0.000000000001,');
    for (const out of [text.stdout, json.stdout]) expect(out).not.toMatch(EXPONENT);
  });

  it("a ratio to linear of 1/9007199254740991 is a plain decimal in JSON", async () => {
    const { stdout } = await runCli(["--strategy", "fixed", "--base", "1", "--step", "9007199254740990", "--attempts", "2..2", "--format", "json"]);
    // delay 1 against linear 1 + 9007199254740990 = 2^53 − 1: the ratio's shortest form is 1.1102230246251568e-16.
    expect(stdout).toContain('"ratio_to_linear":0.00000000000000011102230246251568,');
    expect(stdout).not.toMatch(EXPONENT);
  });

  it("simulate echoes a tiny --success plainly", async () => {
    const { stdout } = await runCli(["simulate", "--clients", "3", "--attempts", "1", "--success", "0.0000001"]);
    expect(stdout).toContain("each retry succeeds with probability 0.0000001;");
    expect(stdout).not.toMatch(EXPONENT);
  });
});

describe("one reader per kind of value (item 15)", () => {
  it("--jitter 1.0000000000000001 is above 1 (compared as a decimal), under a preset too", async () => {
    expect(await runCli(["--jitter", "1.0000000000000001"])).toEqual({
      code: 2,
      stdout: "",
      stderr: 'error: --jitter fraction must be greater than 0 and at most 1, got "1.0000000000000001"\n',
    });
    expect((await runCli(["--preset", "bullmq", "--jitter", "1.0000000000000001"])).code).toBe(2);
  });

  it("digit separators are refused by every whole-number option alike", async () => {
    for (const [args, option] of [
      [["simulate", "--clients", "1_000"], "--clients"],
      [["simulate", "--attempts", "1_000"], "--attempts for simulate"],
      [["--attempts", "1_000"], "--attempts"],
      [["--seed", "1_000", "--jitter", "full"], "--seed"],
      [["check", "--max-attempts", "1_000"], "--max-attempts"],
    ] as const) {
      const { code, stderr } = await runCli([...args]);
      expect(code).toBe(2);
      expect(stderr).toBe(`error: ${option} takes plain digits without separators (1000, not 1_000), got "1_000"\n`);
    }
  });

  it("--spread 0.4 is refused like 0.5; 0, 0.0 and 0s all mean no spread", async () => {
    expect((await runCli(["simulate", "--spread", "0.4"])).stderr).toBe(
      'error: --spread must be 0 or a whole number of milliseconds (first failures are drawn in whole ms), got "0.4"\n',
    );
    const none = await runCli(["simulate", "--clients", "5", "--attempts", "2", "--format", "csv"]);
    for (const zero of ["0", "0.0", "0s", "0.000ms"]) {
      expect(await runCli(["simulate", "--clients", "5", "--attempts", "2", "--format", "csv", "--spread", zero])).toEqual(none);
    }
  });

  it("a leading no-break space is refused by every option the same way", async () => {
    const nbsp = "\u00a0";
    for (const [args, option] of [
      [["--base", `${nbsp}5`], "--base"],
      [["--attempts", `${nbsp}5`], "--attempts"],
      [["--factor", `${nbsp}2`], "--factor"],
      [["--jitter", `${nbsp}full`], "--jitter"],
      [["--seed", `${nbsp}5`], "--seed"],
      [["--preset", `${nbsp}grpc`], "--preset"],
      [["simulate", "--clients", `${nbsp}5`], "--clients"],
      [["check", "--max-total", `${nbsp}5s`], "--max-total"],
    ] as const) {
      const { code, stderr } = await runCli([...args]);
      expect(code).toBe(2);
      expect(stderr).toMatch(new RegExp(`^error: ${option} contains a no-break space \\(U\\+00A0\\) in `));
    }
    // Choices go through commander, which never trims: refused as well.
    expect((await runCli(["--format", `${nbsp}csv`])).code).toBe(2);
  });

  it('"seed": 1e3 is the seed 1000 for check and the schedule alike; "seed": 1.5 is refused by both', async () => {
    const dir = tempFiles({ "exp.json": '{"base": 1e3, "seed": 1e3, "jitter": "full", "attempts": 2}', "half.json": '{"seed": 1.5}' });
    const schedule = await runCli(["--config", `${dir}/exp.json`, "--format", "csv"]);
    const flags = await runCli(["--base", "1000", "--seed", "1000", "--jitter", "full", "--attempts", "2", "--format", "csv"]);
    expect(schedule).toEqual(flags);
    expect((await runCli(["check", "--config", `${dir}/exp.json`])).code).toBe(0);
    for (const command of [[], ["check"]]) {
      const { code, stderr } = await runCli([...command, "--config", `${dir}/half.json`]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/seed must be a whole number from 0 to 9007199254740991, got "1\.5"/);
    }
  });

  it('BullMQ "jitter": 5e-1 is read like "base": 1e3: as 0.5 and 1000', async () => {
    const dir = tempFiles({
      "exp.json": '{"attempts": 3, "backoff": {"type": "exponential", "delay": 1e3, "jitter": 5e-1}}',
      "plain.json": '{"attempts": 3, "backoff": {"type": "exponential", "delay": 1000, "jitter": 0.5}}',
    });
    const exp = await runCli(["--config", `${dir}/exp.json`, "--format", "csv"]);
    expect(exp.code).toBe(0);
    expect(exp).toEqual(await runCli(["--config", `${dir}/plain.json`, "--format", "csv"]));
    // BullMQ at attempt 1: floor(r·1000·0.5 + 500) over r in [0, 1): 500..999, mean 749.5; the delay is the jitter-free 1000,
    // which no wait is itself (issue 39, item 3).
    expect(exp.stdout.split("\n")[1]).toBe("1,1000,1000,1000,1000,1000,500,999,749.5,500,999");
  });

  it("invalid UTF-8 in a policy name is refused with file:line:column, from a file or stdin", async () => {
    const bytes = Buffer.concat([Buffer.from('{"policies": {\n "a'), Buffer.from([0xff]), Buffer.from('b": {"base": 5}}}')]);
    const dir = tempFiles({});
    const { writeFileSync } = await import("node:fs");
    writeFileSync(`${dir}/bad.json`, bytes);
    expect(await runCli(["check", "--config", `${dir}/bad.json`])).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: ${dir}/bad.json:2:4: invalid UTF-8 (byte 0xFF); save the configuration as UTF-8\n`,
    });
    const { memoryStdin } = await import("../support/io.js");
    const fromStdin = await runCli(["--config", "-"], { stdin: memoryStdin([bytes]) });
    expect(fromStdin.stderr).toBe("error: <stdin>:2:4: invalid UTF-8 (byte 0xFF); save the configuration as UTF-8\n");
  });
});
