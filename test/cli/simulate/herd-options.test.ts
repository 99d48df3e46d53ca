import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { CAPACITY_ONLY, COHORT_ONLY, OCC_ONLY, defineHerdOptions, flagOf } from "../../../src/cli/simulate/herd-options.js";

describe("the herd options", () => {
  it("every key a model refuses is an option declared here (or the cohort's own)", () => {
    const command = new Command();
    defineHerdOptions(command);
    const declared = new Set(command.options.map((option) => option.attributeName()));
    for (const key of [...OCC_ONLY, ...CAPACITY_ONLY, "model"]) expect(declared.has(key), key).toBe(true);
    expect(COHORT_ONLY.some((key) => declared.has(key))).toBe(false);
  });
  it("a key's flag", () => {
    expect([flagOf("retryBudget"), flagOf("rps"), flagOf("outageKind")]).toEqual(["--retry-budget", "--rps", "--outage-kind"]);
  });
});
