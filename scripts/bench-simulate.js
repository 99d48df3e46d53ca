// Times `backoff simulate` at scale through the built CLI (run `npm run build` first):
// one million clients × 10 attempts for each jitter mode, then --compare-jitter.
// Wall time per case, one core; figures go in notes/README-jitter.md.
import { execFileSync } from "node:child_process";

/** @type {Array<[string, string[]]>} */
const cases = [
  ["full", ["--jitter", "full"]],
  ["equal", ["--jitter", "equal"]],
  ["0.2", ["--jitter", "0.2"]],
  ["decorrelated", ["--jitter", "decorrelated"]],
  ["compare-jitter (5 modes)", ["--compare-jitter"]],
];
for (const [name, extra] of cases) {
  const args = ["bin/backoff.js", "simulate", "--clients", "1000000", "--attempts", "10", "--cap", "30s", "--format", "csv", ...extra];
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, args, { stdio: ["ignore", "ignore", "inherit"] });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`simulate 1,000,000 clients × 10 attempts, ${name}: ${seconds.toFixed(2)} s`);
}
