import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";

// Wandalen/wretry.action v3.8.0 (src/Retry.js at v3.8.0_js_action, 71a909eb):
// attemptLimit = _.number.from(attempt_limit) || 2, attemptDelay = … || 0 (ms),
// timeLimit = _.number.from(time_out) || null (ms, the whole step); _.retry
// (wConsequence Namespace.s) keeps attemptDelay × attemptDelayMultiplier (1).
const workflow = (inputs: string, extra = "") =>
  `jobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - id: publish\n        uses: Wandalen/wretry.action@v3.8.0\n${extra}        with:\n${inputs}`;

describe("GitHub Actions wretry.action (shapes/wretry.ts)", () => {
  it("reads attempt_limit (counting the first try), attempt_delay in ms and time_out as the deadline", () => {
    const result = recogniseFile({ name: "r.yml", text: workflow("          command: npm publish\n          attempt_limit: 5\n          attempt_delay: 1500\n          time_out: 600000\n"), kind: "yaml", named: false });
    expect(result.policies.map((p) => [`${p.line}:${p.column}`, p.name, p.options, p.timeouts, p.atOnce])).toEqual([
      ["5:9", "publish/publish", { attempts: "4", base: "1500ms", deadline: "600s" }, [{ role: "deadline", field: "time_out", line: 11, column: 11 }], undefined],
    ]);
  });

  it("without attempt_delay every retry is made at once; the defaults are 2 tries", () => {
    const result = recogniseFile({ name: "r.yml", text: workflow("          action: docker/login-action@v3\n          with: |\n            registry: ghcr.io\n"), kind: "yaml", named: false });
    expect(result.policies.map((p) => [p.options, p.atOnce?.why])).toEqual([[{ attempts: "1" }, "no attempt_delay: wretry.action retries at once (attempt_delay defaults to 0 ms)"]]);
  });

  it("the earlier of time_out and the step's timeout-minutes is the deadline; attempt_limit 1 is switched off, 0 is 2", () => {
    const early = recogniseFile({ name: "r.yml", text: workflow('          attempt_limit: "3"\n          attempt_delay: 2000\n          time_out: 900000\n', "        timeout-minutes: 10\n"), kind: "yaml", named: false });
    expect(early.policies.map((p) => [p.options, p.timeouts])).toEqual([[{ attempts: "2", base: "2s", deadline: "600s" }, [{ role: "deadline", field: "the step's timeout-minutes", line: 7, column: 9 }]]]);
    expect(find(workflow("          attempt_limit: 1\n          attempt_delay: 10\n")).policies).toEqual([{ at: "5:9", system: "wretry", name: "publish/publish", options: { attempts: "0", base: "10ms" }, disabled: true }]);
    expect(find(workflow("          attempt_limit: 0\n          attempt_delay: 10\n")).policies[0]!.options).toEqual({ attempts: "1", base: "10ms" });
  });

  it("a ${{ … }} input is set at run time; a negative or fractional one is refused", () => {
    expect(find(workflow("          attempt_limit: ${{ inputs.tries }}\n")).unresolved).toEqual(['8:26 publish/publish: attempt_limit of step "publish/publish" is set at run time ("${{ inputs.tries }}"), not a number the file gives']);
    expect(problem(workflow("          attempt_delay: -5\n"))).toBe('f.yaml:8:26: attempt_delay of step "publish/publish" must be a whole number, got "-5"');
    expect(problem(workflow("          attempt_limit: 2.5\n"))).toBe('f.yaml:8:26: attempt_limit of step "publish/publish" must be a whole number, got "2.5"');
  });

  it("a time_out set by an expression leaves that deadline unknown: the literal inputs are read, the step's timeout-minutes still ends it", () => {
    const result = recogniseFile({ name: "r.yml", text: workflow("          attempt_limit: 3\n          attempt_delay: 5000\n          time_out: ${{ inputs.budget }}\n", "        timeout-minutes: 5\n"), kind: "yaml", named: false });
    expect(result.policies.map((p) => [p.options, p.timeouts])).toEqual([[{ attempts: "2", base: "5s", deadline: "300s" }, [{ role: "deadline", field: "the step's timeout-minutes", line: 7, column: 9 }]]]);
    expect(find(workflow("          attempt_limit: 3\n          attempt_delay: 5000\n          time_out: ${{ inputs.budget }}\n")).policies[0]!.options).toEqual({ attempts: "2", base: "5s" });
  });

  it("its /main sub-action is the same action; another action's attempt_limit is nothing", () => {
    expect(find(workflow("          attempt_delay: 100\n").replace("wretry.action@v3.8.0", "wretry.action/main@v3")).policies).toHaveLength(1);
    expect(find("jobs:\n  a:\n    steps:\n      - uses: acme/wretry.action-fork@v1\n        with: {attempt_limit: 4}\n").policies).toEqual([]);
  });
});

describe("wretry.action: a retry input misspelt (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "r.yml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("attempt_limits is named with the input meant; an input the action may have gained is not", () => {
    expect(keys(workflow("          command: npm publish\n          attempt_limits: 5\n          attempt-delay: 1000\n          some_new_input: x\n"))).toEqual([
      '9:11: unknown key "attempt_limits" in a wretry.action step\'s with; did you mean "attempt_limit"? the action uses its default, 2 tries',
      '10:11: unknown key "attempt-delay" in a wretry.action step\'s with; did you mean "attempt_delay"? the action retries at once (its default, 0 ms)',
    ]);
    expect(keys(workflow("          command: npm publish\n          attempt_limit: 5\n          attempt_delay: 1000\n          time_out: 60000\n"))).toEqual([]);
  });
});
