import { describe, expect, it } from "vitest";
import { find, problem } from "../../support/recognise.js";
import { recogniseFile } from "../../../src/config/recognise.js";

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

describe("Kubernetes Job: a retry field misspelt (issue 36)", () => {
  const job = (key: string) =>
    `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  ${key}: 4\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: m, image: m}]\n`;
  const keys = (text: string) => recogniseFile({ name: "job.yaml", text, kind: "yaml", named: false }).unknownKeys.map((u) => `${u.file}:${u.line}:${u.column}: ${u.message}`);
  it("backofLimit is named at its place, with the key meant and the default that applies instead", () => {
    expect(keys(job("backofLimit"))).toEqual(['job.yaml:6:3: unknown key "backofLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries']);
    expect(keys(job("BackoffLimit"))).toEqual(['job.yaml:6:3: unknown key "BackoffLimit" in a Job\'s spec; did you mean "backoffLimit"? Kubernetes uses its default, 6 retries']);
    expect(keys(job("activeDeadlineSecond"))).toEqual(['job.yaml:6:3: unknown key "activeDeadlineSecond" in a Job\'s spec; did you mean "activeDeadlineSeconds"? the Job has no deadline']);
  });
  it("spelt right, or a field of JobSpec, or a key near no retry field: nothing", () => {
    for (const key of ["backoffLimit", "backoffLimitPerIndex", "maxFailedIndexes", "parallelism", "customField"]) expect(keys(job(key))).toEqual([]);
  });
});
