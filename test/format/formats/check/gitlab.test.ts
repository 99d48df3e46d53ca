import { describe, expect, it } from "vitest";
import { fingerprint } from "../../../../src/core/check-report/finding.js";
import { chainCheckGitlab, renderer } from "../../../../src/format/formats/check/gitlab.js";
import { CHAIN_DETAIL, CHAIN_STACKED, CHAIN_WHO, RETRY_JSON, chainOutput, filesReport, placedChain, renderedText } from "../../../support/check-outputs.js";
import { runCli } from "../../../support/cli.js";
import { useTempCwd } from "../../../support/files.js";
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
  it("places findings at lines of files: check --config's policies come to it as a files report", () => {
    expect(renderer.atLines).toBe(true);
  });

  it("check PATH: one issue per broken limit, at the policy's file and line", async () => {
    const report = filesReport([RETRY_JSON], { maxTotal: "1m" });
    const text = await renderedText(renderer.render(report, plainContext()));
    expect(JSON.parse(text)).toEqual([EMAIL]);
    expect(text.endsWith("]\n")).toBe(true);
  });

  it("a chain: the chain check's issues", async () => {
    const chain = chainOutput();
    const text = await renderedText(renderer.renderChain!(chain, plainContext()));
    expect(text).toBe(chainCheckGitlab(chain));
    expect(JSON.parse(text).map((issue: { check_name: string; severity: string }) => [issue.check_name, issue.severity])).toEqual([
      ["max-amplification", "major"],
      ["stacked-retries", "minor"],
    ]);
  });
});

// check --format gitlab, end to end: GitLab Code Quality issues. The policy as in junit.test.ts:
// max-total 1 min first broken at attempt 6 (63 s), max-delay 2 min at attempt 8 (128 s), no-cap.
const { write } = useTempCwd("gitlab");

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: { path: string; lines: { begin: number } };
}
const issues = async (args: string[]) => {
  const result = await runCli(["check", ...args, "--format", "gitlab"]);
  return { code: result.code, issues: JSON.parse(result.stdout) as Issue[] };
};

describe("check --format gitlab", () => {
  it("one issue per broken limit (major) and warning (minor), at the policy's file and line", async () => {
    write("deploy/retry.json", '{"base": "1s", "attempts": 8}\n');
    const { code, issues: found } = await issues(["deploy", "--max-total", "1m", "--max-delay", "2m"]);
    expect(code).toBe(1);
    expect(found.map(({ fingerprint: _, ...rest }) => rest)).toEqual([
      { description: "retry.json (backoff config): max-total 1 min broken: worst case 4 min 15 s (first over the limit at attempt 6)", check_name: "max-total", severity: "major", location: { path: "deploy/retry.json", lines: { begin: 1 } } },
      { description: "retry.json (backoff config): max-delay 2 min broken: worst delay 2 min 8 s (first over the limit at attempt 8)", check_name: "max-delay", severity: "major", location: { path: "deploy/retry.json", lines: { begin: 1 } } },
      { description: "retry.json (backoff config): no-cap: exponential backoff without a cap: attempt 8 waits 2 min 8 s and the delays grow without limit; set a cap", check_name: "no-cap", severity: "minor", location: { path: "deploy/retry.json", lines: { begin: 1 } } },
    ]);
    expect(new Set(found.map((issue) => issue.fingerprint)).size).toBe(3);
  });

  it("fingerprints are the same on every run and when the policy moves within its file; --strict makes warnings major", async () => {
    write("retry.json", '{"policies": {"email": {"base": "1s", "attempts": 8}}}\n');
    const first = await issues(["retry.json", "--max-total", "1m"]);
    write("retry.json", '\n\n{"policies": {"email": {"base": "1s", "attempts": 8}}}\n');
    const moved = await issues(["retry.json", "--max-total", "1m", "--strict"]);
    expect(moved.issues.map((issue) => issue.location.lines.begin)).toEqual([3, 3]);
    expect(moved.issues.map((issue) => issue.fingerprint)).toEqual(first.issues.map((issue) => issue.fingerprint));
    expect(moved.issues.map((issue) => issue.severity)).toEqual(["major", "major"]);
  });
});

describe("chainCheckGitlab", () => {
  it("an issue for the broken limit (major) and for the warning (minor), at the chain key's line, fingerprinted by rule, file and chain", () => {
    expect(JSON.parse(chainCheckGitlab(placedChain({ maxAmplification: 10 })))).toEqual([
      {
        description: `${CHAIN_WHO}: max-amplification 10 broken: ${CHAIN_DETAIL}`,
        check_name: "max-amplification",
        fingerprint: fingerprint("max-amplification\u0000deploy/chain.json\u0000chain"),
        severity: "major",
        location: { path: "deploy/chain.json", lines: { begin: 2 } },
      },
      {
        description: `${CHAIN_WHO}: stacked-retries: ${CHAIN_STACKED}`,
        check_name: "stacked-retries",
        fingerprint: fingerprint("stacked-retries\u0000deploy/chain.json\u0000chain"),
        severity: "minor",
        location: { path: "deploy/chain.json", lines: { begin: 2 } },
      },
    ]);
  });

  it("--strict makes the warning major; a limit that holds is no issue", () => {
    expect(JSON.parse(chainCheckGitlab(placedChain({ maxAmplification: 27 }, true))).map((i: { check_name: string; severity: string }) => [i.check_name, i.severity])).toEqual([["stacked-retries", "major"]]);
  });
});
