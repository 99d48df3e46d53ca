import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../../src/config/recognise.js";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";

// Hostile and broken input: nothing crashes, hangs or leaks; every failure is one line.
// Binary and oversized files: test/cli/check/scan-file.test.ts; link loops: test/cli/check/discover.test.ts.
const { write } = useTempCwd("hostile");

/** The YAML "billion laughs": 9^9 strings if expanded. */
const LAUGHS = [
  'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
  ...["b", "c", "d", "e", "f", "g", "h", "i"].map((name, i) => `${name}: &${name} [${Array(9).fill(`*${"abcdefghi"[i]}`).join(",")}]`),
].join("\n");

/** A resilience4j instance the CLI can check today (the resilience4j preset exists). */
const RETRY = "resilience4j:\n  retry:\n    instances:\n      svc:\n        maxAttempts: 3\n        waitDuration: 1s\n";

describe("hostile input", () => {
  it("an alias bomb beside a policy: the policy found", () => {
    const result = recogniseFile({ name: "job.yaml", text: `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\n  annotations:\n${LAUGHS.replace(/^/gm, "    ")}\nspec:\n  backoffLimit: 2\n`, kind: "yaml", named: true });
    expect(result.policies.map((p) => [p.name, p.options.attempts, p.line, p.column])).toEqual([["pi", "2", 16, 3]]);
  });

  it("an alias bomb where Spring properties are read: an invalid policy at its place, exit 1", async () => {
    write("application.yml", `${LAUGHS}\n${RETRY}        retryExceptions: *i\n`);
    const result = await runCli(["check", "application.yml"]);
    expect(result).toEqual({
      code: 1,
      stdout: "application.yml\n  ✗ application.yml (Spring resilience4j, line 16:9): invalid policy: more than 100000 Spring properties in one document\n✗ 1 invalid policy, 1 policy in 1 file\n",
      stderr: "error: application.yml:16:9: more than 100000 Spring properties in one document\n",
    });
  });

  it("a merge-key bomb is stopped by the budget", () => {
    let text = `a0: &a0 {${Array.from({ length: 50 }, (_, i) => `k${i}: ${i}`).join(", ")}}\n`;
    for (let i = 1; i < 3000; i++) text += `a${i}: &a${i} {<<: *a${i - 1}, z${i}: 1}\n`;
    text += "kind: Job\napiVersion: batch/v1\n";
    expect(() => recogniseFile({ name: "m.yaml", text, kind: "yaml", named: true })).toThrow(/^m\.yaml:\d+:\d+: YAML: too many aliases and merge keys for the size of the file/);
  });

  it("10,000-deep nesting in YAML and JSON: one line, exit 2", async () => {
    write("deep.yaml", `apiVersion: batch/v1\nkind: Job\nspec: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`);
    write("deep.json", `{"StartAt": "A", "States": ${"[".repeat(10_000)}${"]".repeat(10_000)}}`);
    // The 201st bracket: "spec: " is 6 characters, so column 7 + 200.
    expect(await runCli(["check", "deep.yaml"])).toEqual({ code: 2, stdout: "", stderr: "error: deep.yaml:3:207: YAML: nested more than 200 levels deep\n" });
    // The JSON reader stops at 64 levels: the 65th bracket is at offset 27 + 64.
    expect(await runCli(["check", "deep.json"])).toEqual({ code: 2, stdout: "", stderr: "error: deep.json:1:92: nested more than 64 levels deep\n" });
  });

  it("nesting that neither brackets nor indentation show (9 MB of unclosed quotes) is refused while parsing, exit 2", async () => {
    // Each `"k: 1` line opens one more level; measured only after the parse, this file took
    // 13 s and a gigabyte of memory before its one-line error.
    write("quoted.yaml", `apiVersion: batch/v1\nkind: Job\nspec:\n  backoffLimit: 3\n${'"k: 1\n'.repeat(1_500_000)}`);
    const result = await runCli(["check", "quoted.yaml"]);
    expect(result).toEqual({ code: 2, stdout: "", stderr: expect.stringMatching(/^error: quoted\.yaml:\d+:1: YAML: nested more than 200 levels deep\n$/) });
  });

  it("a 10,000-deep compact sequence is refused before the parser sees it", () => {
    expect(() => recogniseFile({ name: "s.yaml", text: `kind: Job\napiVersion: batch/v1\nx:\n${"- ".repeat(10_000)}1\n`, kind: "yaml", named: true })).toThrow(
      "s.yaml:4:1: YAML: nested too deeply (a line indented 20000 columns)",
    );
  });

  it("__proto__, constructor and prototype keys pollute nothing", async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    write("job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: x\n  __proto__: {polluted: true}\n  constructor: {prototype: {polluted: true}}\nspec:\n  backoffLimit: 1\n");
    write("app.json", '{"__proto__": {"polluted": true}, "StartAt": "A", "States": {"A": {"Retry": [{"__proto__": {"MaxAttempts": 99}, "ErrorEquals": ["States.ALL"]}]}}}');
    const job = recogniseFile({ name: "job.yaml", text: `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: x\n  __proto__: {polluted: true}\nspec:\n  backoffLimit: 1\n`, kind: "yaml", named: true });
    expect(job.policies.map((p) => p.options)).toEqual([{ attempts: "1" }]);
    const asl = recogniseFile({ name: "app.json", text: '{"__proto__": {"polluted": true}, "StartAt": "A", "States": {"A": {"Retry": [{"__proto__": {"MaxAttempts": 99}, "ErrorEquals": ["States.ALL"]}]}}}', kind: "json", named: true });
    expect(asl.policies.map((p) => p.options)).toEqual([{}]);
    write("own.json", '{"__proto__": {"base": "1s"}, "base": "2s"}');
    const own = await runCli(["check", "own.json"]);
    expect(own.code).toBe(1);
    expect(own.stderr).toMatch(/^error: own\.json:1:2: unknown key "__proto__" in the top level \(known keys: strategy, base, .*\)\n$/);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it("custom and unknown tags construct nothing: the node keeps its plain value", () => {
    const text = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: !!js/function 'function () { throw 1 }'\n  labels: !!python/object:os.system {cmd: ls}\n  uid: !Ref Something\nspec:\n  backoffLimit: 3\n";
    const result = recogniseFile({ name: "tags.yaml", text, kind: "yaml", named: true });
    expect(result.policies.map((p) => [p.name, p.options.attempts])).toEqual([["function () { throw 1 }", "3"]]);
  });



  it("Helm and Jinja templates are skipped with one line; Argo's quoted {{…}} is not a template", async () => {
    write("chart/Chart.yaml", "apiVersion: v2\nname: jobs\nversion: 0.1.0\n");
    write("chart/templates/job.yaml", 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: "{{ .Release.Name }}"\nspec:\n  backoffLimit: 3\n');
    write("ansible/job.yaml", "apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec:\n  backoffLimit: {{ job_retries }}\n");
    write("ansible/README.yaml", "title: {{ no policy words here }}\n");
    const result = await runCli(["check", "."]);
    expect(result.stderr).toBe(
      "warning: skipped ansible/job.yaml: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n" +
        "warning: skipped chart/templates/job.yaml: a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -\n",
    );
    expect(result.code).toBe(0);
    expect((await runCli(["check", ".", "--strict"])).code).toBe(1);
  });


  it("a file that cannot be parsed: one line with file:line:col; exit 2 when named, a finding (exit 1) while scanning", async () => {
    write("k8s/job.yaml", "apiVersion: batch/v1\nkind: Job\nspec:\n  backoffLimit: 2\n   bad: indentation\n");
        // The parser reads "2 bad" as one plain scalar and trips on the ":" after it, reporting where the scalar starts.
    expect(await runCli(["check", "k8s/job.yaml"])).toEqual({ code: 2, stdout: "", stderr: "error: k8s/job.yaml:4:17: YAML: Nested mappings are not allowed in compact mappings\n" });
    const scan = await runCli(["check", "k8s"]);
    expect(scan.stderr).toBe("error: k8s/job.yaml:4:17: cannot be read, so none of its retry settings is checked: YAML: Nested mappings are not allowed in compact mappings\n");
    expect(scan.code).toBe(1);
  });
});
