import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./paths.js";

/**
 * vitest's globalSetup (see vitest.config.ts):
 * - builds dist/ once, before any test file runs, so the tests that spawn bin/backoff.js or
 *   require dist/ never meet a stale build, whether started by `npm test` or a bare `npx vitest`;
 * - points TMPDIR at one fresh directory for the whole run, which every test file and every
 *   process the tests start (the CLI, chromium, npm, go) inherits; at the end the run fails
 *   when anything was left in it (a test that forgets to remove what it made), and the
 *   directory is removed, so a run leaves the system's temporary directory as it found it,
 *   and runs side by side never see each other's files.
 */
export default function setup(): () => void {
  execFileSync(process.execPath, ["scripts/build.js"], { cwd: ROOT, stdio: "inherit" });
  const runTmp = mkdtempSync(join(tmpdir(), "backoff-vitest-"));
  process.env["TMPDIR"] = runTmp;
  return () => {
    const left = readdirSync(runTmp);
    rmSync(runTmp, { recursive: true, force: true });
    if (left.length > 0) {
      console.error(`error: the tests left ${left.length} entr${left.length === 1 ? "y" : "ies"} in the temporary directory: ${left.sort().join(", ")}`);
      // A teardown that throws does not fail a vitest run; an exit code does.
      process.exitCode = 1;
    }
  };
}
