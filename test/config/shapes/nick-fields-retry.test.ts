import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find, problem } from "../../support/recognise.js";

// nick-fields/retry v4.0.0 (ad984534): src/inputs.ts getInputs reads every input with
// Number.parseInt, `max_attempts || 3`, `retry_wait_seconds || 10`; validateInputs wants
// exactly one of timeout_minutes / timeout_seconds; src/index.ts runCmd polls every
// polling_interval_seconds (1) and kills the command at the first poll past the timeout.
const workflow = (inputs: string, extra = "") =>
  `name: CI\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - name: Install\n        uses: nick-fields/retry@v3\n${extra}        with:\n${inputs}`;

describe("GitHub Actions nick-fields/retry (shapes/nick-fields-retry.ts)", () => {
  it("reads max_attempts (counting the first try), retry_wait_seconds and the timeout as the try time", () => {
    expect(find(workflow("          max_attempts: 4\n          retry_wait_seconds: 30\n          timeout_minutes: 5\n          command: npm ci\n"))).toEqual({
      policies: [{ at: "8:9", system: "nick-fields-retry", name: "build/Install", options: { attempts: "3", base: "30s", attemptTime: "300s" } }],
      unresolved: [],
      skipped: null,
    });
  });

  it("quoted inputs are the same inputs; parseInt reads '1.5' as 1 and '20s' as 20", () => {
    expect(find(workflow('          max_attempts: "2"\n          retry_wait_seconds: 20s\n          timeout_seconds: "1.5"\n          command: make\n')).policies[0]!.options).toEqual({ attempts: "1", base: "20s", attemptTime: "1s" });
  });

  it("0 is the default: max_attempts 0 is 3 tries, retry_wait_seconds 0 is 10 s (getInputs' `|| 3`, `|| 10`)", () => {
    expect(find(workflow("          max_attempts: 0\n          retry_wait_seconds: 0\n          timeout_seconds: 60\n")).policies[0]!.options).toEqual({ attempts: "2", attemptTime: "60s" });
  });

  it("the try time is the timeout rounded up to the polling interval; the step's timeout-minutes is the deadline", () => {
    const result = recogniseFile({ name: "ci.yml", text: workflow("          timeout_seconds: 45\n          polling_interval_seconds: 10\n", "        timeout-minutes: 3\n"), kind: "yaml", named: false });
    expect(result.policies.map((p) => [p.options, p.timeouts])).toEqual([
      [
        // ceil(45 / 10) × 10 = 50 s; 3 min = 180 s.
        { attemptTime: "50s", deadline: "180s" },
        [
          { role: "attempt-time", field: "timeout_seconds", line: 12, column: 11 },
          { role: "deadline", field: "the step's timeout-minutes", line: 10, column: 9 },
        ],
      ],
    ]);
  });

  it("the job's timeout-minutes ends the step too: the earlier of the job's and the step's is the deadline", () => {
    // The job's timeout-minutes goes on the job (line 6, after runs-on); the step's on the step (line 11).
    const withJob = (job: string, stepLimit = "") =>
      recogniseFile({ name: "ci.yml", text: workflow("          timeout_minutes: 10\n", stepLimit).replace("    runs-on: ubuntu-latest\n", `    runs-on: ubuntu-latest\n${job}`), kind: "yaml", named: false }).policies.map((p) => [p.options.deadline, p.timeouts?.find((t) => t.role === "deadline")]);
    // 15 min = 900 s from the job alone; with the step's 20 min, the job's still ends it first; with the step's 12 min, the step's.
    expect(withJob("    timeout-minutes: 15\n")).toEqual([["900s", { role: "deadline", field: "the job's timeout-minutes", line: 6, column: 5 }]]);
    expect(withJob("    timeout-minutes: 15\n", "        timeout-minutes: 20\n")).toEqual([["900s", { role: "deadline", field: "the job's timeout-minutes", line: 6, column: 5 }]]);
    expect(withJob("    timeout-minutes: 15\n", "        timeout-minutes: 12\n")).toEqual([["720s", { role: "deadline", field: "the step's timeout-minutes", line: 11, column: 9 }]]);
    // Set at run time, the job's is not read; a bad one makes the policy invalid, naming the job.
    expect(withJob("    timeout-minutes: ${{ inputs.minutes }}\n")).toEqual([[undefined, undefined]]);
    expect(problem(workflow("          timeout_minutes: 10\n").replace("    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    timeout-minutes: -5\n"))).toMatch(/timeout-minutes of job "build" must be a positive number of minutes, got -5$/);
  });

  it("max_attempts 1 retries nothing: listed as switched off", () => {
    expect(find(workflow("          max_attempts: 1\n          timeout_minutes: 1\n")).policies).toEqual([{ at: "8:9", system: "nick-fields-retry", name: "build/Install", options: { attempts: "0", attemptTime: "60s" }, disabled: true }]);
  });

  it("a ${{ … }} input is set at run time: not checked, and the rest of the file is no template", () => {
    const text = workflow("          max_attempts: ${{ matrix.attempts }}\n          timeout_minutes: 5\n          command: echo ${{ github.sha }}\n");
    expect(find(text)).toEqual({
      policies: [],
      unresolved: ['11:25 build/Install: max_attempts of step "build/Install" is set at run time ("${{ matrix.attempts }}"), not a number the file gives'],
      skipped: null,
    });
    // A bare {{ … }} without the $ is still a template's, workflow or not.
    expect(find(text.replace("echo ${{ github.sha }}", "echo {{ .Values.sha }}")).skipped).toBe("a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -");
  });

  it("a timeout set by an expression leaves only the try time unknown: the literal attempts and wait are read", () => {
    // A composite action's step (runs.steps[]), as in .github/actions/<name>/action.yml.
    const action = "name: Setup\ninputs:\n  timeout:\n    default: '10'\nruns:\n  using: composite\n  steps:\n    - name: Install\n      uses: nick-fields/retry@v3\n      with:\n        timeout_minutes: ${{ inputs.timeout }}\n        max_attempts: 3\n        retry_wait_seconds: 90\n        command: npm ci\n";
    const result = recogniseFile({ name: "action.yml", text: action, kind: "yaml", named: false });
    // max_attempts 3 counts the first try: 2 retries, each after the fixed 90 s; no attemptTime, no timeouts read.
    expect(result.policies.map((p) => [`${p.line}:${p.column}`, p.name, p.options, p.timeouts])).toEqual([["8:7", "runs/Install", { attempts: "2", base: "90s" }, undefined]]);
    expect(result.unresolved).toEqual([]);
    // The step's own timeout-minutes is still its deadline; a literal input beside the expression is still checked.
    expect(find(workflow("          timeout_seconds: ${{ inputs.t }}\n          max_attempts: 2\n", "        timeout-minutes: 2\n")).policies[0]!.options).toEqual({ attempts: "1", deadline: "120s" });
    expect(problem(workflow("          timeout_seconds: ${{ inputs.t }}\n          polling_interval_seconds: often\n"))).toBe(
      'f.yaml:12:37: polling_interval_seconds of step "build/Install" must be a number (the action fails the step: "Input polling_interval_seconds only accepts numbers"), got "often"',
    );
  });

  it("without a timeout, or with both, the action fails the step: an invalid policy at the step", () => {
    expect(problem(workflow("          max_attempts: 3\n"))).toBe('f.yaml:8:9: step "build/Install" gives neither timeout_minutes nor timeout_seconds: the action fails the step ("Must specify either timeout_minutes or timeout_seconds inputs")');
    expect(problem(workflow("          timeout_minutes: 1\n          timeout_seconds: 30\n"))).toBe('f.yaml:11:28: step "build/Install" gives both timeout_minutes and timeout_seconds: the action fails the step ("Must specify either timeout_minutes or timeout_seconds inputs")');
    expect(problem(workflow("          max_attempts: three\n          timeout_minutes: 1\n"))).toBe('f.yaml:11:25: max_attempts of step "build/Install" must be a number (the action fails the step: "Input max_attempts only accepts numbers"), got "three"');
    expect(problem(workflow("          max_attempts: -1\n          timeout_minutes: 1\n"))).toBe('f.yaml:11:25: max_attempts of step "build/Install" is -1: the action\'s loop (attempt <= max_attempts) never runs the command');
  });

  it("look-alikes report nothing: another action's max_attempts, nick-fields/retry named only in a comment or a run line", () => {
    const other = "jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: acme/retry@v2 # not nick-fields/retry\n        with: {max_attempts: 5, timeout_minutes: 1}\n      - run: echo nick-fields/retry@v3\n";
    expect(find(other)).toEqual({ policies: [], unresolved: [], skipped: null });
    // A step of a composite action (action.yml's runs.steps) is read like a workflow's.
    const composite = "name: setup\nruns:\n  using: composite\n  steps:\n    - uses: nick-fields/retry@v3\n      with: {timeout_minutes: 2, command: make}\n";
    expect(find(composite, "yaml", "action.yml").policies).toEqual([{ at: "5:7", system: "nick-fields-retry", name: "runs/steps[0]", options: { attemptTime: "120s" } }]);
  });
});

describe("nick-fields/retry: inputs the action does not declare (issue 36)", () => {
  const keys = (text: string) => recogniseFile({ name: "ci.yml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("max_attempt and a retry-wait in another spelling are named with the input meant", () => {
    expect(keys(workflow("          max_attempt: 5\n          retry-wait-seconds: 30\n          timeout_minutes: 5\n          command: npm ci\n"))).toEqual([
      '11:11: unknown key "max_attempt" in a nick-fields/retry step\'s with; did you mean "max_attempts"? the action uses its default, 3 tries',
      '12:11: unknown key "retry-wait-seconds" in a nick-fields/retry step\'s with; did you mean "retry_wait_seconds"? the action waits its default, 10 s',
    ]);
  });
  it("every input of action.yml spelt right: nothing", () => {
    const all = ["timeout_minutes: 5", "max_attempts: 3", "command: make", "retry_wait_seconds: 5", "shell: bash", "polling_interval_seconds: 2", "retry_on: error", "warning_on_retry: false", "on_retry_command: echo", "continue_on_error: false", "new_command_on_retry: make", "retry_on_exit_code: 2"];
    expect(keys(workflow(all.map((line) => `          ${line}\n`).join("")))).toEqual([]);
  });
});
