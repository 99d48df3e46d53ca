import { describe, expect, it } from "vitest";
import { fingerprint } from "../../src/format/check-gitlab.js";
import { runCli } from "../support/cli.js";
import { useTempCwd } from "../support/files.js";

// check --format gitlab: GitLab Code Quality issues. The policy as in check-junit.test.ts:
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

  it("the fingerprint's first half is 64-bit FNV-1a", () => {
    // The published FNV-1a 64 test vectors (Fowler, Noll, Vo): "" → cbf29ce484222325, "a" → af63dc4c8601ec8c.
    expect(fingerprint("").slice(0, 16)).toBe("cbf29ce484222325");
    expect(fingerprint("a").slice(0, 16)).toBe("af63dc4c8601ec8c");
    expect(fingerprint("a")).toHaveLength(32);
  });
});
