import { describe, expect, it } from "vitest";
import { actionSteps, inputText, stepDeadline } from "../../src/config/github-workflows.js";
import { parseYamlDocuments } from "../../src/config/read/yaml.js";
import type { Node } from "../../src/config/tree/walk.js";
import { FileProblem, Placeholder } from "../../src/config/tree/findings.js";

const root = (text: string): Node => parseYamlDocuments(text)[0]!.root!;

describe("GitHub Actions workflows (config/github-workflows.ts)", () => {
  const text = "jobs:\n  a:\n    steps:\n      - uses: x/retry@v1\n      - name: second\n        uses: x/retry@v2\n        timeout-minutes: 1.5\n        with: {n: 3}\n      - uses: y/other@v1\n  b:\n    steps:\n      - id: third\n        uses: X/Retry\n";
  it("finds the steps whose uses matches, named by job and step name, id or index", () => {
    const steps = actionSteps(root(text), /^x\/retry(?:@|$)/i);
    expect(steps.map((s) => [s.name, s.inputs === null ? null : [...s.inputs.entries.keys()], s.timeoutMinutes !== undefined])).toEqual([
      ["a/steps[0]", null, false],
      ["a/second", ["n"], true],
      ["b/third", null, false],
    ]);
    // 1.5 min = 90,000 ms, at the key (line 7, offset of "timeout-minutes").
    expect(stepDeadline(steps[1]!)!.ms).toBe(90_000);
    expect(stepDeadline(steps[0]!)).toBeNull();
  });

  it("an input is its text; ${{ … }} is set at run time; a timeout-minutes expression is not read; a bad one is a problem", () => {
    const inputs = root('n: 3\ns: "4"\nb: true\ne: ""\nx: ${{ matrix.n }}\n');
    const value = (key: string) => (inputs.kind === "object" ? inputs.entries.get(key)!.value : inputs);
    expect([inputText(value("n"), "n"), inputText(value("s"), "s"), inputText(value("b"), "b"), inputText(value("e"), "e")]).toEqual(["3", "4", "true", null]);
    expect(() => inputText(value("x"), "x")).toThrow(Placeholder);
    const expression = actionSteps(root("jobs:\n  a:\n    steps:\n      - uses: x/retry@v1\n        timeout-minutes: ${{ inputs.t }}\n"), /^x\/retry/)[0]!;
    expect(stepDeadline(expression)).toBeNull();
    const zero = actionSteps(root("jobs:\n  a:\n    steps:\n      - uses: x/retry@v1\n        timeout-minutes: 0\n"), /^x\/retry/)[0]!;
    expect(() => stepDeadline(zero)).toThrow(FileProblem);
  });
});
