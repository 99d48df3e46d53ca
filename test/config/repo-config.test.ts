import { describe, expect, it } from "vitest";
import { REPO_TOP_KEYS, parseRepoConfig } from "../../src/config/repo-config.js";

// src/config/repo-config.ts: a repository config's keys read into settings (issue 37, item 1).
describe("parseRepoConfig", () => {
  it("reads assert, clients, rules, exclude and overrides (YAML), the limits as the flags' option values", () => {
    const config = parseRepoConfig(
      [
        "assert: {max-total: 5m, attempt-time: 2s}",
        "clients: 200",
        "rules: {no-cap: error, early-cap: OFF}",
        "exclude: legacy/",
        "overrides:",
        "  - files: deploy/batch/**",
        "    assert: {max-total: 1h}",
        "    rules: {no-jitter: off}",
        "  - files: [a/*.yaml, b/]",
        "",
      ].join("\n"),
      ".backoff.yaml",
    );
    expect(config.options).toEqual({ maxTotal: "5m", attemptTime: "2s", clients: "200" });
    expect([...config.rules]).toEqual([
      ["no-cap", "error"],
      ["early-cap", "off"],
    ]);
    expect(config.exclude).toEqual(["legacy/"]);
    expect(config.overrides.map((o) => [o.files, o.options, [...o.rules]])).toEqual([
      [["deploy/batch/**"], { maxTotal: "1h" }, [["no-jitter", "off"]]],
      [["a/*.yaml", "b/"], {}, []],
    ]);
  });

  it("takes a policy, BullMQ's keys, a chain and $schema beside them (JSON)", () => {
    expect(parseRepoConfig('{"$schema": "x", "base": "1s", "chain": ["aws-sdk"], "rules": {"no-cap": "warning"}}', ".backoff.json").rules.get("no-cap")).toBe("warning");
    expect(REPO_TOP_KEYS).toEqual(expect.arrayContaining(["rules", "exclude", "overrides", "assert", "clients", "policies", "chain", "$schema", "backoff"]));
  });

  it("refuses what it cannot read, at file:line:col", () => {
    const refused = (text: string) => {
      try {
        parseRepoConfig(text, "c.yaml");
      } catch (error) {
        return (error as Error).message;
      }
      return "read";
    };
    expect(refused("exclude: [1]\n")).toBe('c.yaml:1:11: exclude must hold globs such as "deploy/**", got a number');
    expect(refused("overrides: {}\n")).toBe("c.yaml:1:12: overrides must be a list of {files, assert, rules}");
    expect(refused("overrides:\n  - assert: {max-total: 1m}\n")).toBe('c.yaml:2:5: overrides[0].files is missing: name the files it applies to ("deploy/**")');
    expect(refused("overrides:\n  - files: []\n")).toBe('c.yaml:2:12: overrides[0].files is empty: name the files it applies to ("deploy/**")');
    expect(refused("rules: {no-cap: 2}\n")).toBe("c.yaml:1:17: rules.no-cap must be error, warning or off, got a number");
    expect(refused("overrides:\n  - files: [a]\n    assert: {max-total: soon}\n")).toMatch(/^c\.yaml:3:25: overrides\[0\]\.assert\.max-total /);
    expect(refused("rules: {__proto__: off}\n")).toMatch(/^c\.yaml:1:9: unknown rule "__proto__" in rules \(rules: max-total, /);
  });
});
