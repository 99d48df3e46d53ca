import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/config/errors.js";
import { parseConfig, parseConfigFile, selectPolicies } from "../../src/config/schema.js";
import { runCli } from "../support/cli.js";
import { tempFiles } from "../support/files.js";

// backoff's own configuration format (schema.ts): every message worked out by hand from
// the file's text (line and column counted from 1).

function configError(text: string): string {
  try {
    parseConfig(text, "retry.json");
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

/** About 84,000 small policies, one per line (the comma leads the next), in under 1 MB (the file). */
function manyPolicies(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => `"${i.toString(36)}":{}`);
  return `{"policies":{\n${lines.join("\n,")}\n}}\n`;
}

describe("parseConfig: the calculator's own policy", () => {
  it("turns a policy into the option values the flags give", () => {
    const config = parseConfig('{"strategy": "exponential", "base": "1s", "cap": 30000, "factor": 1.5, "step": "250ms", "attempts": 8}', "retry.json");
    expect(config.policies).toEqual([
      { name: null, line: 1, column: 1, options: { strategy: "exponential", base: "1s", cap: "30000", factor: "1.5", step: "250ms", attempts: "8" } },
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
      // Each at its key, after two spaces: column 3.
      { name: "email", line: 5, column: 3, options: { base: "1s", clients: "20", maxTotal: "10m", maxDelay: "1m" } },
      { name: "webhook", line: 6, column: 3, options: { base: "500", clients: "3", maxTotal: "5m", maxDelay: "1m" } },
    ]);
  });
});

describe("a top-level $schema key (for editors: schema/backoff-config.schema.json)", () => {
  const SCHEMA = "./node_modules/backoff-calculator/schema/backoff-config.schema.json";

  it("is accepted and ignored in JSON, beside one policy, BullMQ job options or several policies", () => {
    expect(parseConfig(`{"$schema": "${SCHEMA}", "base": "1s", "attempts": 3}`, "retry.json").policies).toEqual([{ name: null, line: 1, column: 1, options: { base: "1s", attempts: "3" } }]);
    expect(parseConfig(`{"$schema": "${SCHEMA}", "attempts": 3, "backoff": 100}`, "q.json").policies[0]!.options).toEqual({ preset: "bullmq", strategy: "fixed", base: "100", attempts: "2" });
    expect(parseConfig(`{"$schema": "${SCHEMA}", "clients": 5, "policies": {"a": {"base": 500}}}`, "retry.json").policies).toEqual([{ name: "a", line: 1, column: `{"$schema": "${SCHEMA}", "clients": 5, "policies": {`.length + 1, options: { clients: "5", base: "500" } }]);
  });

  it("is accepted and ignored in YAML, and so is the YAML language server's comment", () => {
    const text = `# yaml-language-server: $schema=${SCHEMA}\n$schema: ${SCHEMA}\nbase: 1s\ncap: 30s\n`;
    expect(parseConfigFile(text, "retry.yaml").policies).toEqual([{ name: null, line: 2, column: 1, options: { base: "1s", cap: "30s" } }]);
  });

  it("must be a string, and only at the top level", () => {
    // `5` starts at column 13 of {"$schema": 5}.
    expect(configError('{"$schema": 5, "base": "1s"}')).toBe("retry.json:1:13: $schema must be a string, got 5");
    expect(() => parseConfigFile("$schema: [a]\nbase: 1s\n", "retry.yaml")).toThrow("retry.yaml:1:10: $schema must be a string, got an array");
    // The policy's "$schema" key is at column 21.
    expect(configError('{"policies": {"a": {"$schema": "x", "base": 1}}}')).toBe('retry.json:1:21: unknown key "$schema" in policies.a (known keys: strategy, base, cap, factor, step, attempts, jitter, preset, seed, max-elapsed, assert, clients)');
    expect(configError('{"schema": "x"}')).toBe('retry.json:1:2: unknown key "schema" in the top level; did you mean "$schema"?');
  });
});

describe("policy names", () => {
  it("are 1 to 100 characters counted as code points, not UTF-16 units", () => {
    const emoji = "\u{1F680}".repeat(100);
    expect(parseConfig(`{"policies": {"${emoji}": {}}}`, "retry.json").policies[0]!.name).toBe(emoji);
    expect(configError(`{"policies": {"${emoji}a": {}}}`)).toBe(`retry.json:1:15: policy name "${emoji}a" must be 1 to 100 printable characters`);
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

  it("refuses prototype keys at every level as any unknown key, with no suggestion, and nothing reaches Object.prototype", () => {
    expect(configError('{"__proto__": {"polluted": true}}')).toMatch(/^retry\.json:1:2: unknown key "__proto__" in the top level \(known keys: strategy, base, cap, .*\)$/);
    expect(configError('{"assert": {"constructor": 1}}')).toBe(
      'retry.json:1:13: unknown key "constructor" in assert (known keys: max-total, min-total, max-delay, min-first, max-first, max-attempts, max-give-up, attempt-time, deadline, unreachable-retries)',
    );
    expect(configError('{"policies": {"prototype": {}}}')).toBe('retry.json:1:15: policy name "prototype" is not allowed');
    expect(configError('{"policies": {"a": {"__proto__": {"base": 1}}}}')).toBe(
      'retry.json:1:21: unknown key "__proto__" in policies.a (known keys: strategy, base, cap, factor, step, attempts, jitter, preset, seed, max-elapsed, assert, clients)',
    );
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(Object.prototype).not.toHaveProperty("base");
  });

  it("refuses wrong types with one line naming key and value", () => {
    expect(configError('{"base": true}')).toBe('retry.json:1:10: base must be a duration (a number of milliseconds or a string such as "1.5s"), got true');
    expect(configError('{"strategy": "expo"}')).toBe('retry.json:1:14: strategy must be one of exponential, linear, fixed, got "expo"; did you mean exponential?'); // a shared start of four letters
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

describe("policy line numbers in time linear in the file's size (issue 16, item 9)", () => {
  it("each policy's line is where its name is: policy i of the big file is on line i + 2", () => {
    const config = parseConfig(manyPolicies(1000), "many.json");
    expect(config.policies.map((p) => p.line)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
  });

  it("84,000 policies (under 1 MB): --policy and check answer in seconds, not the 50 s of a rescan per policy", { timeout: 60_000 }, async () => {
    const text = manyPolicies(84_000);
    expect(text.length).toBeLessThan(1024 * 1024);
    const dir = tempFiles({ "many.json": text });
    const one = await runCli(["--config", `${dir}/many.json`, "--policy", "5", "--attempts", "2", "--format", "csv"]);
    expect(one.code).toBe(0);
    expect(one.stdout).toBe("attempt,raw_ms,delay_ms,cumulative_ms,linear_ms,linear_cumulative_ms\n1,1000,1000,1000,1000,1000\n2,2000,2000,3000,2000,3000\n");
    const all = await runCli(["check", "--config", `${dir}/many.json`, "--format", "json"]);
    expect(all.code).toBe(0);
    const report = JSON.parse(all.stdout);
    expect(report.policies).toHaveLength(84_000);
    expect(report.policies[83_999].name).toBe((83_999).toString(36));
  });
});

describe("selectPolicies", () => {
  it("selects a named policy, and names the available ones when it is missing", () => {
    const config = parseConfig('{"policies": {"email": {"base": 1}, "webhook": {"base": 2}}}', "r.json");
    expect(selectPolicies(config, "webhook").map((p) => p.name)).toEqual(["webhook"]);
    expect(selectPolicies(config, undefined).map((p) => p.name)).toEqual(["email", "webhook"]);
    expect(() => selectPolicies(config, "sms")).toThrow('--policy "sms" is not in r.json; it has "email", "webhook"');
    expect(() => selectPolicies(null, "sms")).toThrow('--policy "sms" needs --config');
  });
});
