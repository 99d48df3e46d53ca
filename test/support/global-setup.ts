import { execFileSync } from "node:child_process";
import { ROOT } from "./paths.js";

/**
 * vitest's globalSetup (see vitest.config.ts): builds dist/ once, before any test file
 * runs, so the tests that spawn bin/backoff.js or require dist/ never meet a stale build,
 * whether started by `npm test` or by a bare `npx vitest`.
 */
export default function buildDist(): void {
  execFileSync(process.execPath, ["scripts/build.js"], { cwd: ROOT, stdio: "inherit" });
}
