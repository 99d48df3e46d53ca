import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/cli/shared/config-schema.js";
import { MAX_CONFIG_BYTES, mergeOptions, readConfigText, selectPolicies } from "../../../src/cli/shared/config.js";
import { UsageError } from "../../../src/cli/shared/errors.js";
import { closest, editDistance } from "../../../src/core/text/closest.js";
import { runCli } from "../../support/cli.js";
import { tempFiles } from "../../support/files.js";
import { memoryIo, memoryStdin } from "../../support/io.js";

function configError(text: string): string {
  try {
    parseConfig(text, "retry.json");
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

const io = (stdin?: ReturnType<typeof memoryStdin>) => memoryIo(stdin ? { stdin } : {});

describe("editDistance and closest", () => {
  it("counts edits, a swap of neighbours as one", () => {
    // kitten → sitten (substitute) → sittin (substitute) → sitting (insert): 3.
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
    // bsae → base: swap "s" and "a", one edit (plain Levenshtein would count 2).
    expect(editDistance("bsae", "base")).toBe(1);
    // ca → abc: no shortcut through a swap: 3 edits (OSA does not edit a swapped pair again).
    expect(editDistance("ca", "abc")).toBe(3);
  });
  it("suggests the nearest key, ignoring case, hyphens and underscores", () => {
    expect(closest("atempts", ["attempts", "base"])).toBe("attempts");
    expect(closest("maxTotal", ["max-total", "min-total"])).toBe("max-total");
    expect(closest("zzzzzz", ["base", "cap"])).toBeNull();
  });
});

describe("parseConfig: the calculator's own policy", () => {
  it("turns a policy into the option values the flags give", () => {
    const config = parseConfig('{"strategy": "exponential", "base": "1s", "cap": 30000, "factor": 1.5, "step": "250ms", "attempts": 8}', "retry.json");
    expect(config.policies).toEqual([
      { name: null, line: 1, options: { strategy: "exponential", base: "1s", cap: "30000", factor: "1.5", step: "250ms", attempts: "8" } },
    ]);
  });

  it("passes jitter, preset and seed through as options for their own parsers", () => {
    const config = parseConfig('{"preset": "bullmq", "jitter": 0.25, "seed": 42}', "retry.json");
    expect(config.policies[0]!.options).toEqual({ preset: "bullmq", jitter: "0.25", seed: "42" });
  });

  it("maps assert entries and clients to the limit options", () => {
    const config = parseConfig(
      '{"base": "1s", "clients": 50, "assert": {"max-total": "5m", "min-total": 1000, "max-delay": "30s", "min-first": "100ms", "max-first": "2s", "max-attempts": 8, "attempt-time": "2s"}}',
      "retry.json",
    );
    expect(config.policies[0]!.options).toEqual({
      base: "1s", clients: "50", maxTotal: "5m", minTotal: "1000", maxDelay: "30s", minFirst: "100ms", maxFirst: "2s", maxAttempts: "8", attemptTime: "2s",
    });
  });

  it("reads named policies; a policy's own assert overrides the shared one key by key", () => {
    const text = '{\n "assert": {"max-total": "5m", "max-delay": "1m"},\n "clients": 20,\n "policies": {\n  "email": {"base": "1s", "assert": {"max-total": "10m"}},\n  "webhook": {"base": 500, "clients": 3}\n }\n}';
    const config = parseConfig(text, "retry.json");
    expect(config.policies).toEqual([
      { name: "email", line: 5, options: { base: "1s", clients: "20", maxTotal: "10m", maxDelay: "1m" } },
      { name: "webhook", line: 6, options: { base: "500", clients: "3", maxTotal: "5m", maxDelay: "1m" } },
    ]);
  });
});

describe("parseConfig: BullMQ job options", () => {
  it("reads attempts as total tries: 5 tries are 4 retries", () => {
    const config = parseConfig('{"attempts": 5, "backoff": {"type": "exponential", "delay": 1000, "jitter": 0.5}}', "q.json");
    expect(config.policies[0]!.options).toEqual({ preset: "bullmq", strategy: "exponential", base: "1000", attempts: "4", jitter: "0.5" });
  });

  it("maps type fixed to the fixed mode, a bare number to a fixed delay, and drops a zero jitter", () => {
    expect(parseConfig('{"attempts": 3, "backoff": {"type": "fixed", "delay": 2000, "jitter": 0}}', "q.json").policies[0]!.options).toEqual({
      preset: "bullmq", strategy: "fixed", base: "2000", attempts: "2",
    });
    expect(parseConfig('{"attempts": 2, "backoff": 750}', "q.json").policies[0]!.options).toEqual({ preset: "bullmq", strategy: "fixed", base: "750", attempts: "1" });
  });

  it("ignores job options that do not change retry timing, and keeps assert", () => {
    const config = parseConfig('{"attempts": 3, "backoff": 100, "removeOnComplete": true, "priority": 2, "assert": {"max-total": "1s"}}', "q.json");
    expect(config.policies[0]!.options).toEqual({ maxTotal: "1s", preset: "bullmq", strategy: "fixed", base: "100", attempts: "2" });
  });

  it("explains attempts that allow no retry, custom types and mixed keys", () => {
    expect(configError('{"attempts": 1, "backoff": 100}')).toBe('retry.json:1:14: attempts is 1: BullMQ counts every try, so that is no retry at all; use 2 or more');
    expect(configError('{"backoff": 100}')).toBe("retry.json:1:1: attempts is missing: BullMQ then makes a single try and never retries");
    expect(configError('{"attempts": 3, "backoff": {"type": "custom", "delay": 1}}')).toBe(
      'retry.json:1:37: backoff.type "custom" is a custom strategy that backoff cannot compute; use "fixed" or "exponential"',
    );
    expect(configError('{"attempts": 3, "backoff": 100, "cap": "1s"}')).toBe(`retry.json:1:33: cap cannot be mixed with BullMQ's "backoff" in one policy; use one or the other`);
    expect(configError('{"attempts": 3, "backoff": {"type": "fixed", "delay": 100, "jitter": 2}}')).toBe("retry.json:1:70: backoff.jitter must be a number from 0 to 1, got 2");
    expect(configError('{"attempts": 3, "backoff": {"type": "fixed", "dealy": 100}}')).toBe('retry.json:1:46: unknown key "dealy" in backoff; did you mean "delay"?');
  });
});

describe("parseConfig: malformed and hostile input", () => {
  it("names an unknown key, where it is, and the closest known key", () => {
    expect(configError('{"base": "1s", "atempts": 5}')).toBe('retry.json:1:16: unknown key "atempts" in the top level; did you mean "attempts"?');
    expect(configError('{"assert": {"maxTotal": "1m"}}')).toBe('retry.json:1:13: unknown key "maxTotal" in assert; did you mean "max-total"?');
    expect(configError('{"policies": {"a": {"bsae": 1}}}')).toBe('retry.json:1:21: unknown key "bsae" in policies.a; did you mean "base"?');
    expect(configError('{"wibble": 1}')).toMatch(/^retry\.json:1:2: unknown key "wibble" in the top level \(known keys: strategy, base, cap/);
  });

  it("refuses prototype keys at every level, and nothing reaches Object.prototype", () => {
    expect(configError('{"__proto__": {"polluted": true}}')).toBe('retry.json:1:2: key "__proto__" in the top level is not allowed');
    expect(configError('{"assert": {"constructor": 1}}')).toBe('retry.json:1:13: key "constructor" in assert is not allowed');
    expect(configError('{"policies": {"prototype": {}}}')).toBe('retry.json:1:15: policy name "prototype" is not allowed');
    expect(configError('{"policies": {"a": {"__proto__": {"base": 1}}}}')).toBe('retry.json:1:21: key "__proto__" in policies.a is not allowed');
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.prototype).not.toHaveProperty("base");
  });

  it("refuses wrong types with one line naming key and value", () => {
    expect(configError('{"base": true}')).toBe('retry.json:1:10: base must be a duration (a number of milliseconds or a string such as "1.5s"), got true');
    expect(configError('{"strategy": "expo"}')).toBe('retry.json:1:14: strategy must be one of exponential, linear, fixed, got "expo"');
    expect(configError('{"attempts": [5]}')).toBe('retry.json:1:14: attempts must be a count such as 10 or a range such as "3..8", got an array');
    expect(configError('{"factor": "fast"}')).toBe('retry.json:1:12: factor must be a number of at least 1, such as 2 or 1.5, got "fast"');
    expect(configError('{"clients": "many"}')).toBe('retry.json:1:13: clients must be a whole number, got the string "many"');
    expect(configError('{"base": "-5"}')).toBe('retry.json:1:10: base must be a positive duration, got "-5"');
    expect(configError('{"policies": []}')).toBe("retry.json:1:14: policies must be a JSON object, got an array");
    expect(configError('{"policies": {}}')).toBe("retry.json:1:14: policies is empty; name at least one policy");
    expect(configError("42")).toBe("retry.json:1:1: the configuration must be a JSON object, got a number");
  });

  it("refuses huge numbers and digits a double cannot hold", () => {
    expect(configError('{"attempts": 9007199254740993}')).toBe("retry.json:1:14: attempts is too large: 9007199254740993 is beyond 9007199254740991");
    expect(configError('{"base": 1e300}')).toBe("retry.json:1:10: base is too large: 1e300 is beyond 9007199254740991");
    expect(configError('{"factor": 1.00000000000000000001}')).toBe(
      'retry.json:1:12: factor has more digits than can be computed exactly (15 significant digits at most), got "1.00000000000000000001"',
    );
  });

  it("skips a byte-order mark and counts lines across \r\n", () => {
    expect(parseConfig('\ufeff{"base": "1s"}', "retry.json").policies[0]!.options).toEqual({ base: "1s" });
    // Line 2 is `"cap": 30s`; the value starts at column 8.
    expect(configError('{"base": "1s",\r\n"cap": 30s}')).toBe('retry.json:2:8: 30s is not a JSON value; a duration with a unit must be a string, such as "30s"');
  });

  it("refuses an empty or blank file", () => {
    expect(configError("")).toBe('retry.json is empty; expected a JSON object such as {"base": "1s", "attempts": 5}');
    expect(configError(" \n\t")).toBe('retry.json is empty; expected a JSON object such as {"base": "1s", "attempts": 5}');
  });
});

describe("readConfigText", () => {
  it("reads a file, and refuses a directory, a missing file and an oversized one", async () => {
    const dir = tempFiles({ "a.json": '{"base": "1s"}', "big.json": " ".repeat(MAX_CONFIG_BYTES + 1) });
    expect(await readConfigText(join(dir, "a.json"), io())).toEqual({ text: '{"base": "1s"}', name: join(dir, "a.json") });
    await expect(readConfigText(dir, io())).rejects.toThrow(`--config ${JSON.stringify(dir)} is a directory; give a JSON or YAML file`);
    await expect(readConfigText(join(dir, "no.json"), io())).rejects.toThrow(`--config cannot read ${JSON.stringify(join(dir, "no.json"))}: no such file`);
    await expect(readConfigText(join(dir, "big.json"), io())).rejects.toThrow(`is ${MAX_CONFIG_BYTES + 1} bytes; a configuration file may be at most ${MAX_CONFIG_BYTES} bytes`);
  });

  it("reads all of standard input for -, across chunks (a character split between chunks included)", async () => {
    const bytes = Buffer.from('{"base": "1s", "note": "é"}', "utf8");
    const split = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const text = await readConfigText("-", io(memoryStdin([bytes.subarray(0, split), bytes.subarray(split)])));
    expect(text).toEqual({ text: '{"base": "1s", "note": "é"}', name: "<stdin>" });
  });

  it("refuses to wait on a terminal, and says so when there is no standard input", async () => {
    await expect(readConfigText("-", io(memoryStdin([], true)))).rejects.toThrow("--config - reads standard input, which is a terminal");
    await expect(readConfigText("-", io())).rejects.toThrow("--config - reads standard input, but there is none");
  });

  it("ends with exit code 2 and one line on stderr through the CLI", async () => {
    const dir = tempFiles({});
    const result = await runCli(["check", "--config", dir]);
    expect(result).toEqual({ code: 2, stdout: "", stderr: `error: --config ${JSON.stringify(dir)} is a directory; give a JSON or YAML file\n` });
    const tty = await runCli(["check", "--config", "-"], { stdin: memoryStdin([], true) });
    expect(tty.code).toBe(2);
    expect(tty.stdout).toBe("");
    expect(tty.stderr.split("\n")).toHaveLength(2);
  });
});

describe("merging and selecting", () => {
  it("flags override the file, the file overrides the defaults", () => {
    expect(mergeOptions({ base: "1s", attempts: "10", strategy: "exponential" }, { base: "2s", cap: "1m", attempts: "5" }, { attempts: "3" })).toEqual({
      base: "2s", attempts: "3", strategy: "exponential", cap: "1m",
    });
  });

  it("selects a named policy, and names the available ones when it is missing", () => {
    const config = parseConfig('{"policies": {"email": {"base": 1}, "webhook": {"base": 2}}}', "r.json");
    expect(selectPolicies(config, "webhook").map((p) => p.name)).toEqual(["webhook"]);
    expect(selectPolicies(config, undefined).map((p) => p.name)).toEqual(["email", "webhook"]);
    expect(() => selectPolicies(config, "sms")).toThrow('--policy "sms" is not in r.json; it has "email", "webhook"');
    expect(() => selectPolicies(null, "sms")).toThrow('--policy "sms" needs --config');
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

describe("--config reads YAML too (issue 28)", () => {
  it("a .yaml file: the same policy and limits as its JSON twin", async () => {
    const dir = tempFiles({
      "retry.yaml": "base: 1s\ncap: 30s\nattempts: 5\nassert:\n  max-total: 20s\n",
      "retry.json": '{"base": "1s", "cap": "30s", "attempts": 5, "assert": {"max-total": "20s"}}\n',
    });
    // 1 + 2 + 4 + 8 + 16 = 31 s over 20 s, first at attempt 5 (1 + 2 + 4 + 8 = 15 s before it).
    const fromYaml = await runCli(["check", "--config", join(dir, "retry.yaml")]);
    expect(fromYaml).toEqual({ code: 1, stdout: "✗ max-total 20 s: worst case 31 s (first over the limit at attempt 5)\n✗ 1 of 1 limit broken\n", stderr: "" });
    expect(await runCli(["check", "--config", join(dir, "retry.json")])).toEqual(fromYaml);
    expect((await runCli(["--config", join(dir, "retry.yaml"), "--format", "csv"])).stdout.split("\n").slice(1, 3)).toEqual(["1,1000,1000,1000,1000,1000", "2,2000,2000,3000,2000,3000"]);
  });

  it("YAML errors, unknown keys and a second document at file:line:col, exit 2", async () => {
    const dir = tempFiles({ "bad.yaml": "base: 1s\nattempts: [\n", "typo.yml": "base: 1s\natempts: 3\n", "two.yaml": "base: 1s\n---\nbase: 2s\n", "empty.yaml": "# nothing\n" });
    const at = (name: string) => join(dir, name);
    expect(await runCli(["--config", at("bad.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("bad.yaml")}:3:1: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]\n` });
    expect(await runCli(["--config", at("typo.yml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("typo.yml")}:2:1: unknown key "atempts" in the top level; did you mean "attempts"?\n` });
    expect(await runCli(["--config", at("two.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("two.yaml")}:2:1: a config file holds one YAML document; this is a second one\n` });
    expect(await runCli(["--config", at("empty.yaml")])).toEqual({ code: 2, stdout: "", stderr: `error: ${at("empty.yaml")} is empty; expected a YAML mapping such as "base: 1s" and "attempts: 5" on two lines\n` });
  });

  it("standard input: JSON when it starts with { or [, YAML otherwise", async () => {
    expect((await runCli(["--config", "-", "--format", "csv"], { stdin: memoryStdin(["base: 2s\nattempts: 2\n"]) })).stdout).toBe(
      "attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,2000,2000,2000,2000,2000\n2,4000,4000,6000,4000,6000\n",
    );
    expect(await runCli(["--config", "-"], { stdin: memoryStdin(['{"base": 1']) })).toEqual({ code: 2, stdout: "", stderr: "error: <stdin>:1:11: expected ',' or '}' after a property value, got the end of the input\n" });
  });
});
