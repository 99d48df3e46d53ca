import { describe, expect, it } from "vitest";
import { chainCheckGitlab } from "../../../../src/format/chain-check.js";
import { fingerprint } from "../../../../src/format/check-gitlab.js";
import { renderer } from "../../../../src/format/formats/check/gitlab.js";
import { RETRY_JSON, chainOutput, configOutput, filesOutput, filesReport, renderedParts } from "../../../support/check-outputs.js";
import { plainContext } from "../../../support/herd-reports.js";

// src/format/formats/check/gitlab.ts: check's report as GitLab Code Quality issues. The policies
// of test/fixtures/policies/backoff/retry.json under --max-total 1m (figures in test/support/check-outputs.ts):
// email breaks it at attempt 6, 2 min 1 s in all; nothing else breaks or warns.
const EMAIL = {
  description: "email (backoff config): max-total 1 min broken: worst case 2 min 1 s (first over the limit at attempt 6)",
  check_name: "max-total",
  // The rule, the file and the policy's name, NUL-separated: not the line, so that a moved policy keeps it.
  fingerprint: fingerprint("max-total\u0000backoff/retry.json\u0000email"),
  severity: "major",
  location: { path: "backoff/retry.json", lines: { begin: 4 } },
};

describe("check --format gitlab's renderer", () => {
  it("check PATH: one issue per broken limit, at the policy's file and line; the annotations on stderr", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(filesOutput(report, ["::error file=backoff/retry.json,line=4::…"]), plainContext()));
    expect(JSON.parse(text)).toEqual([EMAIL]);
    expect(text.endsWith("]\n")).toBe(true);
    expect(stderr).toEqual(["::error file=backoff/retry.json,line=4::…"]);
  });

  it("check --config FILE: the same issues, from the config file's lines; no annotations beside them", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const { text, stderr } = await renderedParts(renderer.render(configOutput(report, ["::error title=backoff check::…"]), plainContext()));
    expect(JSON.parse(text)).toEqual([EMAIL]);
    expect(stderr).toBeUndefined();
  });

  it("a chain: the chain check's issues", async () => {
    const chain = chainOutput();
    const { text } = await renderedParts(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckGitlab(chain));
    expect(JSON.parse(text).map((issue: { check_name: string; severity: string }) => [issue.check_name, issue.severity])).toEqual([
      ["max-amplification", "major"],
      ["stacked-retries", "minor"],
    ]);
  });
});
