import { describe, expect, it } from "vitest";
import { writeCheckReport } from "../../../src/cli/check/report.js";
import { RETRY_JSON, configOutput, filesOutput, filesReport } from "../../support/check-outputs.js";
import { memoryIo } from "../../support/io.js";

// src/cli/check/report.ts: where check writes its report and, under GITHUB_ACTIONS, its
// annotations. The policies of test/fixtures/policies/backoff/retry.json under --max-total 1m
// (test/support/check-outputs.ts): email breaks it at attempt 6, at 4:5; 2 min 1 s in all.
const ANNOTATION = "::error file=backoff/retry.json,line=4,col=5,title=backoff check::email: max-total 1 min broken: worst case 2 min 1 s (first over the limit at attempt 6)\n";

async function written(format: Parameters<typeof writeCheckReport>[1]["format"], annotate: boolean, check = filesOutput(filesReport([RETRY_JSON], { maxTotal: "1m" }))) {
  const io = memoryIo();
  await writeCheckReport(check, { format, color: false }, annotate, io);
  return { stdout: io.stdout.text, stderr: io.stderr.text };
}

describe("writeCheckReport", () => {
  it("the text for people: the annotations first, on standard output, where the job's log shows them", async () => {
    const { stdout, stderr } = await written("table", true);
    expect(stdout.startsWith(`${ANNOTATION}backoff/retry.json\n`)).toBe(true);
    expect(stderr).toBe("");
  });

  it("a document (JSON, SARIF, JUnit, GitLab): the annotations on standard error, standard output one document", async () => {
    for (const format of ["json", "sarif", "junit", "gitlab"] as const) {
      const { stdout, stderr } = await written(format, true);
      expect(stderr, format).toBe(ANNOTATION);
      expect(stdout.startsWith("::"), format).toBe(false);
    }
    expect(JSON.parse((await written("json", true)).stdout).exit_code).toBe(1);
  });

  it("no annotations unless asked; the github format is the annotations, once", async () => {
    expect((await written("json", false)).stderr).toBe("");
    expect(await written("github", true)).toEqual({ stdout: ANNOTATION, stderr: "" });
  });

  it("check --config's report to a format that points at lines is a mistake of backoff's, not the user's", async () => {
    await expect(written("sarif", false, configOutput(filesReport([RETRY_JSON], { maxTotal: "1m" }), "retry.json"))).rejects.toThrow("the sarif check format places findings at lines of files");
  });
});
