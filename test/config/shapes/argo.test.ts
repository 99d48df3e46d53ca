import { describe, expect, it } from "vitest";
import { recogniseFile } from "../../../src/config/recognise.js";
import { find } from "../../support/recognise.js";

describe("Argo Workflows (shapes/argo.ts)", () => {
  it("Argo: quoted numbers as Argo allows; a template expression is a placeholder, not checked", () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTemplate\nmetadata: {name: t}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: "4", backoff: {duration: "2m", factor: "3", cap: "10m"}}\n  - name: b\n    retryStrategy:\n      limit: "{{workflow.parameters.retries}}"\n';
    expect(find(text)).toEqual({
      policies: [{ at: "7:5", system: "argo", name: "t/a", options: { attempts: "4", base: "120s", factor: "3", cap: "600s" } }],
      unresolved: ['10:14 t/b: limit of retryStrategy "t/b" is set at run time ("{{workflow.parameters.retries}}"), not a number the file gives'],
      skipped: null,
    });
  });
  it("Argo: an Argo Events Sensor's retryStrategy is another kind: no policy", () => {
    expect(find("apiVersion: argoproj.io/v1alpha1\nkind: Sensor\nmetadata: {name: s}\nspec:\n  retryStrategy: {steps: 3}\n").policies).toEqual([]);
  });

  it("Argo: no backoff retries at once, no limit retries forever (operator.go processNodeRetries, 481caa77)", () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: w}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: 3}\n  - name: b\n    retryStrategy: {backoff: {duration: 1s}}\n  - name: c\n    retryStrategy: {limit: 0}\n';
    const result = recogniseFile({ name: "w.yaml", text, kind: "yaml", named: false });
    expect(result.policies.map((p) => [p.name, p.options, p.atOnce !== undefined, p.forever === true, p.disabled === true])).toEqual([
      ["w/a", { attempts: "3" }, true, false, false],
      // Without a limit the backoff is never waited: retried at once, forever.
      ["w/b", {}, true, true, false],
      ["w/c", { attempts: "0" }, false, false, true],
    ]);
  });
  it("Argo: a bare {{workflow.uid}} in a plain scalar is Argo's, not a Helm template; elsewhere it is", () => {
    const argo = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  name: client-{{workflow.uid}}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: 1}\n";
    expect(find(argo).skipped).toBeNull();
    expect(find(argo.replace("{{workflow.uid}}", "{{ .Release.Name }}")).skipped).toBe("a Helm or Jinja template ({{ … }}); check what it renders: helm template … | backoff check -");
  });
});

describe("Argo: keys a retryStrategy or its backoff does not define (issue 36)", () => {
  const workflow = (strategy: string) => `apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: w}\nspec:\n  templates:\n  - name: a\n    retryStrategy:\n${strategy}`;
  const keys = (text: string) => recogniseFile({ name: "wf.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.line}:${u.column}: ${u.message}`);
  it("backof, and a misspelt backoff field, named with the key meant and what Argo does instead", () => {
    expect(keys(workflow("      limit: 3\n      backof:\n        duration: 5s\n"))).toEqual(['9:7: unknown key "backof" in an Argo retryStrategy; did you mean "backoff"? Argo retries at once, with no wait']);
    expect(keys(workflow("      limit: 3\n      backoff: {duration: 5s, facter: 2, maxduration: 1m}\n"))).toEqual([
      '9:31: unknown key "facter" in an Argo retryStrategy\'s backoff; did you mean "factor"? every wait is the duration',
      '9:42: unknown key "maxduration" in an Argo retryStrategy\'s backoff; did you mean "maxDuration"? the retries have no time limit',
    ]);
  });
  it("spelt right: nothing; a containerSet's retries misspelt is named", () => {
    expect(keys(workflow("      limit: 3\n      retryPolicy: Always\n      expression: 'true'\n      affinity: {nodeAntiAffinity: {}}\n      backoff: {duration: 5s, factor: 2, maxDuration: 1m, cap: 30s}\n"))).toEqual([]);
    const set = "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata: {name: w}\nspec:\n  templates:\n  - name: a\n    containerSet:\n      retryStrategy: {retires: 3, duration: 1s}\n";
    expect(keys(set)).toEqual(['8:23: unknown key "retires" in an Argo containerSet\'s retryStrategy; did you mean "retries"? the executor runs the container once']);
  });
});
