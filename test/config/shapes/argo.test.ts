import { describe, expect, it } from "vitest";
import { find } from "../../support/recognise.js";

describe("Argo Workflows (shapes/argo.ts)", () => {
  it("Argo: quoted numbers as Argo allows; a template expression is a placeholder, not checked", () => {
    const text = 'apiVersion: argoproj.io/v1alpha1\nkind: WorkflowTemplate\nmetadata: {name: t}\nspec:\n  templates:\n  - name: a\n    retryStrategy: {limit: "4", backoff: {duration: "2m", factor: "3", cap: "10m"}}\n  - name: b\n    retryStrategy:\n      limit: "{{workflow.parameters.retries}}"\n';
    expect(find(text)).toEqual({
      policies: [{ at: "7:5", system: "argo", name: "t/a", options: { attempts: "4", base: "120s", factor: "3", cap: "600s" } }],
      unresolved: ['10:14 t/b: limit of retryStrategy "t/b" is a placeholder, "{{workflow.parameters.retries}}"; its value is known only where it is rendered'],
      skipped: null,
    });
  });
  it("Argo: an Argo Events Sensor's retryStrategy is another kind: no policy", () => {
    expect(find("apiVersion: argoproj.io/v1alpha1\nkind: Sensor\nmetadata: {name: s}\nspec:\n  retryStrategy: {steps: 3}\n").policies).toEqual([]);
  });
});
