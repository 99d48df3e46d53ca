import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";

describe("Kubernetes Jobs (shapes/kubernetes-job.ts)", () => {
  it("Kubernetes: a quoted backoffLimit is refused as the API server refuses it; other kinds are no policy", () => {
    expect(problem('apiVersion: batch/v1\nkind: Job\nmetadata: {name: x}\nspec:\n  backoffLimit: "4"\n')).toBe('f.yaml:5:17: backoffLimit of Job "x" must be a whole number, got the string "4"');
    expect(find("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec: {}\n").policies).toEqual([]);
  });
  it("Kubernetes: the items of a List, and backoffLimitPerIndex for Indexed Jobs", () => {
    const text = "apiVersion: v1\nkind: List\nitems:\n- apiVersion: batch/v1\n  kind: Job\n  metadata: {name: a}\n  spec:\n    completionMode: Indexed\n    backoffLimitPerIndex: 1\n    backoffLimit: 0\n";
    expect(find(text).policies).toEqual([{ at: "9:5", system: "kubernetes-job", name: "a (per index)", options: { attempts: "1" } }]);
  });
});
