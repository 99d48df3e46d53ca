import { describe, expect, it } from "vitest";
import { join, resolve } from "node:path";
import { compileOverrides, fileOptions, levelsOf, overridesFor } from "../../../src/cli/check/overrides.js";
import { parseRepoConfig } from "../../../src/config/repo-config.js";

// src/cli/check/overrides.ts: which overrides apply to a file (globs from the config's folder), and the values its policies are checked under.
const config = parseRepoConfig(
  ["assert: {max-total: 1m, max-delay: 10s}", "overrides:", "  - files: [deploy/**]", "    assert: {max-total: 2m}", "  - files: ['*.yaml', '!keep.yaml']", "    assert: {max-total: 3m}", ""].join("\n"),
  ".backoff.yaml",
);
const dir = resolve("repo-root");
const compiled = compileOverrides({ config, dir });

describe("overridesFor", () => {
  it("matches paths from the config's folder: anchored globs, names at any depth, ! leaving one out, nothing outside the folder", () => {
    expect(overridesFor(compiled, join(dir, "deploy/a/retry.json"))).toEqual([0]);
    expect(overridesFor(compiled, join(dir, "deploy/x.yaml"))).toEqual([0, 1]);
    expect(overridesFor(compiled, join(dir, "other/deploy/retry.json"))).toEqual([]);
    expect(overridesFor(compiled, join(dir, "keep.yaml"))).toEqual([]);
    expect(overridesFor(compiled, resolve("elsewhere/deploy/x.yaml"))).toEqual([]);
  });
});

describe("fileOptions", () => {
  it("the config's values, then the matching overrides' in order, then the flags", () => {
    expect(fileOptions(config.options, config.overrides, [0, 1], {})).toEqual({ maxTotal: "3m", maxDelay: "10s" });
    expect(fileOptions(config.options, config.overrides, [0], { maxDelay: "5s" })).toEqual({ maxTotal: "2m", maxDelay: "5s" });
  });
});

describe("levelsOf", () => {
  const leveled = parseRepoConfig(["rules: {unreachable-retries: error, no-cap: off}", "overrides:", "  - files: [deploy/**]", "    rules: {no-cap: warning}", ""].join("\n"), ".backoff.yaml");
  const levels = compileOverrides({ config: leveled, dir });

  it("the config's level of a rule, an override's for the files it matches; none for a rule it does not name, nor on standard input's", () => {
    const levelOf = levelsOf(leveled, levels, "<stdin>")!;
    expect([levelOf("api/retry.json", "no-cap"), levelOf(join(dir, "deploy/retry.json"), "no-cap"), levelOf("<stdin>", "no-cap")]).toEqual(["off", "warning", "off"]);
    expect([levelOf("api/retry.json", "unreachable-retries"), levelOf("api/retry.json", "max-total")]).toEqual(["error", undefined]);
    expect(levelsOf(config, compiled, "<stdin>")).toBeUndefined();
  });

  it("a rule a flag sets the level of (--unreachable-retries) keeps the flag's: flags override the file", () => {
    const levelOf = levelsOf(leveled, levels, "<stdin>", { unreachableRetries: "warning" })!;
    expect([levelOf("api/retry.json", "unreachable-retries"), levelOf("api/retry.json", "no-cap")]).toEqual([undefined, "off"]);
  });
});
